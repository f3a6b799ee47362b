// The game server: Fastify (HTTP API, web app) and ws (the game protocol) on one port.
// See docs/protocol.md and docs/server.md.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { loadPolicyRegistry } from './bots.js';
import { Hub } from './hub.js';
import { registerHttp } from './http.js';
import { registerGuards } from './http-guards.js';
import { resolveLimits, type Limits, type LimitsPatch } from './limits.js';
import { makeLogger } from './logging.js';
import type { Storage } from './storage.js';
import { MemoryStorage } from './storage-memory.js';
import { SqliteStorage } from './storage-sqlite.js';
import { PostgresStorage } from './storage-pg.js';
import { attachWebSocket } from './ws.js';
import { Cluster } from './cluster.js';
import { Metrics } from './metrics.js';
import { PostgresAccountStore, registerAccounts, seatHolder, SqliteAccountStore, type AccountStore } from './accounts/index.js';
import type { TournamentStore } from './tournament-store.js';
import { MemoryTournamentStore } from './tournament-store-memory.js';
import { SqliteTournamentStore } from './tournament-store-sqlite.js';
import { PostgresTournamentStore } from './tournament-store-pg.js';
import { pgPool } from './pg-pool.js';
import { TournamentService } from './tournaments.js';
import { registerTournamentHttp } from './tournaments-http.js';
import { registerPlayersHttp } from './players-http.js';
import { TOURNAMENT_WS_PATH, tournamentWebSocket } from './tournaments-ws.js';
import { systemClock, type ForumClock } from './forum/clock.js';
import { registerForumHttp } from './forum/http.js';
import { ForumService } from './forum/service.js';
import { MemoryForumStore, type ForumStore } from './forum/store.js';
import { PostgresForumStore, SqliteForumStore } from './forum/store-sql.js';

export { verifyRecord, commitment } from './deal.js';
export type { Storage } from './storage.js';
export { MemoryStorage } from './storage-memory.js';
export { SqliteStorage } from './storage-sqlite.js';
export { PostgresStorage } from './storage-pg.js';
export { DEFAULT_LIMITS, type Limits, type LimitsPatch } from './limits.js';
export type { TournamentStore } from './tournament-store.js';
export { MemoryTournamentStore } from './tournament-store-memory.js';
export { SqliteTournamentStore } from './tournament-store-sqlite.js';
export { PostgresTournamentStore } from './tournament-store-pg.js';
export { PostgresAccountStore, SqliteAccountStore, type AccountStore } from './accounts/index.js';
export { PostgresForumStore, SqliteForumStore } from './forum/store-sql.js';

export interface ServerOptions {
  /** Default PORT or 3000; 0 picks a free port. */
  port?: number;
  /** Default HOST or 127.0.0.1. */
  host?: string;
  /** `sqlite:PATH`, `file:PATH`, a plain path, `postgres://…`, or `memory:`. Default DATABASE_URL or ./data/gorod.sqlite. */
  databaseUrl?: string;
  /** A storage object (tests); wins over databaseUrl. */
  storage?: Storage;
  /** A tournament store (tests); default: beside the tables (the same SQLite file, or memory). */
  tournamentStore?: TournamentStore;
  /** The account store (tests); default: beside the tables (the same SQLite file, or memory). */
  accountStore?: AccountStore;
  /** scrypt cost for passwords (tests make it cheap); default N=2^17, r=8, p=1. */
  scrypt?: { N: number; r: number; p: number };
  /** WebAuthn relying party id (RP_ID) and the site's public origin (PUBLIC_ORIGIN); default: the request's host. */
  rpId?: string;
  publicOrigin?: string;
  /** Extra allowed browser origins (ORIGINS, comma-separated); `*` allows any. */
  origins?: string[];
  /** The built web app; default web/dist of the project if it exists. */
  webDir?: string | null;
  /** Multiplies every timer and bot delay (tests run the clock fast). */
  timeScale?: number;
  /** How long a finished table stays in memory for its connections (default 10 min). */
  finishedTtlMs?: number;
  /** pino level, or false for no logs. Default LOG_LEVEL or 'info'. */
  logLevel?: string | false;
  /** Accept `deal` in POST /api/tables (benchmarks; GOROD_FIXED_DEALS=1). Never in production (R60). */
  fixedDeals?: boolean;
  /** The online host may end speeches, votes and nights (benchmarks; GOROD_HOST_CLOCK=1). Never in production. */
  hostClock?: boolean;
  /** Limits over the defaults (limits.ts; GOROD_LIMITS as JSON), laid over GOROD_LIMITS. */
  limits?: LimitsPatch;
  /** Host names this server answers to besides IP addresses, localhost and the machine's name (ALLOWED_HOSTS, comma-separated; `*` for any). */
  allowedHosts?: string[];
  /** Reverse proxies in front whose X-Forwarded-For is trusted for the client's address (TRUST_PROXY). Default 0. */
  trustProxy?: number;
  /**
   * Many processes (REDIS_URL; docs/scale-out.md): tables spread over every process on the same
   * PostgreSQL database, each run by the holder of its lease in Redis. Needs a postgres:// database.
   */
  redisUrl?: string;
  /** Where other processes reach this one's HTTP API (GOROD_INTERNAL_URL); default the listening URL. */
  internalUrl?: string;
  /** Cluster lease lifetime in ms (GOROD_LEASE_MS, default 2500): how soon a dead process's tables move. */
  leaseMs?: number;
  /** Forum games' store (tests); default: beside the tables (the same SQLite file, or memory). */
  forumStore?: ForumStore;
  /** The forum calendar's clock (tests: a FakeClock runs days in milliseconds). */
  forumClock?: ForumClock;
  /** How often the forum picks up games other processes changed (FORUM_SYNC_MS, default 5000; 0: never). */
  forumSyncMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  hub: Hub;
  tournaments: TournamentService;
  forum: ForumService;
  accounts: AccountStore;
  /** Tables loaded from storage at start and how long that took (ms); warmMs once every table is rebuilt. */
  resumed: { tables: number; ms: number; warmMs?: number };
  /** Resolves when every loaded table has been rebuilt and its timers resumed. */
  warmed: Promise<void>;
  /** Many processes: this process's id in the cluster (null: one process). */
  processId: string | null;
  limits: Limits;
  log: FastifyBaseLogger;
  /**
   * A graceful stop: no new connection, request or command; every command already queued is
   * stored and answered; sockets are closed with 1012 (reconnect); the storage is flushed.
   */
  close(): Promise<void>;
}

/**
 * `sqlite:PATH` (default; SQLITE_SYNC=normal trades power-cut durability for speed, SQLITE_BUSY_MS
 * is how long a write waits for another process's lock) or `memory:`.
 */
const isMemory = (url: string): boolean => url === 'memory:' || url === ':memory:';
const sqlitePath = (url: string): string => resolve(url.replace(/^sqlite:(\/\/)?/, '').replace(/^file:(\/\/)?/, ''));

const isPostgres = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

/**
 * Forum games live in their own file beside the tables' (`gorod.sqlite` → `gorod.forum.sqlite`):
 * a forum write never waits on the tables' worker, nor blocks the event loop on its lock.
 */
export function forumPath(tables: string): string {
  return tables.replace(/(\.sqlite3?|\.db)?$/, '.forum.sqlite');
}

/** The one PostgreSQL pool of a process (PG_POOL_SIZE connections), shared by every store. */
export function poolFromUrl(url: string): pg.Pool {
  return pgPool(url, Number(process.env['PG_POOL_SIZE']) || 10);
}

export function storageFromUrl(url: string, maxPending?: number, pool?: pg.Pool): Storage {
  if (isMemory(url)) return new MemoryStorage();
  if (isPostgres(url)) return new PostgresStorage(url, { ...(maxPending !== undefined ? { maxPending } : {}), pool: pool ?? poolFromUrl(url) });
  const busy = Number(process.env['SQLITE_BUSY_MS']);
  const gap = Number(process.env['SQLITE_COMMIT_GAP_MS'] ?? 0);
  return new SqliteStorage(sqlitePath(url), {
    sync: process.env['SQLITE_SYNC'] === 'normal' ? 'normal' : 'full',
    ...(gap > 0 ? { commitGapMs: gap } : {}),
    ...(busy >= 0 && process.env['SQLITE_BUSY_MS'] ? { busyMs: busy } : {}),
    ...(maxPending !== undefined ? { maxPending } : {}),
  });
}

/**
 * Tournaments live in the same database as the tables (their own tables; in SQLite their own
 * connection, in PostgreSQL the process's one pool).
 */
export function tournamentStoreFromUrl(url: string, pool?: pg.Pool): TournamentStore {
  if (isPostgres(url)) return new PostgresTournamentStore(pool ?? poolFromUrl(url));
  return isMemory(url) ? new MemoryTournamentStore() : new SqliteTournamentStore(sqlitePath(url));
}

function list(v: string | undefined): string[] {
  return v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

// From src/server/ or, when compiled (`npm run build:server`), from dist/server-build/src/server/.
const PROJECT_WEB = fileURLToPath(new URL(import.meta.url.includes('/dist/server-build/') ? '../../../../web/dist' : '../../web/dist', import.meta.url));

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const env = process.env;
  const port = opts.port ?? (env['PORT'] ? Number(env['PORT']) : 3000);
  const host = opts.host ?? env['HOST'] ?? '127.0.0.1';
  const level = opts.logLevel ?? env['LOG_LEVEL'] ?? 'info';
  const logger: FastifyBaseLogger = makeLogger(level);
  const lim = resolveLimits(env['GOROD_LIMITS'], opts.limits);
  const dbUrl = opts.databaseUrl ?? env['DATABASE_URL'] ?? './data/gorod.sqlite';
  // On PostgreSQL every store is there, on one pool (docs/scale-out.md): tables, tournaments,
  // accounts, forum. Otherwise SQLite files (or memory), as before.
  const onPg = !opts.storage && isPostgres(dbUrl);
  const pool = onPg ? poolFromUrl(dbUrl) : null;
  const storage = opts.storage ?? storageFromUrl(dbUrl, lim.storage.maxPending, pool ?? undefined);
  const tournamentStore = opts.tournamentStore ?? (opts.storage ? new MemoryTournamentStore() : tournamentStoreFromUrl(dbUrl, pool ?? undefined));
  const accounts: AccountStore =
    opts.accountStore ?? (pool ? new PostgresAccountStore(pool) : new SqliteAccountStore(opts.storage || isMemory(dbUrl) ? ':memory:' : sqlitePath(dbUrl)));
  // Forum games: in SQLite their own file beside the tables'.
  const forumStore = opts.forumStore ?? (pool ? new PostgresForumStore(pool) : opts.storage || isMemory(dbUrl) ? new MemoryForumStore() : new SqliteForumStore(forumPath(sqlitePath(dbUrl))));
  const origins = opts.origins ?? list(env['ORIGINS']);
  const allowedHosts = opts.allowedHosts ?? list(env['ALLOWED_HOSTS']);
  const trustedHops = opts.trustProxy ?? (Number(env['TRUST_PROXY']) || 0);
  const hostClock = opts.hostClock ?? env['GOROD_HOST_CLOCK'] === '1';
  await loadPolicyRegistry();
  const redisUrl = opts.redisUrl ?? env['REDIS_URL'];
  if (redisUrl && !(storage as { takeFence?: unknown }).takeFence) throw new Error('REDIS_URL (many processes) needs DATABASE_URL=postgres://…');
  const leaseMs = opts.leaseMs ?? (Number(env['GOROD_LEASE_MS']) || undefined);
  const cluster = redisUrl ? new Cluster({ redisUrl, log: logger, ...(leaseMs ? { leaseMs } : {}) }) : null;
  let ws: ReturnType<typeof attachWebSocket> | null = null;
  const metrics = new Metrics(() => ({
    tables: () => hub.tables.size,
    sockets: () => ({ local: ws?.wss.clients.size ?? 0, relayedOut: cluster?.relay.counts.outgoing ?? 0, relayedIn: cluster?.relay.counts.incoming ?? 0 }),
    failovers: () => hub.failovers,
  }));

  const hub = new Hub({
    storage,
    timeScale: opts.timeScale ?? (env['TIME_SCALE'] ? Number(env['TIME_SCALE']) : 1),
    finishedTtlMs: opts.finishedTtlMs ?? (env['FINISHED_TTL_MS'] ? Number(env['FINISHED_TTL_MS']) : 600_000),
    log: logger,
    fixedDeals: opts.fixedDeals ?? env['GOROD_FIXED_DEALS'] === '1',
    unstartedTtlMs: lim.lobby.unstartedTtlMs,
    judgeUnstartedTtlMs: lim.lobby.judgeUnstartedTtlMs,
    extendMaxSeconds: lim.clock.extendMaxSeconds,
    hostClock,
    ...(cluster ? { directory: cluster.directory, presence: cluster.presence } : {}),
    observe: (ms) => metrics.observe(ms),
  });
  const tournaments = new TournamentService({ store: tournamentStore, hub, log: logger });
  hub.onFinished((t) => void tournaments.games.onTableFinished(t).catch((e) => logger.error({ table: t.id, err: String(e) }, 'tournament attach failed')));
  const forumSync = opts.forumSyncMs ?? (env['FORUM_SYNC_MS'] ? Number(env['FORUM_SYNC_MS']) : undefined);
  const forum = new ForumService(forumStore, opts.forumClock ?? systemClock, logger, {
    ...(forumSync !== undefined ? { syncMs: forumSync } : {}),
    clubs: {
      // A bound seat by its account; a seat nobody bound by the account its name is (if any).
      banned: async (club, season, who) => {
        const id = await seatHolder(accounts, who);
        return id !== null && (await accounts.banned(club, id, season));
      },
      holder: (who) => seatHolder(accounts, who),
      staff: async (club, accountId) => ['owner', 'judge'].includes((await accounts.role(club, accountId)) ?? ''),
      name: async (club) => (await accounts.club(club))?.name ?? null,
      tied: (club, actorId, s) => accounts.audit({ at: Date.now(), actorId, club, action: 'forum.season', target: s.name, detail: { id: s.id, season: s.club?.season } }),
    },
  });
  const t0 = performance.now();
  // Many processes: tables are taken by sweeps once this process listens (cluster.start).
  const tables = cluster ? 0 : await hub.loadAll();
  const resumed: RunningServer['resumed'] = { tables, ms: Math.round(performance.now() - t0) };

  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: level !== 'debug' }),
    bodyLimit: lim.http.bodyBytes,
    // The same hops as clientAddress (origin.ts) for the WebSocket.
    ...(trustedHops > 0 ? { trustProxy: (_addr: string, hop: number) => hop < trustedHops } : {}),
  });
  await registerGuards(app, { limits: lim, allowedHosts, trustedHops });
  cluster?.registerHttp(app);
  metrics.register(app);
  let draining = false;
  // Readiness (a load balancer sends new clients here): not stopping, the database answers, and Redis in a cluster.
  app.get('/api/ready', async (_req, reply) => {
    const checks = {
      draining,
      storage: await storage.getTable('-').then(
        () => true,
        () => false,
      ),
      redis: cluster ? await cluster.ping() : null,
    };
    const ready = !draining && checks.storage && checks.redis !== false;
    return reply.code(ready ? 200 : 503).send({ ready, ...checks, process: cluster?.directory.self ?? null });
  });
  const rpId = opts.rpId ?? env['RP_ID'];
  const publicOrigin = opts.publicOrigin ?? env['PUBLIC_ORIGIN'];
  await registerAccounts(app, {
    store: accounts,
    hub,
    tournaments,
    limits: lim,
    ...(opts.scrypt ? { scrypt: opts.scrypt } : {}),
    ...(rpId ? { rpId } : {}),
    ...(publicOrigin ? { publicOrigin } : {}),
  });
  await registerHttp(app, hub, { origins, webDir: opts.webDir === undefined ? PROJECT_WEB : opts.webDir, limits: lim });
  registerTournamentHttp(app, tournaments, lim.http.createTable);
  registerPlayersHttp(app, tournaments);
  registerForumHttp(app, forum, lim.http.createTable);
  await forum.load();
  const live = tournamentWebSocket(tournaments);
  const sockets = attachWebSocket(app.server, hub, {
    origins,
    allowedHosts,
    trustedHops,
    limits: lim,
    hostClock,
    log: logger,
    upgrades: { [TOURNAMENT_WS_PATH]: live.upgrade },
    ...(cluster ? { cluster: cluster.ws() } : {}),
  });
  ws = sockets;
  // A restart brings every table's sockets back at once (10 per table): a deep accept queue
  // keeps those connects from being dropped (the kernel caps it at net.core.somaxconn).
  await app.listen({ port, host, backlog: 4096 });
  const addr = app.server.address();
  const realPort = typeof addr === 'object' && addr ? addr.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${realPort}`;
  if (cluster) {
    await cluster.start(hub, storage, opts.internalUrl ?? env['GOROD_INTERNAL_URL'] ?? url);
    // Tables nobody runs (the last process stopped, or this is the first to start) are taken now.
    resumed.tables = await hub.sweep();
  }
  logger.info({ url, resumedTables: resumed.tables, resumeMs: resumed.ms, process: cluster?.directory.self }, 'gorod server listening');
  const warming = hub.warmAll().then(() => {
    resumed.warmMs = Math.round(performance.now() - t0);
    logger.info({ tables, warmMs: resumed.warmMs }, 'every table rebuilt and resumed');
  });

  let closing: Promise<void> | null = null;
  return {
    url,
    port: realPort,
    hub,
    tournaments,
    forum,
    accounts,
    resumed,
    warmed: warming,
    processId: cluster?.directory.self ?? null,
    limits: lim,
    log: logger,
    close(): Promise<void> {
      closing ??= (async () => {
        draining = true;
        sockets.drain();
        const http = app.close(); // no new request; those under way finish
        hub.close(); // no timer, bot or retry starts anything new
        tournaments.close();
        forum.close();
        await warming.catch(() => undefined);
        await hub.idle(); // what was queued is stored and answered
        // Many processes: the leases go back, so other processes take the tables at their next sweep.
        await hub.handOver();
        await cluster?.close();
        live.close();
        await sockets.close();
        await http;
        await storage.close();
        await tournamentStore.close();
        await forum.idle();
        await forumStore.close();
        await accounts.close();
        await pool?.end();
      })();
      return closing;
    },
  };
}

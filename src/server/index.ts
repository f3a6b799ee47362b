// The game server: Fastify (HTTP API, web app) and ws (the game protocol) on one port.
// See docs/protocol.md and docs/server.md.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadPolicyRegistry } from './bots.js';
import { Hub } from './hub.js';
import { registerHttp } from './http.js';
import type { Storage } from './storage.js';
import { MemoryStorage } from './storage-memory.js';
import { SqliteStorage } from './storage-sqlite.js';
import { attachWebSocket } from './ws.js';
import type { TournamentStore } from './tournament-store.js';
import { MemoryTournamentStore } from './tournament-store-memory.js';
import { SqliteTournamentStore } from './tournament-store-sqlite.js';
import { TournamentService } from './tournaments.js';
import { registerTournamentHttp } from './tournaments-http.js';
import { TOURNAMENT_WS_PATH, tournamentWebSocket } from './tournaments-ws.js';

export { verifyRecord, commitment } from './deal.js';
export type { Storage } from './storage.js';
export { MemoryStorage } from './storage-memory.js';
export { SqliteStorage } from './storage-sqlite.js';
export type { TournamentStore } from './tournament-store.js';
export { MemoryTournamentStore } from './tournament-store-memory.js';
export { SqliteTournamentStore } from './tournament-store-sqlite.js';

export interface ServerOptions {
  /** Default PORT or 3000; 0 picks a free port. */
  port?: number;
  /** Default HOST or 127.0.0.1. */
  host?: string;
  /** `sqlite:PATH`, `file:PATH`, a plain path, or `memory:`. Default DATABASE_URL or ./data/gorod.sqlite. */
  databaseUrl?: string;
  /** A storage object (tests); wins over databaseUrl. */
  storage?: Storage;
  /** A tournament store (tests); default: beside the tables (the same SQLite file, or memory). */
  tournamentStore?: TournamentStore;
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
  /** Per-connection message rate limit. */
  rate?: { burst: number; perSecond: number };
}

export interface RunningServer {
  url: string;
  port: number;
  hub: Hub;
  tournaments: TournamentService;
  /** Tables loaded from storage at start and how long that took (ms); warmMs once every table is rebuilt. */
  resumed: { tables: number; ms: number; warmMs?: number };
  /** Resolves when every loaded table has been rebuilt and its timers resumed. */
  warmed: Promise<void>;
  close(): Promise<void>;
}

const isMemory = (url: string): boolean => url === 'memory:' || url === ':memory:';
const sqlitePath = (url: string): string => resolve(url.replace(/^sqlite:(\/\/)?/, '').replace(/^file:(\/\/)?/, ''));

export function storageFromUrl(url: string): Storage {
  if (isMemory(url)) return new MemoryStorage();
  return new SqliteStorage(sqlitePath(url), { sync: process.env['SQLITE_SYNC'] === 'full' ? 'full' : 'normal' });
}

/** Tournaments live in the same database as the tables (their own tables, their own connection). */
export function tournamentStoreFromUrl(url: string): TournamentStore {
  return isMemory(url) ? new MemoryTournamentStore() : new SqliteTournamentStore(sqlitePath(url));
}

// From src/server/ or, when compiled (`npm run build:server`), from dist/server-build/src/server/.
const PROJECT_WEB = fileURLToPath(new URL(import.meta.url.includes('/dist/server-build/') ? '../../../../web/dist' : '../../web/dist', import.meta.url));

export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const env = process.env;
  const port = opts.port ?? (env['PORT'] ? Number(env['PORT']) : 3000);
  const host = opts.host ?? env['HOST'] ?? '127.0.0.1';
  const level = opts.logLevel ?? env['LOG_LEVEL'] ?? 'info';
  const logger: FastifyBaseLogger = level === false ? pino({ enabled: false }) : pino({ level });
  const dbUrl = opts.databaseUrl ?? env['DATABASE_URL'] ?? './data/gorod.sqlite';
  const storage = opts.storage ?? storageFromUrl(dbUrl);
  const tournamentStore = opts.tournamentStore ?? (opts.storage ? new MemoryTournamentStore() : tournamentStoreFromUrl(dbUrl));
  const origins = opts.origins ?? (env['ORIGINS'] ? env['ORIGINS'].split(',').map((s) => s.trim()).filter(Boolean) : []);
  await loadPolicyRegistry();

  const hub = new Hub({
    storage,
    timeScale: opts.timeScale ?? (env['TIME_SCALE'] ? Number(env['TIME_SCALE']) : 1),
    finishedTtlMs: opts.finishedTtlMs ?? (env['FINISHED_TTL_MS'] ? Number(env['FINISHED_TTL_MS']) : 600_000),
    log: logger,
    fixedDeals: opts.fixedDeals ?? env['GOROD_FIXED_DEALS'] === '1',
  });
  const tournaments = new TournamentService({ store: tournamentStore, hub, log: logger });
  hub.onFinished((t) => void tournaments.games.onTableFinished(t).catch((e) => logger.error({ table: t.id, err: String(e) }, 'tournament attach failed')));
  const t0 = performance.now();
  const tables = await hub.loadAll();
  const resumed: RunningServer['resumed'] = { tables, ms: Math.round(performance.now() - t0) };

  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: level !== 'debug' }),
    bodyLimit: 64 * 1024,
  });
  await registerHttp(app, hub, { origins, webDir: opts.webDir === undefined ? PROJECT_WEB : opts.webDir });
  registerTournamentHttp(app, tournaments);
  const live = tournamentWebSocket(tournaments);
  const ws = attachWebSocket(app.server, hub, { origins, log: logger, upgrades: { [TOURNAMENT_WS_PATH]: live.upgrade }, ...(opts.rate ? { rate: opts.rate } : {}) });
  // A restart brings every table's sockets back at once (10 per table): a deep accept queue
  // keeps those connects from being dropped (the kernel caps it at net.core.somaxconn).
  await app.listen({ port, host, backlog: 4096 });
  const addr = app.server.address();
  const realPort = typeof addr === 'object' && addr ? addr.port : port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${realPort}`;
  logger.info({ url, resumedTables: tables, resumeMs: resumed.ms }, 'gorod server listening');
  const warming = hub.warmAll().then(() => {
    resumed.warmMs = Math.round(performance.now() - t0);
    logger.info({ tables, warmMs: resumed.warmMs }, 'every table rebuilt and resumed');
  });

  let closed = false;
  return {
    url,
    port: realPort,
    hub,
    tournaments,
    resumed,
    warmed: warming,
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      hub.close();
      tournaments.close();
      await warming.catch(() => undefined);
      live.close();
      ws.close();
      await app.close();
      await storage.close();
      await tournamentStore.close();
    },
  };
}

// Many server processes on one PostgreSQL and one Redis (REDIS_URL; docs/scale-out.md). Each
// table runs at exactly one process, the holder of its lease (cluster-directory.ts); a client may
// connect to any process: its socket is relayed to the table's owner (cluster-relay.ts), and an
// HTTP request about a table is forwarded to it. Every second each process takes the live tables
// whose owner died (their leases ran out): it rebuilds them from the log and resumes their timers
// and bots, and their clients reconnect and resume from their last event.
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { CSRF_HEADER } from './accounts/sessions.js';
import { RedisDirectory } from './cluster-directory.js';
import { RedisPresence } from './cluster-presence.js';
import { ClusterRelay } from './cluster-relay.js';
import type { Hub } from './hub.js';
import type { Storage } from './storage.js';
import type { WsCluster } from './ws.js';

export interface ClusterOptions {
  redisUrl: string;
  /** Lease lifetime (ms): a dead owner's tables move after about this long. Default 2500. */
  leaseMs?: number;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
}

/** Redis and the directory, made before the hub (which needs the directory). */
export class Cluster {
  readonly redis: Redis;
  private sub: Redis;
  readonly directory: RedisDirectory;
  readonly relay: ClusterRelay;
  /** Who is connected at each table, written by its owner, read by every process's lobby. */
  readonly presence: RedisPresence;
  private hub: Hub | null = null;
  private storage: Storage | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private sweeping = false;
  /** Filled in once the HTTP port is known (where forwarded requests go). */
  private url = { value: '' };

  constructor(private opts: ClusterOptions) {
    const redisOpts = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false };
    this.redis = new Redis(opts.redisUrl, redisOpts);
    this.sub = new Redis(opts.redisUrl, redisOpts);
    for (const r of [this.redis, this.sub]) r.on('error', (e: Error) => opts.log.warn({ err: e.message }, 'redis'));
    const url = this.url;
    this.directory = new RedisDirectory(this.redis, {
      ...(opts.leaseMs !== undefined ? { ttlMs: opts.leaseMs } : {}),
      get url() {
        return url.value;
      },
      log: opts.log,
    });
    this.relay = new ClusterRelay(this.redis, this.sub, this.directory, opts.log);
    this.presence = new RedisPresence(this.redis, opts.log);
  }

  /** After the hub exists: the relay listens and sweeps begin. */
  async start(hub: Hub, storage: Storage, url: string): Promise<void> {
    this.hub = hub;
    this.storage = storage;
    this.url.value = url;
    // Until the next renewal the directory would give the empty URL of before listening: a request
    // forwarded here meanwhile would stay where it was sent.
    await this.directory.announce();
    await this.relay.start();
    const every = Math.max(200, Math.floor(this.directory.ttlMs / 3));
    this.sweeper = setInterval(() => void this.sweep(), every + Math.floor(Math.random() * 100));
    this.sweeper.unref();
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || !this.hub) return;
    this.sweeping = true;
    try {
      await this.hub.sweep();
    } catch (e) {
      this.opts.log.warn({ err: String(e) }, 'sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /** What ws.ts needs: where a token's table runs. */
  ws(): WsCluster {
    return {
      relay: this.relay,
      route: async (token) => {
        const hub = this.hub!;
        if (hub.lookup(token)) return { kind: 'local' };
        const tableId = (await this.storage!.tableOfToken?.(token)) ?? null;
        if (!tableId) return null;
        for (let i = 0; i < 3; i++) {
          const owner = await this.directory.ownerOf(tableId);
          if (owner === this.directory.self) {
            await hub.adopt(tableId, false).catch(() => null);
            return hub.lookup(token) ? { kind: 'local' } : null;
          }
          if (owner) return { kind: 'remote', owner, tableId };
          // Nobody runs it (its owner died a moment ago, or it finished and was let go): this process takes it.
          const t = await hub.adopt(tableId);
          if (t) return hub.lookup(token) ? { kind: 'local' } : null;
        }
        return null;
      },
    };
  }

  /**
   * A request about a table that runs at another process is forwarded there (forwardOf says
   * which are), and its answer comes back as it is; a table nobody runs is taken here first.
   */
  registerHttp(app: FastifyInstance): void {
    app.addHook('preHandler', async (req, reply) => {
      if (req.headers['x-gorod-forwarded']) return;
      const fwd = forwardOf(req.method, req.url, req.body);
      if (fwd === null) return;
      const hub = this.hub!;
      // A seat link names its table only through the storage (as a relayed socket's token does).
      const id = 'table' in fwd ? fwd.table : hub.lookup(fwd.token) ? null : ((await this.storage!.tableOfToken?.(fwd.token)) ?? null);
      if (id === null || hub.tables.has(id)) return;
      let owner = await this.directory.ownerOf(id);
      if (owner === null) {
        await hub.adopt(id).catch(() => null);
        owner = await this.directory.ownerOf(id);
      }
      if (owner === null || owner === this.directory.self) return;
      const url = await this.directory.urlOf(owner);
      if (!url) return;
      // Origin and Host were checked here; the owner gets neither (a request without Origin passes).
      const headers: Record<string, string> = { 'x-gorod-forwarded': '1' };
      if (req.method === 'POST') headers['content-type'] = 'application/json';
      if (fwd.session) {
        // The session lives in the shared database: the owner reads it from the same cookies and
        // checks the same double-submitted CSRF token (already checked here) again.
        if (typeof req.headers.cookie === 'string') headers['cookie'] = req.headers.cookie;
        const csrf = req.headers[CSRF_HEADER];
        if (typeof csrf === 'string') headers[CSRF_HEADER] = csrf;
      }
      const res = await fetch(url + req.url, {
        method: req.method,
        headers,
        ...(req.method === 'POST' ? { body: JSON.stringify(req.body ?? {}) } : {}),
      });
      // A session the owner rotated reaches the browser (this process rotates first, so rarely).
      if (fwd.session) for (const c of res.headers.getSetCookie()) void reply.header('set-cookie', c);
      return reply
        .code(res.status)
        .header('content-type', res.headers.get('content-type') ?? 'application/json')
        .send(await res.text());
    });
  }

  /** Whether Redis answers (readiness). */
  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  /** A graceful stop: tables handed over (hub.handOver), relayed clients told to reconnect, Redis closed. */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.relay.close();
    await this.directory.close();
    await Promise.all([this.redis.quit().catch(() => undefined), this.sub.quit().catch(() => undefined)]);
  }
}

/**
 * The table a POST is about, if it must run where the table runs: `/api/tables/:id/…`, and a
 * host seating a registered player (`/api/accounts/seat`, the table in the body).
 */
export function tableOfRequest(url: string, body: unknown): string | null {
  const m = /^\/api\/tables\/([^/?]+)\/./.exec(url);
  if (m) return decodeURIComponent(m[1]!);
  if (url.split('?')[0] === '/api/accounts/seat') {
    const table = (body as { table?: unknown } | null)?.table;
    return typeof table === 'string' && table.length > 0 && table.length <= 64 ? table : null;
  }
  return null;
}

/** Where a forwarded request goes (a table, or a seat link's table), and whether it rides on the session cookie. */
export type Forward = { table: string; session: boolean } | { token: string; session: true };

/**
 * A request that must be answered where its table runs. Besides tableOfRequest's POSTs (which
 * prove who sends them with a token and go without cookies), a signed-in player binding a seat
 * link (`POST /api/me/seats`, the link's token in the body) and reading it back
 * (`GET /api/me/seats/:table`): only the owner knows the table's live tokens, so these two go
 * with the session's cookies and CSRF header.
 */
export function forwardOf(method: string, url: string, body: unknown): Forward | null {
  const path = url.split('?')[0]!;
  try {
    if (method === 'GET') {
      const m = /^\/api\/me\/seats\/([^/]+)$/.exec(path);
      const table = m ? decodeURIComponent(m[1]!) : '';
      return table.length > 0 && table.length <= 64 ? { table, session: true } : null;
    }
    if (method !== 'POST') return null;
    if (path === '/api/me/seats') {
      const token = (body as { token?: unknown } | null)?.token;
      return typeof token === 'string' && token.length >= 8 && token.length <= 128 ? { token, session: true } : null;
    }
    const table = tableOfRequest(url, body);
    return table === null ? null : { table, session: false };
  } catch {
    return null; // a malformed %-escape: the route answers it here
  }
}

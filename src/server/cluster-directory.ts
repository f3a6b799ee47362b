// Table ownership across processes: a lease per table in Redis (`SET key self NX PX ttl`, renewed
// by its holder every ttl/3 with a check-and-extend script). A process that dies stops renewing;
// its leases run out after `ttl` and another process takes the tables (hub.ts adopt). Redis only
// says who holds a table now; the fencing number that makes a late write of the old holder fail
// comes from PostgreSQL (storage-pg.ts takeFence), so it keeps growing even if Redis forgets.
// Each process also keeps a key saying it is alive and where its HTTP API is (for requests
// forwarded to a table's owner).
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Lease, TableDirectory } from './directory.js';

const RENEW = `
local n = 0
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then redis.call('pexpire', key, ARGV[2]); n = n + 1
  else KEYS[i] = '' end
end
return KEYS`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface RedisDirectoryOptions {
  /** How long a lease lasts without renewal (default 2500 ms): failover takes about this long. */
  ttlMs?: number;
  /** Where other processes reach this one's HTTP API (forwarded requests). */
  url: string;
  log: { warn(o: object, msg: string): void };
}

const leaseKey = (id: string): string => `gorod:lease:${id}`;
export const procKey = (id: string): string => `gorod:proc:${id}`;

export class RedisDirectory implements TableDirectory {
  readonly self = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private held = new Set<string>();
  private listeners: ((id: string) => void)[] = [];
  private timer: NodeJS.Timeout;
  readonly ttlMs: number;
  private closed = false;
  private renewing = false;
  /** When the last renewal that Redis answered was sent: every lease held then lasts until ttl after it. */
  private renewedAt = Date.now();

  constructor(
    private redis: Redis,
    private opts: RedisDirectoryOptions,
  ) {
    this.ttlMs = opts.ttlMs ?? 2500;
    this.timer = setInterval(() => void this.renew(), Math.floor(this.ttlMs / 3));
    this.timer.unref();
    void this.renew();
  }

  /** Keeps this process's own key and every lease it holds; reports the leases it lost. */
  private async renew(): Promise<void> {
    if (this.closed) return;
    this.expireUnrenewed();
    if (this.renewing) return; // the one before has not been answered yet (Redis slow or away)
    this.renewing = true;
    const sent = Date.now();
    try {
      await this.redis.set(procKey(this.self), this.opts.url, 'PX', this.ttlMs * 2);
      const ids = [...this.held];
      if (ids.length > 0) {
        const kept = (await this.redis.eval(RENEW, ids.length, ...ids.map(leaseKey), this.self, this.ttlMs)) as string[];
        ids.forEach((id, i) => {
          if (kept[i] === '' && this.held.delete(id)) this.lose(id);
        });
      }
      this.renewedAt = sent;
    } catch (e) {
      // Redis unreachable: once its leases may have run out, this process stops running the
      // tables (expireUnrenewed); when Redis answers again, sweeps hand them out anew.
      this.opts.log.warn({ err: String(e) }, 'lease renewal failed');
    } finally {
      this.renewing = false;
    }
    this.expireUnrenewed();
  }

  /**
   * A lease not renewed for a whole lease time may be another process's now (or nobody's, Redis
   * having lost it): this process stops running its tables before anyone else may start. A
   * write of its own that is still in flight is refused by the fencing number anyway.
   */
  private expireUnrenewed(): void {
    if (this.held.size === 0 || Date.now() - this.renewedAt < this.ttlMs) return;
    this.opts.log.warn({ tables: this.held.size, since: this.renewedAt }, 'leases not renewed for a whole lease: their tables are let go');
    for (const id of [...this.held]) {
      this.held.delete(id);
      this.lose(id);
    }
  }

  private lose(id: string): void {
    for (const l of this.listeners) l(id);
  }

  async acquire(tableId: string): Promise<Lease | null> {
    if (this.closed) return null;
    const ok = await this.redis.set(leaseKey(tableId), this.self, 'PX', this.ttlMs, 'NX');
    if (ok !== 'OK') {
      if ((await this.redis.get(leaseKey(tableId))) !== this.self) return null;
      // Ours already (a release not yet done, a second ask): held, so it is renewed — or reported lost.
      this.held.add(tableId);
      return { tableId, fence: 0 };
    }
    this.held.add(tableId);
    // A table taken now is held from now: a renewal failing later does not drop it before its time.
    if (this.held.size === 1) this.renewedAt = Date.now();
    // The fence is the storage's (takeFence); 0 here means "ask the storage".
    return { tableId, fence: 0 };
  }

  async release(tableId: string): Promise<void> {
    this.held.delete(tableId);
    await this.redis.eval(RELEASE, 1, leaseKey(tableId), this.self);
  }

  async ownerOf(tableId: string): Promise<string | null> {
    return this.redis.get(leaseKey(tableId));
  }

  /** Owners of many tables in one round trip (the sweep for tables nobody holds). */
  async ownersOf(tableIds: string[]): Promise<(string | null)[]> {
    if (tableIds.length === 0) return [];
    return this.redis.mget(...tableIds.map(leaseKey));
  }

  /** Says at once where this process's HTTP API is (its URL is known only once it listens). */
  async announce(): Promise<void> {
    await this.redis.set(procKey(this.self), this.opts.url, 'PX', this.ttlMs * 2);
  }

  /** Where a live process's HTTP API is; null when it is not alive. */
  urlOf(proc: string): Promise<string | null> {
    return this.redis.get(procKey(proc));
  }

  holds(tableId: string): boolean {
    return this.held.has(tableId);
  }

  onLost(listener: (tableId: string) => void): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const ids = [...this.held];
    this.held.clear();
    await Promise.all(ids.map((id) => this.redis.eval(RELEASE, 1, leaseKey(id), this.self).catch(() => undefined)));
    await this.redis.del(procKey(this.self)).catch(() => undefined);
  }
}

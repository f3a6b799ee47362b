// The lease directory (cluster-directory.ts) when Redis stops answering: a lease that cannot be
// renewed runs out in Redis, so once a whole lease time has passed without a renewal this
// process lets its tables go (issue 19: stop acting as owner while the lease cannot be renewed);
// when Redis answers again new leases are taken as usual. Redis itself is a stand-in here.
import { afterEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { RedisDirectory } from '../../src/server/cluster-directory.js';

/** Just what the directory calls, answering from a map, or failing while `down`. */
class FakeRedis {
  down = false;
  keys = new Map<string, string>();
  private check(): void {
    if (this.down) throw new Error('connect ECONNREFUSED');
  }
  async set(key: string, value: string, ..._args: unknown[]): Promise<'OK' | null> {
    this.check();
    if (_args.includes('NX') && this.keys.has(key)) return null;
    this.keys.set(key, value);
    return 'OK';
  }
  async get(key: string): Promise<string | null> {
    this.check();
    return this.keys.get(key) ?? null;
  }
  async eval(_script: string, n: number, ...args: string[]): Promise<unknown> {
    this.check();
    const keys = args.slice(0, n);
    const self = args[n]!;
    if (n === 1 && _script.includes('del')) {
      if (this.keys.get(keys[0]!) === self) this.keys.delete(keys[0]!);
      return 1;
    }
    return keys.map((k) => (this.keys.get(k) === self ? k : ''));
  }
  async del(key: string): Promise<number> {
    this.check();
    return this.keys.delete(key) ? 1 : 0;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const dirs: RedisDirectory[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await d.close().catch(() => undefined);
});

describe('leases while Redis is away', () => {
  it('a process that cannot renew its leases for a whole lease time lets every table go, and takes tables again once Redis answers', async () => {
    const redis = new FakeRedis();
    const dir = new RedisDirectory(redis as unknown as Redis, { ttlMs: 300, url: 'http://a', log: { warn: () => undefined } });
    dirs.push(dir);
    expect(await dir.acquire('t1')).not.toBeNull();
    expect(await dir.acquire('t2')).not.toBeNull();
    const lost: string[] = [];
    dir.onLost((id) => lost.push(id));
    redis.down = true;
    for (let i = 0; i < 200 && lost.length < 2; i++) await sleep(20);
    expect(lost.sort()).toEqual(['t1', 't2']);
    expect(dir.holds('t1') || dir.holds('t2')).toBe(false);
    // Redis is back (empty, as after a restart without persistence): a table is taken again and kept.
    redis.down = false;
    redis.keys.clear();
    expect(await dir.acquire('t1')).not.toBeNull();
    expect(dir.holds('t1')).toBe(true);
  });
});

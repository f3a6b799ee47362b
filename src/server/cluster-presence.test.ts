// Who is connected at another process's tables (cluster-presence.ts), as a lobby page reads it.
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisPresence } from './cluster-presence.js';

const log = { warn: () => undefined };

describe('presence read for a lobby page', () => {
  it('an unreadable key shows its own table with nobody connected, never the whole page', async () => {
    const values = ['{"seats":[2,3],"degraded":false}', '{not json', null, 'null', '{"seats":[1],"degraded":true}'];
    const redis = { mget: async () => values } as unknown as Redis;
    const got = await new RedisPresence(redis, log).of(['a', 'b', 'c', 'd', 'e']);
    expect(got.get('a')).toEqual({ seats: [2, 3], degraded: false });
    expect(got.has('b')).toBe(false);
    expect(got.has('c')).toBe(false);
    expect(got.has('d')).toBe(false);
    expect(got.get('e')).toEqual({ seats: [1], degraded: true });
  });
});

// Many processes over HTTP (docs/scale-out.md): two servers on one PostgreSQL database, each with
// the Redis of this test. A host seating a registered player (POST /api/accounts/seat) names the
// table in the body, not the URL; sent to the process that does not run the table, it is
// forwarded to the owner and succeeds there, as a request to /api/tables/:id/… is. So are a
// signed-in player's seat link bound (POST /api/me/seats) and read back (GET /api/me/seats/:table),
// with the session's cookies; a forged one (no or a wrong CSRF header, another site's Origin) is
// refused where it arrives. Skipped, with
// the reason printed, when no PostgreSQL answers or no redis-server is installed.
import { describe, expect, it } from 'vitest';
import { forwardOf, tableOfRequest } from '../../src/server/cluster.js';
import { Jar } from './account-client.js';
import { pgCluster, sameSessionAt } from './cluster-pg.js';

const cluster = await pgCluster('cluster-forward.test.ts', 'gorod_cluster_forward');
const why = cluster.why;
const server = cluster.server;

describe('which requests are forwarded to the process that runs their table', () => {
  it('a table in the URL, or in the body of a host seating a registered player; not a session-cookie request', () => {
    expect(tableOfRequest('/api/tables/t1/start', {})).toBe('t1');
    expect(tableOfRequest('/api/accounts/seat', { table: 't2', seat: 1 })).toBe('t2');
    expect(tableOfRequest('/api/accounts/seat?x=1', { table: 't2' })).toBe('t2');
    expect(tableOfRequest('/api/accounts/seat', { table: 5 })).toBeNull();
    expect(tableOfRequest('/api/accounts/seat', null)).toBeNull();
    expect(tableOfRequest('/api/me/seats', { token: 'x'.repeat(16) })).toBeNull();
  });

  it('a signed-in player binding a seat link or reading it back goes with the session; other session requests stay', () => {
    expect(forwardOf('POST', '/api/tables/t1/start', {})).toEqual({ table: 't1', session: false });
    expect(forwardOf('POST', '/api/me/seats', { token: 'x'.repeat(16) })).toEqual({ token: 'x'.repeat(16), session: true });
    expect(forwardOf('POST', '/api/me/seats', { token: 5 })).toBeNull();
    expect(forwardOf('GET', '/api/me/seats/t3', undefined)).toEqual({ table: 't3', session: true });
    expect(forwardOf('GET', '/api/me/seats', undefined)).toBeNull();
    expect(forwardOf('GET', '/api/me/seats/%E0', undefined)).toBeNull();
    expect(forwardOf('GET', '/api/tables/t1/start', undefined)).toBeNull();
    expect(forwardOf('DELETE', '/api/me/seats/t3', undefined)).toBeNull();
  });
});

describe.skipIf(why !== null)('two server processes on PostgreSQL and Redis', () => {
  it('a host seats a registered player by nickname through the process that does not run the table', async () => {
    const a = await server();
    const b = await server();
    // The player signs up on b (accounts are in the shared database).
    const player = new Jar(b.url);
    expect((await player.call('POST', '/api/auth/signup', { nickname: 'Гость кластера', password: 'correct horse battery' })).status).toBe(201);
    // The table is made on a, and runs there.
    const host = new Jar(a.url);
    const created = (await host.call<{ id: string; hostToken: string }>('POST', '/api/tables', { preset: 'classic', bots: [3, 4, 5, 6, 7, 8, 9, 10] })).body;
    expect(a.hub.tables.has(created.id)).toBe(true);
    expect(b.hub.tables.has(created.id)).toBe(false);

    // The host's request reaches b: forwarded to a, where the table and the host token are.
    const onB = new Jar(b.url);
    const r = await onB.call('POST', '/api/accounts/seat', { table: created.id, seat: 2, token: created.hostToken, nickname: 'гость кластера' });
    expect(r).toEqual({ status: 200, body: { table: created.id, seat: 2, nickname: 'Гость кластера' } });
    expect(b.hub.tables.has(created.id)).toBe(false);
    // A wrong host token is still refused (by the owner).
    expect((await onB.call('POST', '/api/accounts/seat', { table: created.id, seat: 2, token: 'f'.repeat(32), nickname: 'гость кластера' })).body['code']).toBe('notHost');

    // The seat is the player's: its link, read at the owner, is a live seat of the table.
    const mine = (await sameSessionAt(a.url, player).call<{ token: string; seat: number }>('GET', `/api/me/seats/${created.id}`)).body;
    expect(mine.seat).toBe(2);
    expect(a.hub.lookup(mine.token)?.role).toEqual({ kind: 'seat', seat: 2 });
  });

  it('a signed-in player binds a seat link and reads it back through the process that does not run the table', async () => {
    const a = await server();
    const b = await server();
    const host = new Jar(a.url);
    const created = (await host.call<{ id: string; seats: { seat: number; token: string }[] }>('POST', '/api/tables', { preset: 'classic', bots: [3, 4, 5, 6, 7, 8, 9, 10] })).body;
    expect(a.hub.tables.has(created.id)).toBe(true);
    const link = created.seats.find((s) => s.seat === 2)!.token;

    // The player is signed in at b, which does not run the table.
    const player = new Jar(b.url);
    expect((await player.call('POST', '/api/auth/signup', { nickname: 'Связной', password: 'correct horse battery' })).status).toBe(201);
    // A forged request (no CSRF header) is refused at b, before any forwarding.
    player.csrf = false;
    expect((await player.call('POST', '/api/me/seats', { token: link })).body['code']).toBe('csrf');
    // A CSRF header that is not the session's is refused too.
    expect((await player.call('POST', '/api/me/seats', { token: link }, { 'x-csrf-token': 'forged' })).body['code']).toBe('csrf');
    player.csrf = true;
    // A page of another site is refused by the origin check at b.
    expect((await player.call('POST', '/api/me/seats', { token: link }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await player.call('GET', `/api/me/seats/${created.id}`)).body['code']).toBe('seatNotYours');

    expect(await player.call('POST', '/api/me/seats', { token: link })).toEqual({ status: 200, body: { table: created.id, seat: 2 } });
    expect(b.hub.tables.has(created.id)).toBe(false);
    // The seat took the account's nickname in the lobby, at the owner.
    expect(a.hub.tables.get(created.id)!.row.seats.find((s) => s.seat === 2)?.name).toBe('Связной');

    // Read back through b (another device: the same account, a new session there).
    const other = new Jar(b.url);
    expect((await other.call('POST', '/api/auth/signin', { nickname: 'связной', password: 'correct horse battery' })).status).toBe(200);
    expect(await other.call('GET', `/api/me/seats/${created.id}`)).toEqual({ status: 200, body: { table: created.id, seat: 2, token: link } });
    // Without a session the owner answers as this process would.
    expect((await new Jar(b.url).call('GET', `/api/me/seats/${created.id}`)).status).toBe(401);
    // Another account's session gets no link.
    const stranger = new Jar(b.url);
    expect((await stranger.call('POST', '/api/auth/signup', { nickname: 'Чужак', password: 'correct horse battery' })).status).toBe(201);
    expect((await stranger.call('GET', `/api/me/seats/${created.id}`)).body['code']).toBe('seatNotYours');
  });
});

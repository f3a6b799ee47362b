// Lists in a cluster (docs/scale-out.md): two servers on one PostgreSQL database and the Redis of
// this test. A list reads the database, not one process's tables, so it is the same whichever
// process answers: a signed-in player's seats (GET /api/me/seats, and the seats of GET /api/me),
// the lobby, and a tournament's games — whose status also decides whether a slot may get a second
// table, so a table running at one process is not opened again through the other. Skipped, with
// the reason printed, when no PostgreSQL answers or no redis-server is installed.
import { describe, expect, it } from 'vitest';
import type { OpenedTable } from '../../src/server/tournament-games.js';
import type { PublicTournament } from '../../src/server/tournament-views.js';
import { Jar } from './account-client.js';
import { Client, sleep } from './helpers.js';
import { pgCluster, sameSessionAt } from './cluster-pg.js';
import { call, createTournament, slotOfDoc } from './tournament-api.js';

const cluster = await pgCluster('cluster-lists.test.ts', 'gorod_cluster_lists', { tournaments: true });
const why = cluster.why;
const server = cluster.server;

describe.skipIf(why !== null)('lists read the database: the same answer from every process', () => {
  it("a player's seats, and the lobby, are the same at the process that runs the table and at the one that does not", async () => {
    const a = await server();
    const b = await server();
    const host = new Jar(a.url);
    const created = (await host.call<{ id: string; seats: { seat: number; token: string }[] }>('POST', '/api/tables', { preset: 'classic', bots: [3, 4, 5, 6, 7, 8, 9, 10] })).body;
    expect(a.hub.tables.has(created.id)).toBe(true);
    expect(b.hub.tables.has(created.id)).toBe(false);
    const player = new Jar(b.url);
    expect((await player.call('POST', '/api/auth/signup', { nickname: 'Списочный', password: 'correct horse battery' })).status).toBe(201);
    expect((await player.call('POST', '/api/me/seats', { token: created.seats.find((s) => s.seat === 2)!.token })).status).toBe(200);

    const atA = await sameSessionAt(a.url, player).call<Record<string, unknown>[]>('GET', '/api/me/seats');
    const atB = await player.call<Record<string, unknown>[]>('GET', '/api/me/seats');
    expect(atA.status).toBe(200);
    expect(atB).toEqual(atA);
    expect(atB.body).toEqual([expect.objectContaining({ table: created.id, seat: 2, status: 'lobby', preset: 'classic', name: 'Списочный' })]);
    const meA = (await sameSessionAt(a.url, player).call<{ seats: unknown[] }>('GET', '/api/me')).body.seats;
    expect((await player.call<{ seats: unknown[] }>('GET', '/api/me')).body.seats).toEqual(meA);
    expect(meA).toEqual(atB.body);

    // The lobby: the table's entry is the same at both processes.
    const lobby = async (url: string): Promise<unknown> => (await new Jar(url).call<{ id: string }[]>('GET', '/api/tables')).body.find((t) => t.id === created.id);
    const lobbyA = await lobby(a.url);
    expect(lobbyA).toMatchObject({ id: created.id, status: 'lobby' });
    expect(await lobby(b.url)).toEqual(lobbyA);

    // Who is connected is known where the table runs; the other process's lobby says the same.
    const here = async (url: string): Promise<boolean | undefined> => ((await lobby(url)) as { seats: { seat: number; connected: boolean }[] }).seats.find((s) => s.seat === 1)?.connected;
    const until = async (what: () => Promise<boolean>): Promise<void> => {
      for (let i = 0; i < 100 && !(await what()); i++) await sleep(50);
    };
    const seat1 = await Client.open(b.url, created.seats.find((s) => s.seat === 1)!.token, 'seat1 via b');
    await seat1.wait((f) => f.type === 'welcome');
    await until(async () => (await here(a.url)) === true && (await here(b.url)) === true);
    expect([await here(a.url), await here(b.url)]).toEqual([true, true]);
    expect(await lobby(b.url)).toEqual(await lobby(a.url));
    // So does the table's own info.
    const info = async (url: string): Promise<unknown> => (await new Jar(url).call('GET', `/api/tables/${created.id}`)).body;
    expect(await info(b.url)).toEqual(await info(a.url));
    expect(await info(b.url)).toMatchObject({ id: created.id, seats: expect.arrayContaining([{ seat: 1, name: expect.any(String), bot: false, connected: true }]) });
    seat1.ws.close();
    await until(async () => (await here(a.url)) === false && (await here(b.url)) === false);
    expect([await here(a.url), await here(b.url)]).toEqual([false, false]);
  });

  it("a tournament's game running at one process is 'playing' at every process, and not opened twice through the other", async () => {
    const a = await server();
    const b = await server();
    const t = await createTournament(a.url, { name: 'Кубок кластера', players: Array.from({ length: 10 }, (_, i) => ({ nickname: `Игрок ${i + 1}` })) });
    expect((await call(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 1, games: 1, seed: 'cluster' })).status).toBe(200);
    const opened = await call<OpenedTable>(t.api, 'POST', `/api/tournaments/${t.id}/games/1/1/table`, { mode: 'online' });
    expect(opened.status).toBe(200);
    const tableId = opened.body.tableId;
    expect(a.hub.tables.has(tableId)).toBe(true);
    expect(b.hub.tables.has(tableId)).toBe(false);

    const doc = async (url: string): Promise<PublicTournament> => (await call<PublicTournament>({ base: url }, 'GET', `/api/tournaments/${t.id}`)).body;
    expect(slotOfDoc(await doc(a.url), 1, 1)).toMatchObject({ status: 'playing', tableId });
    expect(slotOfDoc(await doc(b.url), 1, 1)).toMatchObject({ status: 'playing', tableId });
    expect(await doc(b.url)).toEqual(await doc(a.url));

    // The organizer, through b, is told the slot's game is running (at a) rather than given a second table.
    const again = await call({ base: b.url, token: t.api.token! }, 'POST', `/api/tournaments/${t.id}/games/1/1/table`, { mode: 'online' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('tableOpen');
  });
});

// The players index (players-index.ts): the players list and a profile are read from parts kept
// per tournament, so reads between changes load nothing; a registration, a new tournament, a
// record and a correction each make the next read see them, reloading only what changed — also
// when another process on the same database made the change.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import type { PublicTournament } from '../../src/server/tournament-views.js';
import { TournamentService } from '../../src/server/tournaments.js';
import { playedOut } from '../support/tournament-games.js';
import { call, createTournament, slotNames } from './tournament-api.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null });
});
afterAll(async () => server.close());

type Listed = { nickname: string; club?: string; tournaments: number }[];
type Profile = { nickname: string; stats: { games: number; wins: number } | null; recent: { result: string; round: number }[]; tournaments: { name: string }[]; history: unknown[] };

const get = async <T>(path: string): Promise<T> => (await call<T>({ base: server.url }, 'GET', path)).body;
const players = (n: number, club = 'Альфа') => Array.from({ length: n }, (_, i) => ({ nickname: `Игрок ${i + 1}`, club }));

describe('the players index', () => {
  it('reads between changes load nothing; each kind of change is seen at the next read, reloading only its tournament', async () => {
    const svc = server.tournaments;
    const load = vi.spyOn(svc, 'load');
    const a = await createTournament(server.url, { name: 'Кубок A', players: players(20) });
    expect((await get<Listed>('/api/players')).find((p) => p.nickname === 'Игрок 1')).toEqual({ nickname: 'Игрок 1', club: 'Альфа', tournaments: 1 });

    // Nothing changed: the list and a profile are read from the index, no tournament is loaded.
    const builds = svc.players.builds;
    load.mockClear();
    await get<Listed>('/api/players');
    expect((await call({ base: server.url }, 'GET', `/api/players/${encodeURIComponent('Игрок 2')}`)).status).toBe(200);
    await get(`/api/clubs/${encodeURIComponent('Альфа')}`);
    expect(load).not.toHaveBeenCalled();
    expect(svc.players.builds).toBe(builds);

    // A new tournament: only it is loaded for the next read.
    load.mockClear();
    const b = await createTournament(server.url, { name: 'Кубок B', players: players(20, 'Бета') });
    expect((await get<Listed>('/api/players')).find((p) => p.nickname === 'Игрок 1')).toEqual({ nickname: 'Игрок 1', club: 'Бета', tournaments: 2 });
    expect(load.mock.calls.map((c) => c[0])).toEqual([b.id]);

    // A registration.
    expect((await call(b.api, 'POST', `/api/tournaments/${b.id}/players`, { players: [{ nickname: 'Новичок' }] })).status).toBe(200);
    expect((await get<Listed>('/api/players')).map((p) => p.nickname)).toContain('Новичок');

    // A record: the players of the game have it in their profiles.
    const seated = await call<{ tournament: PublicTournament }>(a.api, 'POST', `/api/tournaments/${a.id}/seating`, { tables: 1, games: 1, seed: 'ix', moves: 1000 });
    const names = slotNames(seated.body.tournament, 1, 1);
    const first = names[0]!; // seat 1: a civilian in this deal
    expect((await get<Profile>(`/api/players/${encodeURIComponent(first)}`)).stats).toBeNull();
    expect((await call(a.api, 'POST', `/api/tournaments/${a.id}/games/1/1/record`, { record: playedOut('red', names).record() })).status).toBe(201);
    const p1 = await get<Profile>(`/api/players/${encodeURIComponent(first)}`);
    expect(p1.stats).toMatchObject({ games: 1, wins: 1 });
    expect(p1.recent.map((r) => r.result)).toEqual(['win']);
    expect(p1.history).toHaveLength(1);

    // A correction: the new version replaces the old one in the profile.
    load.mockClear();
    expect((await call(a.api, 'POST', `/api/tournaments/${a.id}/games/1/1/record`, { record: playedOut('black', names).record(), reason: 'голосование исправлено' })).status).toBe(201);
    load.mockClear();
    const p2 = await get<Profile>(`/api/players/${encodeURIComponent(first)}`);
    expect(p2.stats).toMatchObject({ games: 1, wins: 0 });
    expect(p2.recent.map((r) => r.result)).toEqual(['loss']);
    expect(load.mock.calls.map((c) => c[0])).toEqual([a.id]);
    load.mockRestore();

    // Another process on the same database registers a player: the store's stamps show it.
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const other = new TournamentService({ store: svc.store, hub: server.hub, log: quiet });
    await other.addPlayers(b.id, { players: [{ nickname: 'Гость' }] });
    expect((await get<Listed>('/api/players')).map((p) => p.nickname)).toContain('Гость');
    other.close();
  });
});

// Players' profiles and clubs' pages across tournaments (GET /api/players/:nickname, /api/clubs/:club),
// the organizer's swap of two players, and the tournament's schedule (dates, planned rounds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import type { PublicTournament } from '../../src/server/tournament-views.js';
import { call, createTournament } from './tournament-api.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, timeScale: 0.01 });
});
afterAll(async () => {
  await server.close();
});

const players = Array.from({ length: 20 }, (_, i) => ({ nickname: `Игрок ${i + 1}`, club: i % 2 ? 'Альфа' : 'Бета' }));

async function waitFinished(base: string, id: string): Promise<PublicTournament> {
  for (let i = 0; i < 600; i++) {
    const r = await call<PublicTournament>({ base }, 'GET', `/api/tournaments/${id}`);
    if (r.body.rounds[0]!.games.every((g) => g.status === 'finished')) return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('games did not finish');
}

describe('players and clubs', () => {
  it('a schedule is kept; two players of a round swap; profiles and clubs read the played games', async () => {
    const t = await createTournament(server.url, { name: 'Кубок', players, options: { schedule: { from: '2026-12-05', to: '2026-12-06', games: 1 } } });
    expect(t.doc.options.schedule).toEqual({ from: '2026-12-05', to: '2026-12-06', games: 1 });
    const bad = await call({ base: server.url }, 'POST', '/api/tournaments', { name: 'x', options: { schedule: { from: 'tomorrow' } } });
    expect(bad.status).toBe(400);

    const seated = await call<{ tournament: PublicTournament }>(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 2, games: 1, seed: 's' });
    expect(seated.status).toBe(200);
    const [g1, g2] = seated.body.tournament.rounds[0]!.games;
    const a = g1!.seats[0]!.id;
    const b = g2!.seats[3]!.id;
    const swapped = await call<PublicTournament>(t.api, 'POST', `/api/tournaments/${t.id}/seating/swap`, { round: 1, a, b });
    expect(swapped.status).toBe(200);
    expect(swapped.body.rounds[0]!.games[0]!.seats[0]!.id).toBe(b);
    expect(swapped.body.rounds[0]!.games[1]!.seats[3]!.id).toBe(a);
    expect((await call({ base: server.url }, 'POST', `/api/tournaments/${t.id}/seating/swap`, { round: 1, a, b })).status).toBe(401);

    for (const table of [1, 2]) {
      const r = await call(t.api, 'POST', `/api/tournaments/${t.id}/games/1/${table}/table`, { mode: 'online', bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], botPolicy: 'random', botDelayMs: 0 });
      expect(r.status).toBe(200);
    }
    await waitFinished(server.url, t.id);
    // A started game locks its players' seats.
    expect((await call(t.api, 'POST', `/api/tournaments/${t.id}/seating/swap`, { round: 1, a, b })).status).toBe(409);

    const p = await call<{ nickname: string; club: string; stats: { games: number; roles: Record<string, unknown> }; history: unknown[]; recent: { tableId?: string }[]; tournaments: { place: number | null }[] }>(
      { base: server.url },
      'GET',
      `/api/players/${encodeURIComponent('игрок 2')}`,
    );
    expect(p.status).toBe(200);
    expect(p.body.nickname).toBe('Игрок 2');
    expect(p.body.club).toBe('Альфа');
    expect(p.body.stats.games).toBe(1);
    expect(p.body.history.length).toBeLessThanOrEqual(1);
    expect(p.body.recent[0]!.tableId).toMatch(/./);
    expect(p.body.tournaments[0]!.place).toBeGreaterThanOrEqual(1);
    expect((await call({ base: server.url }, 'GET', '/api/players/nobody')).status).toBe(404);

    const c = await call<{ club: string; players: { nickname: string; games: number }[]; tournaments: { best: number | null }[]; rating: number | null }>({ base: server.url }, 'GET', `/api/clubs/${encodeURIComponent('альфа')}`);
    expect(c.status).toBe(200);
    expect(c.body.club).toBe('Альфа');
    expect(c.body.players).toHaveLength(10);
    expect(c.body.players.every((x) => x.games === 1)).toBe(true);
    expect(c.body.tournaments[0]!.best).toBeGreaterThanOrEqual(1);
    const none = await call<{ code: string }>({ base: server.url }, 'GET', '/api/clubs/nobody');
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('clubNotFound');
  });
});

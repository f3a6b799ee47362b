// End to end: a 20-player, 2-table, 4-round tournament whose 8 games bots play through the server
// (SQLite). Each finished table's record attaches to its slot by itself; a watcher sees the
// standings grow; the standings (FIIM) and the Elo ratings are checked against a computation
// written here from the tables' own records, independently of src/tournament.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, type GameEvent, type GameState } from '../../src/engine/index.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { POINTS_ON } from '../support/tournament-games.js';
import type { RatingRow, SeatingQuality, Standings } from '../../src/tournament/index.js';
import type { GameView, PublicTournament, TournamentSnapshot } from '../../src/server/tournament-views.js';
import { call, createTournament } from './tournament-api.js';

let server: RunningServer;
const dir = mkdtempSync(join(tmpdir(), 'gorod-tour-'));
beforeAll(async () => {
  server = await startServer({ port: 0, databaseUrl: join(dir, 'gorod.sqlite'), logLevel: false, webDir: null, timeScale: 0.01 });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Game {
  round: number;
  table: number;
  ids: string[];
  state: GameState;
}

/** FIIM, worked out here from the events alone. */
function fiim(games: Game[], nick: Map<string, string>) {
  const p = new Map<string, { points: number; extra: number; wins: number; special: number; first: number; n: number; k: number; ciGames: number }>();
  const get = (id: string) => p.get(id) ?? (p.set(id, { points: 0, extra: 0, wins: 0, special: 0, first: 0, n: 0, k: 0, ciGames: 0 }), p.get(id)!);
  for (const g of games) {
    const log = g.state.log;
    const night2 = log.find((e): e is Extract<GameEvent, { t: 'nightStarted' }> => e.t === 'nightStarted' && !e.intro)?.night;
    for (const x of g.state.seats) {
      const a = get(g.ids[x.seat - 1]!);
      const won = g.state.winner === x.team;
      a.n++;
      if (won) {
        a.points += 1;
        a.wins++;
        if (x.role === 'sheriff' || x.role === 'don') a.special++;
      }
      for (const e of log) {
        if (e.t === 'bestMove' && e.seat === x.seat && x.team === 'red') {
          const black = e.targets.filter((s) => g.state.seats[s - 1]!.team === 'black').length;
          const v = black === 3 ? 0.7 : black === 2 ? 0.5 : 0;
          a.points += v;
          a.extra += v;
        }
        if (e.t === 'extraPoints' && e.seat === x.seat) {
          a.points += e.points;
          a.extra += e.points;
        }
      }
      // One penalty a game: −0.7 for the offender of a team's defeat the other team won, else −0.5
      // for four fouls, two technical fouls or a removal.
      const defeated = log.some((e) => e.t === 'teamDefeated' && e.seat === x.seat) && g.state.winner !== null && !won;
      const removed = log.some((e) => e.t === 'eliminated' && e.seat === x.seat && (e.cause === 'fouls' || e.cause === 'techFouls' || e.cause === 'removal'));
      const penalty = defeated ? -0.7 : removed ? -0.5 : 0;
      a.points += penalty;
      a.extra += penalty;
      const killedFirst = log.some((e) => e.t === 'eliminated' && e.seat === x.seat && e.cause === 'kill' && e.number === night2);
      if (killedFirst && x.team === 'red') {
        a.k++;
        a.first++;
        if (g.state.winner !== null && !won) a.ciGames++; // lost: a draw is not
      }
    }
  }
  for (const a of p.values()) {
    const den = Math.round(0.4 * a.n);
    a.points += a.ciGames * (den === 0 ? 0.4 : Math.min(0.4, (0.4 * a.k) / den));
  }
  const r3 = (x: number) => Math.round(x * 1000);
  const order = [...p.entries()].sort(
    ([ia, a], [ib, b]) => r3(b.points) - r3(a.points) || r3(b.extra) - r3(a.extra) || b.wins - a.wins || b.special - a.special || b.first - a.first || (nick.get(ia)! < nick.get(ib)! ? -1 : 1),
  );
  return { points: new Map([...p].map(([id, a]) => [id, a.points])), order: order.map(([id]) => id) };
}

/** Elo with separate red and black sides, here again from the events. */
function elo(games: Game[], nick: Map<string, string>) {
  const red = new Map<string, number>();
  const black = new Map<string, number>();
  for (const g of games) {
    const side = (id: string, team: string) => 1000 + ((team === 'red' ? red : black).get(id) ?? 0);
    const seats = g.state.seats.map((x) => ({ id: g.ids[x.seat - 1]!, team: x.team, won: g.state.winner === x.team }));
    const avg = (team: string) => seats.filter((s) => s.team === team).reduce((t, s) => t + side(s.id, team), 0) / seats.filter((s) => s.team === team).length;
    const avgRed = avg('red');
    const avgBlack = avg('black');
    const delta = seats.map((s) => {
      const e = 1 / (1 + 10 ** (((s.team === 'red' ? avgBlack : avgRed) - side(s.id, s.team)) / 400));
      return s.won ? 16 * (1 - e) : -12 * e;
    });
    seats.forEach((s, i) => {
      const m = s.team === 'red' ? red : black;
      m.set(s.id, (m.get(s.id) ?? 0) + delta[i]!);
    });
  }
  return new Map([...nick].map(([id, name]) => [name, 1000 + (red.get(id) ?? 0) + (black.get(id) ?? 0)]));
}

describe('a tournament played by bots through the server', () => {
  it('20 players, 2 tables, 4 rounds: records attach by themselves; standings and ratings match an independent computation', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `Бот ${String.fromCharCode(0x410 + i)}`);
    const t = await createTournament(server.url, {
      name: 'Турнир ботов',
      players: names.map((nickname) => ({ nickname })),
      scoring: 'fiim',
      options: { preset: 'tournament', gameOptions: POINTS_ON },
    });
    const seating = await call<{ tournament: PublicTournament; quality: SeatingQuality }>(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 2, games: 4, seed: 'bots' });
    expect(seating.status).toBe(200);
    expect(seating.body.quality.seats.balanced).toBe(true);
    const doc = seating.body.tournament;
    expect(doc.rounds.map((r) => r.games.length)).toEqual([2, 2, 2, 2]);

    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws/tournament?id=${t.id}`);
    const seen: number[] = [];
    const done = new Promise<TournamentSnapshot>((resolve) =>
      ws.on('message', (d) => {
        const f = JSON.parse(d.toString()) as TournamentSnapshot;
        seen.push(f.games);
        if (f.type === 'tournament' && f.games === 8) resolve(f);
      }),
    );

    for (const r of doc.rounds)
      for (const g of r.games) {
        const opened = await call(t.api, 'POST', `/api/tournaments/${t.id}/games/${r.number}/${g.table}/table`, { mode: 'online', bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], botPolicy: 'random', botDelayMs: 0 });
        expect(opened.status).toBe(200);
      }
    const last = await Promise.race([done, new Promise<never>((_, rej) => setTimeout(() => rej(new Error('the games did not finish')), 90_000))]);
    ws.close();
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(8);

    const nick = new Map(doc.players.map((p) => [p.id, p.nickname]));
    const games: Game[] = [];
    for (const r of doc.rounds)
      for (const g of r.games) {
        const view = (await call<GameView>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/games/${r.number}/${g.table}`)).body;
        expect(view.versions).toHaveLength(1);
        expect(view.versions[0]).toMatchObject({ source: 'table', by: { kind: 'table' }, tableId: view.tableId });
        const rec: unknown = await (await fetch(`${server.url}/api/games/${view.tableId}/record`)).json();
        const rp = replay(rec);
        if (!rp.ok) throw new Error('replay');
        expect(rp.value.state.finished).toBe(true);
        games.push({ round: r.number, table: g.table, ids: g.seats.map((s) => s.id), state: rp.value.state });
      }

    const standings = (await call<Standings>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/standings`)).body;
    expect(last.standings).toEqual(standings);
    const mine = fiim(games, nick);
    expect(standings.games).toBe(8);
    for (const row of standings.rows) expect(row.points).toBeCloseTo(mine.points.get(row.id)!, 3);
    expect(standings.rows.map((r) => r.id)).toEqual(mine.order);
    expect(standings.rows.every((r) => r.games === 4)).toBe(true);

    const ratings = (await call<RatingRow[]>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/ratings`)).body;
    const myElo = elo(games, nick);
    expect(ratings).toHaveLength(20);
    for (const r of ratings) expect(Math.abs(r.rating - myElo.get(r.name)!)).toBeLessThan(0.006);
    expect((await call<RatingRow[]>({ base: server.url }, 'GET', '/api/ratings')).body.find((r) => r.name === ratings[0]!.name)?.rating).toBe(ratings[0]!.rating);
  });
});

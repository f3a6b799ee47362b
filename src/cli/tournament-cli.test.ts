// gorod seating / standings / rating: what they print and their exit status.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { playedOut } from '../../test/support/tournament-games.js';
import { eloRatings, finishedGame, validateTournament } from '../tournament/index.js';
import { runRating } from './rating.js';
import { runSeating } from './seating.js';
import { runStandings } from './standings.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function capture(fn: () => number): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  const code = fn();
  vi.restoreAllMocks();
  return { code, out, err };
}

const NICKS = ['Анна', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Илья', 'Кира', 'Лев'];

describe('gorod seating', () => {
  it('--json prints {rounds, quality}, players numbered 1..P, ten per table in seat order', () => {
    const r = capture(() => runSeating({ players: '20', tables: '2', games: '5', seed: 'S', forbid: ['3,17'], json: true, moves: '100000' }));
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as { rounds: number[][][]; quality: { forbidden: { met: number } } };
    expect(j.rounds).toHaveLength(5);
    expect(j.rounds.every((round) => round.length === 2 && round.every((t) => t.length === 10))).toBe(true);
    expect(new Set(j.rounds.flat(2))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i + 1)));
    expect(j.quality.forbidden.met).toBe(0);
  });

  it('prints the rounds and the figures beside a greedy and a random seating (Russian by default)', () => {
    const r = capture(() => runSeating({ players: '10', tables: '1', games: '10', seed: 'S' }));
    expect(r.out).toContain('Тур 10');
    expect(r.out).toMatch(/наша\s+жадная\s+случайная/);
    expect(r.out).toMatch(/номера мест поровну\s+да/);
  });

  it('an impossible request is an error naming the reason, status 2', () => {
    const r = capture(() => runSeating({ players: '15', tables: '1', games: '3', lang: 'en' }));
    expect(r.code).toBe(2);
    expect(r.err).toContain('players × games must be a multiple of 10');
    expect(capture(() => runSeating({ players: '20', tables: '2', games: '2', forbid: ['3'] })).code).toBe(2);
  });

  it('the real command line', () => {
    const bin = fileURLToPath(new URL('../../bin/gorod.js', import.meta.url));
    const r = spawnSync(process.execPath, [bin, 'seating', '--players', '30', '--tables', '3', '--games', '10', '--seed', 'S', '--json'], { encoding: 'utf8', env: { ...process.env, GOROD_TSX: '1' } });
    expect(r.status).toBe(0);
    const q = (JSON.parse(r.stdout) as { quality: { seats: { counts: number[][] } } }).quality;
    expect(q.seats.counts.every((row) => row.every((c) => c === 1))).toBe(true);
  });
});

describe('gorod standings and gorod rating', () => {
  const players = NICKS.map((nickname, i) => ({ id: `p${i + 1}`, nickname }));
  const rounds = [0, 1, 2].map((r) => ({ games: [{ table: 1, seats: [...players.slice(r), ...players.slice(0, r)].map((p) => p.id) }] }));
  const doc = { format: 'gorod-tournament/1', name: 'Кубок', players, rounds, scoring: 'tournament' };
  const names = (r: number) => [...NICKS.slice(r), ...NICKS.slice(0, r)];
  const recs = [playedOut('red', names(0)).record(), playedOut('black', names(1)).record(), playedOut('black', names(2)).record()];
  const records = join(dir, 'records');
  const file = join(dir, 'tournament.json');
  writeFileSync(file, JSON.stringify(doc));
  mkdirSync(records, { recursive: true });
  recs.forEach((r, i) => writeFileSync(join(records, `game-${i + 1}.json`), JSON.stringify({ ...r, meta: { createdAt: 10 - i } })));

  it('standings by the file’s system or by --scoring; every record finds its game by its seats', () => {
    const r = capture(() => runStandings(file, records, { json: true, scoring: 'fiim' }));
    expect([r.code, r.err]).toEqual([0, '']);
    const s = JSON.parse(r.out) as { games: number; scoring: { id: string }; rows: { id: string; games: number }[] };
    expect([s.games, s.scoring.id]).toEqual([3, 'fiim']);
    expect(s.rows.every((x) => x.games === 3)).toBe(true);
    const text = capture(() => runStandings(file, records, {}));
    expect(text.out).toContain('Положение о турнире');
    expect(text.out).toMatch(/№\s+Игрок\s+Баллы/);
  });

  it('a record that belongs to no game is skipped with the reason, status 1', () => {
    const extra = join(dir, 'records-extra');
    mkdirSync(extra, { recursive: true });
    writeFileSync(join(extra, 'a.json'), JSON.stringify(recs[0]));
    writeFileSync(join(extra, 'b.json'), JSON.stringify(playedOut('red', [...NICKS].reverse()).record()));
    const r = capture(() => runStandings(file, extra, { json: true, lang: 'en' }));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^skipped b\.json: The game matches no table of the tournament/);
    expect(capture(() => runStandings(file, extra, {})).err).toMatch(/^пропущен b\.json: Игра не подходит ни к одному столу турнира/);
    expect(validateTournament(doc).ok).toBe(true);
  });

  it('Elo in the order the games were played (meta.createdAt), with statistics', () => {
    const r = capture(() => runRating(records, { json: true, stats: true, kind: 'tournament' }));
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as { ratings: unknown[]; stats: { name: string; games: number }[] };
    const ordered = [...recs].reverse();
    const expected = eloRatings(
      ordered.map((rec) => {
        const g = finishedGame(rec);
        if (!g.ok) throw new Error('game');
        return { kind: 'tournament' as const, seats: g.value.facts.seats.map((x) => ({ name: x.name, team: x.team, result: x.result })) };
      }),
    ).rows;
    expect(j.ratings).toEqual(expected);
    expect(j.stats.every((s) => s.games === 3)).toBe(true);
    expect(capture(() => runRating(records, {})).out).toMatch(/Рейтинг\s+За красных\s+За чёрных/);
    expect(capture(() => runRating(records, { kind: 'nope' })).code).toBe(2);
  });
});

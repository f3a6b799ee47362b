// Standings are a fold over the records: the same whatever order the games arrive in; FIIM Ci,
// round weights, tie-breaks, hidden extra points and finalists worked out by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../test/support/random-game.js';
import { checkSlotRecord } from './slot-record.js';
import { addGame, emptyTally, extraHiddenFromPublic, finalize, scoreSlot, standings, type ScoredGame } from './standings.js';
import { builtinScoring } from './scoring-systems.js';
import { validateTournament } from './check.js';
import { bestMoveGame, playedOut, teamDefeatGame } from '../../test/support/tournament-games.js';
import { DEFAULT_OPTIONS, TOURNAMENT_FORMAT, type Tournament } from './types.js';

const NICKS = ['Анна', 'Борис', 'Вера', 'Глеб', 'Дина', 'Егор', 'Жанна', 'Илья', 'Кира', 'Лев'];

/** Ten players, `rounds` rounds at one table; round r seats the players rotated by r − 1. */
function tournament(rounds: number, over: Partial<Tournament> = {}, weights: number[] = []): Tournament {
  const players = NICKS.map((nickname, i) => ({ id: `p${i + 1}`, nickname }));
  const ids = players.map((p) => p.id);
  const v = validateTournament({
    format: TOURNAMENT_FORMAT,
    name: 'Кубок',
    players,
    rounds: Array.from({ length: rounds }, (_, r) => ({ kind: 'qualifying', weight: weights[r] ?? 1, games: [{ table: 1, seats: [...ids.slice(r % 10), ...ids.slice(0, r % 10)] }] })),
    scoring: 'fiim',
    ...over,
  });
  if (!v.ok) throw new Error(JSON.stringify(v.error));
  return v.value;
}

const seatNames = (t: Tournament, round: number): string[] => t.rounds[round - 1]!.games[0]!.seats.map((id) => t.players.find((p) => p.id === id)!.nickname);

function scored(t: Tournament, round: number, rec: unknown): ScoredGame {
  const c = checkSlotRecord(t, { round, table: 1 }, rec);
  if (!c.ok) throw new Error(JSON.stringify(c.error));
  return scoreSlot(t, { round, table: 1 }, c.value.facts);
}

describe('standings are a fold over the records', () => {
  // Eight finished random games of a ten-player tournament, some with removals and fouls.
  const t = tournament(8);
  const games: ScoredGame[] = [];
  for (let r = 1, seed = 1; r <= 8; seed++) {
    const { state, commands } = playRandom({ preset: 'classic', players: seatNames(t, r), seed: `g${seed}` }, seed, { judgeRate: 0.01 });
    if (!state.finished) continue;
    games.push(scored(t, r, { format: 'gorod-record/1', preset: 'classic', players: seatNames(t, r), seed: `g${seed}`, commands }));
    r++;
  }

  it('whatever order the games arrive in, the standings are the same', () => {
    const reference = standings(t, games);
    fc.assert(
      fc.property(fc.shuffledSubarray(games, { minLength: games.length, maxLength: games.length }), (order) => {
        expect(order.reduce(addGame, emptyTally())).toEqual(games.reduce(addGame, emptyTally()));
        expect(standings(t, order)).toEqual(reference);
      }),
      { numRuns: 30 },
    );
  });

  it('any subset folds to the same standings in any order (standings update game by game)', () => {
    fc.assert(
      fc.property(fc.subarray(games), fc.integer(), (some, k) => {
        const rotated = [...some.slice(k % (some.length || 1)), ...some.slice(0, k % (some.length || 1))];
        expect(standings(t, rotated)).toEqual(standings(t, some));
      }),
      { numRuns: 30 },
    );
  });

  it('each player’s games and points add up to the games’ lines', () => {
    const s = standings(t, games);
    const total = s.rows.reduce((x, r) => x + r.games, 0);
    expect(total).toBe(games.length * 10);
    expect(s.rows.map((r) => r.place)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it('a slot counts once', () => {
    expect(() => addGame(addGame(emptyTally(), games[0]!), games[0]!)).toThrow(/twice/);
  });
});

describe('FIIM Ci, worked by hand', () => {
  // Five rounds: round r puts player r in seat 1, and the play-out kills seat 1 (red) on night 2.
  // Every player plays N = 5 games, players 1–5 are first killed once (K = 1):
  // Ci = clamp(0.4·1 / round(0.4·5), 0, 0.4) = 0.2, in a lost game only.
  it('K = 1, N = 5: 0.2 in the lost game; nothing in a won one; nothing for the others', () => {
    const t = tournament(5);
    const winners: ('red' | 'black')[] = ['black', 'red', 'black', 'black', 'black'];
    const games = winners.map((w, i) => scored(t, i + 1, playedOut(w, seatNames(t, i + 1)).record()));
    const rows = new Map(standings(t, games).rows.map((r) => [r.id, r]));
    expect(rows.get('p1')!.groups.compensation).toBe(0.2);
    expect(rows.get('p1')!.ci).toBe(0.2);
    expect(rows.get('p2')!.groups.compensation).toBe(0); // killed first, but red won
    expect(rows.get('p2')!.firstKilled).toBe(1);
    expect(rows.get('p6')!.groups.compensation).toBe(0);
    expect(Object.keys(rows.get('p6')!.groups)).toEqual(['main', 'bestMove', 'extra', 'penalty', 'compensation']);
  });

  it('K = 2, N = 5: 0.4 (the cap) in each lost game; round weights multiply it', () => {
    // Round 2 is reseated so that player 1 sits in seat 1 again (first killed twice, both lost).
    const t = tournament(5, {}, [1, 2, 1, 1, 1]);
    t.rounds[1]!.games[0]!.seats = [...t.rounds[0]!.games[0]!.seats.slice(0, 1), ...t.rounds[1]!.games[0]!.seats.filter((id) => id !== 'p1')];
    const games = [1, 2, 3, 4, 5].map((r) => scored(t, r, playedOut('black', seatNames(t, r)).record()));
    const p1 = standings(t, games).rows.find((r) => r.id === 'p1')!;
    expect(p1.firstKilled).toBe(2);
    expect(p1.ci).toBe(0.4);
    // 0.4 in round 1 (weight 1) + 0.4 in round 2 (weight 2).
    expect(p1.groups.compensation).toBe(1.2);
  });

  it('N = 1: round(0.4) = 0, and 0.4·1 / 0 clamps to the cap 0.4 (as mafiaratings evaluates it)', () => {
    const t = tournament(1);
    const p1 = standings(t, [scored(t, 1, playedOut('black', seatNames(t, 1)).record())]).rows.find((r) => r.id === 'p1')!;
    expect(p1.groups.compensation).toBe(0.4);
    expect(p1.ci).toBe(0.4);
  });

  it('a whole fiim-preset game by hand: a team’s defeat, technical fouls, a guess and Ci at N = 1', () => {
    // teamDefeatGame(4): red 1 killed on night 2 names three black (+0.7), red loses (red 4's
    // offence, −0.7); seat 3 two technical fouls (−0.5); seat 2 the judge's +0.3.
    const t = tournament(1, { options: { ...DEFAULT_OPTIONS, preset: 'fiim' } });
    const g1 = scored(t, 1, teamDefeatGame(4, seatNames(t, 1)).record());
    const rows = new Map(standings(t, [g1]).rows.map((r) => [r.id, r]));
    // After one game N = 1 for everyone: Ci = 0.4 for p1 (lost, killed first).
    expect(rows.get('p1')!.points).toBe(1.1); // 0 + 0.7 + 0.4
    expect(rows.get('p1')!.groups).toEqual({ main: 0, bestMove: 0.7, extra: 0, penalty: 0, compensation: 0.4 });
    expect(rows.get('p2')!.points).toBe(0.3);
    expect(rows.get('p3')!.points).toBe(-0.5);
    expect(rows.get('p4')!.points).toBe(-0.7);
    expect(rows.get('p5')!.points).toBe(1);
    // p1 1.1 first. Ties at 1 (the black winners): no extra points, one win each, the don p5
    // won as don; then the nickname (Жанна p7 before Лев p10). At 0: Егор p6, Илья p8, Кира p9.
    expect(standings(t, [g1]).rows.map((r) => r.id)).toEqual(['p1', 'p5', 'p7', 'p10', 'p2', 'p6', 'p8', 'p9', 'p3', 'p4']);
  });
});

describe('weights, tie-breaks, hidden extras, finalists', () => {
  it('a round’s weight multiplies every point of its games', () => {
    const t = tournament(1, { options: { ...DEFAULT_OPTIONS, preset: 'tournament', gameOptions: { seats: 10, pointsBestMove: true, pointsExitPenalty: true, pointsExtra: true } } }, [1.5]);
    const g = scored(t, 1, bestMoveGame(seatNames(t, 1)).record());
    const rows = new Map(standings(t, [g]).rows.map((r) => [r.id, r]));
    expect(rows.get('p7')!.points).toBe(2.55); // (1 + 0.7) × 1.5
    expect(rows.get('p3')!.points).toBe(-0.75); // −0.5 × 1.5 (a removal, though it ended the game)
    expect(rows.get('p4')!.rounds).toEqual([1.95]); // (1 + 0.3) × 1.5
  });

  it('FIIM tie-breaks: extra points, then wins, then wins as sheriff or don, then times first killed', () => {
    const t = tournament(1);
    const line = (points: number, group: 'main' | 'extra', kind: 'win' | 'extraPoints' = 'win') => ({ rule: kind, kind, group, points });
    const seat = (player: string, role: 'sheriff' | 'civilian' | 'don', result: 'win' | 'loss', lines: ReturnType<typeof line>[], firstKilled = false) => ({
      player,
      seat: 1,
      role,
      team: role === 'don' ? ('black' as const) : ('red' as const),
      result,
      firstKilled,
      lines,
      ci: [],
    });
    // Every one of p1..p5 ends with 2 points.
    const games: ScoredGame[] = [
      { slot: { round: 1, table: 1 }, weight: 1, seats: [seat('p1', 'civilian', 'loss', [line(1.5, 'extra', 'extraPoints'), line(0.5, 'main')]), seat('p2', 'sheriff', 'win', [line(2, 'main')]), seat('p3', 'civilian', 'win', [line(2, 'main')]), seat('p4', 'don', 'loss', [line(2, 'main')], true), seat('p5', 'civilian', 'loss', [line(2, 'main')])] },
    ];
    const order = standings(t, games).rows.slice(0, 5).map((r) => r.id);
    expect(order).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('extra points given through the tournament count like the judge’s, weighted, and hide the same way', () => {
    const t = tournament(1, { options: { ...DEFAULT_OPTIONS, hideExtraUntilFinals: true } }, [2]);
    t.extra = [{ id: 'x1', round: 1, table: 1, player: 'p3', points: 0.3, reason: 'best player' }];
    const g = scored(t, 1, playedOut('red', seatNames(t, 1)).record());
    expect(g.seats[2]!.lines.map((l) => [l.kind, l.points, l.note])).toEqual([['win', 1, undefined], ['extraPoints', 0.3, 'best player']]);
    expect(standings(t, [g]).rows.find((r) => r.id === 'p3')!.points).toBe(2.6);
    expect(standings(t, [g], { hideExtra: true }).rows.find((r) => r.id === 'p3')!.points).toBe(2);
  });

  it('extra points hidden until the finals: public standings leave them out, the organizer’s keep them', () => {
    const t = tournament(1, { options: { ...DEFAULT_OPTIONS, preset: 'tournament', hideExtraUntilFinals: true, gameOptions: { seats: 10, pointsBestMove: true, pointsExtra: true, pointsExitPenalty: true } } });
    const g = scored(t, 1, bestMoveGame(seatNames(t, 1)).record());
    expect(extraHiddenFromPublic(t)).toBe(true);
    const pub = standings(t, [g], { hideExtra: true }).rows.find((r) => r.id === 'p4')!;
    const org = standings(t, [g]).rows.find((r) => r.id === 'p4')!;
    expect([pub.points, org.points]).toEqual([1, 1.3]);
    expect(extraHiddenFromPublic({ ...t, rounds: [...t.rounds, { kind: 'final', weight: 1, games: [] }] })).toBe(false);
  });

  it('finalists rank first whatever their points (option finalistsFirst)', () => {
    const t = tournament(2);
    t.rounds[1]!.kind = 'final';
    t.rounds[1]!.games[0]!.seats = t.rounds[0]!.games[0]!.seats.slice();
    const g1 = scored(t, 1, playedOut('black', seatNames(t, 1)).record());
    const s = finalize(t, addGame(emptyTally(), g1));
    expect(s.rows.every((r) => r.finalist)).toBe(true);
    const t2 = { ...t, rounds: [t.rounds[0]!, { kind: 'final' as const, weight: 1, games: [{ table: 1, seats: t.rounds[0]!.games[0]!.seats.slice() }] }] };
    expect(finalize(t2, addGame(emptyTally(), g1)).rows.filter((r) => r.finalist).length).toBe(10);
  });

  it('the scoring system a tournament counts by is its own copy', () => {
    const t = tournament(1);
    expect(t.scoring).toEqual(builtinScoring('fiim'));
    expect(t.scoring).not.toBe(builtinScoring('fiim'));
  });
});

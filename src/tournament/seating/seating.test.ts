// Seating generation: every player plays G games, nobody twice in a round, seat numbers as even
// as arithmetic allows, forbidden pairs kept apart when possible, the same seating for a seed,
// and P = 30, T = 3, G = 10 within 10 % of the meeting-variance bound with every seat once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baselineQuality, generateSeating, layoutOf, seatingProblems } from './index.js';
import { varianceBound } from './quality.js';

const seat = (req: Parameters<typeof generateSeating>[0], moves = 300_000) => {
  const r = generateSeating(req, { moves });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

describe('seating: impossible requests are errors naming the reason', () => {
  it('P·G not a multiple of 10', () => {
    const r = layoutOf({ players: 15, tables: 1, games: 3 });
    expect(r.ok || r.error.code).toBe('notDivisible');
    expect(!r.ok && r.error.detail).toContain('45');
  });
  it('fewer players than one round seats', () => {
    const r = layoutOf({ players: 25, tables: 3, games: 2 });
    expect(r.ok || r.error.code).toBe('tooFewPlayers');
  });
  it('a forbidden pair that is not two different players', () => {
    expect(layoutOf({ players: 20, tables: 2, games: 2, forbidden: [[3, 3]] }).ok).toBe(false);
    expect(layoutOf({ players: 20, tables: 2, games: 2, forbidden: [[3, 21]] }).ok).toBe(false);
  });
  it('one table, everyone plays: any forbidden pair must meet', () => {
    const r = layoutOf({ players: 10, tables: 1, games: 4, forbidden: [[1, 2]] });
    expect(!r.ok && r.error.code).toBe('forbiddenImpossible');
  });
  it('a player forbidden from too many others to fill a table', () => {
    const forbidden = Array.from({ length: 12 }, (_, i) => [1, i + 2] as [number, number]);
    const r = layoutOf({ players: 20, tables: 2, games: 2, forbidden });
    expect(!r.ok && r.error.detail).toContain('player 1');
  });
  it('more players to keep apart than a full round has tables', () => {
    const r = layoutOf({ players: 20, tables: 2, games: 2, forbidden: [[1, 2], [1, 3], [2, 3]] });
    expect(!r.ok && r.error.detail).toContain('1, 2, 3');
  });
});

describe('seating invariants', () => {
  it('every player plays G games, nobody twice in a round, seats ⌊G/10⌋ or ⌈G/10⌉ each, any sizes', () => {
    const sizes = fc
      .record({ tables: fc.integer({ min: 1, max: 3 }), extra: fc.integer({ min: 0, max: 12 }), games: fc.integer({ min: 1, max: 12 }), seed: fc.string({ maxLength: 6 }) })
      .map((x) => ({ ...x, players: 10 * x.tables + x.extra }))
      .filter((x) => (x.players * x.games) % 10 === 0);
    fc.assert(
      fc.property(sizes, (x) => {
        const req = { players: x.players, tables: x.tables, games: x.games, seed: x.seed };
        const s = seat(req, 20_000);
        expect(seatingProblems(req, s.rounds)).toEqual([]);
        expect(s.quality.seats.balanced).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it('the same seed gives the same seating; another seed another one', () => {
    const req = { players: 30, tables: 3, games: 4, seed: 'tour 7' };
    expect(seat(req, 20_000).rounds).toEqual(seat(req, 20_000).rounds);
    expect(seat({ ...req, seed: 'tour 8' }, 20_000).rounds).not.toEqual(seat(req, 20_000).rounds);
  });

  it('forbidden pairs never meet when that is possible', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 })), { maxLength: 12, selector: ([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}` }), fc.string({ maxLength: 4 }), (pairs, seed) => {
        const forbidden = pairs.filter(([a, b]) => a !== b);
        const req = { players: 30, tables: 3, games: 6, forbidden, seed };
        if (!layoutOf(req).ok) return;
        const s = seat(req, 150_000);
        expect(s.quality.forbidden.met).toBe(0);
        for (const round of s.rounds)
          for (const table of round) for (const [a, b] of forbidden) expect(table.includes(a) && table.includes(b)).toBe(false);
      }),
      { numRuns: 5 },
    );
  });

  it('P = 10 at one table, G = 10: a Latin square of seats', () => {
    const s = seat({ players: 10, tables: 1, games: 10 });
    expect(s.quality.seats.counts.every((row) => row.every((c) => c === 1))).toBe(true);
    expect(s.quality.meetings.variance).toBe(0);
  });
});

describe('seating quality', () => {
  it('the meeting-variance bound for P = 30, T = 3, G = 10 is 0.92 (3, 3 and 4 per pair of tables)', () => {
    const l = layoutOf({ players: 30, tables: 3, games: 10 });
    if (!l.ok) throw new Error('layout');
    expect(varianceBound(l.value)).toBeCloseTo(0.9203, 4);
  });

  it('P = 30, T = 3, G = 10: every seat number once per player, variance within 10 % of the bound', () => {
    const s = seat({ players: 30, tables: 3, games: 10, seed: 'goal' }, 6_000_000);
    const q = s.quality;
    expect(q.seats.counts.every((row) => row.every((c) => c === 1))).toBe(true);
    expect(q.meetings.variance).toBeLessThanOrEqual(q.meetings.bound * 1.1);
    const b = baselineQuality({ players: 30, tables: 3, games: 10, seed: 'goal' });
    if (!b.ok) throw new Error('baseline');
    expect(q.meetings.variance).toBeLessThan(b.value.greedy.meetings.variance);
    expect(q.meetings.variance).toBeLessThan(b.value.random.meetings.variance);
  });

  it('the figures of random and greedy seatings satisfy the game-count invariants too', () => {
    const b = baselineQuality({ players: 25, tables: 2, games: 4, seed: 'b' });
    expect(b.ok).toBe(true);
    if (!b.ok) return;
    for (const q of [b.value.random, b.value.greedy]) expect(q.seats.counts.every((row) => row.reduce((x, y) => x + y, 0) === 4)).toBe(true);
  });

  it('a caller may stop early (a time limit): the seating is still complete', () => {
    let calls = 0;
    const r = generateSeating({ players: 40, tables: 3, games: 6, seed: 's' }, { moves: 5_000_000, onProgress: () => ++calls < 2 });
    expect(r.ok && r.value.moves).toBeLessThan(5_000_000);
    if (r.ok) expect(seatingProblems({ players: 40, tables: 3, games: 6 }, r.value.rounds)).toEqual([]);
  });
});

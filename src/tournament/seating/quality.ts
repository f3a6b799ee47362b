// The figures an organizer judges a seating by: seat numbers per player, how evenly pairs meet
// (with the lower bound arithmetic allows), forbidden pairs met, tables per player.
import { TABLE_SIZE, type Layout } from './layout.js';
import { meetingMatrix } from './partition.js';
import { seatCounts, seatScore } from './seats.js';
import { tableCounts } from './tables.js';

export interface SeatingQuality {
  players: number;
  tables: number;
  games: number;
  rounds: number;
  seats: {
    /** Every player has every seat number ⌊G/10⌋ or ⌈G/10⌉ times (with G = 10: each exactly once). */
    balanced: boolean;
    /** Per player (1..P in order), how many games in seat 1, 2, … 10. */
    counts: number[][];
    /** Weighted imbalance (seats 1, 2, 10 weigh most; halves and neighbouring pairs too); 0 is perfect. */
    score: number;
  };
  meetings: {
    pairs: number;
    mean: number;
    min: number;
    max: number;
    variance: number;
    /** No seating of these numbers can have a lower variance (see docs/tournaments.md). */
    bound: number;
    /** How many pairs meet 0, 1, 2, … times. */
    histogram: number[];
  };
  forbidden: { pairs: number; met: number; metPairs: [number, number][] };
  tablesPerPlayer: { min: number; max: number };
}

const round4 = (x: number): number => Math.round(x * 1e4) / 1e4;

export function measure(l: Layout, slots: Int32Array, colour: Int8Array): SeatingQuality {
  const n = l.players;
  const m = meetingMatrix(l, slots);
  let sum = 0;
  let sq = 0;
  let min = Infinity;
  let max = 0;
  const histogram: number[] = [];
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const x = m[i * n + j]!;
      sum += x;
      sq += x * x;
      if (x < min) min = x;
      if (x > max) max = x;
      histogram[x] = (histogram[x] ?? 0) + 1;
    }
  const pairs = (n * (n - 1)) / 2;
  const mean = sum / pairs;
  const sc = seatCounts(l, slots, colour);
  const counts: number[][] = [];
  let balanced = true;
  let score = 0;
  const lo = Math.floor(l.games / TABLE_SIZE);
  const hi = Math.ceil(l.games / TABLE_SIZE);
  for (let p = 0; p < n; p++) {
    const row = Array.from(sc.subarray(p * TABLE_SIZE, (p + 1) * TABLE_SIZE));
    if (row.some((x) => x < lo || x > hi)) balanced = false;
    score += seatScore(sc, p * TABLE_SIZE, l.games);
    counts.push(row);
  }
  const tc = tableCounts(l, slots);
  let tmin = Infinity;
  let tmax = 0;
  for (let p = 0; p < n; p++)
    for (let t = 0; t < l.tables; t++) {
      const x = tc[p * l.tables + t]!;
      tmin = Math.min(tmin, x);
      tmax = Math.max(tmax, x);
    }
  const metPairs: [number, number][] = l.forbidden.filter(([a, b]) => m[a * n + b]! > 0).map(([a, b]) => [a + 1, b + 1]);
  return {
    players: n,
    tables: l.tables,
    games: l.games,
    rounds: l.roundTables.length,
    seats: { balanced, counts, score: round4(score) },
    meetings: {
      pairs,
      mean: round4(mean),
      min,
      max,
      variance: round4(sq / pairs - mean * mean),
      bound: round4(varianceBound(l)),
      histogram: Array.from(histogram, (x) => x ?? 0),
    },
    forbidden: { pairs: l.forbidden.length, met: metPairs.length, metPairs },
    tablesPerPlayer: { min: tmin, max: tmax },
  };
}

/** Least Σ C(x, 2) over k cells holding n players in all (spread evenly), linear between integers. */
function spread(n: number, k: number): number {
  const at = (x: number): number => {
    const q = Math.floor(x / k);
    const r = x - q * k;
    return (k - r) * ((q * (q - 1)) / 2) + r * (((q + 1) * q) / 2);
  };
  const f = Math.floor(n);
  return at(f) + (n - f) * (at(f + 1) - at(f));
}

/**
 * A lower bound on the variance of pair meetings. Σ C(m, 2) over pairs counts the pairs of games
 * two players share; for two rounds it is Σ C(|a ∩ b|, 2) over their tables a, b, which is least
 * when the players common to both rounds spread evenly over the table pairs (for P = 30, T = 3:
 * 3, 3 and 4 per pair of tables). When everyone plays every round this is exact per pair of
 * rounds; otherwise the common players are spread evenly over the pairs of rounds too (the cost
 * is convex, so that is a valid bound). The variance also can't be below that of the nearest
 * integers to the mean.
 */
export function varianceBound(l: Layout): number {
  const n = l.players;
  const R = l.roundTables.length;
  const pairs = (n * (n - 1)) / 2;
  const meetings = (l.slots / TABLE_SIZE) * ((TABLE_SIZE * (TABLE_SIZE - 1)) / 2);
  const mean = meetings / pairs;
  let shared = 0;
  if (l.roundTables.every((t) => t * TABLE_SIZE === n)) {
    for (let r = 0; r < R; r++) for (let q = r + 1; q < R; q++) shared += spread(n, l.roundTables[r]! * l.roundTables[q]!);
  } else if (R > 1) {
    const roundPairs = (R * (R - 1)) / 2;
    const common = (n * l.games * (l.games - 1)) / 2 / roundPairs;
    shared = roundPairs * spread(common, l.tables * l.tables);
  }
  const fromRounds = (meetings + 2 * shared) / pairs - mean * mean;
  const frac = mean - Math.floor(mean);
  return Math.max(fromRounds, frac * (1 - frac), 0);
}

/** Pairs of players, and how often a pair meets on average (each table of ten makes 45 meetings). */
function meetingMean(l: Layout): { pairs: number; mean: number } {
  const n = l.players;
  const pairs = (n * (n - 1)) / 2;
  return { pairs, mean: ((l.slots / TABLE_SIZE) * 45) / pairs };
}

/** The least possible meeting energy Σ m² implied by the bound (to stop annealing early). */
export function energyBound(l: Layout): number {
  const { pairs, mean } = meetingMean(l);
  return Math.ceil((varianceBound(l) + mean * mean) * pairs - 1e-6);
}

/** The pair meetings' variance of a seating whose meeting energy Σ m² is `energy`. */
export function varianceOfEnergy(l: Layout, energy: number): number {
  const { pairs, mean } = meetingMean(l);
  return Math.max(0, energy / pairs - mean * mean);
}

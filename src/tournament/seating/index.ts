// Seating generation: rounds and seats for P players at T tables, G games each, keeping
// forbidden pairs apart. Objectives in order: everyone plays G games (by construction); seat
// numbers balanced (exact, by edge colouring); pair meetings even (annealing); tables even.
// Deterministic for a seed and a move budget; a caller may stop it early (a time limit).
import { mulberry32, seedFromText } from '../../engine/index.js';
import { fail, ok, type Result } from '../errors.js';
import { greedySeating, randomSeating } from './baselines.js';
import { layoutOf, TABLE_SIZE, type Layout, type SeatingRequest } from './layout.js';
import { annealing, initialSlots, type Progress } from './partition.js';
import { energyBound, measure, varianceOfEnergy, type SeatingQuality } from './quality.js';
import { colourSeats } from './seats.js';
import { balanceTables } from './tables.js';

export type { SeatingRequest } from './layout.js';
export type { SeatingQuality } from './quality.js';

/** A checkpoint of the optimizer, with the figure it drives down: the pair meetings' variance now. */
export interface SeatingProgress extends Progress {
  variance: number;
}
export { TABLE_SIZE, layoutOf } from './layout.js';

export interface Seating {
  /** rounds[r][t] = the ten players (1..P) of round r's table t, in seat order. */
  rounds: number[][][];
  quality: SeatingQuality;
  /** Annealing moves made (the budget, unless stopped early or at a proven optimum). */
  moves: number;
}

export interface SeatingOptions {
  /** Annealing moves; default grows with the number of games (see defaultMoves). */
  moves?: number;
  /** Weight of even table numbers against even meetings (default 0: meetings strictly first). */
  tableWeight?: number;
  onProgress?: (p: SeatingProgress) => boolean | void;
}

/** 200,000 moves per game, from 2 to 40 million: P = 30, T = 3, G = 10 reaches its bound well within it. */
export function defaultMoves(l: Layout): number {
  return Math.min(40_000_000, Math.max(2_000_000, 200_000 * (l.slots / TABLE_SIZE)));
}

function toRounds(l: Layout, slots: Int32Array, colour: Int8Array): number[][][] {
  const out: number[][][] = [];
  for (let r = 0; r < l.roundTables.length; r++) {
    const tables: number[][] = [];
    for (let t = 0; t < l.roundTables[r]!; t++) {
      const base = l.roundOffset[r]! + t * TABLE_SIZE;
      const seats = new Array<number>(TABLE_SIZE);
      for (let k = 0; k < TABLE_SIZE; k++) seats[colour[base + k]!] = slots[base + k]! + 1;
      tables.push(seats);
    }
    out.push(tables);
  }
  return out;
}

/**
 * The seating as a generator: it yields its progress every 32,768 annealing moves (a server runs
 * it in slices between other work; stopping early keeps the best so far) and returns the seating.
 */
export function* seatingSteps(req: SeatingRequest, opts: Omit<SeatingOptions, 'onProgress'> = {}): Generator<SeatingProgress, Result<Seating>, boolean | void> {
  const laid = layoutOf(req);
  if (!laid.ok) return fail(laid.error);
  const l = laid.value;
  const rand = mulberry32(seedFromText(`seating/${req.seed ?? ''}`));
  const start = initialSlots(l, rand);
  const steps = annealing(l, start, { moves: opts.moves ?? defaultMoves(l), rand, target: energyBound(l), tableWeight: opts.tableWeight ?? 0 });
  let annealed;
  for (;;) {
    const r = steps.next();
    if (r.done) {
      annealed = r.value;
      break;
    }
    const { result: _result, ...progress } = r.value;
    if ((yield { ...progress, variance: varianceOfEnergy(l, progress.energy) }) === false) {
      annealed = r.value.result();
      break;
    }
  }
  const slots = annealed.slots;
  balanceTables(l, slots, rand, 5_000 * l.roundTables.length);
  const colour = colourSeats(l, slots, rand, 5_000 * (l.slots / TABLE_SIZE));
  return ok({ rounds: toRounds(l, slots, colour), quality: measure(l, slots, colour), moves: annealed.movesDone });
}

export function generateSeating(req: SeatingRequest, opts: SeatingOptions = {}): Result<Seating> {
  const steps = seatingSteps(req, opts);
  let r = steps.next();
  while (!r.done) r = steps.next(opts.onProgress?.(r.value));
  return r.value;
}

/** The same figures for a random and a greedy seating of the same request (for comparison). */
export function baselineQuality(req: SeatingRequest): Result<{ random: SeatingQuality; greedy: SeatingQuality }> {
  const laid = layoutOf(req);
  if (!laid.ok) return fail(laid.error);
  const l = laid.value;
  const rand = mulberry32(seedFromText(`baseline/${req.seed ?? ''}`));
  const r = randomSeating(l, rand);
  const g = greedySeating(l, rand);
  return ok({ random: measure(l, r.slots, r.colour), greedy: measure(l, g.slots, g.colour) });
}

/** Check a seating's invariants (tests, imports): sizes, everyone G games, nobody twice in a round. */
export function seatingProblems(req: SeatingRequest, rounds: number[][][]): string[] {
  const out: string[] = [];
  const games = new Array<number>(req.players + 1).fill(0);
  for (const [r, round] of rounds.entries()) {
    const here = new Set<number>();
    for (const [t, table] of round.entries()) {
      if (table.length !== TABLE_SIZE) out.push(`round ${r + 1} table ${t + 1}: ${table.length} seats`);
      for (const p of table) {
        if (!Number.isInteger(p) || p < 1 || p > req.players) out.push(`round ${r + 1} table ${t + 1}: no player ${p}`);
        else if (here.has(p)) out.push(`round ${r + 1}: player ${p} twice`);
        else {
          here.add(p);
          games[p]!++;
        }
      }
    }
  }
  for (let p = 1; p <= req.players; p++) if (games[p] !== req.games) out.push(`player ${p}: ${games[p]} games, not ${req.games}`);
  return out;
}

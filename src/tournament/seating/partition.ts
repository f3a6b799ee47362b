// Who sits together in each round: simulated annealing on the rounds' partitions. The energy is
// the sum of squared pair-meeting counts (with the total fixed, the variance) plus a heavy price
// for every meeting of a forbidden pair (and, if asked, for uneven table numbers). Seat numbers
// are chosen afterwards (seats.ts), and so is the order of a round's tables (tables.ts): neither
// changes who meets whom.
import { TABLE_SIZE, type Layout } from './layout.js';

export interface Progress {
  done: number;
  total: number;
  /** The meeting energy now: the sum over pairs of their meetings squared. */
  energy: number;
  forbiddenMet: number;
}

export interface AnnealOptions {
  moves: number;
  rand: () => number;
  /** Stop as soon as the meeting energy reaches this (a proven optimum) with no forbidden pair met. */
  target?: number;
  /** Weight of uneven table numbers against meetings (0: meetings strictly first). */
  tableWeight?: number;
  /** Called every few thousand moves; return false to stop early (a time limit). */
  onProgress?: (p: Progress) => boolean | void;
}

export interface Annealed {
  /** Slot → player (0-based), flat: round offset + table × 10 + place. */
  slots: Int32Array;
  movesDone: number;
}

const CHECK_EVERY = 1 << 15;

/** Players by slot: each plays `games` rounds, nobody twice in a round, in a seeded order. */
export function initialSlots(l: Layout, rand: () => number): Int32Array {
  const order = shuffled(l.players, rand);
  const slots = new Int32Array(l.slots);
  // Filling the slots cyclically gives everyone exactly `games` seats, never two in one round
  // (a round has at most as many seats as there are players).
  for (let s = 0; s < l.slots; s++) slots[s] = order[s % l.players]!;
  for (let r = 0; r < l.roundTables.length; r++) {
    const from = l.roundOffset[r]!;
    const n = l.roundTables[r]! * TABLE_SIZE;
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const x = slots[from + i]!;
      slots[from + i] = slots[from + j]!;
      slots[from + j] = x;
    }
  }
  return slots;
}

export function shuffled(n: number, rand: () => number): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
  }
  return a;
}

/** Pair meeting counts, symmetric, P × P. */
export function meetingMatrix(l: Layout, slots: Int32Array): Int32Array {
  const n = l.players;
  const m = new Int32Array(n * n);
  for (let g = 0; g < l.slots; g += TABLE_SIZE)
    for (let i = 0; i < TABLE_SIZE; i++)
      for (let j = i + 1; j < TABLE_SIZE; j++) {
        const a = slots[g + i]!;
        const b = slots[g + j]!;
        m[a * n + b]!++;
        m[b * n + a]!++;
      }
  return m;
}

export function meetingEnergy(n: number, m: Int32Array): number {
  let e = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) e += m[i * n + j]! ** 2;
  return e;
}

export function forbiddenMet(l: Layout, m: Int32Array): number {
  let k = 0;
  for (const [a, b] of l.forbidden) if (m[a * l.players + b]! > 0) k++;
  return k;
}

/** Run the annealing to the end (or until onProgress returns false). */
export function anneal(l: Layout, start: Int32Array, o: AnnealOptions): Annealed {
  const steps = annealing(l, start, o);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (o.onProgress?.(r.value) === false) return r.value.result();
  }
}

/** A checkpoint of the annealing: its progress, and the best seating so far should it stop here. */
export interface Checkpoint extends Progress {
  result(): Annealed;
}

/**
 * Anneal the partition (a copy of `start`). Moves: swap two players at different tables of one
 * round, or (when some sit a round out) let a sitting player take a playing one's place and give
 * it back in a round where the roles are reversed, so everyone keeps their number of games.
 * With a table weight, a player's games at one table number outside ⌊G/T⌋..⌈G/T⌉ cost energy
 * too: tables then trade against meetings (docs/tournaments.md has the measured trade-off).
 *
 * A generator: it yields a checkpoint every 32,768 moves, so a server can run it in slices
 * between other work, and a caller can stop it (the best seating so far is kept).
 */
export function* annealing(l: Layout, start: Int32Array, o: Omit<AnnealOptions, 'onProgress'>): Generator<Checkpoint, Annealed, void> {
  const n = l.players;
  const R = l.roundTables.length;
  const T = l.tables;
  const slots = start.slice();
  const m = meetingMatrix(l, slots);
  const forb = new Uint8Array(n * n);
  for (const [a, b] of l.forbidden) forb[a * n + b] = forb[b * n + a] = 1;
  // A forbidden meeting outweighs anything a move can gain on meetings (≤ 36 + 36·games).
  const W = 40 * (l.games + 1);
  const TW = T > 1 ? (o.tableWeight ?? 0) : 0;
  const tc = new Int32Array(n * T);
  // A player's games at one table number cost nothing between ⌊G/T⌋ and ⌈G/T⌉, the square of the
  // distance outside.
  const lo = Math.floor(l.games / T);
  const hi = Math.ceil(l.games / T);
  const hinge = new Float64Array(l.games + 3);
  for (let c = 0; c < hinge.length; c++) hinge[c] = c < lo ? (lo - c) ** 2 : c > hi ? (c - hi) ** 2 : 0;
  const where = new Int32Array(R * n).fill(-1);
  for (let r = 0; r < R; r++) {
    const from = l.roundOffset[r]!;
    for (let s = from; s < from + l.roundTables[r]! * TABLE_SIZE; s++) {
      where[r * n + slots[s]!] = s;
      tc[slots[s]! * T + Math.floor((s - from) / TABLE_SIZE)]!++;
    }
  }
  const swapRounds: number[] = [];
  const sitRounds: number[] = [];
  for (let r = 0; r < R; r++) {
    if (l.roundTables[r]! >= 2) swapRounds.push(r);
    if (l.roundTables[r]! * TABLE_SIZE < n) sitRounds.push(r);
  }
  const sitShare = sitRounds.length === 0 ? 0 : swapRounds.length === 0 ? 1 : 0.3;
  const meetTarget = o.target ?? -1;
  const energies = (): { meet: number; forb: number; tables: number } => {
    let f = 0;
    for (const [a, b] of l.forbidden) f += m[a * n + b]!;
    let t = 0;
    if (TW > 0) for (let i = 0; i < tc.length; i++) t += hinge[tc[i]!]!;
    return { meet: meetingEnergy(n, m), forb: f, tables: t };
  };
  const e0 = energies();
  let total = e0.meet + W * e0.forb + TW * e0.tables;
  const best = { total, slots: slots.slice() };
  const rand = o.rand;
  const moves = Math.max(0, Math.floor(o.moves));

  // The change of energy when `out` leaves table `t` (slots from `base`, its place `skip`) and `inn` takes it.
  const replaceDelta = (base: number, t: number, skip: number, out: number, inn: number): number => {
    let d = 0;
    const ro = out * n;
    const ri = inn * n;
    for (let k = base; k < base + TABLE_SIZE; k++) {
      if (k === skip) continue;
      const x = slots[k]!;
      d += 2 * (m[ri + x]! - m[ro + x]!) + 2 + W * (forb[ri + x]! - forb[ro + x]!);
    }
    if (TW > 0) {
      const ci = tc[inn * T + t]!;
      const co = tc[out * T + t]!;
      d += TW * (hinge[ci + 1]! - hinge[ci]! + hinge[co - 1]! - hinge[co]!);
    }
    return d;
  };
  const replace = (base: number, t: number, skip: number, out: number, inn: number): void => {
    const ro = out * n;
    const ri = inn * n;
    for (let k = base; k < base + TABLE_SIZE; k++) {
      if (k === skip) continue;
      const x = slots[k]!;
      const xn = x * n;
      m[ro + x]!--;
      m[xn + out]!--;
      m[ri + x]!++;
      m[xn + inn]!++;
    }
    tc[out * T + t]!--;
    tc[inn * T + t]!++;
    slots[skip] = inn;
  };

  const T0 = 4;
  const T1 = 0.3;
  let temp = T0;
  const cool = moves > 0 ? Math.pow(T1 / T0, 1 / moves) : 1;
  let done = 0;
  for (; done < moves; done++) {
    if ((done & (CHECK_EVERY - 1)) === 0 && done > 0) {
      if (total < best.total) {
        best.total = total;
        best.slots.set(slots);
      }
      const e = energies();
      if (e.forb === 0 && e.meet <= meetTarget && e.tables === 0) break;
      const at = done;
      yield { done, total: moves, energy: e.meet, forbiddenMet: e.forb, result: () => ({ slots: best.slots.slice(), movesDone: at }) };
    }
    temp *= cool;
    if (sitShare > 0 && rand() < sitShare) {
      // A sitting player b takes a's place in round r; a takes b's place in a round r2 where b
      // plays and a sits out (there is one: they play the same number of games).
      const r = sitRounds[(rand() * sitRounds.length) | 0]!;
      const rn = r * n;
      const from = l.roundOffset[r]!;
      const sa = from + ((rand() * l.roundTables[r]! * TABLE_SIZE) | 0);
      const a = slots[sa]!;
      let b = (rand() * n) | 0;
      while (where[rn + b]! >= 0) b = (rand() * n) | 0;
      let r2 = -1;
      const first = (rand() * R) | 0;
      for (let i = 0; i < R; i++) {
        const q = (first + i) % R;
        if (where[q * n + b]! >= 0 && where[q * n + a]! < 0) {
          r2 = q;
          break;
        }
      }
      if (r2 < 0) continue;
      const sb = where[r2 * n + b]!;
      const from2 = l.roundOffset[r2]!;
      const ta = Math.floor((sa - from) / TABLE_SIZE);
      const tb = Math.floor((sb - from2) / TABLE_SIZE);
      const baseA = from + ta * TABLE_SIZE;
      const baseB = from2 + tb * TABLE_SIZE;
      // The second half is measured after the first: the two tables may share players.
      const d1 = replaceDelta(baseA, ta, sa, a, b);
      replace(baseA, ta, sa, a, b);
      const d = d1 + replaceDelta(baseB, tb, sb, b, a);
      if (d <= 0 || rand() < Math.exp(-d / temp)) {
        replace(baseB, tb, sb, b, a);
        where[rn + a] = -1;
        where[rn + b] = sa;
        where[r2 * n + b] = -1;
        where[r2 * n + a] = sb;
        total += d;
      } else replace(baseA, ta, sa, b, a);
    } else {
      const r = swapRounds[(rand() * swapRounds.length) | 0]!;
      const t = l.roundTables[r]!;
      const from = l.roundOffset[r]!;
      const ta = (rand() * t) | 0;
      let tb = (rand() * (t - 1)) | 0;
      if (tb >= ta) tb++;
      const baseA = from + ta * TABLE_SIZE;
      const baseB = from + tb * TABLE_SIZE;
      const sa = baseA + ((rand() * TABLE_SIZE) | 0);
      const sb = baseB + ((rand() * TABLE_SIZE) | 0);
      const a = slots[sa]!;
      const b = slots[sb]!;
      // The two tables share nobody and a, b stay at different tables, so the halves don't interact.
      const d = replaceDelta(baseA, ta, sa, a, b) + replaceDelta(baseB, tb, sb, b, a);
      if (d <= 0 || rand() < Math.exp(-d / temp)) {
        replace(baseA, ta, sa, a, b);
        replace(baseB, tb, sb, b, a);
        where[r * n + a] = sb;
        where[r * n + b] = sa;
        total += d;
      }
    }
  }
  if (total <= best.total) return { slots, movesDone: done };
  return { slots: best.slots, movesDone: done };
}

// Seat numbers. Players and games form a bipartite graph in which every game has ten players
// and every player at most ten games per "copy" (a player with more than ten games is split into
// copies of ten): by König's theorem its edges can be coloured with ten colours, no colour twice
// at a node. A colour is a seat number, so every game has seats 1–10 and every player gets each
// seat number ⌊G/10⌋ or ⌈G/10⌉ times: as even as arithmetic allows, for any G. When G is not a
// multiple of ten, Kempe-chain swaps then spread each player's seats over the halves and the
// neighbouring pairs of the table, the heavy seats (1, 2, 10) first.
import { TABLE_SIZE, type Layout } from './layout.js';

/** How much an uneven count of each seat number weighs (index 0 = seat 1): 1, 2 and 10 most. */
export const SEAT_WEIGHTS: readonly number[] = [4, 3, 1, 1, 1, 1, 1, 1, 1, 2];

/** colours[s] = seat index (0–9) of slot s. */
export function colourSeats(l: Layout, slots: Int32Array, rand: () => number, refineMoves: number): Int8Array {
  const n = l.players;
  const copies = Math.ceil(l.games / TABLE_SIZE);
  const left = new Int32Array(l.slots); // slot → player copy node
  const seen = new Int32Array(n);
  for (let s = 0; s < l.slots; s++) {
    const p = slots[s]!;
    left[s] = p * copies + Math.floor(seen[p]! / TABLE_SIZE);
    seen[p]!++;
  }
  const C = TABLE_SIZE;
  const leftAt = new Int32Array(n * copies * C).fill(-1);
  const rightAt = new Int32Array(l.slots).fill(-1); // game g = s/10: rightAt[g*10 + c]
  const colour = new Int8Array(l.slots).fill(-1);
  const set = (s: number, c: number): void => {
    colour[s] = c;
    leftAt[left[s]! * C + c] = s;
    rightAt[Math.floor(s / C) * C + c] = s;
  };
  const clear = (s: number): void => {
    const c = colour[s]!;
    leftAt[left[s]! * C + c] = -1;
    rightAt[Math.floor(s / C) * C + c] = -1;
  };
  const order = Array.from({ length: l.slots }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const path: number[] = [];
  for (const s of order) {
    const u = left[s]!;
    const v = Math.floor(s / C);
    let alpha = 0;
    while (leftAt[u * C + alpha]! >= 0) alpha++;
    if (rightAt[v * C + alpha]! < 0) {
      set(s, alpha);
      continue;
    }
    let beta = 0;
    while (rightAt[v * C + beta]! >= 0) beta++;
    // Flip the alpha/beta path that starts at the game v with colour alpha; it cannot reach u.
    path.length = 0;
    let onRight = true;
    let node = v;
    let c = alpha;
    for (;;) {
      const e: number = onRight ? rightAt[node * C + c]! : leftAt[node * C + c]!;
      if (e < 0) break;
      path.push(e);
      node = onRight ? left[e]! : Math.floor(e / C);
      onRight = !onRight;
      c = c === alpha ? beta : alpha;
    }
    for (const e of path) clear(e);
    for (const e of path) set(e, colour[e] === alpha ? beta : alpha);
    set(s, alpha);
  }
  if (l.games % TABLE_SIZE !== 0 && refineMoves > 0) refine(l, slots, left, leftAt, rightAt, colour, set, clear, rand, refineMoves);
  return colour;
}

/** Per player, games in each seat (P × 10). */
export function seatCounts(l: Layout, slots: Int32Array, colour: Int8Array): Int32Array {
  const c = new Int32Array(l.players * TABLE_SIZE);
  for (let s = 0; s < l.slots; s++) c[slots[s]! * TABLE_SIZE + colour[s]!]!++;
  return c;
}

/** A player's seat imbalance: weighted seats, neighbouring pairs (1–2, 3–4, …) and halves. */
export function seatScore(counts: ArrayLike<number>, at: number, games: number): number {
  let score = 0;
  const e1 = games / TABLE_SIZE;
  for (let k = 0; k < TABLE_SIZE; k++) score += SEAT_WEIGHTS[k]! * (counts[at + k]! - e1) ** 2;
  const e2 = games / 5;
  for (let k = 0; k < TABLE_SIZE; k += 2) score += (counts[at + k]! + counts[at + k + 1]! - e2) ** 2;
  const e5 = games / 2;
  let h = 0;
  for (let k = 0; k < 5; k++) h += counts[at + k]!;
  score += 2 * (h - e5) ** 2;
  return score;
}

function refine(
  l: Layout,
  slots: Int32Array,
  left: Int32Array,
  leftAt: Int32Array,
  rightAt: Int32Array,
  colour: Int8Array,
  set: (s: number, c: number) => void,
  clear: (s: number) => void,
  rand: () => number,
  moves: number,
): void {
  const C = TABLE_SIZE;
  const copies = Math.ceil(l.games / C);
  const counts = seatCounts(l, slots, colour);
  const chain: number[] = [];
  // The two ends of the chain: player (or -1 for a game end) and the colour it has now.
  const endPlayer = [-1, -1];
  const endHas = [0, 0];
  // Walk the alpha/beta chain from edge s away from its player (fromLeft) or game node; false
  // if it closes into a cycle (a cycle changes nobody's seats).
  const walk = (s: number, fromLeft: boolean, alpha: number, beta: number, end: number): boolean => {
    let node = fromLeft ? left[s]! : Math.floor(s / C);
    let onLeft = fromLeft;
    let c = colour[s] === alpha ? beta : alpha;
    for (;;) {
      const e: number = onLeft ? leftAt[node * C + c]! : rightAt[node * C + c]!;
      if (e === s) return false;
      if (e < 0) {
        endPlayer[end] = onLeft ? Math.floor(node / copies) : -1;
        endHas[end] = c === alpha ? beta : alpha;
        return true;
      }
      chain.push(e);
      node = onLeft ? Math.floor(e / C) : left[e]!;
      onLeft = !onLeft;
      c = c === alpha ? beta : alpha;
    }
  };
  const score = (): number => {
    let x = 0;
    for (let i = 0; i < 2; i++) if (endPlayer[i]! >= 0) x += seatScore(counts, endPlayer[i]! * C, l.games);
    return x;
  };
  const shift = (alpha: number, beta: number, sign: number): void => {
    for (let i = 0; i < 2; i++) {
      const p = endPlayer[i]!;
      if (p < 0) continue;
      const has = endHas[i]!;
      counts[p * C + has]! -= sign;
      counts[p * C + (has === alpha ? beta : alpha)]! += sign;
    }
  };
  for (let i = 0; i < moves; i++) {
    const s = (rand() * l.slots) | 0;
    const alpha = colour[s]!;
    let beta = (rand() * (C - 1)) | 0;
    if (beta >= alpha) beta++;
    chain.length = 0;
    chain.push(s);
    if (!walk(s, true, alpha, beta, 0)) continue;
    walk(s, false, alpha, beta, 1);
    // Inner nodes keep both colours; an end that is a player trades the one it has for the other.
    if (endPlayer[0]! < 0 && endPlayer[1]! < 0) continue;
    const before = score();
    shift(alpha, beta, 1);
    if (score() > before + 1e-9) {
      shift(alpha, beta, -1);
      continue;
    }
    for (const e of chain) clear(e);
    for (const e of chain) set(e, colour[e] === alpha ? beta : alpha);
  }
}

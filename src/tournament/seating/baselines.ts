// Two seatings to compare ours with: a random one (random tables, random seats) and a greedy one
// (round by round, each player to the table where they have met the fewest so far, then each to
// the free seat they have had least). Same layout, same measures.
import { TABLE_SIZE, type Layout } from './layout.js';
import { initialSlots, shuffled } from './partition.js';

/** A random seating: slots and seat colours (the place within a table is the seat). */
export function randomSeating(l: Layout, rand: () => number): { slots: Int32Array; colour: Int8Array } {
  const slots = initialSlots(l, rand);
  const colour = new Int8Array(l.slots);
  for (let s = 0; s < l.slots; s++) colour[s] = s % TABLE_SIZE;
  return { slots, colour };
}

export function greedySeating(l: Layout, rand: () => number): { slots: Int32Array; colour: Int8Array } {
  const n = l.players;
  const meet = new Int32Array(n * n);
  const forb = new Uint8Array(n * n);
  for (const [a, b] of l.forbidden) forb[a * n + b] = forb[b * n + a] = 1;
  const left = new Int32Array(n).fill(l.games);
  const seatsHad = new Int32Array(n * TABLE_SIZE);
  const slots = new Int32Array(l.slots);
  const colour = new Int8Array(l.slots);
  for (let r = 0; r < l.roundTables.length; r++) {
    const T = l.roundTables[r]!;
    const base = l.roundOffset[r]!;
    // Who plays: those with the most games left (ties at random).
    const order = shuffled(n, rand).sort((a, b) => left[b]! - left[a]!);
    const playing = order.slice(0, T * TABLE_SIZE);
    const tables: number[][] = Array.from({ length: T }, () => []);
    for (const p of shuffled(playing.length, rand).map((i) => playing[i]!)) {
      let best = -1;
      let bestCost = Infinity;
      for (let t = 0; t < T; t++) {
        if (tables[t]!.length >= TABLE_SIZE) continue;
        let cost = 0;
        for (const q of tables[t]!) cost += meet[p * n + q]! + 1000 * forb[p * n + q]!;
        if (cost < bestCost) {
          bestCost = cost;
          best = t;
        }
      }
      for (const q of tables[best]!) {
        meet[p * n + q]!++;
        meet[q * n + p]!++;
      }
      tables[best]!.push(p);
      left[p]!--;
    }
    for (let t = 0; t < T; t++) {
      const free = new Set(Array.from({ length: TABLE_SIZE }, (_, i) => i));
      for (const [k, p] of tables[t]!.entries()) {
        let seat = -1;
        for (const s of free) if (seat < 0 || seatsHad[p * TABLE_SIZE + s]! < seatsHad[p * TABLE_SIZE + seat]!) seat = s;
        free.delete(seat);
        seatsHad[p * TABLE_SIZE + seat]!++;
        slots[base + t * TABLE_SIZE + k] = p;
        colour[base + t * TABLE_SIZE + k] = seat;
      }
    }
  }
  return { slots, colour };
}

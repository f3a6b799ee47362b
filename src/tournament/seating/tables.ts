// Which game of a round is played at which table: permuting a round's tables changes nobody's
// meetings or seat numbers, so it is chosen last, to spread each player over the tables.
import { TABLE_SIZE, type Layout } from './layout.js';

/** Per player, games at each table number (P × tables). */
export function tableCounts(l: Layout, slots: Int32Array): Int32Array {
  const c = new Int32Array(l.players * l.tables);
  for (let r = 0; r < l.roundTables.length; r++)
    for (let t = 0; t < l.roundTables[r]!; t++) {
      const base = l.roundOffset[r]! + t * TABLE_SIZE;
      for (let k = 0; k < TABLE_SIZE; k++) c[slots[base + k]! * l.tables + t]!++;
    }
  return c;
}

/** Swap whole tables within rounds (in place) to even out each player's table counts. */
export function balanceTables(l: Layout, slots: Int32Array, rand: () => number, moves: number): void {
  const rounds: number[] = [];
  for (let r = 0; r < l.roundTables.length; r++) if (l.roundTables[r]! >= 2) rounds.push(r);
  if (rounds.length === 0 || l.tables < 2) return;
  const T = l.tables;
  const c = tableCounts(l, slots);
  const tmp = new Int32Array(TABLE_SIZE);
  let temp = 2;
  const cool = Math.pow(0.05 / temp, 1 / Math.max(1, moves));
  for (let i = 0; i < moves; i++, temp *= cool) {
    const r = rounds[(rand() * rounds.length) | 0]!;
    const n = l.roundTables[r]!;
    const a = (rand() * n) | 0;
    let b = (rand() * (n - 1)) | 0;
    if (b >= a) b++;
    const ba = l.roundOffset[r]! + a * TABLE_SIZE;
    const bb = l.roundOffset[r]! + b * TABLE_SIZE;
    // Σ c² changes by 2(c_b − c_a) + 2 for each player moving from table a to b, and back.
    let d = 0;
    for (let k = 0; k < TABLE_SIZE; k++) {
      const p = slots[ba + k]! * T;
      const q = slots[bb + k]! * T;
      d += 2 * (c[p + b]! - c[p + a]!) + 2 + 2 * (c[q + a]! - c[q + b]!) + 2;
    }
    if (d > 0 && rand() >= Math.exp(-d / temp)) continue;
    for (let k = 0; k < TABLE_SIZE; k++) {
      const p = slots[ba + k]! * T;
      const q = slots[bb + k]! * T;
      c[p + a]!--;
      c[p + b]!++;
      c[q + b]!--;
      c[q + a]!++;
    }
    tmp.set(slots.subarray(ba, ba + TABLE_SIZE));
    slots.copyWithin(ba, bb, bb + TABLE_SIZE);
    slots.set(tmp, bb);
  }
}

// actors(), mayAct(), legalCount() and legalAt() against legalCommands: one walk of the lister
// answers them all (legal.ts take/done), and these checks hold it to that — an actor is listed iff
// it has a legal command, and it has as many as legalCommands lists, the k-th being the same
// command — for every seat, the clock and the judge.
import { actors, legalAt, legalCommands, legalCount, mayAct, seatActors, type Actor, type GameState } from '../../src/engine/index.js';

/** Where actors(), mayAct(), legalCount() or legalAt() disagree with legalCommands on this state (empty when they agree). */
export function actorsDisagree(s: GameState): string[] {
  const out: string[] = [];
  const expected: Actor[] = [];
  for (const a of [...s.seats.map((x) => x.seat), 'clock', 'judge'] as Actor[]) {
    const all = legalCommands(s, a);
    const any = all.length > 0;
    if (any) expected.push(a);
    if (mayAct(s, a) !== any) out.push(`mayAct(${String(a)}) is ${!any} at event ${s.log.length}, legalCommands lists ${any ? 'some' : 'none'}`);
    out.push(...pickDisagrees(s, a, all));
  }
  const got = actors(s);
  if (JSON.stringify(got) !== JSON.stringify(expected)) out.push(`actors ${JSON.stringify(got)} at event ${s.log.length}, legalCommands: ${JSON.stringify(expected)}`);
  // Asked again for the same state (the kept answer), and changed by the caller: still the same.
  got.push('clock');
  if (JSON.stringify(actors(s)) !== JSON.stringify(expected)) out.push(`actors asked again at event ${s.log.length} changed`);
  // seatActors: the same seats, written over what the array held, their count returned.
  const seats: Actor[] = [99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84];
  const n = seatActors(s, seats);
  const wanted = expected.filter((a) => typeof a === 'number');
  if (JSON.stringify(seats.slice(0, n)) !== JSON.stringify(wanted)) out.push(`seatActors ${JSON.stringify(seats.slice(0, n))} at event ${s.log.length}, legalCommands: ${JSON.stringify(wanted)}`);
  return out;
}

/**
 * legalCount and legalAt against the list: the count, and the k-th command for the first few k,
 * the last, and every few between (every k of a judge's long list at every step would make the
 * property tests quadratic), and nothing before the first or past the last.
 */
function pickDisagrees(s: GameState, a: Actor, all: unknown[]): string[] {
  const out: string[] = [];
  const at = `of ${String(a)} at event ${s.log.length}`;
  const n = legalCount(s, a);
  if (n !== all.length) out.push(`legalCount ${at} is ${n}, legalCommands lists ${all.length}`);
  // Right after legalCount, legalAt takes from the list it kept, once: asked again, a new object.
  const k = Math.floor(n / 2);
  const first = legalAt(s, a, k);
  if (JSON.stringify(first) !== JSON.stringify(all[k])) out.push(`legalAt(${k}) after legalCount ${at} is ${JSON.stringify(first)}, legalCommands: ${JSON.stringify(all[k])}`);
  if (n > 0 && legalAt(s, a, k) === first) out.push(`legalAt(${k}) ${at} handed out the same object twice`);
  legalCount(s, a);
  if (legalAt(s, a, n) !== undefined) out.push(`legalAt(${n}) after legalCount ${at} is not undefined`);
  const step = Math.max(1, Math.ceil(all.length / 8));
  for (let k = 0; k < all.length; k += k < 8 ? 1 : step) {
    if (JSON.stringify(legalAt(s, a, k)) !== JSON.stringify(all[k])) out.push(`legalAt(${k}) ${at} is ${JSON.stringify(legalAt(s, a, k))}, legalCommands: ${JSON.stringify(all[k])}`);
  }
  if (all.length > 0 && JSON.stringify(legalAt(s, a, all.length - 1)) !== JSON.stringify(all[all.length - 1])) out.push(`legalAt(last) ${at} differs from legalCommands`);
  for (const k of [all.length, -1, 0.5]) if (legalAt(s, a, k) !== undefined) out.push(`legalAt(${k}) ${at} is ${JSON.stringify(legalAt(s, a, k))}, out of range`);
  return out;
}

// actors() and mayAct() against legalCommands: one lister answers both, and these checks hold it
// to that — an actor is listed iff it has a legal command, for every seat, the clock and the judge.
import { actors, legalCommands, mayAct, type Actor, type GameState } from '../../src/engine/index.js';

/** Where actors() or mayAct() disagree with legalCommands on this state (empty when they agree). */
export function actorsDisagree(s: GameState): string[] {
  const out: string[] = [];
  const expected: Actor[] = [];
  for (const a of [...s.seats.map((x) => x.seat), 'clock', 'judge'] as Actor[]) {
    const any = legalCommands(s, a).length > 0;
    if (any) expected.push(a);
    if (mayAct(s, a) !== any) out.push(`mayAct(${String(a)}) is ${!any} at event ${s.log.length}, legalCommands lists ${any ? 'some' : 'none'}`);
  }
  const got = actors(s);
  if (JSON.stringify(got) !== JSON.stringify(expected)) out.push(`actors ${JSON.stringify(got)} at event ${s.log.length}, legalCommands: ${JSON.stringify(expected)}`);
  // Asked again for the same state (the kept answer), and changed by the caller: still the same.
  got.push('clock');
  if (JSON.stringify(actors(s)) !== JSON.stringify(expected)) out.push(`actors asked again at event ${s.log.length} changed`);
  return out;
}

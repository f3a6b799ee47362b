// Tables for the rule-variant and fiim tests: the classic deal (black 5 don, 7, 10; sheriff 2),
// and scripted paths to the tables those rules talk about (nine players, four players).
import type { Command, RoleId, Setup } from '../../src/engine/index.js';
import { Table } from './scenario.js';

export const DEAL: RoleId[] = ['civilian', 'sheriff', 'civilian', 'civilian', 'don', 'civilian', 'mafia', 'civilian', 'civilian', 'mafia'];
export const BLACK = [5, 7, 10];

export function table(preset: Setup['preset'], options?: Record<string, unknown>): Table {
  return Table.deal(preset, DEAL, options);
}

/** Day speeches only, with nominations from `noms`: stops at anything else (a last word, a vote). */
export function daySpeeches(t: Table, noms: Record<number, number> = {}): Table {
  for (let st = t.state.stage; st.kind === 'speech' && st.speech === 'day'; st = t.state.stage) {
    if (noms[st.seat] !== undefined) t.do({ by: st.seat, do: 'nominate', target: noms[st.seat]! });
    t.do({ by: st.seat, do: 'endSpeech' });
  }
  return t;
}

/** The living black players shoot `target` (null: a miss), and the clock closes the night. */
export function shoot(t: Table, target: number | null): Table {
  const cmds: Command[] = BLACK.filter((b) => t.state.seats[b - 1]!.alive).map((b) => ({ by: b, do: 'shoot', target }));
  return t.night(cmds);
}

/** Night 1, a day 1 without nominations, night 2 the mafia kill seat 1: day 2 at nine players. */
export function atNine(t: Table): Table {
  t.night([]).speeches();
  return shoot(t, 1).talkThrough();
}

/**
 * Down to four, one black (10) and three red (2, 8, 9), at the start of day 5: single candidates
 * leave on days 2–4 (don 5, mafia 7, civilian 6), the mafia kill 1, 3 and 4 on nights 2–4 and
 * miss on night 5.
 */
export function atFour(t: Table): Table {
  atNine(t).speeches({ 2: 5 }).talkThrough();
  shoot(t, 3).talkThrough().speeches({ 2: 7 }).talkThrough();
  shoot(t, 4).talkThrough().speeches({ 2: 6 }).talkThrough();
  return shoot(t, null);
}

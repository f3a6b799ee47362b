// Day speeches and nominations (R4, R5; fiim 7.5, 9.5.1): what a speaker may do in the turn the
// day flow gave them (day-flow.ts SPEECHES).
import { SPEECHES } from './day-flow.js';
import { targetAlive } from './discipline.js';
import { emit, PUBLIC, emitNominated, emitSpeechEnded } from './emit.js';
import { dayOptions } from './options.js';
import { reject } from './rejection.js';
import { rulesOf, type Handler } from './rules.js';
import type { GameState } from './state.js';

export const endSpeech: Handler = (c, cmd) => {
  const st = c.s.stage;
  if (st.kind !== 'speech') return reject('wrongPhase', 'R4');
  // The speaker's number, or the clock or the judge: numbers and strings compared apart (command.ts).
  const by = cmd.by;
  if (typeof by === 'number' ? by !== st.seat : by !== 'clock' && by !== 'judge') return reject('notYourTurn', 'R4');
  emitSpeechEnded(c, { t: 'speechEnded', seat: st.seat, by: cmd.by, n: c.s.log.length, vis: PUBLIC, rule: 'R4', phase: c.s.phase, number: c.s.number });
  return null;
};

/** A turn without a speech (fiim 9.5.1) has no words: checked by `say` here and in club's floor. */
export function mayTalk(s: GameState): boolean {
  const st = s.stage;
  return st.kind === 'speech' && SPEECHES[st.speech].talk;
}

export const say: Handler = (c, cmd) => {
  const st = c.s.stage;
  if (st.kind !== 'speech') return reject('wrongPhase', 'R4');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R4');
  if (!mayTalk(c.s)) return reject('silenced', 'fiim 9.5.1');
  const text = cmd.text;
  if (typeof text !== 'string' || text.trim().length === 0) return reject('malformed', undefined, 'text');
  if (text.length > c.s.options.sayMaxLength) return reject('textTooLong');
  emit(c, { t: 'said', seat: st.seat, text }, PUBLIC, 'R4');
  return null;
};

function nominating(s: GameState): boolean {
  const st = s.stage;
  return st.kind === 'speech' && SPEECHES[st.speech].nominate;
}

export const nominate: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'speech' || !nominating(s)) return reject('wrongPhase', 'R5');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R5');
  if (rulesOf(s).mutedToday(s, st.seat)) return reject('silenced', 'R23');
  const bad = targetAlive(s, cmd.target);
  if (bad !== null) return bad;
  const target = cmd.target as number;
  // fiim 7.5.2: a new nomination in the same speech replaces the earlier one.
  const replace = s.speechNominated === true && dayOptions(s.options).withdrawNomination === 'auto';
  for (const n of s.nominations) {
    if (n.target === target) return reject('alreadyNominated', 'R5');
    if (n.by === st.seat && !replace) return reject('nominationLimit', 'R5');
  }
  const mine = s.nominations.find((n) => n.by === st.seat);
  if (mine) emit(c, { t: 'nominationWithdrawn', by: st.seat, target: mine.target }, PUBLIC, 'fiim 7.5.2');
  emitNominated(c, { t: 'nominated', by: st.seat, target, n: s.log.length, vis: PUBLIC, rule: 'R5', phase: s.phase, number: s.number });
  return null;
};

export const withdraw: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'speech' || !nominating(s)) return reject('wrongPhase', 'R5');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R5');
  if (dayOptions(s.options).withdrawNomination === 'never') return reject('notAllowed', 'fiim 7.5.3');
  const mine = s.nominations.find((n) => n.by === st.seat);
  if (s.speechNominated !== true || !mine) return reject('nothingToWithdraw', 'R5');
  emit(c, { t: 'nominationWithdrawn', by: st.seat, target: mine.target }, PUBLIC, 'R5');
  return null;
};

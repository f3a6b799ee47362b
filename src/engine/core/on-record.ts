// Colours left «on record» (fiim 6.7–6.8; options onRecord, onRecordMax): a speaker names players
// as red or black, the judge writes it down for extra points. Once a speech, never changed.
import type { SpeechKind } from './events.js';
import { emit, PUBLIC } from './emit.js';
import { dayOptions, type DayOptions } from './options.js';
import { reject } from './rejection.js';
import type { Handler } from './rules.js';
import type { GameState } from './state.js';

/** Which speeches may leave colours on record, by the option's value (fiim 6.7.1–6.7.5). */
const WHO: Record<DayOptions['onRecord'], (s: GameState, kind: SpeechKind, seat: number) => boolean> = {
  none: () => false,
  nightKilled: (s, kind, seat) => kind === 'last' && s.seats[seat - 1]?.exit?.cause === 'kill',
  killed: (s, kind, seat) => kind === 'last' && (s.seats[seat - 1]?.exit?.cause === 'kill' || s.seats[seat - 1]?.exit?.cause === 'vote'),
  exceptTie: (_s, kind) => kind !== 'tie' && kind !== 'silent',
  all: (_s, kind) => kind !== 'silent',
};

function recordedThisSpeech(s: GameState, seat: number): boolean {
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'speechStarted') return false;
    if (e.t === 'leftOnRecord' && e.seat === seat) return true;
  }
  return false;
}

export function mayLeaveOnRecord(s: GameState, seat: number): boolean {
  const st = s.stage;
  if (st.kind !== 'speech' || st.seat !== seat) return false;
  // Asked at every speaker's listing: most tables leave no colours (none), told without the keyed lookup.
  const who = dayOptions(s.options).onRecord;
  return who !== 'none' && WHO[who](s, st.speech, seat) && !recordedThisSpeech(s, seat);
}

export const onRecord: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'speech') return reject('wrongPhase', 'fiim 6.7');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'fiim 6.7');
  if (!WHO[dayOptions(s.options).onRecord](s, st.speech, st.seat)) return reject('notAllowed', 'fiim 6.7');
  if (recordedThisSpeech(s, st.seat)) return reject('alreadyActed', 'fiim 6.8');
  const red = cmd.red ?? [];
  const black = cmd.black ?? [];
  const all = [...red, ...black];
  if (all.length === 0 || new Set(all).size !== all.length || all.includes(st.seat)) return reject('malformed', 'fiim 6.7', 'red, black: other seats, each once');
  const max = dayOptions(s.options).onRecordMax;
  if (max > 0 && all.length > max) return reject('limitReached', 'fiim 6.8');
  emit(c, { t: 'leftOnRecord', seat: st.seat, red: red.slice(), black: black.slice() }, PUBLIC, 'fiim 6.7');
  return null;
};

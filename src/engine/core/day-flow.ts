// The day flow as data: what each kind of speech turn allows and how long it runs, which turn a
// seat gets when the speaking order reaches it, who opens the day, and the timer every stage
// needs. The engine's interpreter (game.ts advance), the server's clock, the judge console and
// the bots all read this one declaration. Variants are rows of the tables below, picked by the
// game's options (option-defs-day.ts); a new variant is a row and an option value.
import type { Command } from './command.js';
import type { SkipCause, SpeechKind } from './events.js';
import { dayOptions, type DayOptions, type Options } from './options.js';
import { rulesOf } from './rules.js';
import type { GameState } from './state.js';
import { livingCount, nextLiving } from './table.js';

/** A silenced player's turn to nominate without a speech (fiim 9.5.1): a judge's short pause. */
export const SILENT_TURN_SECONDS = 10;

export interface SpeechDecl {
  /** May the speaker talk (`say`)? */
  talk: boolean;
  /** May the speaker nominate (and withdraw)? */
  nominate: boolean;
  seconds: (o: Options) => number;
  rule: string;
}

/** R4, R5, R9, R10, fiim 7.16.2, fiim 9.5.1. */
export const SPEECHES: Record<SpeechKind, SpeechDecl> = {
  day: { talk: true, nominate: true, seconds: (o) => o.speechSeconds, rule: 'R4' },
  tie: { talk: true, nominate: false, seconds: (o) => o.tieSpeechSeconds, rule: 'R9' },
  last: { talk: true, nominate: false, seconds: (o) => o.lastWordSeconds, rule: 'R10' },
  respeech: { talk: true, nominate: false, seconds: (o) => dayOptions(o).shortSpeechSeconds, rule: 'fiim 7.16' },
  silent: { talk: false, nominate: true, seconds: () => SILENT_TURN_SECONDS, rule: 'fiim 9.5.1' },
};

/** The current speech's declaration and length, or null when no one is speaking. */
export function currentSpeech(s: GameState): { kind: SpeechKind; seat: number; seconds: number; decl: SpeechDecl } | null {
  const st = s.stage;
  if (st.kind !== 'speech') return null;
  const decl = SPEECHES[st.speech];
  const seconds = st.short === true ? dayOptions(s.options).shortSpeechSeconds : decl.seconds(s.options);
  return { kind: st.speech, seat: st.seat, seconds, decl };
}

/** What a seat gets when the day's speaking order reaches it. */
export type Turn = { speech: 'day' | 'silent'; short?: true; rule: string } | { skip: SkipCause; rule: string };

interface ThirdFoul {
  /** Does a third foul given during the player's own speech end it? */
  endsSpeech: boolean;
  /** The turn of a player whose next speech the third foul touched. */
  turn(s: GameState, d: DayOptions): Turn;
}

/** R6, fiim 9.5 (option thirdFoul). */
const THIRD_FOUL: Record<DayOptions['thirdFoul'], ThirdFoul> = {
  loseSpeech: {
    endsSpeech: true,
    turn: (s, d) =>
      livingCount(s) <= d.silencedShortAt
        ? { speech: 'day', short: true, rule: 'fiim 9.5.1' }
        : d.silencedMayNominate
          ? { speech: 'silent', rule: 'fiim 9.5.1' }
          : { skip: 'fouls', rule: 'R6' },
  },
  shortSpeech: { endsSpeech: false, turn: () => ({ speech: 'day', short: true, rule: 'fiim 9.5.2' }) },
  none: { endsSpeech: false, turn: () => ({ speech: 'day', rule: 'fiim 9.5.3' }) },
};

export function thirdFoulEndsSpeech(s: GameState): boolean {
  return THIRD_FOUL[dayOptions(s.options).thirdFoul].endsSpeech;
}

/** The ordinary turns, one frozen object each: the day flow asks for every speaker. */
const DAY_TURN: Turn = Object.freeze({ speech: 'day', rule: 'R3' });
const FROZEN_TURN: Turn = Object.freeze({ skip: 'frozen', rule: 'R23' });

/** The day-speech turn of a seat (R3, R6, club R23, fiim 9.5). */
export function dayTurn(s: GameState, seat: number): Turn {
  const muted = rulesOf(s).mutedToday(s, seat);
  if (s.seats[seat - 1]!.silenced) {
    const d = dayOptions(s.options);
    const turn = THIRD_FOUL[d.thirdFoul].turn(s, d);
    if ('skip' in turn || !muted) return turn;
  }
  if (muted) return FROZEN_TURN;
  return DAY_TURN;
}

/** R3, fiim 6.3 (option rotation): the seat that opens the next day. */
const ROTATION: Record<DayOptions['rotation'], (s: GameState) => number> = {
  opener: (s) => nextLiving(s, s.firstSpeaker),
  closer: (s) => {
    let order: readonly number[] = [];
    for (let i = s.log.length - 1; i >= 0 && order.length === 0; i--) {
      const e = s.log[i]!;
      if (e.t === 'dayStarted') order = e.order;
    }
    const closer = order[order.length - 1];
    return closer === undefined ? nextLiving(s, s.firstSpeaker) : nextLiving(s, nextLiving(s, closer));
  },
};

export function dayOpener(s: GameState): number {
  if (s.firstSpeaker === 0) return s.seats[0]?.alive === true ? 1 : nextLiving(s, 1);
  return ROTATION[dayOptions(s.options).rotation](s);
}

/** Which timer a stage runs (R2: the engine has no clock; the host sends `command` when it ends). */
export type TimerKind = 'speech' | 'tieSpeech' | 'lastWord' | 'respeech' | 'silentTurn' | 'vote' | 'night' | 'introNight' | 'day' | 'lawyer' | 'kamikaze';

export interface StageTimer {
  kind: TimerKind;
  seat?: number;
  /** The length when the rules or the table's options give it; else `clock` names the host's setting. */
  seconds?: number;
  clock?: 'voteSeconds' | 'nightSeconds' | 'introNightSeconds';
  /** The last seconds are announced (speeches, GC «осталось 10 секунд»). */
  warn: boolean;
  command: Command;
}

const SPEECH_TIMER: Record<SpeechKind, TimerKind> = { day: 'speech', tie: 'tieSpeech', last: 'lastWord', respeech: 'respeech', silent: 'silentTurn' };

/** The timer of the current stage, or null when nothing waits on one. */
export function stageTimer(s: GameState): StageTimer | null {
  if (s.finished === true) return null;
  const st = s.stage;
  const speech = currentSpeech(s);
  if (speech) return { kind: SPEECH_TIMER[speech.kind], seat: speech.seat, seconds: speech.seconds, warn: true, command: { by: 'clock', do: 'endSpeech' } };
  if (st.kind === 'vote') return { kind: 'vote', clock: 'voteSeconds', warn: false, command: { by: 'clock', do: 'closeVote' } };
  if (st.kind === 'night') return { kind: st.intro === true ? 'introNight' : 'night', clock: st.intro === true ? 'introNightSeconds' : 'nightSeconds', warn: false, command: { by: 'clock', do: 'endNight' } };
  // A day without speeches (forum) is timed by its preset.
  if (st.kind === 'idle' && s.phase === 'day') return rulesOf(s).dayTimer?.(s) ?? null;
  return null;
}

const STAGE_EVENTS = new Set(['speechStarted', 'votingStarted', 'nightStarted', 'dayStarted', 'lawyerDeadlinePassed', 'kamikazeAwaits']);

/** The log index of the event that opened the current stage: a timer belongs to it. */
export function stageStart(s: GameState): number {
  for (let i = s.log.length - 1; i >= 0; i--) if (STAGE_EVENTS.has(s.log[i]!.t)) return i;
  return -1;
}

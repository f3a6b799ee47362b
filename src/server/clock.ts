// Which timer runs in a stage (R2: the engine has no clock; the server issues `clock` commands).
import type { Command, GameState } from '../engine/index.js';
import type { ClockOptions } from './storage.js';

export type TimerKind = 'speech' | 'tieSpeech' | 'lastWord' | 'vote' | 'night' | 'introNight';

export interface TimerSpec {
  kind: TimerKind;
  seat?: number;
  ms: number;
  /** Warn this many ms before the deadline (speeches: 10 s). */
  warnMs: number;
  command: Command;
}

export const WARNING_MS = 10_000;

export const DEFAULT_CLOCK: ClockOptions = { auto: true, introNightSeconds: 30, nightSeconds: 60, voteSeconds: 30 };

const STAGE_EVENTS = new Set(['speechStarted', 'votingStarted', 'nightStarted']);

/** The log index of the event that opened the current stage: a timer belongs to it. */
export function stageKey(s: GameState): number {
  for (let i = s.log.length - 1; i >= 0; i--) if (STAGE_EVENTS.has(s.log[i]!.t)) return i;
  return -1;
}

export function timerFor(s: GameState, clock: ClockOptions, scale: number): TimerSpec | null {
  if (s.finished) return null;
  const st = s.stage;
  const o = s.options;
  const sec = (n: number): number => Math.round(n * 1000 * scale);
  if (st.kind === 'speech') {
    const seconds = st.speech === 'day' ? o.speechSeconds : st.speech === 'tie' ? o.tieSpeechSeconds : o.lastWordSeconds;
    const kind: TimerKind = st.speech === 'day' ? 'speech' : st.speech === 'tie' ? 'tieSpeech' : 'lastWord';
    return { kind, seat: st.seat, ms: sec(seconds), warnMs: Math.min(sec(10), sec(seconds)), command: { by: 'clock', do: 'endSpeech' } };
  }
  if (st.kind === 'vote') return { kind: 'vote', ms: sec(clock.voteSeconds), warnMs: 0, command: { by: 'clock', do: 'closeVote' } };
  if (st.kind === 'night') {
    const seconds = st.intro ? clock.introNightSeconds : clock.nightSeconds;
    return { kind: st.intro ? 'introNight' : 'night', ms: sec(seconds), warnMs: 0, command: { by: 'clock', do: 'endNight' } };
  }
  return null;
}

// The server's clock (R2: the engine has no clock; the server sends its `clock` commands). Which
// timer a stage runs, its length and its command come from the engine's day flow (stageTimer);
// the server supplies only what it owns: vote and night lengths, and the time scale.
import { stageStart, stageTimer, type Command, type GameState, type TimerKind } from '../engine/index.js';
import type { ClockOptions } from './storage.js';

export type { TimerKind } from '../engine/index.js';

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

/** The log index of the event that opened the current stage: a timer belongs to it. */
export function stageKey(s: GameState): number {
  return stageStart(s);
}

export function timerFor(s: GameState, clock: ClockOptions, scale: number): TimerSpec | null {
  const t = stageTimer(s);
  if (!t) return null;
  const seconds = t.seconds ?? (t.clock ? clock[t.clock] : 0);
  const ms = Math.round(seconds * 1000 * scale);
  const spec: TimerSpec = { kind: t.kind, ms, warnMs: t.warn ? Math.min(Math.round(WARNING_MS * scale), ms) : 0, command: t.command };
  if (t.seat !== undefined) spec.seat = t.seat;
  return spec;
}

// The speech timer as a pure state machine: the clock is passed in, so tests drive it and the
// console ticks it from requestAnimationFrame/setInterval. It reports a 10-second warning and
// the end once each (R2: the host owns the clock; guide-classic: "осталось 10 секунд").
export interface TimerState {
  totalMs: number;
  /** Remaining time when the timer was last paused or started. */
  leftMs: number;
  /** When it was started (ms), or null when paused. */
  since: number | null;
  warned: boolean;
  ended: boolean;
}

export type TimerSignal = 'warn' | 'end';

export const WARN_MS = 10_000;

export function timerNew(totalMs: number): TimerState {
  return { totalMs, leftMs: totalMs, since: null, warned: false, ended: false };
}

export function remaining(t: TimerState, now: number): number {
  if (t.since === null) return t.leftMs;
  return Math.max(0, t.leftMs - (now - t.since));
}

export function running(t: TimerState): boolean {
  return t.since !== null;
}

export function timerStart(t: TimerState, now: number): TimerState {
  if (t.since !== null || t.leftMs <= 0) return t;
  return { ...t, since: now };
}

export function timerPause(t: TimerState, now: number): TimerState {
  if (t.since === null) return t;
  return { ...t, leftMs: remaining(t, now), since: null };
}

export function timerToggle(t: TimerState, now: number): TimerState {
  return t.since === null ? timerStart(t, now) : timerPause(t, now);
}

/** +/−: adding time re-arms the warning and the end when the timer moves back above them. */
export function timerAdjust(t: TimerState, deltaMs: number, now: number): TimerState {
  const left = Math.max(0, remaining(t, now) + deltaMs);
  const next: TimerState = { ...t, leftMs: left, since: t.since === null ? null : now };
  if (left > WARN_MS) next.warned = false;
  if (left > 0) next.ended = false;
  return next;
}

export function timerReset(totalMs: number): TimerState {
  return timerNew(totalMs);
}

/** Advance to `now`: the signals that fire now (each at most once until re-armed). */
export function timerTick(t: TimerState, now: number): { state: TimerState; signals: TimerSignal[] } {
  const left = remaining(t, now);
  const signals: TimerSignal[] = [];
  let state = t;
  if (!t.warned && t.since !== null && left <= WARN_MS && t.totalMs > WARN_MS) {
    signals.push('warn');
    state = { ...state, warned: true };
  }
  if (!t.ended && left <= 0 && t.since !== null) {
    signals.push('end');
    state = { ...state, ended: true, leftMs: 0, since: null };
  }
  return { state, signals };
}

export function formatClock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

// The console and a table display open in the same browser (a judge's laptop with a projector)
// talk over a BroadcastChannel: the display re-reads the game when told, and shows the judge's
// timer, which lives only in the console (R2: the host owns the clock).
import type { TimerState } from './timer.js';

export type TableMsg = { type: 'game'; id: string } | { type: 'timer'; id: string; timer: TimerState | null; seat: number | null; at: number };

export function tableChannel(id: string): BroadcastChannel | null {
  const BC = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  if (!BC) return null;
  try {
    return new BC(`gorod-table-${id}`);
  } catch {
    return null;
  }
}

const TIMER_KEY = (id: string): string => `gorod.judge.timer.${id}`;

export function saveTimer(id: string, msg: Extract<TableMsg, { type: 'timer' }>): void {
  try {
    globalThis.localStorage?.setItem(TIMER_KEY(id), JSON.stringify(msg));
  } catch {
    /* storage unavailable */
  }
}

export function loadTimer(id: string): Extract<TableMsg, { type: 'timer' }> | null {
  try {
    const raw = globalThis.localStorage?.getItem(TIMER_KEY(id));
    return raw ? (JSON.parse(raw) as Extract<TableMsg, { type: 'timer' }>) : null;
  } catch {
    return null;
  }
}

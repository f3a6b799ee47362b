// A key for an answer kept for one state (legal.ts: actors(), the list legalCount built): what
// stands for the state's content, so that a cache can tell the same state from a changed one.
import type { GameState } from './state.js';

/**
 * What stands for a state's content: the state object, its log, the log's length and its last
 * event. A state changes only by events appended to its log (apply), and a fork (decide) is
 * another object with a log of its own.
 */
export interface StateKey {
  s: unknown;
  log: unknown;
  len: number;
  last: unknown;
}

/** Is `k` the key of this state as it is now? */
export function isKept(s: GameState, k: StateKey): boolean {
  const log = s.log;
  return k.s === s && k.log === log && k.len === log.length && k.last === log[log.length - 1];
}

/** Make `k` the key of this state as it is now. */
export function keyTo(s: GameState, k: StateKey): void {
  const log = s.log;
  k.s = s;
  k.log = log;
  k.len = log.length;
  k.last = log[log.length - 1];
}

// The one path by which a command changes a game: each event is stamped, evolved and kept.
import { evolve } from './evolve.js';
import type { EventBody, GameEvent, Visibility } from './events.js';
import type { GameState } from './state.js';

/**
 * What a handler works on: the state. A command's events are the ones it appends to the log
 * (apply returns that part of the log), so they are not collected apart.
 */
export interface Ctx {
  s: GameState;
}

/**
 * The one place an event is stamped (its index, visibility, rule, phase and number) and handed to
 * evolve — the start of a game (setup.ts) and every command (emit) pass through it.
 */
export function stamp(s: GameState, body: EventBody, vis: Visibility, rule: string): GameEvent {
  const e = body as GameEvent;
  e.n = s.log.length;
  e.vis = vis;
  e.rule = rule;
  evolve(s, e);
  // Stamped after evolve so that dayStarted/nightStarted carry the phase they open.
  e.phase = s.phase;
  e.number = s.number;
  return e;
}

/**
 * emit for an event written in its final shape at the emit site, its stamp's values filled in
 * there too: `n: s.log.length` and the phase and number as they are. Stamping then writes into
 * none of the many event shapes (each such store would be a megamorphic one) — only an event that
 * opens a phase (dayStarted, nightStarted) gets the phase it opens. The frequent events of a day
 * go this way (W1 speed, issue 18).
 */
export function emitEvent(c: Ctx, e: GameEvent): void {
  stampEvent(c.s, e);
}

/** stamp for an event already in its final shape (emitEvent; the deal's frequent events). */
export function stampEvent(s: GameState, e: GameEvent): GameEvent {
  const phase = s.phase;
  const number = s.number;
  evolve(s, e);
  if (s.phase !== phase || s.number !== number) {
    e.phase = s.phase;
    e.number = s.number;
  }
  return e;
}

/** Handlers never change a state themselves: they emit, and evolve alone applies the event. */
export function emit(c: Ctx, body: EventBody, vis: Visibility, rule: string): void {
  stamp(c.s, body, vis, rule);
}

export const PUBLIC: Visibility = 'public';
export const JUDGE: Visibility = 'judge';
export const BLACK: Visibility = 'black';

// The one path by which a command changes a game: each event is stamped, evolved and kept.
import { evolve } from './evolve.js';
import type { EventBody, GameEvent, Visibility } from './events.js';
import type { GameState } from './state.js';

export interface Ctx {
  s: GameState;
  out: GameEvent[];
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
 * emit for an event written in its final shape at the emit site (the stamp's fields present, their
 * values set here): stamping then changes no object's shape and grows no property store — the
 * frequent events of a day go this way (W1 speed, issue 18).
 */
export function emitEvent(c: Ctx, e: GameEvent): void {
  c.out.push(stampEvent(c.s, e));
}

/** stamp for an event already in its final shape (emitEvent; the deal's frequent events). */
export function stampEvent(s: GameState, e: GameEvent): GameEvent {
  e.n = s.log.length;
  evolve(s, e);
  e.phase = s.phase;
  e.number = s.number;
  return e;
}

/** Handlers never change a state themselves: they emit, and evolve alone applies the event. */
export function emit(c: Ctx, body: EventBody, vis: Visibility, rule: string): void {
  c.out.push(stamp(c.s, body, vis, rule));
}

export const PUBLIC: Visibility = 'public';
export const JUDGE: Visibility = 'judge';
export const BLACK: Visibility = 'black';

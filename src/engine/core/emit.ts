// The one path by which a command changes a game: each event is stamped, evolved and kept.
import { evolve } from './evolve.js';
import type { EventBody, GameEvent, Visibility } from './events.js';
import type { GameState } from './state.js';

export interface Ctx {
  s: GameState;
  out: GameEvent[];
}

export function emit(c: Ctx, body: EventBody, vis: Visibility, rule: string): void {
  const e = body as GameEvent;
  e.n = c.s.log.length;
  e.vis = vis;
  e.rule = rule;
  evolve(c.s, e);
  // Stamped after evolve so that dayStarted/nightStarted carry the phase they open.
  e.phase = c.s.phase;
  e.number = c.s.number;
  c.out.push(e);
}

export const PUBLIC: Visibility = 'public';
export const JUDGE: Visibility = 'judge';
export const BLACK: Visibility = 'black';

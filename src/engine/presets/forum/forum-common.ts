// Pieces the forum day and night share: leaving the game, what a death sets off (sergeant,
// don by lot), the win (R49) and the phase changes (R1: day d, then night d).
import { emit, PUBLIC, type Ctx } from '../../core/emit.js';
import type { GameEvent } from '../../core/events.js';
import { checkWin } from '../../core/outcome.js';
import { mulberryStep } from '../../core/rng.js';
import type { GameState } from '../../core/state.js';
import type { Cause, RoleId, Team } from '../../core/vocab.js';

export const BLACK_ROLES: readonly RoleId[] = ['don', 'mafia'];
export const SHOOTING_ROLES: readonly RoleId[] = ['don', 'mafia', 'commissar', 'maniac', 'kamikaze'];

export function livingSeats(s: GameState): number[] {
  const out: number[] = [];
  for (const x of s.seats) if (x.alive) out.push(x.seat);
  return out;
}

export function livingBlack(s: GameState): number[] {
  const out: number[] = [];
  for (const x of s.seats) if (x.alive && x.team === 'black') out.push(x.seat);
  return out;
}

export function roleOf(s: GameState, seat: number): RoleId {
  return s.seats[seat - 1]!.role;
}

export function isAlive(s: GameState, seat: number): boolean {
  return s.seats[seat - 1]?.alive === true;
}

/** A player leaves: the public post, and the role when the table reveals roles on exit (or `reveal`). */
export function exitPlayer(c: Ctx, seat: number, cause: Cause, rule: string, reveal = false, reason?: string): void {
  const body = { t: 'eliminated', seat, cause, lastWord: false } as GameEvent;
  if (reason !== undefined) (body as { reason?: string }).reason = reason;
  emit(c, body, PUBLIC, rule);
  if (reveal || c.s.options.revealRoles === 'onExit') emit(c, { t: 'roleRevealed', seat, role: roleOf(c.s, seat) }, PUBLIC, rule);
}

/**
 * What deaths set off: the sergeant becomes commissar, announced to all (case 7, R47); in a game
 * with a kamikaze a dead don is succeeded by lot among living mafia, told to the team (case 8, R48).
 */
export function afterDeaths(c: Ctx, dead: readonly number[]): void {
  const s = c.s;
  const f = s.forum;
  if (dead.some((d) => roleOf(s, d) === 'commissar') && !s.seats.some((x) => x.alive && x.role === 'commissar')) {
    const sergeant = s.seats.find((x) => x.alive && x.role === 'sergeant');
    if (sergeant) emit(c, { t: 'roleChanged', seat: sergeant.seat, from: 'sergeant', to: 'commissar' }, PUBLIC, 'forum-mafia ФМ 7, R47');
  }
  if (f?.hasKamikaze && dead.some((d) => roleOf(s, d) === 'don') && !s.seats.some((x) => x.alive && x.role === 'don')) {
    const pool = s.seats.filter((x) => x.alive && x.role === 'mafia').map((x) => x.seat);
    if (pool.length > 0) {
      const [r, next] = mulberryStep(s.rng);
      const seat = pool[Math.floor(r * pool.length)]!;
      emit(c, { t: 'roleChanged', seat, from: 'mafia', to: 'don', rng: next }, livingBlack(s), 'forum-mafia ФМ 8*, R48, R54');
    }
  }
}

/** R49. */
export function forumWinner(s: GameState): Team | null | 'draw' {
  let living = 0;
  let black = 0;
  let commissar = false;
  let maniac = false;
  let neutralManiac = false;
  for (const x of s.seats) {
    if (!x.alive) continue;
    living++;
    if (x.team === 'black') black++;
    if (x.role === 'commissar') commissar = true;
    if (x.role === 'maniac') {
      maniac = true;
      if (x.team === 'neutral') neutralManiac = true;
    }
  }
  if (living === 0) return 'draw';
  if (black === 0) {
    if (!neutralManiac) return 'red';
    return living <= 2 ? 'neutral' : null;
  }
  if (black >= living - black && !commissar && !maniac) return 'black';
  return null;
}

export function startForumNight(c: Ctx): void {
  emit(c, { t: 'nightStarted', intro: false, night: c.s.number }, PUBLIC, 'R1, R52');
}

export function startForumDay(c: Ctx): void {
  emit(c, { t: 'dayStarted', day: c.s.number + 1, order: livingSeats(c.s) }, PUBLIC, 'R1, R52');
}

/** After a batch of departures: successions, then the win check; true when the game is over. */
export function settle(c: Ctx, dead: readonly number[]): boolean {
  if (dead.length > 0) afterDeaths(c, dead);
  return checkWin(c);
}

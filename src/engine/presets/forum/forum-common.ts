// Pieces the forum day and night share: leaving the game, what a death sets off (sergeant,
// don by lot), the win (R49) and the phase changes (R1: day d, then night d).
import { emit, PUBLIC, type Ctx } from '../../core/emit.js';
import type { GameEvent } from '../../core/events.js';
import { checkWin } from '../../core/outcome.js';
import { mulberryStep } from '../../core/rng.js';
import { ownShot, ROLE_DEFS, traitOf, type Trait } from '../../core/roles.js';
import type { GameState } from '../../core/state.js';
import type { Cause, RoleId, Team } from '../../core/vocab.js';
import { forumRole } from './forum-roles.js';

/**
 * Who takes over a role when its last holder dies (the roles' `succeeds` trait): the heir's role
 * and the role it takes. Announced successions come before one drawn by lot, as the source's
 * cases 7 (sergeant) and 8 (don) are read.
 */
const HEIRS: { heir: RoleId; t: Extract<Trait, { kind: 'succeeds' }> }[] = [];
for (const def of Object.values(ROLE_DEFS)) {
  const t = traitOf(forumRole(def.id), 'succeeds');
  if (t) HEIRS.push({ heir: def.id, t });
}
HEIRS.sort((a, b) => Number(a.t.lot) - Number(b.t.lot));

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
 * What deaths set off: a role whose last holder died passes to its heir (the `succeeds` trait) —
 * the sergeant becomes commissar, announced to all (case 7, R47); in a game with a kamikaze a dead
 * don is succeeded by lot among living mafia, told to the team (case 8, R48).
 */
export function afterDeaths(c: Ctx, dead: readonly number[]): void {
  const s = c.s;
  for (const { heir, t } of HEIRS) {
    if (t.withRetaliator && !s.forum?.hasKamikaze) continue;
    if (!dead.some((d) => roleOf(s, d) === t.role) || s.seats.some((x) => x.alive && x.role === t.role)) continue;
    const pool = s.seats.filter((x) => x.alive && x.role === heir);
    if (pool.length === 0) continue;
    if (!t.lot) {
      emit(c, { t: 'roleChanged', seat: pool[0]!.seat, from: heir, to: t.role }, PUBLIC, t.rule);
      continue;
    }
    const [r, next] = mulberryStep(s.rng);
    const chosen = pool[Math.floor(r * pool.length)]!;
    const vis = t.vis === 'public' ? PUBLIC : s.seats.filter((x) => x.alive && x.team === chosen.team).map((x) => x.seat);
    emit(c, { t: 'roleChanged', seat: chosen.seat, from: heir, to: t.role, rng: next }, vis, t.rule);
  }
}

/**
 * R49: red wins when no black (and no neutral — the neutral maniac) is alive; black when living
 * black ≥ the rest and no one alive shoots on his own (the commissar, a maniac); the neutral when at
 * most one other is alive.
 */
export function forumWinner(s: GameState): Team | null | 'draw' {
  let living = 0;
  let black = 0;
  let hunter = false;
  let neutral = false;
  for (const x of s.seats) {
    if (!x.alive) continue;
    living++;
    if (x.team === 'black') black++;
    if (x.team === 'neutral') neutral = true;
    if (ownShot(forumRole(x.role))) hunter = true;
  }
  if (living === 0) return 'draw';
  if (black === 0) {
    if (!neutral) return 'red';
    return living <= 2 ? 'neutral' : null;
  }
  if (black >= living - black && !hunter) return 'black';
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

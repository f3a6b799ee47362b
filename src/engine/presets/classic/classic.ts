// Classic sports mafia (classic-sports-10, guide-classic; R12–R15): the night table and the
// win rule. Other presets start from these and change what their sources change.
import { emit, PUBLIC, type Ctx } from '../../core/emit.js';
import { ROLE_DEFS } from '../../core/roles.js';
import type { PresetRules } from '../../core/rules.js';
import type { GameState } from '../../core/state.js';
import { livingByTeam } from '../../core/table.js';
import type { Team } from '../../core/vocab.js';

const SHOOTERS = new Set(
  Object.values(ROLE_DEFS)
    .filter((r) => r.abilities.some((a) => a.verb === 'shoot'))
    .map((r) => r.id),
);

/** R12: the target dies only if every living shooter shot it. */
export function unanimousShot(s: GameState, excluded?: (seat: number) => boolean): number | null {
  let target: number | null = null;
  for (const seat of s.seats) {
    if (!seat.alive || seat.team !== 'black') continue;
    if (excluded?.(seat.seat)) continue;
    if (!SHOOTERS.has(seat.role)) continue;
    let shot: number | null = null;
    for (const a of s.actions) if (a.seat === seat.seat && a.verb === 'shoot') shot = a.target;
    if (shot === null) return null;
    if (target === null) target = shot;
    else if (target !== shot) return null;
  }
  return target;
}

/** R13: the don asks "sheriff?", the sheriff asks "black?"; answers go to the checker alone. */
export function deliverChecks(c: Ctx, blocked?: (seat: number) => boolean): void {
  const s = c.s;
  // Wake order: the don's check before the sheriff's, whatever order they arrived in.
  for (const who of ['don', 'sheriff'] as const) {
    for (const a of s.actions) {
      if (a.verb !== 'check' || a.target === null) continue;
      const checker = s.seats[a.seat - 1];
      const target = s.seats[a.target - 1];
      if (!checker || !target || checker.role !== who) continue;
      if (blocked?.(a.seat)) continue;
      // R13 keeps the check of a player shot tonight; one removed tonight is out of the game (R6).
      if (!checker.alive && checker.exit?.cause !== 'kill') continue;
      const result =
        who === 'don' ? (target.role === 'sheriff' ? 'sheriff' : 'notSheriff') : target.team === 'black' ? 'black' : 'red';
      emit(c, { t: 'checkResult', seat: a.seat, target: a.target, result }, [a.seat], 'R13');
    }
  }
}

/** R16 `revealRoles: onExit`: a night kill reveals the role like any other exit (game.ts reveals the rest). */
export function revealOnKill(c: Ctx, seat: number): void {
  const x = c.s.seats[seat - 1];
  if (x && c.s.options.revealRoles === 'onExit') emit(c, { t: 'roleRevealed', seat, role: x.role }, PUBLIC, 'R16');
}

export function classicWinner(s: GameState): Team | null {
  const n = livingByTeam(s);
  if (n.black === 0) return 'red';
  if (n.black >= n.red + n.neutral) return 'black';
  return null;
}

export const classicRules: PresetRules = {
  canVote: () => true,
  mutedToday: () => false,
  checkNightAction: () => null,
  resolveNight(c) {
    const target = unanimousShot(c.s);
    if (target !== null && c.s.seats[target - 1]?.alive) {
      emit(c, { t: 'eliminated', seat: target, cause: 'kill', lastWord: true }, PUBLIC, 'R12');
      revealOnKill(c, target);
    } else {
      emit(c, { t: 'nightMiss' }, PUBLIC, 'R12');
    }
    deliverChecks(c);
  },
  winner: classicWinner,
  onTie: () => false,
  keepsFromVote: (_c, seats) => seats,
};

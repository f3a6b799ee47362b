// Tournament game, 12 seats or 10 (tournament-regulation; R30–R35): classic plus the lover's
// save from the next day's vote and the doctor's heal from the night's kill. Points: score.ts;
// the best move and extra points are shared verbs (points.ts) switched by the table's options.
import { classicWinner } from '../classic/classic.js';
import { emit, PUBLIC, type Ctx } from '../../core/emit.js';
import { resolveByTable, type NightTable } from '../../core/night-resolve.js';
import { nightAction } from '../../core/night.js';
import { anyTarget, doctorLimits, limitError, loverLimits, pastTargets } from '../../core/limits.js';
import type { Rejection } from '../../core/rejection.js';
import type { Ability } from '../../core/roles.js';
import type { PresetRules } from '../../core/rules.js';
import type { GameState } from '../../core/state.js';
import type { Verb } from '../../core/vocab.js';

function checkNightAction(s: GameState, seat: number, verb: Verb, target: number | null): Rejection | null {
  if (target === null) return null;
  if (verb === 'heal') return limitError(s, seat, target, pastTargets(s, seat, 'heal'), doctorLimits(s, 'R33'));
  if (verb === 'save') return limitError(s, seat, target, pastTargets(s, seat, 'save'), loverLimits(s));
  return null;
}

/** Heal → kill → checks (3.5.4–3.5.10); the lover's save is set aside for the next day (R32). */
const TOURNAMENT_NIGHT: NightTable = { order: ['protect', 'kill', 'inform', 'shield'], missRule: 'R12', protectRule: 'R33', killRule: 'R12' };

/** R32: the saved player stays; the judge announces the save; no one leaves in their place. */
function keepsFromVote(c: Ctx, seats: number[]): number[] {
  const keep = c.s.shield;
  if (keep === undefined || !seats.includes(keep)) return seats;
  emit(c, { t: 'keptFromVote', seat: keep }, PUBLIC, 'R32');
  return seats.filter((x) => x !== keep);
}

function owes(s: GameState, seat: number, a: Ability): boolean {
  if (a.verb === 'heal') return anyTarget(s, seat, 'heal', doctorLimits(s, 'R33'));
  if (a.verb === 'save') return anyTarget(s, seat, 'save', loverLimits(s));
  return a.required === true;
}

export const tournamentRules: PresetRules = {
  canVote: () => true,
  mutedToday: () => false,
  checkNightAction,
  resolveNight: (c) => resolveByTable(c, TOURNAMENT_NIGHT),
  winner: classicWinner,
  onTie: () => false,
  keepsFromVote,
  owes,
  handlers: {
    heal: nightAction('heal', 'alive', 'R33'),
    save: nightAction('save', 'alive', 'R32'),
  },
};

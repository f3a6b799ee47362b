// Tournament game, 12 seats or 10 (tournament-regulation; R30–R35): classic plus the lover's
// save from the next day's vote and the doctor's heal from the night's kill. Points: score.ts;
// the best move and extra points are shared verbs (points.ts) switched by the table's options.
import { classicWinner, deliverChecks, unanimousShot } from '../classic/classic.js';
import { emit, JUDGE, PUBLIC, type Ctx } from '../../core/emit.js';
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
function resolveNight(c: Ctx): void {
  const s = c.s;
  const living = (seat: number): boolean => s.seats[seat - 1]?.alive === true;
  const shot = unanimousShot(s);
  const heals: { by: number; seat: number }[] = [];
  for (const a of s.actions) if (a.verb === 'heal' && a.target !== null && living(a.seat)) heals.push({ by: a.seat, seat: a.target });
  for (const h of heals) emit(c, { t: 'healed', seat: h.seat, by: h.by, saved: h.seat === shot ? ['shot'] : [] }, JUDGE, 'R33');
  if (shot !== null && living(shot) && !heals.some((h) => h.seat === shot)) {
    emit(c, { t: 'eliminated', seat: shot, cause: 'kill', lastWord: true }, PUBLIC, 'R12');
  } else {
    emit(c, { t: 'nightMiss' }, PUBLIC, 'R12');
  }
  deliverChecks(c);
  // A lover shot this night still made her choice before the shot, like a checker (R13).
  for (const a of s.actions) if (a.verb === 'save' && a.target !== null) emit(c, { t: 'voteShield', seat: a.target, by: a.seat }, JUDGE, 'R32');
}

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
  resolveNight,
  winner: classicWinner,
  onTie: () => false,
  keepsFromVote,
  owes,
  handlers: {
    heal: nightAction('heal', 'alive', 'R33'),
    save: nightAction('save', 'alive', 'R32'),
  },
};

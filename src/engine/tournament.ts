// Tournament game, 12 seats or 10 (tournament-regulation; R30–R35): classic plus the lover's
// save from the next day's vote and the doctor's heal from the night's kill. Points: score.ts.
import { classicWinner, deliverChecks, unanimousShot } from './classic.js';
import type { Command } from './command.js';
import { emit, JUDGE, PUBLIC, type Ctx } from './emit.js';
import { nightAction, type Handler } from './game.js';
import { anyTarget, doctorLimits, limitError, loverLimits, pastTargets } from './limits.js';
import { reject, type Rejection } from './rejection.js';
import type { Ability } from './roles.js';
import type { PresetRules } from './rules.js';
import type { GameState } from './state.js';
import type { Verb } from './vocab.js';

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

/** The first player killed at night in this game, if any. */
export function firstNightVictim(s: GameState): number | null {
  for (const e of s.log) if (e.t === 'eliminated' && e.cause === 'kill') return e.seat;
  return null;
}

function bestMoveGiven(s: GameState): boolean {
  for (const e of s.log) if (e.t === 'bestMove') return true;
  return false;
}

/** FIIM best move: in their last word the first player killed at night names up to three seats. */
const bestMove: Handler = (c, cmd) => {
  const s = c.s;
  if (!s.options.pointsBestMove) return reject('notAllowed', 'R34', 'best move is off (option pointsBestMove)');
  const st = s.stage;
  if (st.kind !== 'speech' || st.speech !== 'last') return reject('wrongPhase', 'R34');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R34');
  if (firstNightVictim(s) !== st.seat) return reject('notAllowed', 'R34', 'only the first player killed at night');
  if (bestMoveGiven(s)) return reject('alreadyActed', 'R34');
  const targets = cmd.targets;
  if (!Array.isArray(targets) || targets.length === 0 || targets.length > 3) return reject('malformed', 'R34', 'targets: 1 to 3 seats');
  if (new Set(targets).size !== targets.length || targets.includes(st.seat)) return reject('malformed', 'R34', 'targets repeat or name yourself');
  emit(c, { t: 'bestMove', seat: st.seat, targets: targets.slice() }, PUBLIC, 'R34');
  return null;
};

/** The judge's extra points (FIIM): private to the judge while the game runs, announced after it. */
const extraPoints: Handler = (c, cmd) => {
  const s = c.s;
  if (cmd.by !== 'judge') return reject('badActor', 'R34');
  if (!s.options.pointsExtra) return reject('notAllowed', 'R34', 'extra points are off (option pointsExtra)');
  const seat = cmd.target;
  if (typeof seat !== 'number' || !s.seats[seat - 1]) return reject('badTarget');
  const points = cmd.points;
  if (typeof points !== 'number' || points === 0 || Math.abs(points) > 10) return reject('malformed', 'R34', 'points: non-zero, at most 10 either way');
  const reason = cmd.reason;
  if (typeof reason !== 'string' || reason.trim().length === 0) return reject('malformed', 'R34', 'reason');
  emit(c, { t: 'extraPoints', seat, points, reason }, s.finished ? PUBLIC : JUDGE, 'R34');
  return null;
};

function owes(s: GameState, seat: number, a: Ability): boolean {
  if (a.verb === 'heal') return anyTarget(s, seat, 'heal', doctorLimits(s, 'R33'));
  if (a.verb === 'save') return anyTarget(s, seat, 'save', loverLimits(s));
  return a.required === true;
}

function legalExtras(s: GameState, seat: number): Command[] {
  const st = s.stage;
  if (!s.options.pointsBestMove || st.kind !== 'speech' || st.speech !== 'last' || st.seat !== seat) return [];
  if (firstNightVictim(s) !== seat || bestMoveGiven(s)) return [];
  const others = s.seats.filter((x) => x.seat !== seat).map((x) => x.seat);
  const out: Command[] = [];
  // Every set of three; naming fewer is legal too but adds nothing a bot needs.
  for (let i = 0; i < others.length; i++)
    for (let j = i + 1; j < others.length; j++)
      for (let k = j + 1; k < others.length; k++) out.push({ by: seat, do: 'bestMove', targets: [others[i]!, others[j]!, others[k]!] });
  return out;
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
  legalExtras,
  afterGame: ['extraPoints'],
  handlers: {
    heal: nightAction('heal', 'alive', 'R33'),
    save: nightAction('save', 'alive', 'R32'),
    bestMove,
    extraPoints,
  },
};

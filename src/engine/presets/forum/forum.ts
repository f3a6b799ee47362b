// The forum preset (forum-mafia.ru.txt, R40–R55): a slow game that opens with day 1, closes
// each day and night only by the clock (R52), and resolves nights through one table
// (forum-night.ts). It plugs into the engine through PresetRules with its own flow.
import type { Command } from '../../core/command.js';
import type { StageTimer } from '../../core/day-flow.js';
import type { Ctx } from '../../core/emit.js';
import type { Actor } from '../../core/events.js';
import { done, onlyWhether, take, type Listing } from '../../core/listing.js';
import { forumWinner, livingSeats } from './forum-common.js';
import { protectsByDay } from './forum-roles.js';
import { forumEndDay, forumLawyerDeadline, forumLeave, forumProtect, forumRemove, forumSay, forumVote, kamikazePick, today } from './forum-day.js';
import { forumEndNight, nightHandler, nightVerbAllowed, resolveForumNight } from './forum-night.js';
import { reject, type Rejection } from '../../core/rejection.js';
import type { PresetRules } from '../../core/rules.js';
import type { GameState } from '../../core/state.js';
import { VERBS, type Verb } from '../../core/vocab.js';

type Handler = (c: Ctx, cmd: Command) => Rejection | null;

const notForum: Handler = (_c, cmd) => reject('notAllowed', 'R40', `${cmd.do} is not part of forum`);

const night = {
  shoot: nightHandler('shoot'),
  kill: nightHandler('kill'),
  heal: nightHandler('heal'),
  seduce: nightHandler('seduce'),
  explode: nightHandler('explode'),
};

const OWN: Partial<Record<Verb, Handler>> = {
  vote: forumVote,
  protect: forumProtect,
  lawyerDeadline: forumLawyerDeadline,
  endDay: forumEndDay,
  endNight: forumEndNight,
  leave: forumLeave,
  remove: forumRemove,
  say: forumSay,
  shoot: night.shoot,
  kill: night.kill,
  heal: night.heal,
  seduce: night.seduce,
  // By day only the voted-out kamikaze explodes (his pick); by night it is his self-destruction.
  explode: (c, cmd) => (c.s.phase === 'day' ? kamikazePick(c, cmd) : night.explode(c, cmd)),
};

const handlers: Partial<Record<Verb, Handler>> = {};
for (const v of VERBS) handlers[v] = OWN[v] ?? notForum;

const NIGHT_VERBS: readonly Verb[] = ['shoot', 'kill', 'explode', 'heal', 'seduce'];

/** Every command the actor may give now (apply accepts each; say is free text and not listed): take(l) and done(l) for each (legal.ts). */
export function forumLegal(s: GameState, actor: Actor, l: Listing): void {
  const out = l.out;
  if (s.finished || !s.forum) return;
  const t = today(s);
  if (actor === 'clock' || actor === 'judge') {
    if (s.phase === 'day') {
      if (!t.closed && !t.deadline && take(l)) out.push({ by: actor, do: 'lawyerDeadline' });
      if (take(l)) out.push({ by: actor, do: 'endDay' });
    } else if (take(l)) out.push({ by: actor, do: 'endNight' });
    if (actor === 'judge' && !done(l))
      for (const x of livingSeats(s)) {
        if (take(l)) out.push({ by: 'judge', do: 'remove', target: x });
        if (done(l)) return;
      }
    return;
  }
  const me = s.seats[actor - 1];
  if (!me) return;
  // A living seat may always leave (listed last): asked only whether it may act, that is the answer.
  if (onlyWhether(l) && me.alive) {
    take(l);
    return;
  }
  const living = livingSeats(s);
  if (s.phase === 'day' && t.kamikazePick === actor) {
    for (const x of living) {
      if (take(l)) out.push({ by: actor, do: 'explode', target: x });
      if (done(l)) return;
    }
    if (take(l)) out.push({ by: actor, do: 'explode', target: null });
    if (done(l)) return;
  }
  if (!me.alive) return;
  if (s.phase === 'day' && !t.closed) {
    if ((t.votes[actor - 1] ?? -1) === -1)
      for (const x of living)
        if (x !== actor || s.options.selfVote) {
          if (take(l)) out.push({ by: actor, do: 'vote', target: x, reason: '' });
          if (done(l)) return;
        }
    if (protectsByDay(me.role) && !t.deadline)
      for (const x of living)
        if (s.forum.lawyerCounts[x - 1]! < 2) {
          if (take(l)) out.push({ by: actor, do: 'protect', target: x });
          if (done(l)) return;
        }
  }
  if (s.phase === 'night' && s.stage.kind === 'night') {
    for (const verb of NIGHT_VERBS) {
      if (!nightVerbAllowed(s, actor, verb)) continue;
      for (const x of living) {
        if (x === actor && verb !== 'heal') continue;
        if (verb === 'heal' && s.forum.healCounts[x - 1]! >= 2) continue;
        if (take(l)) out.push({ by: actor, do: verb, target: x });
        if (done(l)) return;
      }
    }
  }
  if (take(l)) out.push({ by: actor, do: 'leave' });
}

/** forum: how long the voted-out kamikaze has to pick whom he takes (the source sets no time). */
export const KAMIKAZE_PICK_SECONDS = 3600;

/** R44, R52: the lawyer's deadline, then the close of the day; the voted-out kamikaze's pick. */
function dayTimer(s: GameState): StageTimer {
  const t = today(s);
  const day = s.options.daySeconds ?? 0;
  const lawyer = Math.min(s.options.lawyerSeconds ?? 0, day);
  const end: Command = { by: 'clock', do: 'endDay' };
  if (t.closed) return { kind: 'kamikaze', seconds: KAMIKAZE_PICK_SECONDS, warn: false, command: end };
  if (!t.deadline) return { kind: 'lawyer', seconds: lawyer, warn: false, command: { by: 'clock', do: 'lawyerDeadline' } };
  return { kind: 'day', seconds: day - lawyer, warn: false, command: end };
}

export const forumRules: PresetRules = {
  canVote: (s, seat) => s.seats[seat - 1]?.alive === true,
  mutedToday: () => false,
  checkNightAction: () => null,
  resolveNight: resolveForumNight,
  winner: forumWinner,
  onTie: () => false,
  keepsFromVote: (_c, seats) => seats,
  handlers,
  // Nothing moves by itself in a forum game: the clock closes days and nights (R52).
  advance: () => undefined,
  legal: forumLegal,
  dayTimer,
};

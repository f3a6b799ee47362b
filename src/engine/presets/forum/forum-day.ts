// The forum day (forum-mafia.ru.txt "УТРО", R42–R44, R51, R55): one vote with a reason per
// player, the lawyer's protection before his deadline, and the close of the day by the clock.
import type { Command } from '../../core/command.js';
import { emit, PUBLIC, type Ctx } from '../../core/emit.js';
import { afterDeaths, exitPlayer, isAlive, roleOf, settle, startForumNight } from './forum-common.js';
import { protectsByDay, retaliates } from './forum-roles.js';
import type { ForumState } from './forum-types.js';
import { reject, type Rejection } from '../../core/rejection.js';
import type { GameState } from '../../core/state.js';

/** Today's forum fields, read-only: empty when they belong to an earlier day. */
export interface Today {
  votes: readonly number[];
  closed: boolean;
  lawyerChoice: number | null;
  deadline: boolean;
  kamikazePick: number | null;
}

export function today(s: GameState): Today {
  const f = s.forum!;
  if (s.phase !== 'day' || f.day !== s.number) return { votes: [], closed: false, lawyerChoice: null, deadline: false, kamikazePick: null };
  return { votes: f.votes, closed: f.dayClosed, lawyerChoice: f.lawyerChoice, deadline: f.lawyerDeadline, kamikazePick: f.kamikazePick };
}

function forum(s: GameState): ForumState {
  return s.forum!;
}

function livingActor(s: GameState, by: Command['by']): Rejection | null {
  if (typeof by !== 'number') return reject('badActor');
  if (!s.seats[by - 1]) return reject('badActor');
  if (!isAlive(s, by)) return reject('notAlive');
  return null;
}

function livingTarget(s: GameState, target: unknown): Rejection | null {
  if (typeof target !== 'number') return reject('malformed', undefined, 'target');
  if (!s.seats[target - 1]) return reject('badTarget');
  if (!isAlive(s, target)) return reject('targetNotAlive');
  return null;
}

function openDay(s: GameState, rule: string): Rejection | null {
  if (s.stage.kind === 'over') return reject('gameOver');
  // R40: a vote or protection sent after the day closed is late.
  if (s.phase !== 'day') return reject('late', rule);
  if (today(s).closed) return reject('late', rule);
  return null;
}

export const forumVote = (c: Ctx, cmd: Command): Rejection | null => {
  const s = c.s;
  const bad = openDay(s, 'R42') ?? livingActor(s, cmd.by) ?? livingTarget(s, cmd.target);
  if (bad) return bad;
  if (cmd.leave !== undefined || cmd.withdrawn !== undefined) return reject('malformed', 'R42', 'leave');
  const seat = cmd.by as number;
  const target = cmd.target as number;
  if ((today(s).votes[seat - 1] ?? -1) !== -1) return reject('alreadyVoted', 'R42');
  if (target === seat && !s.options.selfVote) return reject('selfVote', 'R42');
  emit(c, { t: 'ballotCast', seat, target, reason: cmd.reason ?? '' }, PUBLIC, 'R42');
  return null;
};

export const forumProtect = (c: Ctx, cmd: Command): Rejection | null => {
  const s = c.s;
  const bad = openDay(s, 'R44') ?? livingActor(s, cmd.by);
  if (bad) return bad;
  const seat = cmd.by as number;
  if (!protectsByDay(roleOf(s, seat))) return reject('notAllowed', 'R44');
  if (today(s).deadline) return reject('late', 'R44');
  const target = cmd.target ?? null;
  if (target !== null) {
    const t = livingTarget(s, target);
    if (t) return t;
    if (forum(s).lawyerCounts[target - 1]! >= 2) return reject('limitReached', 'R44');
  }
  emit(c, { t: 'lawyerChose', seat, target }, [seat], 'R44');
  return null;
};

export const forumLawyerDeadline = (c: Ctx, cmd: Command): Rejection | null => {
  if (cmd.by !== 'clock' && cmd.by !== 'judge') return reject('badActor', 'R44');
  const bad = openDay(c.s, 'R44');
  if (bad) return bad;
  if (today(c.s).deadline) return reject('late', 'R44');
  emit(c, { t: 'lawyerDeadlinePassed' }, 'judge', 'R44, R2');
  return null;
};

/** R55: on day 1, has this seat sent anything at all? */
function posted(s: GameState, seat: number): boolean {
  for (const e of s.log) {
    if (e.phase !== 'day' || e.number !== 1) continue;
    if ((e.t === 'ballotCast' || e.t === 'said' || e.t === 'lawyerChose') && e.seat === seat) return true;
  }
  return false;
}

/** The vote's outcome (R43): the protected are set aside; a unique top among the rest leaves. */
function topOf(counts: Map<number, number>, skip: readonly number[]): number[] {
  let max = 0;
  let top: number[] = [];
  for (const [t, n] of counts) {
    if (skip.includes(t) || n <= 0) continue;
    if (n > max) {
      max = n;
      top = [t];
    } else if (n === max) top.push(t);
  }
  return top;
}

function closeDay(c: Ctx): void {
  const s = c.s;
  const f = forum(s);
  const t = today(s);
  const gone: number[] = [];
  // The lawyer's day (R44): a missed protection is written in the day's results; twice removes him.
  const lawyer = s.seats.find((x) => x.alive && protectsByDay(x.role));
  if (lawyer && t.lawyerChoice === null) {
    const count = f.lawyerMisses + 1;
    emit(c, { t: 'lawyerMissed', count }, PUBLIC, 'R44');
    if (count >= 2) {
      exitPlayer(c, lawyer.seat, 'removal', 'R44', true, 'lawyer');
      gone.push(lawyer.seat);
    }
  }
  // Missed votes (R42, R55): removal on day 1 for a player who never posted, or for a second miss.
  const votes: { seat: number; target: number; auto: boolean }[] = [];
  const removed: number[] = [];
  for (const x of s.seats) {
    if (!x.alive) continue;
    const v = t.votes[x.seat - 1] ?? -1;
    if (v !== -1) {
      if (isAlive(s, v)) votes.push({ seat: x.seat, target: v, auto: false });
      continue;
    }
    if (s.number === 1 && !posted(s, x.seat)) removed.push(x.seat);
    else if (f.autoVoted.includes(x.seat)) removed.push(x.seat);
    else votes.push({ seat: x.seat, target: x.seat, auto: true });
  }
  for (const seat of removed) {
    exitPlayer(c, seat, 'removal', s.number === 1 ? 'R55' : 'R42', false, 'no vote');
    gone.push(seat);
  }
  const counted = votes.filter((v) => isAlive(s, v.seat) && isAlive(s, v.target));
  const counts = new Map<number, number>();
  for (const v of counted) counts.set(v.target, (counts.get(v.target) ?? 0) + 1);
  const protectedByLawyer = lawyer && isAlive(s, lawyer.seat) && t.lawyerChoice !== null && isAlive(s, t.lawyerChoice) ? t.lawyerChoice : null;
  const bonus = f.bonus && !f.bonusUsed && f.bonus.day === s.number && isAlive(s, f.bonus.seat) ? f.bonus.seat : null;
  const full = topOf(counts, []);
  const skip: number[] = protectedByLawyer !== null ? [protectedByLawyer] : [];
  let bonusPlays = false;
  if (bonus !== null && !skip.includes(bonus) && topOf(counts, skip).includes(bonus)) {
    bonusPlays = true;
    skip.push(bonus);
  }
  const top = topOf(counts, skip);
  const leaving = top.length === 1 ? top[0]! : null;
  const tally = [...counts.entries()].map(([target, count]) => ({ target, count })).sort((a, b) => b.count - a.count || a.target - b.target);
  emit(c, { t: 'dayTally', votes: counted, tally, leaving }, PUBLIC, 'R43');
  if (protectedByLawyer !== null)
    emit(c, { t: 'lawyerProtected', seat: protectedByLawyer, saved: full.includes(protectedByLawyer), blind: leaving === null }, PUBLIC, 'R44');
  if (bonusPlays && bonus !== null) emit(c, { t: 'bonusPlayed', seat: bonus }, PUBLIC, 'R41');
  if (leaving !== null) {
    exitPlayer(c, leaving, 'vote', 'R43');
    gone.push(leaving);
  }
  if (leaving !== null && retaliates(roleOf(s, leaving))) {
    // The voted-out kamikaze picks whom he takes with him; the day waits for him or the clock.
    afterDeaths(c, gone.filter((g) => g !== leaving));
    emit(c, { t: 'kamikazeAwaits', seat: leaving }, PUBLIC, 'forum-mafia Камикадзе *');
    return;
  }
  if (settle(c, gone)) return;
  startForumNight(c);
}

export const forumEndDay = (c: Ctx, cmd: Command): Rejection | null => {
  const s = c.s;
  if (cmd.by !== 'clock' && cmd.by !== 'judge') return reject('badActor', 'R52');
  if (s.phase !== 'day') return reject('wrongPhase', 'R52');
  const t = today(s);
  if (t.closed) {
    // The kamikaze did not pick in time: he leaves alone (the clock ends the day, R52).
    const k = t.kamikazePick;
    if (settle(c, k !== null ? [k] : [])) return null;
    startForumNight(c);
    return null;
  }
  closeDay(c);
  return null;
};

/** The voted-out kamikaze takes a player with him (forum-mafia "Камикадзе" *). */
export function kamikazePick(c: Ctx, cmd: Command): Rejection | null {
  const s = c.s;
  const k = today(s).kamikazePick;
  if (k === null || cmd.by !== k) return reject('notAllowed', 'forum-mafia Камикадзе *');
  const target = cmd.target ?? null;
  if (target !== null) {
    const bad = livingTarget(s, target);
    if (bad) return bad;
  }
  const f = forum(s);
  const dead: number[] = [k];
  if (target !== null) {
    if (f.bonus && !f.bonusUsed && f.bonus.day === s.number && f.bonus.seat === target) {
      emit(c, { t: 'bonusPlayed', seat: target }, PUBLIC, 'R41');
    } else {
      exitPlayer(c, target, 'kill', 'forum-mafia Камикадзе *');
      dead.push(target);
    }
  }
  if (settle(c, dead)) return null;
  startForumNight(c);
  return null;
}

/** R51: a player leaves on their own, at any time, with no last word. */
export const forumLeave = (c: Ctx, cmd: Command): Rejection | null => {
  const s = c.s;
  const bad = livingActor(s, cmd.by);
  if (bad) return bad;
  if (s.stage.kind === 'over') return reject('gameOver');
  exitPlayer(c, cmd.by as number, 'leave', 'R51');
  settle(c, [cmd.by as number]);
  return null;
};

/** The judge removes a player (R42/R55 are automatic; this is the judge's hand). */
export const forumRemove = (c: Ctx, cmd: Command): Rejection | null => {
  if (cmd.by !== 'judge') return reject('badActor');
  const bad = livingTarget(c.s, cmd.target);
  if (bad) return bad;
  exitPlayer(c, cmd.target as number, 'removal', 'R55', false, cmd.reason);
  settle(c, [cmd.target as number]);
  return null;
};

/** Posts in the game's thread (living players only, forum-mafia "Самоубийца" note). */
export const forumSay = (c: Ctx, cmd: Command): Rejection | null => {
  const s = c.s;
  const bad = livingActor(s, cmd.by);
  if (bad) return bad;
  const text = cmd.text;
  if (typeof text !== 'string' || text.trim().length === 0) return reject('malformed', undefined, 'text');
  if (text.length > s.options.sayMaxLength) return reject('textTooLong');
  emit(c, { t: 'said', seat: cmd.by as number, text }, PUBLIC, 'R42');
  return null;
};

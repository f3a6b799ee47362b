// The judge's penalties: fouls (R6, fiim 9.5), technical fouls (fiim 9.6), removals, and what a
// removal does to the day's vote (R11, fiim 9.8; option removalCancelsVote).
import { unanimousShot } from './night-resolve.js';
import { thirdFoulEndsSpeech } from './day-flow.js';
import { emit, PUBLIC, type Ctx } from './emit.js';
import type { GameEvent } from './events.js';
import { dayOptions, type DayOptions } from './options.js';
import { checkWin, revealOnExit } from './outcome.js';
import { presetDef } from './presets.js';
import { reject } from './rejection.js';
import type { Handler } from './rules.js';
import type { GameState } from './state.js';
import { livingByTeam, seatOf } from './table.js';
import { settledLeavers } from './vote.js';
import type { Cause } from './vocab.js';

export function targetAlive(s: GameState, target: unknown): ReturnType<Handler> {
  if (typeof target !== 'number') return reject('malformed', undefined, 'target');
  const seat = seatOf(s, target);
  if (seat === undefined) return reject('badTarget');
  if (seat.alive !== true) return reject('targetNotAlive');
  return null;
}

/** R11: black one elimination away from winning, counted before the removal. */
function critical(s: GameState): boolean {
  const n = livingByTeam(s);
  return n.black >= n.red + n.neutral - 1;
}

/**
 * fiim 8.19.1, 9.7: the player giving their own last word is already out, yet the judge may still
 * foul them (mafiaratings records such fouls); the foul that would remove them ends the last word.
 */
function inLastWord(s: GameState, seat: number): boolean {
  const st = s.stage;
  return st.kind === 'speech' && st.speech === 'last' && st.seat === seat && s.seats[seat - 1]?.alive !== true;
}

/** A seat the judge may penalise now: a living one, or the one speaking their last word. */
export function penaltyTarget(s: GameState, target: unknown): ReturnType<Handler> {
  if (typeof target === 'number' && inLastWord(s, target)) return null;
  return targetAlive(s, target);
}

/** Penalised seats: the living and a last word's speaker (fiim 9.7). */
export function penaltyTargets(s: GameState): number[] {
  return s.seats.filter((x) => x.alive === true || inLastWord(s, x.seat)).map((x) => x.seat);
}

/** The penalty that removes a player out already: no second exit, the last word just ends (fiim 9.7). */
function endLastWord(c: Ctx, seat: number, rule: string): void {
  emit(c, { t: 'speechEnded', seat, by: 'removal' }, PUBLIC, rule);
}

export function removePlayer(c: Ctx, seat: number, cause: Cause, rule: string, reason?: string): void {
  const s = c.s;
  if (inLastWord(s, seat)) return endLastWord(c, seat, rule);
  const before: Before = { critical: s.phase === 'day' && critical(s), settled: settledLeavers(s) };
  const st = s.stage;
  if (st.kind === 'speech' && st.seat === seat) emit(c, { t: 'speechEnded', seat, by: 'removal' }, PUBLIC, rule);
  const body: GameEvent = { t: 'eliminated', seat, cause, lastWord: false } as GameEvent;
  if (reason !== undefined) (body as { reason?: string }).reason = reason;
  emit(c, body, PUBLIC, rule);
  revealOnExit(c, seat);
  if (checkWin(c)) return;
  CANCEL[dayOptions(s.options).removalCancelsVote](c, seat, before);
}

/** What the table was just before a removal. */
interface Before {
  /** R11: black one elimination away from winning (by day). */
  critical: boolean;
  /** fiim 9.8.1: who the vote under way had already put out, if its result was settled. */
  settled: number[] | null;
}

/**
 * fiim 9.8.1, mafiaratings gameIsVotingCanceled: a removal during a vote whose result is already
 * settled lets that result stand. 'stands': the vote goes on to it (the removal reaches the next
 * day's vote unless the removed player is one it puts out); 'removedWinner': the one it put out was
 * removed — nobody else leaves, the next day votes; null: not settled, the vote is cancelled.
 */
function settledVote(s: GameState, seat: number, before: Before): 'stands' | 'removedWinner' | null {
  const pre = before.settled;
  if (!pre) return null;
  if (pre.length === 1 && pre[0] === seat) return 'removedWinner';
  // The removed player's own vote is gone from the count: it must not have been the deciding one.
  const post = settledLeavers(s);
  const rest = pre.filter((x) => x !== seat);
  return post && post.length === rest.length && post.every((x, i) => x === rest[i]) ? 'stands' : null;
}

/** The day's vote is decided (or there was none): a removal now reaches the next day's vote. */
function decided(s: GameState): boolean {
  return s.dayStep === 'evening' || s.dayStep === 'respeech';
}

function endSpeechFor(c: Ctx, rule: string): void {
  const now = c.s.stage;
  if (now.kind === 'speech') emit(c, { t: 'speechEnded', seat: now.seat, by: 'judge' }, PUBLIC, rule);
}

function cancelVoteOf(c: Ctx, seat: number, day: number): void {
  if (c.s.voteCancelled !== day) emit(c, { t: 'voteCancelled', seat, day }, PUBLIC, 'fiim 9.8');
}

/** R11, fiim 9.8 (option removalCancelsVote). */
const CANCEL: Record<DayOptions['removalCancelsVote'], (c: Ctx, seat: number, before: Before) => void> = {
  never: () => undefined,
  // The day ends at once: no more speeches, no vote (R11).
  critical: (c, _seat, before) => {
    const s = c.s;
    if (!before.critical || s.phase !== 'day' || decided(s)) return;
    endSpeechFor(c, 'R11');
    emit(c, { t: 'noVote', why: 'criticalRemoval' }, PUBLIC, 'R11');
  },
  // That day's vote if it is not decided yet, else the next day's; at night the next day's,
  // unless the mafia shot the removed player this night (mafiaratings gameIsVotingCanceled).
  any: (c, seat, before) => {
    const s = c.s;
    if (s.phase === 'night') {
      const st = s.stage;
      if (st.kind === 'night' && st.intro !== true && unanimousShot(s) === seat) return;
      cancelVoteOf(c, seat, s.number + 1 - (presetDef(s.preset)?.nightOffset ?? 1));
      return;
    }
    if (decided(s)) return cancelVoteOf(c, seat, s.number + 1);
    const settled = s.voteCancelled === s.number ? null : settledVote(s, seat, before);
    if (settled === 'stands') {
      if (before.settled?.includes(seat) !== true) cancelVoteOf(c, seat, s.number + 1);
      return;
    }
    if (settled === 'removedWinner') {
      emit(c, { t: 'noVote', why: 'cancelled' }, PUBLIC, 'fiim 9.8');
      return;
    }
    const already = s.voteCancelled === s.number;
    cancelVoteOf(c, seat, s.number);
    // A vote, or its tie speeches, under way stops here; the day's speeches go on to their end.
    if (already || (s.stage.kind !== 'vote' && s.dayStep !== 'tie')) return;
    endSpeechFor(c, 'fiim 9.8');
    emit(c, { t: 'noVote', why: 'cancelled' }, PUBLIC, 'fiim 9.8');
  },
};

/** A foul (R6); the third takes the next speech as the table's rule says (fiim 9.5), the fourth removes. */
export function giveFoul(c: Ctx, seat: number, reason?: string): void {
  const s = c.s;
  const x = s.seats[seat - 1]!;
  const count = x.fouls + 1;
  const body = { t: 'fouled', seat, count } as GameEvent;
  if (reason !== undefined) (body as { reason?: string }).reason = reason;
  emit(c, body, PUBLIC, 'R6');
  if (count >= 4) {
    removePlayer(c, seat, 'fouls', 'R6', reason);
  } else if (count === 3 && thirdFoulEndsSpeech(s)) {
    const st = s.stage;
    // fiim 9.5.1: a third foul never takes the last word.
    if (st.kind === 'speech' && st.seat === seat && st.speech !== 'last') emit(c, { t: 'speechEnded', seat, by: 'foul' }, PUBLIC, 'R6');
  }
}

export const foul: Handler = (c, cmd) => {
  if (cmd.by !== 'judge') return reject('badActor', 'R6');
  const bad = penaltyTarget(c.s, cmd.target);
  if (bad !== null) return bad;
  giveFoul(c, cmd.target as number, cmd.reason);
  return null;
};

/** fiim 9.6.2: technical fouls count apart from fouls; the second removes the player. */
export const techFoul: Handler = (c, cmd) => {
  const s = c.s;
  if (cmd.by !== 'judge') return reject('badActor', 'fiim 9.6');
  if (!dayOptions(s.options).technicalFouls) return reject('notAllowed', 'fiim 9.6', 'technical fouls are off (option technicalFouls)');
  const bad = penaltyTarget(s, cmd.target);
  if (bad !== null) return bad;
  const seat = cmd.target as number;
  const count = (s.seats[seat - 1]!.techFouls ?? 0) + 1;
  const body = { t: 'techFouled', seat, count } as GameEvent;
  if (cmd.reason !== undefined) (body as { reason?: string }).reason = cmd.reason;
  emit(c, body, PUBLIC, 'fiim 9.6.2');
  if (count >= 2) removePlayer(c, seat, 'techFouls', 'fiim 9.6.2', cmd.reason);
  return null;
};

export const remove: Handler = (c, cmd) => {
  if (cmd.by !== 'judge') return reject('badActor', 'R6');
  const bad = penaltyTarget(c.s, cmd.target);
  if (bad !== null) return bad;
  removePlayer(c, cmd.target as number, 'removal', 'R6', cmd.reason);
  return null;
};

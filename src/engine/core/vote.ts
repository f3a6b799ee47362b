// The day's vote: whether there is one (R7, fiim 7.16, 9.8), votes by seat or counted by the judge
// (R8), closing a round, ties and «all leave?» (R9, fiim 7.18–7.23), and leaving by vote.
import type { Command } from './command.js';
import { giveFoul, removePlayer } from './discipline.js';
import { emit, emitEvent, PUBLIC, type Ctx, emitVoteCast } from './emit.js';
import type { GameEvent } from './events.js';
import { allLeaveBar, allLeaveIsDraw, dayOneRule, revoteOrder, singleWinner } from './flow-vote.js';
import { checkWin, gameOver, revealOnExit } from './outcome.js';
import { reject } from './rejection.js';
import { rulesOf, type Handler, type PresetRules } from './rules.js';
import type { GameState } from './state.js';
import { indexIn, livingCount, seatOf } from './table.js';

/** R7 and its variants: once the last speech is over — no vote (and why), a single candidate, or a vote. */
export function startVoting(c: Ctx): void {
  const s = c.s;
  const ballot = s.nominations.map((n) => n.target);
  if (s.voteCancelled === s.number) {
    emit(c, { t: 'noVote', why: 'cancelled' }, PUBLIC, 'fiim 9.8');
  } else if (s.number === 1 && !dayOneRule(s).votes) {
    emit(c, { t: 'noVote', why: 'firstDayNoVote' }, PUBLIC, 'R7');
  } else if (ballot.length === 0) {
    emitEvent(c, { t: 'noVote', why: 'noCandidates', n: s.log.length, vis: PUBLIC, rule: 'R7', phase: s.phase, number: s.number });
  } else if (ballot.length === 1) {
    // Day one never votes a single nominee (R7, fiim 7.16.1), but under respeech (fiim 7.16.2)
    // mafiaratings votes them unopposed and the winner talks (flow-vote.ts unopposedVote).
    if (s.number === 1 && dayOneRule(s).singleVoted) emit(c, { t: 'votingStarted', round: 'main', ballot }, PUBLIC, dayOneRule(s).rule);
    else if (s.number === 1) emitEvent(c, { t: 'noVote', why: 'firstDaySingle', n: s.log.length, vis: PUBLIC, rule: 'R7', phase: s.phase, number: s.number });
    else leaveByVote(c, ballot, 'R7', true);
  } else {
    emitEvent(c, { t: 'votingStarted', round: 'main', ballot, n: s.log.length, vis: PUBLIC, rule: 'R7', phase: s.phase, number: s.number });
  }
}

/** Players leave by vote (R9, R19 order); a preset may keep some (tournament lover, R32). */
export function leaveByVote(c: Ctx, seats: number[], rule: string, single: boolean): void {
  const s = c.s;
  if (single === true) emitEvent(c, { t: 'singleCandidate', seat: seats[0]!, n: s.log.length, vis: PUBLIC, rule, phase: s.phase, number: s.number });
  const leaving = rulesOf(s).keepsFromVote(c, seats);
  for (const seat of leaving) {
    emitEvent(c, { t: 'eliminated', seat, cause: 'vote', lastWord: true, n: c.s.log.length, vis: PUBLIC, rule, phase: c.s.phase, number: c.s.number });
    revealOnExit(c, seat);
  }
  if (leaving.length > 0) checkWin(c, true);
}

function livingVoter(s: GameState, by: Command['by']): ReturnType<Handler> {
  if (typeof by !== 'number') return reject('badActor');
  const seat = seatOf(s, by);
  if (seat === undefined) return reject('badActor');
  if (seat.alive !== true) return reject('notAlive');
  return null;
}

/** Living seats that may still vote by seat in this round (not voted, not silenced by the preset). */
function unvoted(s: GameState, rules: PresetRules): number[] {
  const out: number[] = [];
  for (const x of s.seats) if (x.alive === true && s.votes[x.seat - 1] === -1 && rules.canVote(s, x.seat)) out.push(x.seat);
  return out;
}

function counted(s: GameState): number {
  let n = 0;
  for (const x of s.counts ?? []) n += x.count;
  return n;
}

export function allVoted(s: GameState, rules: PresetRules): boolean {
  if (!s.counts) {
    // From the last seat: asked after every vote, and hands mostly come in seat order, so one
    // still to vote is then found at once (W1 speed, issue 18).
    const seats = s.seats;
    for (let i = seats.length - 1; i >= 0; i--) {
      const x = seats[i]!;
      if (x.alive === true && s.votes[x.seat - 1] === -1 && rules.canVote(s, x.seat)) return false;
    }
    return true;
  }
  return unvoted(s, rules).length <= counted(s);
}

export const vote: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'vote') return reject('wrongPhase', 'R8');
  const bad = livingVoter(s, cmd.by);
  if (bad !== null) return bad;
  const seat = cmd.by as number;
  if (!rulesOf(s).canVote(s, seat)) return reject('silenced', 'R23');
  if (s.votes[seat - 1] !== -1) return reject('alreadyVoted', 'R8');
  if (st.round === 'allLeave') {
    if (typeof cmd.leave !== 'boolean' || cmd.target !== undefined) return reject('malformed', 'R9', 'leave');
    // A withdrawn hand has no handWithdrawn form here; refuse it rather than drop it (R8).
    if (cmd.withdrawn === true) return reject('malformed', 'R8', 'withdrawn');
    emitVoteCast(c, { t: 'voteCast', seat, target: null, leave: cmd.leave, n: s.log.length, vis: PUBLIC, rule: 'R9', phase: s.phase, number: s.number });
    return null;
  }
  if (cmd.leave !== undefined) return reject('malformed', 'R9', 'leave');
  const target = cmd.target;
  if (typeof target !== 'number' || indexIn(s.ballot, target) < 0) return reject('notCandidate', 'R8');
  if (target === seat && !s.options.selfVote) return reject('selfVote', s.preset === 'club' ? 'R24' : 'R8');
  if (cmd.withdrawn === true) return withdrawnHand(c, seat, target);
  // R8: hands are raised in the open — every player sees each vote as it is cast.
  emitVoteCast(c, { t: 'voteCast', seat, target, n: s.log.length, vis: PUBLIC, rule: 'R8', phase: s.phase, number: s.number });
  return null;
};

/** R8 option provocation: the hand raised and pulled back. */
function withdrawnHand(c: Ctx, seat: number, target: number): null {
  emit(c, { t: 'handWithdrawn', seat, target }, PUBLIC, 'R8');
  const mode = c.s.options.provocation;
  if (mode === 'removal') {
    removePlayer(c, seat, 'removal', 'R8', 'provocation');
    return null;
  }
  emit(c, { t: 'voteCast', seat, target }, PUBLIC, 'R8');
  if (mode === 'foul') giveFoul(c, seat, 'provocation');
  return null;
}

/**
 * The judge's count of raised hands (R8): the room's tally, not who raised them. A count uses up
 * that many of the seats that have not voted; those left when the round closes go to the last
 * candidate, as a count too.
 */
export const voteCount: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (cmd.by !== 'judge') return reject('badActor', 'R8');
  if (st.kind !== 'vote') return reject('wrongPhase', 'R8');
  const count = cmd.count;
  if (typeof count !== 'number') return reject('malformed', 'R8', 'count');
  let target: number | null = null;
  if (st.round === 'allLeave') {
    if (cmd.leave !== true || cmd.target !== undefined) return reject('malformed', 'R9', 'leave');
  } else {
    if (cmd.leave !== undefined) return reject('malformed', 'R9', 'leave');
    if (typeof cmd.target !== 'number' || !s.ballot.includes(cmd.target)) return reject('notCandidate', 'R8');
    target = cmd.target;
  }
  if (s.counts?.some((x) => x.target === target)) return reject('alreadyVoted', 'R8', 'counted already');
  if (count > countsLeft(s, target)) return reject('malformed', 'R8', 'more hands than voters left');
  emit(c, { t: 'votesCounted', target, count }, PUBLIC, 'R8');
  return null;
};

/** How many hands the judge may still count for `target` (null: «all leave?» yes); 0 once counted. */
export function countsLeft(s: GameState, target: number | null): number {
  if (s.counts?.some((x) => x.target === target)) return 0;
  const left = unvoted(s, rulesOf(s));
  const may = target === null || s.options.selfVote ? left.length : left.filter((x) => x !== target).length;
  return Math.max(0, Math.min(may, left.length - counted(s)));
}

/**
 * fiim 9.8.1: is the round under way already settled — a result no vote still to come can
 * change? Returns who that result puts out, or null (no single leader yet, or «all leave?» not
 * yet carried). Counted as closeRound would count it now: the seats still to vote may all go to
 * any candidate.
 */
export function settledLeavers(s: GameState): number[] | null {
  const st = s.stage;
  if (st.kind !== 'vote') return null;
  const rules = rulesOf(s);
  const left = Math.max(0, unvoted(s, rules).length - counted(s));
  if (st.round === 'allLeave') {
    let yes = 0;
    for (const x of s.seats) if (x.alive === true && rules.canVote(s, x.seat) && s.votes[x.seat - 1] === 1) yes++;
    for (const x of s.counts ?? []) if (x.target === null) yes += x.count;
    return 2 * yes > livingCount(s) ? s.ballot.slice() : null;
  }
  const tally = s.ballot.map(() => 0);
  for (const x of s.seats) {
    if (x.alive !== true || !rules.canVote(s, x.seat)) continue;
    const i = s.ballot.indexOf(s.votes[x.seat - 1]!);
    if (i >= 0) tally[i]!++;
  }
  for (const x of s.counts ?? []) {
    const i = x.target === null ? -1 : s.ballot.indexOf(x.target);
    if (i >= 0) tally[i]! += x.count;
  }
  const top = Math.max(...tally);
  const leader = tally.indexOf(top);
  if (tally.some((n, i) => i !== leader && n + left >= top)) return null;
  return [s.ballot[leader]!];
}

export const closeVote: Handler = (c, cmd) => {
  if (cmd.by !== 'clock' && cmd.by !== 'judge') return reject('badActor', 'R8');
  if (c.s.stage.kind !== 'vote') return reject('wrongPhase', 'R8');
  closeRound(c);
  return null;
};

/** R9: «all leave?» — strictly more than half of the living say yes; silence is no. */
function closeAllLeave(c: Ctx, ballot: number[]): void {
  const s = c.s;
  const rules = rulesOf(s);
  const yes: number[] = [];
  const no: number[] = [];
  const silent: number[] = [];
  for (const seat of s.seats) {
    if (seat.alive !== true || !rules.canVote(s, seat.seat)) continue;
    const v = s.votes[seat.seat - 1];
    (v === 1 ? yes : v === 0 || !s.counts ? no : silent).push(seat.seat);
  }
  const body: Extract<GameEvent, { t: 'allLeaveClosed' }> = { t: 'allLeaveClosed', yes, no, leave: false } as never;
  let yesCount = yes.length;
  if (s.counts) {
    const anonymous = Math.min(counted(s), silent.length);
    body.counted = { yes: anonymous, no: silent.length - anonymous };
    yesCount += anonymous;
  }
  body.leave = 2 * yesCount > livingCount(s);
  emit(c, body, PUBLIC, 'R9');
  if (!body.leave || ballot.length === 0) return;
  if (allLeaveIsDraw(s, ballot)) gameOver(c, null, 'fiim 7.21');
  else leaveByVote(c, ballot, 'R9', false);
}

export function closeRound(c: Ctx): void {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'vote') return;
  const rules = rulesOf(s);
  const ballot = s.ballot.slice();
  if (st.round === 'allLeave') return closeAllLeave(c, ballot);
  const last = ballot[ballot.length - 1];
  const votes: { seat: number; target: number; defaulted: boolean }[] = [];
  // Lists of a known length are made at it: a push onto an empty list grows its store (W1 speed, issue 18).
  const counts = new Array<number>(ballot.length);
  for (let i = 0; i < ballot.length; i++) counts[i] = 0;
  let defaulted = 0;
  for (const seat of s.seats) {
    if (seat.alive !== true || !rules.canVote(s, seat.seat)) continue;
    const v = s.votes[seat.seat - 1]!;
    const i = v === -1 ? -1 : indexIn(ballot, v);
    if (i >= 0) {
      votes.push({ seat: seat.seat, target: v, defaulted: false });
      counts[i]!++;
    } else if (last !== undefined) {
      // With the judge's counts the seats behind them are unknown: the rest go by number (R8).
      if (s.counts) defaulted++;
      else votes.push({ seat: seat.seat, target: last, defaulted: true });
      counts[ballot.length - 1]!++;
    }
  }
  let counted: { target: number; count: number; defaulted?: true }[] | undefined;
  if (s.counts) {
    // Counted hands came out of the seats that did not vote by seat, so they move off the last candidate.
    counted = [];
    let moved = 0;
    for (const x of s.counts) {
      const i = x.target === null ? -1 : ballot.indexOf(x.target);
      if (i < 0) continue;
      const n = Math.min(x.count, defaulted - moved);
      counts[i]! += n;
      moved += n;
      counted.push({ target: x.target!, count: n });
    }
    if (last !== undefined) counts[ballot.length - 1]! -= moved;
    if (last !== undefined && defaulted > moved) counted.push({ target: last, count: defaulted - moved, defaulted: true });
  }
  const tally = new Array<{ target: number; count: number }>(ballot.length);
  for (let i = 0; i < ballot.length; i++) tally[i] = { target: ballot[i]!, count: counts[i]! };
  // Without the judge's counts (every round of a game played by seat) the event has its final shape here.
  if (counted) emit(c, { t: 'voteClosed', round: st.round, ballot, votes, tally, counted }, PUBLIC, 'R8');
  else emitEvent(c, { t: 'voteClosed', round: st.round, ballot, votes, tally, n: s.log.length, vis: PUBLIC, rule: 'R8', phase: s.phase, number: s.number });
  if (ballot.length === 0) return;
  let max = -1;
  for (const n of counts) if (n > max) max = n;
  const top: number[] = [];
  for (let i = 0; i < ballot.length; i++) if (counts[i] === max) top.push(ballot[i]!);
  if (top.length === 1) return winner(c, top[0]!, votes);
  if (st.round === 'revote' && top.length === ballot.length) {
    const why = allLeaveBar(s, top);
    if (why) emit(c, { t: 'tieKept', seats: top, why }, PUBLIC, BAR_RULE[why]);
    else emit(c, { t: 'votingStarted', round: 'allLeave', ballot: top }, PUBLIC, 'R9');
  } else if (!rules.onTie(c, top)) {
    emitEvent(c, { t: 'tie', seats: revoteOrder(s, top), n: s.log.length, vis: PUBLIC, rule: 'R9', phase: s.phase, number: s.number });
  }
}

const BAR_RULE = { fourPlayers: 'R25', everyone: 'fiim 7.21', twoOfFour: 'fiim 7.22', threeOfNine: 'fiim 7.23' } as const;

/** A round with one winner: they leave (R9), or on day one as the day-one rule says (fiim 7.16). */
function winner(c: Ctx, seat: number, votes: readonly { seat: number; target: number }[]): void {
  const s = c.s;
  const votedSelf = votes.some((v) => v.seat === seat && v.target === seat);
  const w = singleWinner(s, votedSelf);
  if (w === 'leaves') leaveByVote(c, [seat], 'R9', false);
  else emit(c, { t: 'dayOneStays', seat, respeech: w === 'respeech' }, PUBLIC, dayOneRule(s).rule);
}

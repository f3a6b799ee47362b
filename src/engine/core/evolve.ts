// evolve(state, event): the only code that changes a game state. It changes the state it is given
// in place — the lists a command changes often (votes, night actions, nominations, the speaking
// queue) and the seats too — and replaces the others whole. decide() therefore runs on a fork
// (game.ts) that owns its copies of exactly those lists and seats; the caller's state, and
// everything it holds, stays as it was. Events never share a list with the state: evolve copies
// the lists an event carries.
import type { GameEvent } from './events.js';
import type { GameState, SeatState, Stage } from './state.js';
import { evolveForum } from '../presets/forum/forum-evolve.js';
import { dayOptions } from './options.js';
import { indexIn } from './table.js';

/** The list without `seat` (the same list when it holds none). */
function without(list: number[], seat: number): number[] {
  const i = indexIn(list, seat);
  if (i < 0) return list;
  // The speaker is nearly always the queue's head; splice would also build the removed list.
  if (i === 0) return list.slice(1);
  const out = new Array<number>(list.length - 1);
  for (let k = 0, j = 0; k < list.length; k++) if (k !== i) out[j++] = list[k]!;
  return out;
}

/** Remove `seat` from a list the state owns (the queue), in place. */
function drop(list: number[], seat: number): void {
  const i = indexIn(list, seat);
  if (i === 0) list.shift();
  else if (i > 0) list.splice(i, 1);
}

/** Change one seat's fields in place (the seats belong to the state; a fork has its own). */
export function withSeat(s: GameState, seat: number, patch: Partial<SeatState>): void {
  const x = s.seats[seat - 1];
  if (!x) return;
  Object.assign(x, patch);
}

/**
 * A new round's votes, -1 for every seat: a list made at its length and filled, where pushing onto
 * an empty one grows its store (a runtime call) on the first push (W1 speed, issue 18).
 */
function unvotedList(n: number): number[] {
  const votes = new Array<number>(n);
  for (let i = 0; i < n; i++) votes[i] = -1;
  return votes;
}

/** The stage between two steps: one shared, frozen object (evolve replaces a stage, never changes it). */
const IDLE: Stage = Object.freeze({ kind: 'idle' });

type Ev<T extends GameEvent['t']> = Extract<GameEvent, { t: T }>;

export function evolve(s: GameState, e: GameEvent): GameState {
  switch (e.t) {
    // The most frequent events first (three quarters of a game's log): the switch tests in order.
    case 'speechStarted':
      evolveSpeechStarted(s, e);
      break;
    case 'speechEnded':
      evolveSpeechEnded(s, e);
      break;
    case 'voteCast':
      evolveVoteCast(s, e);
      break;
    case 'nightAction':
      evolveNightAction(s, e);
      break;
    case 'nominated':
      evolveNominated(s, e);
      break;
    case 'roleDealt':
    case 'checkResult':
      s.log.push(e);
      break;
    default:
      s.log.push(e);
      evolveRest(s, e);
  }
  return s;
}

// The five frequent events' changes, each its own function: evolve dispatches to them, and their
// emit sites (emit.ts emitFrequent) call them directly — the event's kind is known there, so the
// switch on it (a load from one of many event shapes) is skipped (W1 speed, issue 18). They are
// still evolve: the only code that changes a state.

export function evolveSpeechStarted(s: GameState, e: Ev<'speechStarted'>): void {
  s.log.push(e);
  s.stage = e.short === true ? { kind: 'speech', speech: e.kind, seat: e.seat, short: true } : { kind: 'speech', speech: e.kind, seat: e.seat };
  s.speechNominated = false;
  if (e.kind === 'last') s.lastWords = without(s.lastWords, e.seat);
  else drop(s.queue, e.seat);
  // The day turn a third foul touched has come (shortened, or without words, fiim 9.5).
  const x = s.seats[e.seat - 1];
  if (x?.silenced === true && (e.kind === 'day' || e.kind === 'silent')) x.silenced = false;
}

export function evolveSpeechEnded(s: GameState, e: Ev<'speechEnded'>): void {
  s.log.push(e);
  s.stage = IDLE;
  s.speechNominated = false;
}

export function evolveVoteCast(s: GameState, e: Ev<'voteCast'>): void {
  s.log.push(e);
  s.votes[e.seat - 1] = e.leave === undefined ? (e.target ?? -1) : e.leave ? 1 : 0;
}

export function evolveNightAction(s: GameState, e: Ev<'nightAction'>): void {
  s.log.push(e);
  // A seat's second action with the same verb replaces the first (moved to the end).
  const actions = s.actions;
  for (let i = actions.length - 1; i >= 0; i--) if (actions[i]!.seat === e.seat && actions[i]!.verb === e.verb) actions.splice(i, 1);
  actions.push({ seat: e.seat, verb: e.verb, target: e.target });
}

export function evolveNominated(s: GameState, e: Ev<'nominated'>): void {
  s.log.push(e);
  s.nominations.push({ by: e.by, target: e.target });
  s.speechNominated = true;
}

/**
 * The rest of evolve: events a game sees a few times each. Apart from the frequent ones above so
 * that the function every event passes through stays small (W1 speed, issue 18).
 */
function evolveRest(s: GameState, e: GameEvent): void {
  switch (e.t) {
    // The events a game sees most often first: the switch compares the kind case by case.
    case 'eliminated': {
      // emit() stamps phase/number only after evolve; an elimination never changes them.
      const x = s.seats[e.seat - 1];
      // Two stores, not withSeat's patch object and Object.assign: every exit passes here.
      if (x) {
        x.alive = false;
        x.exit = { cause: e.cause, phase: s.phase, number: s.number };
      }
      drop(s.queue, e.seat);
      s.ballot = without(s.ballot, e.seat);
      const nominations = s.nominations;
      for (let i = 0; i < nominations.length; i++)
        if (nominations[i]!.target === e.seat) {
          nominations.splice(i, 1);
          break;
        }
      // A new list (the old one may be a fork's): made at its length, where a push would grow it.
      if (e.lastWord === true) s.lastWords = s.lastWords.length === 0 ? [e.seat] : [...s.lastWords, e.seat];
      // A vote cast for a candidate who is gone no longer stands; the voter votes again.
      if (s.stage.kind === 'vote' && s.stage.round !== 'allLeave' && indexIn(s.votes, e.seat) >= 0) s.votes = s.votes.map((v) => (v === e.seat ? -1 : v));
      if (s.counts && s.stage.kind === 'vote' && s.stage.round !== 'allLeave') s.counts = s.counts.filter((x) => x.target !== e.seat);
      break;
    }
    case 'votingStarted':
      s.stage = { kind: 'vote', round: e.round };
      s.dayStep = 'voting';
      s.ballot = e.ballot.slice();
      s.votes = unvotedList(s.seats.length);
      if (s.counts !== undefined) delete s.counts;
      break;
    case 'voteClosed':
    case 'allLeaveClosed':
      s.stage = IDLE;
      s.dayStep = 'evening';
      break;
    case 'dayStarted':
      s.phase = 'day';
      s.number = e.day;
      s.stage = IDLE;
      s.dayStep = 'speeches';
      s.queue = e.order.slice();
      s.firstSpeaker = e.order[0] ?? 0;
      s.nominations = [];
      s.ballot = [];
      s.actions = [];
      break;
    case 'nightStarted':
      if (s.muted !== undefined) delete s.muted;
      if (s.shield !== undefined) delete s.shield;
      s.phase = 'night';
      s.number = e.night;
      s.stage = { kind: 'night', intro: e.intro };
      s.actions = [];
      s.queue = [];
      s.lastWords = [];
      s.nominations = [];
      s.ballot = [];
      break;
    case 'noVote':
      s.dayStep = 'evening';
      s.queue = [];
      s.stage = IDLE;
      break;
    case 'singleCandidate':
      s.dayStep = 'evening';
      break;
    case 'tie':
      s.dayStep = 'tie';
      s.queue = e.seats.slice();
      s.ballot = e.seats.slice();
      break;
    case 'gameOver':
      s.finished = true;
      s.winner = e.winner;
      s.stage = { kind: 'over' };
      break;
    case 'gameStarted':
    case 'roleDealt':
    case 'teamRevealed':
    case 'planSet':
    case 'checkResult':
    case 'said':
    case 'roleRevealed':
    case 'nightMiss':
    case 'guarded':
    case 'handWithdrawn':
      break;
    case 'votesCounted':
      s.counts = [...(s.counts ?? []), { target: e.target, count: e.count }];
      break;
    case 'voteCancelled':
      s.voteCancelled = e.day;
      break;
    case 'techFouled':
      withSeat(s, e.seat, { techFouls: e.count });
      break;
    case 'dayOneStays':
      s.stage = IDLE;
      s.dayStep = e.respeech ? 'respeech' : 'evening';
      s.queue = e.respeech ? [e.seat] : [];
      break;
    case 'verdict':
      s.verdict = { winner: e.winner };
      break;
    case 'speechSkipped':
      drop(s.queue, e.seat);
      if (s.seats[e.seat - 1]?.silenced) withSeat(s, e.seat, { silenced: false });
      break;
    case 'floorGiven':
      break;
    case 'nominationWithdrawn': {
      s.nominations = s.nominations.filter((x) => x.by !== e.by || x.target !== e.target);
      s.speechNominated = false;
      break;
    }
    case 'fouled': {
      if (e.count === 3 && dayOptions(s.options).thirdFoul !== 'none') withSeat(s, e.seat, { fouls: e.count, silenced: true });
      else withSeat(s, e.seat, { fouls: e.count });
      break;
    }
    case 'frozen':
      s.muted = [...(s.muted ?? []), e.seat];
      break;
    case 'voteShield':
      s.shield = e.seat;
      break;
    case 'tieKept':
      s.stage = IDLE;
      s.dayStep = 'evening';
      s.queue = [];
      break;
    case 'healed':
    case 'keptFromVote':
    case 'quietNight':
    case 'bestMove':
    case 'extraPoints':
    case 'leftOnRecord':
    case 'teamDefeated':
      break;
    case 'forumDealt':
    case 'ballotCast':
    case 'lawyerChose':
    case 'lawyerDeadlinePassed':
    case 'lawyerMissed':
    case 'dayTally':
    case 'lawyerProtected':
    case 'bonusPlayed':
    case 'roleChanged':
    case 'healAnnounced':
    case 'told':
    case 'priestessTook':
    case 'kamikazeAwaits':
    case 'nightSummary':
      evolveForum(s, e);
      break;
    case 'speechStarted':
    case 'speechEnded':
    case 'voteCast':
    case 'nightAction':
    case 'nominated':
      // Handled by evolve itself.
      break;
    default: {
      const never: never = e;
      throw new Error(`unknown event ${(never as GameEvent).t}`);
    }
  }
}

// evolve(state, event): the only code that changes a game state. It mutates the state it is
// given (the engine's hot path replays thousands of games a second); decide() works on a copy.
import type { GameEvent } from './events.js';
import type { GameState } from './state.js';
import { evolveForum } from '../presets/forum/forum-evolve.js';
import { dayOptions } from './options.js';

function drop(list: number[], seat: number): void {
  const i = list.indexOf(seat);
  if (i >= 0) list.splice(i, 1);
}

export function evolve(s: GameState, e: GameEvent): GameState {
  s.log.push(e);
  switch (e.t) {
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
    case 'votesCounted':
      (s.counts ??= []).push({ target: e.target, count: e.count });
      break;
    case 'voteCancelled':
      s.voteCancelled = e.day;
      break;
    case 'techFouled': {
      const seat = s.seats[e.seat - 1];
      if (seat) seat.techFouls = e.count;
      break;
    }
    case 'dayOneStays':
      s.stage = { kind: 'idle' };
      s.dayStep = e.respeech ? 'respeech' : 'evening';
      s.queue = e.respeech ? [e.seat] : [];
      break;
    case 'verdict':
      s.verdict = { winner: e.winner };
      break;
    case 'nightAction': {
      const prev = s.actions.findIndex((a) => a.seat === e.seat && a.verb === e.verb);
      if (prev >= 0) s.actions.splice(prev, 1);
      s.actions.push({ seat: e.seat, verb: e.verb, target: e.target });
      break;
    }
    case 'dayStarted':
      s.phase = 'day';
      s.number = e.day;
      s.stage = { kind: 'idle' };
      s.dayStep = 'speeches';
      s.queue = e.order.slice();
      s.firstSpeaker = e.order[0] ?? 0;
      s.nominations = [];
      s.ballot = [];
      s.actions = [];
      break;
    case 'speechStarted': {
      s.stage = e.short ? { kind: 'speech', speech: e.kind, seat: e.seat, short: true } : { kind: 'speech', speech: e.kind, seat: e.seat };
      s.speechNominated = false;
      if (e.kind === 'last') drop(s.lastWords, e.seat);
      else drop(s.queue, e.seat);
      // The day turn a third foul touched has come (shortened, or without words, fiim 9.5).
      const seat = s.seats[e.seat - 1];
      if (seat && (e.kind === 'day' || e.kind === 'silent')) seat.silenced = false;
      break;
    }
    case 'speechEnded':
      s.stage = { kind: 'idle' };
      s.speechNominated = false;
      break;
    case 'speechSkipped': {
      drop(s.queue, e.seat);
      const seat = s.seats[e.seat - 1];
      if (seat) seat.silenced = false;
      break;
    }
    case 'floorGiven':
      break;
    case 'nominated':
      s.nominations.push({ by: e.by, target: e.target });
      s.speechNominated = true;
      break;
    case 'nominationWithdrawn': {
      const i = s.nominations.findIndex((x) => x.by === e.by && x.target === e.target);
      if (i >= 0) s.nominations.splice(i, 1);
      s.speechNominated = false;
      break;
    }
    case 'fouled': {
      const seat = s.seats[e.seat - 1];
      if (seat) {
        seat.fouls = e.count;
        if (e.count === 3 && dayOptions(s.options).thirdFoul !== 'none') seat.silenced = true;
      }
      break;
    }
    case 'eliminated': {
      const seat = s.seats[e.seat - 1];
      if (seat) {
        seat.alive = false;
        // emit() stamps phase/number only after evolve; an elimination never changes them.
        seat.exit = { cause: e.cause, phase: s.phase, number: s.number };
      }
      drop(s.queue, e.seat);
      drop(s.ballot, e.seat);
      const i = s.nominations.findIndex((x) => x.target === e.seat);
      if (i >= 0) s.nominations.splice(i, 1);
      if (e.lastWord) s.lastWords.push(e.seat);
      // A vote cast for a candidate who is gone no longer stands; the voter votes again.
      for (let v = 0; v < s.votes.length; v++) if (s.votes[v] === e.seat && s.stage.kind === 'vote' && s.stage.round !== 'allLeave') s.votes[v] = -1;
      if (s.counts && s.stage.kind === 'vote' && s.stage.round !== 'allLeave') s.counts = s.counts.filter((x) => x.target !== e.seat);
      break;
    }
    case 'singleCandidate':
      s.dayStep = 'evening';
      break;
    case 'noVote':
      s.dayStep = 'evening';
      s.queue = [];
      s.stage = { kind: 'idle' };
      break;
    case 'votingStarted':
      s.stage = { kind: 'vote', round: e.round };
      s.dayStep = 'voting';
      s.ballot = e.ballot.slice();
      s.votes = new Array<number>(s.seats.length).fill(-1);
      if (s.counts !== undefined) delete s.counts;
      break;
    case 'voteCast':
      s.votes[e.seat - 1] = e.leave === undefined ? (e.target ?? -1) : e.leave ? 1 : 0;
      break;
    case 'voteClosed':
    case 'allLeaveClosed':
      s.stage = { kind: 'idle' };
      s.dayStep = 'evening';
      break;
    case 'tie':
      s.dayStep = 'tie';
      s.queue = e.seats.slice();
      s.ballot = e.seats.slice();
      break;
    case 'frozen':
      (s.muted ??= []).push(e.seat);
      break;
    case 'voteShield':
      s.shield = e.seat;
      break;
    case 'tieKept':
      s.stage = { kind: 'idle' };
      s.dayStep = 'evening';
      s.queue = [];
      break;
    case 'healed':
    case 'keptFromVote':
    case 'quietNight':
    case 'bestMove':
    case 'extraPoints':
    case 'leftOnRecord':
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
    case 'gameOver':
      s.finished = true;
      s.winner = e.winner;
      s.stage = { kind: 'over' };
      break;
    default: {
      const never: never = e;
      throw new Error(`unknown event ${(never as GameEvent).t}`);
    }
  }
  return s;
}

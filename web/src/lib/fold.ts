// Keep a GameView current from the events the server pushes: the same steps evolve() takes,
// applied to the fields a view holds. When the server sends a fresh view, that view wins.
import { teamOf, type GameEvent, type GameView } from '../../../src/engine/index.js';

function drop(list: number[], seat: number): void {
  const i = list.indexOf(seat);
  if (i >= 0) list.splice(i, 1);
}

/** A new view with the events applied (events already in the log are skipped). */
export function foldEvents(base: GameView, events: readonly GameEvent[]): GameView {
  const v: GameView = structuredClone(base);
  const have = new Set(v.log.map((e) => e.n));
  for (const e of events) {
    if (have.has(e.n)) continue;
    have.add(e.n);
    v.log.push(e);
    step(v, e);
  }
  v.log.sort((a, b) => a.n - b.n);
  return v;
}

function step(v: GameView, e: GameEvent): void {
  switch (e.t) {
    case 'nightStarted':
      v.phase = 'night';
      v.number = e.night;
      v.stage = { kind: 'night', intro: e.intro };
      v.nominations = [];
      v.ballot = [];
      v.voted = [];
      v.speakingOrder = [];
      break;
    case 'dayStarted':
      v.phase = 'day';
      v.number = e.day;
      v.stage = { kind: 'idle' };
      v.speakingOrder = e.order.slice();
      v.nominations = [];
      v.ballot = [];
      v.voted = [];
      break;
    case 'speechStarted':
      v.stage = e.short ? { kind: 'speech', speech: e.kind, seat: e.seat, short: true } : { kind: 'speech', speech: e.kind, seat: e.seat };
      drop(v.speakingOrder, e.seat);
      break;
    case 'speechEnded':
      v.stage = { kind: 'idle' };
      break;
    case 'speechSkipped':
      drop(v.speakingOrder, e.seat);
      break;
    case 'nominated':
      v.nominations.push({ by: e.by, target: e.target });
      break;
    case 'nominationWithdrawn':
      v.nominations = v.nominations.filter((x) => !(x.by === e.by && x.target === e.target));
      break;
    case 'fouled': {
      const s = v.seats[e.seat - 1];
      if (s) s.fouls = e.count;
      break;
    }
    case 'techFouled': {
      const s = v.seats[e.seat - 1];
      if (s) s.techFouls = e.count;
      break;
    }
    case 'dayOneStays':
    case 'tieKept':
      v.stage = { kind: 'idle' };
      v.ballot = [];
      break;
    case 'eliminated': {
      const s = v.seats[e.seat - 1];
      if (s) {
        s.alive = false;
        s.exit = { cause: e.cause, phase: e.phase, number: e.number };
      }
      if (v.you && v.you.seat === e.seat) v.you.alive = false;
      drop(v.speakingOrder, e.seat);
      drop(v.ballot, e.seat);
      v.nominations = v.nominations.filter((x) => x.target !== e.seat);
      break;
    }
    case 'roleRevealed': {
      const s = v.seats[e.seat - 1];
      if (s) {
        s.role = e.role;
        s.team = teamOf(e.role);
      }
      break;
    }
    case 'noVote':
      v.speakingOrder = [];
      v.stage = { kind: 'idle' };
      break;
    case 'votingStarted':
      v.stage = { kind: 'vote', round: e.round };
      v.ballot = e.ballot.slice();
      v.voted = [];
      v.speakingOrder = [];
      break;
    case 'voteCast':
      if (!v.voted.includes(e.seat)) v.voted.push(e.seat);
      break;
    case 'voteClosed':
    case 'allLeaveClosed':
      v.stage = { kind: 'idle' };
      v.ballot = [];
      v.voted = [];
      break;
    case 'tie':
      v.ballot = e.seats.slice();
      v.speakingOrder = [];
      break;
    case 'gameOver':
      v.finished = true;
      v.winner = e.winner;
      v.stage = { kind: 'over' };
      for (const r of e.roles) {
        const s = v.seats[r.seat - 1];
        if (s) {
          s.role = r.role;
          s.team = teamOf(r.role);
        }
      }
      break;
    default:
      break;
  }
}

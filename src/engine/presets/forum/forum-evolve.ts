// evolve() for the forum events: the only code that changes the forum part of a state.
import type { GameEvent } from '../../core/events.js';
import type { ForumEventBody, ForumState } from './forum-types.js';
import type { GameState } from '../../core/state.js';
import { teamOf } from '../../core/roles-team.js';

type ForumEvent = Extract<GameEvent, ForumEventBody>;

function fresh(s: GameState, e: Extract<ForumEventBody, { t: 'forumDealt' }>): ForumState {
  const n = s.seats.length;
  return {
    maniacTeam: e.maniacTeam,
    hasKamikaze: e.hasKamikaze,
    bonus: e.bonus,
    bonusUsed: false,
    day: 0,
    votes: new Array<number>(n).fill(-1),
    reasons: new Array<string>(n).fill(''),
    dayClosed: false,
    lawyerChoice: null,
    lawyerDeadline: false,
    lawyerMisses: 0,
    lawyerCounts: new Array<number>(n).fill(0),
    healCounts: new Array<number>(n).fill(0),
    // R42: the season's spent auto-votes come with the setup.
    autoVoted: [...(s.options.autokillSpent ?? [])],
    seduced: false,
    voidUsed: false,
    takeover: null,
    kamikazePick: null,
  };
}

/** The per-day fields belong to one day; the first day event of a new day clears them. */
export function forumToday(s: GameState): ForumState | undefined {
  const f = s.forum;
  if (!f) return undefined;
  if (f.day !== s.number || s.phase !== 'day') {
    f.day = s.phase === 'day' ? s.number : -1;
    f.votes.fill(-1);
    f.reasons.fill('');
    f.dayClosed = false;
    f.lawyerChoice = null;
    f.lawyerDeadline = false;
    f.kamikazePick = null;
  }
  return f;
}

export function evolveForum(s: GameState, e: ForumEvent): void {
  if (e.t === 'forumDealt') {
    s.forum = fresh(s, e);
    s.rng = e.rng;
    if (e.maniacTeam === 'neutral') for (const x of s.seats) if (x.role === 'maniac') x.team = 'neutral';
    return;
  }
  const f = s.forum;
  if (!f) return;
  switch (e.t) {
    case 'ballotCast': {
      forumToday(s);
      f.votes[e.seat - 1] = e.target;
      f.reasons[e.seat - 1] = e.reason;
      break;
    }
    case 'lawyerChose':
      forumToday(s);
      f.lawyerChoice = e.target;
      break;
    case 'lawyerDeadlinePassed':
      forumToday(s);
      f.lawyerDeadline = true;
      break;
    case 'lawyerMissed':
      f.lawyerMisses = e.count;
      break;
    case 'dayTally':
      forumToday(s);
      f.dayClosed = true;
      f.lawyerDeadline = true;
      for (const v of e.votes) if (v.auto && !f.autoVoted.includes(v.seat)) f.autoVoted.push(v.seat);
      break;
    case 'lawyerProtected':
      f.lawyerCounts[e.seat - 1]!++;
      break;
    case 'bonusPlayed':
      f.bonusUsed = true;
      break;
    case 'roleChanged': {
      const seat = s.seats[e.seat - 1];
      if (seat) {
        seat.role = e.to;
        const team = teamOf(e.to);
        seat.team = e.to === 'maniac' && f.maniacTeam === 'neutral' ? 'neutral' : team;
      }
      if (e.rng !== undefined) s.rng = e.rng;
      break;
    }
    case 'priestessTook':
      f.takeover = { night: e.night, seat: e.seat, role: e.role, from: e.from };
      break;
    case 'kamikazeAwaits':
      forumToday(s);
      f.kamikazePick = e.seat;
      break;
    case 'nightSummary':
      if (e.heal !== null) f.healCounts[e.heal - 1]!++;
      if (e.seduce !== null) f.seduced = true;
      if (e.voided !== null) f.voidUsed = true;
      break;
    case 'healAnnounced':
    case 'told':
      break;
  }
}

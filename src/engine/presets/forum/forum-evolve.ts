// evolve() for the forum events: the only code that changes the forum part of a state. Copy on
// write like evolve.ts: the forum part and any list it changes are new objects, never edited in place.
import type { GameEvent } from '../../core/events.js';
import type { ForumEventBody, ForumState } from './forum-types.js';
import type { GameState } from '../../core/state.js';
import { withSeat } from '../../core/evolve.js';
import { teamOf } from '../../core/roles-team.js';
import { traitOf } from '../../core/roles.js';
import type { RoleId, Team } from '../../core/vocab.js';
import { forumRole } from './forum-roles.js';

type ForumEvent = Extract<GameEvent, ForumEventBody>;

/** A role's team at this table: the option its `teamBy` trait names (the maniac, R53), else its own. */
function teamAt(role: RoleId, f: Pick<ForumState, 'maniacTeam'>): Team {
  return traitOf(forumRole(role), 'teamBy') ? f.maniacTeam : teamOf(role);
}

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

/** The per-day fields belong to one day; the first day event of a new day clears them (on `f`, a copy). */
function forumToday(s: GameState, f: ForumState): void {
  if (f.day !== s.number || s.phase !== 'day') {
    f.day = s.phase === 'day' ? s.number : -1;
    f.votes = new Array<number>(f.votes.length).fill(-1);
    f.reasons = new Array<string>(f.reasons.length).fill('');
    f.dayClosed = false;
    f.lawyerChoice = null;
    f.lawyerDeadline = false;
    f.kamikazePick = null;
  }
}

export function evolveForum(s: GameState, e: ForumEvent): void {
  if (e.t === 'forumDealt') {
    s.forum = fresh(s, e);
    s.rng = e.rng;
    for (const x of s.seats) if (x.team !== teamAt(x.role, e)) withSeat(s, x.seat, { team: teamAt(x.role, e) });
    return;
  }
  if (!s.forum) return;
  const f: ForumState = { ...s.forum };
  s.forum = f;
  switch (e.t) {
    case 'ballotCast': {
      forumToday(s, f);
      f.votes = f.votes.slice();
      f.votes[e.seat - 1] = e.target;
      f.reasons = f.reasons.slice();
      f.reasons[e.seat - 1] = e.reason;
      break;
    }
    case 'lawyerChose':
      forumToday(s, f);
      f.lawyerChoice = e.target;
      break;
    case 'lawyerDeadlinePassed':
      forumToday(s, f);
      f.lawyerDeadline = true;
      break;
    case 'lawyerMissed':
      f.lawyerMisses = e.count;
      break;
    case 'dayTally':
      forumToday(s, f);
      f.dayClosed = true;
      f.lawyerDeadline = true;
      for (const v of e.votes) if (v.auto && !f.autoVoted.includes(v.seat)) f.autoVoted = [...f.autoVoted, v.seat];
      break;
    case 'lawyerProtected':
      f.lawyerCounts = f.lawyerCounts.slice();
      f.lawyerCounts[e.seat - 1]!++;
      break;
    case 'bonusPlayed':
      f.bonusUsed = true;
      break;
    case 'roleChanged': {
      withSeat(s, e.seat, { role: e.to, team: teamAt(e.to, f) });
      if (e.rng !== undefined) s.rng = e.rng;
      break;
    }
    case 'priestessTook':
      f.takeover = { night: e.night, seat: e.seat, role: e.role, from: e.from };
      break;
    case 'kamikazeAwaits':
      forumToday(s, f);
      f.kamikazePick = e.seat;
      break;
    case 'nightSummary':
      if (e.heal !== null) {
        f.healCounts = f.healCounts.slice();
        f.healCounts[e.heal - 1]!++;
      }
      if (e.seduce !== null) f.seduced = true;
      if (e.voided !== null) f.voidUsed = true;
      break;
    case 'healAnnounced':
    case 'told':
      break;
  }
}

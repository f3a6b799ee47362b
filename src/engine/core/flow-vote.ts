// The day flow's vote variants as tables (options dayOneVote, revoteOrder, tieOfAll,
// allLeaveTwoOfFour, allLeaveThreeOfNine): whether today votes, what the day-one winner does,
// the order of a revote and when a repeated tie may not be put to «all leave?».
import type { TieKeptWhy } from './events.js';
import { dayOptions, type DayOptions } from './options.js';
import type { GameState } from './state.js';
import { livingCount } from './table.js';

/** What the single winner of a day-one vote does (fiim 7.16, polemica zeroVoting). */
export type DayOneWinner = 'leaves' | 'stays' | 'respeech';

interface DayOne {
  /** Is there a vote on day one at all? */
  votes: boolean;
  /**
   * Is a single nominee voted all the same, unopposed (mafiaratings to-talk: its judge software
   * holds the vote and records every hand), so that as the winner they get the extra speech?
   */
  singleVoted: boolean;
  /** The single winner of a round; `votedSelf`: they voted for themselves in it. */
  winner(votedSelf: boolean): DayOneWinner;
  rule: string;
}

const DAY_ONE: Record<DayOptions['dayOneVote'], DayOne> = {
  standard: { votes: true, singleVoted: false, winner: () => 'leaves', rule: 'R7' },
  none: { votes: false, singleVoted: false, winner: () => 'leaves', rule: 'R7' },
  respeech: { votes: true, singleVoted: true, winner: () => 'respeech', rule: 'fiim 7.16.2, polemica zeroVoting respeech' },
  liftOnly: { votes: true, singleVoted: false, winner: () => 'stays', rule: 'fiim 7.16.3, polemica zeroVoting liftOnly' },
  selfBreak: { votes: true, singleVoted: false, winner: (self) => (self ? 'leaves' : 'respeech'), rule: 'fiim 7.16.4' },
};

export function dayOneRule(s: GameState): DayOne {
  return DAY_ONE[dayOptions(s.options).dayOneVote];
}

/**
 * fiim 7.16.2: the day-one vote on a single nominee, open (it opened with one name: a ballot that
 * removals cut down to one closes by itself, R7). Its result is settled before a hand is raised —
 * every hand, raised or not, goes to the one candidate (R8) — so a record may give the hands or
 * go straight on to the winner's speech.
 */
export function unopposedVote(s: GameState): boolean {
  const st = s.stage;
  if (st.kind !== 'vote' || st.round !== 'main' || s.number !== 1 || s.ballot.length !== 1 || !dayOneRule(s).singleVoted) return false;
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'votingStarted') return e.ballot.length === 1;
  }
  return false;
}

/** The winner of a day-one round, or 'leaves' on any later day. */
export function singleWinner(s: GameState, votedSelf: boolean): DayOneWinner {
  return s.number === 1 ? dayOneRule(s).winner(votedSelf) : 'leaves';
}

/**
 * fiim 7.18 (option revoteOrder): the tied players in the order of their tie speeches and revote.
 * `same`: the order of the round that tied (R9). `reverse`: nomination order, turned round on
 * every odd revote of the day.
 */
export function revoteOrder(s: GameState, tied: number[]): number[] {
  if (dayOptions(s.options).revoteOrder === 'same') return tied;
  const rank = (seat: number): number => {
    const i = s.nominations.findIndex((n) => n.target === seat);
    return i < 0 ? s.seats.length + seat : i;
  };
  let revotes = 0;
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'dayStarted') break;
    if (e.t === 'votingStarted' && e.round === 'revote') revotes++;
  }
  const out = tied.slice().sort((a, b) => rank(a) - rank(b));
  return revotes % 2 === 0 ? out.reverse() : out;
}

/**
 * fiim 7.21–7.23: why a tie repeated in the revote may not go to «all leave?» (night comes and
 * all stay), or null when it may.
 */
export function allLeaveBar(s: GameState, tied: readonly number[]): TieKeptWhy | null {
  const d = dayOptions(s.options);
  const living = livingCount(s);
  if (tied.length === living) return d.tieOfAll === 'night' ? 'everyone' : null;
  if (living === 4 && tied.length === 2 && !d.allLeaveTwoOfFour) return 'twoOfFour';
  if (living === 9 && tied.length === 3 && (d.allLeaveThreeOfNine === 'no' || (d.allLeaveThreeOfNine === 'afterDay2' && s.number <= 2)))
    return 'threeOfNine';
  return null;
}

/** fiim 7.21 `draw`: the whole table voted to leave together — the game is a draw. */
export function allLeaveIsDraw(s: GameState, leaving: readonly number[]): boolean {
  return dayOptions(s.options).tieOfAll === 'draw' && leaving.length === livingCount(s);
}

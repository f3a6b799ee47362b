// Events: the facts of a game. Each carries who may see it and the rule it applied, so the
// judge's log explains itself and view() can filter it with one default-deny test.
import type { Cause, Phase, PresetId, RoleId, Team } from './vocab.js';
import type { ForumEventBody } from '../presets/forum/forum-types.js';

/**
 * Who may see an event: everyone, the judge only, a team's living members at view time,
 * or a list of seats. The judge sees every event.
 */
export type Visibility = 'public' | 'judge' | 'black' | readonly number[];

/**
 * Kinds of speech turns (the day flow, day-flow.ts, says how long each is and what it allows):
 * a day speech, a tie speech (R9), a last word (R10), the day-one vote's winner's extra speech
 * (fiim 7.16.2, polemica zeroVoting "respeech") and a silenced player's turn without a speech,
 * in which they may only nominate (fiim 9.5.1).
 */
export type SpeechKind = 'day' | 'tie' | 'last' | 'respeech' | 'silent';
/** Why a day speech is skipped: a third foul (R6) or a putana's freeze (club R23). */
export type SkipCause = 'fouls' | 'frozen';
/** Why a tie is not put to «all leave?» (club R25, fiim 7.21–7.23). */
export type TieKeptWhy = 'fourPlayers' | 'everyone' | 'twoOfFour' | 'threeOfNine';
export type VoteRound = 'main' | 'revote' | 'allLeave';
export type Actor = number | 'judge' | 'clock';

interface Base {
  /**
   * Position of the event in the game's log (0-based). In a view it is the position among the
   * events that viewer may see (view.ts), so a player cannot count the hidden ones.
   */
  n: number;
  vis: Visibility;
  rule: string;
  phase: Phase;
  number: number;
}

export type EventBody =
  | { t: 'gameStarted'; preset: PresetId; players: string[]; seats: number }
  | { t: 'roleDealt'; seat: number; role: RoleId }
  | { t: 'teamRevealed'; team: Team; members: { seat: number; role: RoleId }[] }
  | { t: 'nightStarted'; intro: boolean; night: number }
  | { t: 'planSet'; seat: number; targets: number[] }
  | { t: 'nightAction'; seat: number; verb: string; target: number | null }
  | { t: 'nightMiss' }
  | { t: 'checkResult'; seat: number; target: number; result: 'sheriff' | 'notSheriff' | 'red' | 'black' }
  | { t: 'dayStarted'; day: number; order: number[] }
  /** `short`: a speech cut to `shortSpeechSeconds` (fiim 9.5.1 with three or four left, 9.5.2). */
  | { t: 'speechStarted'; seat: number; kind: SpeechKind; short?: true }
  | { t: 'speechEnded'; seat: number; by: Actor | 'foul' | 'removal' }
  | { t: 'speechSkipped'; seat: number; cause: SkipCause }
  | { t: 'said'; seat: number; text: string }
  | { t: 'floorGiven'; seat: number; to: number }
  | { t: 'nominated'; by: number; target: number }
  | { t: 'nominationWithdrawn'; by: number; target: number }
  | { t: 'fouled'; seat: number; count: number; reason?: string }
  /** A technical foul (fiim 9.6.2): counted apart from fouls; the second removes the player. */
  | { t: 'techFouled'; seat: number; count: number; reason?: string }
  | { t: 'eliminated'; seat: number; cause: Cause; lastWord: boolean; reason?: string }
  | { t: 'roleRevealed'; seat: number; role: RoleId }
  | { t: 'noVote'; why: 'noCandidates' | 'firstDaySingle' | 'firstDayNoVote' | 'criticalRemoval' | 'cancelled' }
  /** A removal cancels the vote of `day` (fiim 9.8, option removalCancelsVote "any"). */
  | { t: 'voteCancelled'; seat: number; day: number }
  | { t: 'singleCandidate'; seat: number }
  | { t: 'votingStarted'; round: VoteRound; ballot: number[] }
  | { t: 'voteCast'; seat: number; target: number | null; leave?: boolean }
  /** Hands counted by the judge, not by seat: `count` votes for `target` ("all leave?": null, yes). */
  | { t: 'votesCounted'; target: number | null; count: number }
  | { t: 'handWithdrawn'; seat: number; target: number }
  | {
      t: 'voteClosed';
      round: VoteRound;
      ballot: number[];
      votes: { seat: number; target: number; defaulted: boolean }[];
      tally: { target: number; count: number }[];
      /**
       * Votes without a seat: the judge's counts, and (in a round that had counts) the votes not
       * cast, given to the last candidate (R8). Absent when every vote has its seat.
       */
      counted?: { target: number; count: number; defaulted?: true }[];
    }
  /** `counted`: yes and no without seats, in a round the judge counted. */
  | { t: 'allLeaveClosed'; yes: number[]; no: number[]; leave: boolean; counted?: { yes: number; no: number } }
  | { t: 'tie'; seats: number[] }
  /** Day one: the vote's winner stays (fiim 7.16.2–4, polemica zeroVoting); `respeech`: with a speech. */
  | { t: 'dayOneStays'; seat: number; respeech: boolean }
  /** fiim 8.19: the result is settled; announced after the last word (the judge's eyes only). */
  | { t: 'verdict'; winner: Team | null }
  /** fiim 6.7–6.8: colours a speaker leaves «on record». */
  | { t: 'leftOnRecord'; seat: number; red: number[]; black: number[] }
  /** fiim 9.3, 10.21–10.24: the judge declares the offender's team defeated; the other team wins. */
  | { t: 'teamDefeated'; seat: number; team: Team; reason?: string }
  | { t: 'gameOver'; winner: Team | null; roles: { seat: number; role: RoleId }[] }
  // club and tournament (club.ts, tournament.ts, score.ts)
  /** Putana's freeze held (R23): the seat's night action is void and it is mute the next day. */
  | { t: 'frozen'; seat: number; voided: string[] }
  /** The doctor's heal and what it cancelled (R23, R33); the judge's eyes only. */
  | { t: 'healed'; seat: number; by: number; saved: ('shot' | 'maniac' | 'sheriff' | 'freeze')[] }
  /** club option: the bodyguard took the kill meant for this seat (docs/rules/club.md); the judge's eyes only. */
  | { t: 'guarded'; seat: number; by: number }
  /** The lover's save stands for the next day's vote (R32); the judge's eyes only. */
  | { t: 'voteShield'; seat: number; by: number }
  /** The judge announces that the lover's save keeps this player from leaving by vote (R32). */
  | { t: 'keptFromVote'; seat: number }
  /** A night at four players in which no black player shot (R26), counted in a row. */
  | { t: 'quietNight'; count: number }
  /** A tie is settled without «all leave?»: all stay (club R25; fiim 7.21–7.23 by `why`; absent: R25). */
  | { t: 'tieKept'; seats: number[]; why?: TieKeptWhy }
  /** The first player killed at night names up to three seats as black (FIIM best move). */
  | { t: 'bestMove'; seat: number; targets: number[] }
  /** The judge's extra points to a seat (FIIM practice). */
  | { t: 'extraPoints'; seat: number; points: number; reason: string }
  // forum (forum-types.ts, evolved by forum-evolve.ts)
  | ForumEventBody;

export type GameEvent = Base & EventBody;
export type EventType = GameEvent['t'];

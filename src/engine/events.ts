// Events: the facts of a game. Each carries who may see it and the rule it applied, so the
// judge's log explains itself and view() can filter it with one default-deny test.
import type { Cause, Phase, PresetId, RoleId, Team } from './vocab.js';
import type { ForumEventBody } from './forum-types.js';

/**
 * Who may see an event: everyone, the judge only, a team's living members at view time,
 * or a list of seats. The judge sees every event.
 */
export type Visibility = 'public' | 'judge' | 'black' | readonly number[];

export type SpeechKind = 'day' | 'tie' | 'last';
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
  | { t: 'speechStarted'; seat: number; kind: SpeechKind }
  | { t: 'speechEnded'; seat: number; by: Actor | 'foul' | 'removal' }
  | { t: 'speechSkipped'; seat: number }
  | { t: 'said'; seat: number; text: string }
  | { t: 'floorGiven'; seat: number; to: number }
  | { t: 'nominated'; by: number; target: number }
  | { t: 'nominationWithdrawn'; by: number; target: number }
  | { t: 'fouled'; seat: number; count: number; reason?: string }
  | { t: 'eliminated'; seat: number; cause: Cause; lastWord: boolean; reason?: string }
  | { t: 'roleRevealed'; seat: number; role: RoleId }
  | { t: 'noVote'; why: 'noCandidates' | 'firstDaySingle' | 'firstDayNoVote' | 'criticalRemoval' }
  | { t: 'singleCandidate'; seat: number }
  | { t: 'votingStarted'; round: VoteRound; ballot: number[] }
  | { t: 'voteCast'; seat: number; target: number | null; leave?: boolean }
  | { t: 'handWithdrawn'; seat: number; target: number }
  | {
      t: 'voteClosed';
      round: VoteRound;
      ballot: number[];
      votes: { seat: number; target: number; defaulted: boolean }[];
      tally: { target: number; count: number }[];
    }
  | { t: 'allLeaveClosed'; yes: number[]; no: number[]; leave: boolean }
  | { t: 'tie'; seats: number[] }
  | { t: 'gameOver'; winner: Team | null; roles: { seat: number; role: RoleId }[] }
  // club and tournament (club.ts, tournament.ts, score.ts)
  /** Putana's freeze held (R23): the seat's night action is void and it is mute the next day. */
  | { t: 'frozen'; seat: number; voided: string[] }
  /** The doctor's heal and what it cancelled (R23, R33); the judge's eyes only. */
  | { t: 'healed'; seat: number; by: number; saved: ('shot' | 'maniac' | 'freeze')[] }
  /** The lover's save stands for the next day's vote (R32); the judge's eyes only. */
  | { t: 'voteShield'; seat: number; by: number }
  /** The judge announces that the lover's save keeps this player from leaving by vote (R32). */
  | { t: 'keptFromVote'; seat: number }
  /** A night at four players in which no black player shot (R26), counted in a row. */
  | { t: 'quietNight'; count: number }
  /** Four at the table: a tie is not revoted, all stay (R25). */
  | { t: 'tieKept'; seats: number[] }
  /** The first player killed at night names up to three seats as black (FIIM best move). */
  | { t: 'bestMove'; seat: number; targets: number[] }
  /** The judge's extra points to a seat (FIIM practice). */
  | { t: 'extraPoints'; seat: number; points: number; reason: string }
  // forum (forum-types.ts, evolved by forum-evolve.ts)
  | ForumEventBody;

export type GameEvent = Base & EventBody;
export type EventType = GameEvent['t'];

// The game as plain JSON. Nothing here is a class, so a state can be stored, sent and cloned.
import type { GameEvent, SpeechKind, VoteRound } from './events.js';
import type { Options } from './options.js';
import type { ForumState } from '../presets/forum/forum-types.js';
import type { Cause, Phase, PresetId, RoleId, Team } from './vocab.js';

export interface Exit {
  cause: Cause;
  phase: Phase;
  number: number;
}

export interface SeatState {
  seat: number;
  name: string;
  role: RoleId;
  /** The seat's team now (a preset may convert a player during the game). */
  team: Team;
  /**
   * Hot paths ask `alive === true` / `!== true`, not `x.alive` / `!x.alive`: V8 keeps no boolean
   * type for a field, so a bare test compiles to the full truthiness check (a dozen instructions:
   * number, string, undetectable, bigint), where a compare with `true` is one (W1 speed, issue 18).
   * The same holds for the other flags the engine reads per command (finished, intro, silenced).
   */
  alive: boolean;
  exit: Exit | null;
  fouls: number;
  /** A 3rd foul takes the next day speech (R6); cleared when that speech is skipped (or shortened). */
  silenced: boolean;
  /** Technical fouls (fiim 9.6.2); absent until the first. */
  techFouls?: number;
}

export type Stage =
  | { kind: 'night'; intro: boolean }
  | { kind: 'speech'; speech: SpeechKind; seat: number; short?: true }
  | { kind: 'vote'; round: VoteRound }
  /** Between two steps: advance() decides what comes next from the rest of the state. */
  | { kind: 'idle' }
  | { kind: 'over' };

/** Where the day stands, for advance(). */
export type DayStep = 'speeches' | 'tie' | 'voting' | 'respeech' | 'evening';

export interface NightAction {
  seat: number;
  verb: string;
  target: number | null;
}

export interface GameState {
  preset: PresetId;
  options: Options;
  seats: SeatState[];
  phase: Phase;
  number: number;
  stage: Stage;
  /** The seat whose turn it was to open the current (or last) day (R3, R19). */
  firstSpeaker: number;
  /** Today's standing nominations in order: nominator and target. */
  nominations: { by: number; target: number }[];
  /** The current speaker nominated during this speech (R5: only then may they withdraw). */
  speechNominated: boolean;
  dayStep: DayStep;
  /** Speakers still to speak in the current run of day or tie speeches. */
  queue: number[];
  /** Last words still owed, in the order of R19. */
  lastWords: number[];
  /** The current (or next, during tie speeches) vote's candidates in order. */
  ballot: number[];
  /** Votes of the current round by seat index (target seat, or 1/0 for all-leave yes/no); -1 = none. */
  votes: number[];
  /** Night actions submitted this night, in arrival order. */
  actions: NightAction[];
  finished: boolean;
  winner: Team | null;
  log: GameEvent[];
  /** Generator state for lots drawn during the game. */
  rng: number;
  /** club: seats frozen by putana, mute until the next night (R23, R29). Absent elsewhere. */
  muted?: number[];
  /** tournament: the seat the lover keeps from this day's vote (R32). Absent elsewhere. */
  shield?: number;
  /** The day whose vote a removal cancelled (fiim 9.8); absent when none. */
  voteCancelled?: number;
  /** Hands the judge counted in the current round, not by seat (`votesCounted`); absent when none. */
  counts?: { target: number | null; count: number }[];
  /** fiim 8.19: the result, settled before the last word; gameOver follows it. */
  verdict?: { winner: Team | null };
  /** forum: counters, limits, the hidden bonus and today's votes (forum-types.ts). Absent elsewhere. */
  forum?: ForumState;
}

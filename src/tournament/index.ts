// @gorod/tournament: tournaments as data, pure like the engine (no I/O, no clock): players and
// rounds, seating generation, scoring systems as versioned data, standings as a function of the
// records, Elo ratings and statistics. See docs/tournaments.md.
export * from './errors.js';
export * from './types.js';
export * from './scoring-format.js';
export * from './scoring-systems.js';
export * from './facts.js';
export * from './score-game.js';
export * from './standings.js';
export * from './slot-record.js';
export * from './check.js';
export * from './flags.js';
export * from './players.js';
export * from './rounds.js';
export * from './rating.js';
export * from './stats.js';
export {
  generateSeating,
  seatingSteps,
  baselineQuality,
  seatingProblems,
  defaultMoves,
  layoutOf,
  TABLE_SIZE,
  type Seating,
  type SeatingOptions,
  type SeatingQuality,
  type SeatingRequest,
  type SeatingProgress,
} from './seating/index.js';

// The points where presets differ, as one interface, and the registry of each preset's rules.
// Classic fills it; other presets override only what their sources change, so the day and night
// flow stays one piece of code. The day's own variants are options (day-flow.ts), not hooks.
import { classicRules } from '../presets/classic/classic.js';
import type { Ctx } from './emit.js';
import type { Command } from './command.js';
import type { Listing } from './listing.js';
import type { StageTimer } from './day-flow.js';
import type { Ability } from './roles.js';
import type { Actor } from './events.js';
import type { Rejection } from './rejection.js';
import type { GameState } from './state.js';
import type { PresetId, Team, Verb } from './vocab.js';

export type Handler = (c: Ctx, cmd: Command) => Rejection | null;

export interface PresetRules {
  /** May this living seat vote in the current round? (club: a frozen player may not, R29) */
  canVote(s: GameState, seat: number): boolean;
  /** Does this seat lose its day speech and nomination? (club freeze) */
  mutedToday(s: GameState, seat: number): boolean;
  /** Extra checks on a night action beyond the shared ones (limits, consecutive nights). */
  checkNightAction(s: GameState, seat: number, verb: Verb, target: number | null): Rejection | null;
  /** Resolve the night's actions through the preset's ordered table of stages. */
  resolveNight(c: Ctx): void;
  /** The winner now, or null while the game goes on. */
  winner(s: GameState): Team | null | 'draw';
  /** A tie in a vote: return true if the preset settled it (club R25) instead of tie speeches. */
  onTie(c: Ctx, tied: number[]): boolean;
  /** Someone is about to leave by vote: return true if the preset kept them (tournament lover). */
  keepsFromVote(c: Ctx, seats: number[]): number[];
  /** Does this living seat owe this night ability tonight (the night waits for it)? Default: ability.required. */
  owes?(s: GameState, seat: number, ability: Ability): boolean;
  /**
   * Commands of this preset's own verbs that the speaker may give now (for legalCommands), after
   * the shared ones: for each, take(l) says whether to build it into l.out, done(l) whether to stop
   * (legal.ts). Only the speaker acts in a speech; a preset verb of other seats or stages would
   * need a hook of its own, and actors() asks only the speaker in a speech.
   */
  speakerExtras?(s: GameState, seat: number, l: Listing): void;
  /** Commands of this preset's own judge verbs that are legal now (for legalCommands): as speakerExtras. */
  judgeExtras?(s: GameState, l: Listing): void;
  /** Verbs this preset adds or handles its own way. */
  handlers?: Partial<Record<Verb, Handler>>;
  /** forum: the preset's own automatic steps after each command, instead of the shared advance(). */
  advance?(c: Ctx): void;
  /** forum: the preset lists every legal command itself, instead of the shared lister (legal.ts: take(l) and done(l) for each command, as speakerExtras). */
  legal?(s: GameState, actor: Actor, l: Listing): void;
  /** forum: the timer of a day without speeches (day-flow.ts stageTimer). */
  dayTimer?(s: GameState): StageTimer | null;
}

const RULES: Partial<Record<PresetId, PresetRules>> = { classic: classicRules };

export function registerRules(preset: PresetId, rules: PresetRules): void {
  RULES[preset] = rules;
  lastPreset = undefined;
}

let lastPreset: PresetId | undefined;
let lastRules: PresetRules = classicRules;

/**
 * A preset without rules of its own (fiim) plays classic's, changed only by its options. Asked
 * several times a command: the last answer is kept (one compare instead of a keyed lookup).
 */
export function rulesOf(s: GameState): PresetRules {
  if (s.preset === lastPreset) return lastRules;
  lastRules = RULES[s.preset] ?? classicRules;
  lastPreset = s.preset;
  return lastRules;
}

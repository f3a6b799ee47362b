// A bot is a function of what its seat may see: the seat's view, the legal commands, and a
// seeded random stream. It never receives the game state itself.
import type { Command, GameView } from '../engine/index.js';

import type { Lang } from '../engine/index.js';
export type { Lang };

export interface BotInput {
  view: GameView;
  /** Commands the seat may give now. `say` and the don's `plan` are never listed: a bot builds them. */
  legal: Command[];
  rand: () => number;
}

export interface BotDecision {
  command: Command;
  /** Why the bot chose this, in plain words (bots explain themselves). */
  why: string;
}

/** null: the bot passes (abstains from a vote, owes nothing, is done for now). */
export type Policy = (input: BotInput) => BotDecision | null;

export interface PolicyOptions {
  /** Language of the bot's speeches. */
  lang?: Lang;
}

/** A named way of playing, as the registry and the simulator know it. */
export interface PolicyDef {
  name: string;
  doc: string;
  /** Seats playing this policy at one table share one random stream (the W1 workload). */
  sharedStream?: boolean;
  /**
   * One player's policy for one game. Policies that share a stream get one instance per table
   * (the W1 team memo); the others get one instance per seat.
   */
  create(opts?: PolicyOptions): Policy;
}

/** Uniform over the legal commands. */
export const randomPolicy: Policy = ({ legal, rand }) => {
  if (legal.length === 0) return null;
  const command = legal[Math.floor(rand() * legal.length)]!;
  return { command, why: 'random legal command' };
};

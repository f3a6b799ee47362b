// A bot is a function of what its seat may see: the seat's view, the legal commands, and a
// seeded random stream. It never receives the game state itself.
import type { Command, GameView } from '../engine/index.js';

export interface BotInput {
  view: GameView;
  legal: Command[];
  rand: () => number;
}

export interface BotDecision {
  command: Command;
  /** Why the bot chose this, in plain words (bots explain themselves). */
  why: string;
}

export type Policy = (input: BotInput) => BotDecision | null;

/** Uniform over the legal commands. */
export const randomPolicy: Policy = ({ legal, rand }) => {
  if (legal.length === 0) return null;
  const command = legal[Math.floor(rand() * legal.length)]!;
  return { command, why: 'random legal command' };
};

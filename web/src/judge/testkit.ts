// A fixed classic table for the console's tests: seats 1–10 with a known deal.
import type { RoleId } from '../../../src/engine/index.js';
import { newGame, type JudgeGame } from './session.js';

/** Don 2, mafia 5 and 8, sheriff 3, the rest civilians. */
export const DEAL: RoleId[] = ['civilian', 'don', 'sheriff', 'civilian', 'mafia', 'civilian', 'civilian', 'mafia', 'civilian', 'civilian'];

export function classicGame(id = 't1'): JudgeGame {
  const g = newGame(id, { preset: 'classic', players: DEAL.map((_, i) => `P${i + 1}`), deal: DEAL }, 0);
  if ('code' in g) throw new Error(g.code);
  return g;
}

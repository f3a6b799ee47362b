// Seeded random games from legalCommands: the driver behind the engine's property tests.
import {
  apply,
  legalCommands,
  mulberry32,
  startGame,
  type Command,
  type GameState,
  type Setup,
} from '../../src/engine/index.js';

export interface RandomGameOptions {
  /** Probability per step that the judge fouls or removes someone. */
  judgeRate?: number;
  /** Probability per step that the clock closes the current speech, vote or night. */
  clockRate?: number;
  maxSteps?: number;
  onStep?: (state: GameState, cmd: Command, accepted: boolean) => void;
}

export function randomCommand(state: GameState, rand: () => number, o: RandomGameOptions = {}): Command | null {
  const judgeRate = o.judgeRate ?? 0.002;
  const clockRate = o.clockRate ?? 0.05;
  if (rand() < judgeRate) {
    const j = legalCommands(state, 'judge').filter((c) => c.do === 'foul' || c.do === 'remove');
    const pick = j[Math.floor(rand() * j.length)];
    if (pick) return pick.do === 'remove' && rand() < 0.7 ? { ...pick, do: 'foul' } : pick;
  }
  const clock = legalCommands(state, 'clock');
  if (clock.length > 0 && rand() < clockRate) return clock[Math.floor(rand() * clock.length)]!;
  const options: Command[] = [];
  for (const seat of state.seats) for (const c of legalCommands(state, seat.seat)) options.push(c);
  if (options.length === 0) return clock[0] ?? null;
  return options[Math.floor(rand() * options.length)]!;
}

export function playRandom(setup: Setup, seed: number, o: RandomGameOptions = {}): { state: GameState; commands: Command[] } {
  const rand = mulberry32(seed);
  const state = startGame(setup);
  const commands: Command[] = [];
  const max = o.maxSteps ?? 5000;
  for (let step = 0; step < max && !state.finished; step++) {
    const cmd = randomCommand(state, rand, o);
    if (!cmd) break;
    const r = apply(state, cmd);
    if (r.ok) commands.push(cmd);
    o.onStep?.(state, cmd, r.ok);
  }
  return { state, commands };
}

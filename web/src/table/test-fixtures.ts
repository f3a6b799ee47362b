// Real games for component tests: states built by the engine itself, so the panels are tested
// against the views a server would send.
import { apply, legalCommands, startGame, view, type Command, type GameState, type GameView, type RoleId } from '../../../src/engine/index.js';

export const NAMES = ['Аня', 'Боря', 'Вика', 'Гена', 'Даша', 'Егор', 'Женя', 'Зоя', 'Илья', 'Катя'];
/** Seat 1 don, 2–3 mafia, 4 sheriff, the rest civilians. */
export const DEAL: RoleId[] = ['don', 'mafia', 'mafia', 'sheriff', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];

export function newGame(): GameState {
  return startGame({ preset: 'classic', players: NAMES.slice(), deal: DEAL.slice(), seed: 'test' });
}

export function run(s: GameState, ...cmds: Command[]): GameState {
  for (const c of cmds) {
    const r = apply(s, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.error.code}`);
  }
  return s;
}

/** Day 1, seat 1 holds the floor. */
export function day1(): GameState {
  return run(newGame(), { by: 'clock', do: 'endNight' });
}

/** Day 1 vote between 5 and 7 (nominated by seats 1 and 2). */
export function day1Vote(): GameState {
  const s = day1();
  run(s, { by: 1, do: 'nominate', target: 5 }, { by: 1, do: 'endSpeech' }, { by: 2, do: 'nominate', target: 7 });
  for (let seat = 2; seat <= 10; seat++) run(s, { by: seat, do: 'endSpeech' });
  return s;
}

/** Night 2 after a day 1 without a vote. */
export function night2(): GameState {
  const s = day1();
  for (let seat = 1; seat <= 10; seat++) run(s, { by: seat, do: 'endSpeech' });
  return s;
}

export function seatView(s: GameState, seat: number): { view: GameView; legal: Command[] } {
  return { view: view(s, { kind: 'seat', seat }), legal: legalCommands(s, seat) };
}

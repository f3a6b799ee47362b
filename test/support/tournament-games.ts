// Test games shared by the tournament module's tests: hand-played tables whose points are worked
// out by hand in the tests (not shipped: only tests import this file).
import { finish } from './finish-game.js';
import { Table } from './scenario.js';
import type { Command, RoleId } from '../../src/engine/index.js';

/** Tournament preset, ten seats: 1 don, 2–3 mafia, 4 sheriff, 5 lover, 6 doctor, 7–10 civilians. */
export const DEAL10: RoleId[] = ['don', 'mafia', 'mafia', 'sheriff', 'lover', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian'];
export const POINTS_ON = { seats: 10, pointsBestMove: true, pointsExitPenalty: true, pointsExtra: true };

/**
 * Night 2: black shoots 7, the sheriff finds 2 (black), the doctor heals 8 (a miss). Seat 7 names
 * `targets` (1, 2, 3: three black) in the last word. The judge removes 1, 2 and 3 (the last removal ends the
 * game: red wins) and gives seat 4 +0.3.
 */
export function bestMoveGame(players?: string[], targets: number[] = [1, 2, 3]): Table {
  const t = new Table({ preset: 'tournament', deal: DEAL10, options: POINTS_ON, ...(players ? { players } : {}) });
  t.night([]).speeches();
  const night: Command[] = [
    { by: 1, do: 'shoot', target: 7 },
    { by: 2, do: 'shoot', target: 7 },
    { by: 3, do: 'shoot', target: 7 },
    { by: 1, do: 'check', target: 4 },
    { by: 4, do: 'check', target: 2 },
    { by: 5, do: 'save', target: 9 },
    { by: 6, do: 'heal', target: 8 },
  ];
  t.night(night);
  t.do({ by: 7, do: 'bestMove', targets });
  t.do({ by: 7, do: 'endSpeech' });
  for (const seat of [1, 2, 3]) t.do({ by: 'judge', do: 'remove', target: seat });
  t.do({ by: 'judge', do: 'extraPoints', target: 4, points: 0.3, reason: 'good game' });
  return t;
}

/** Classic, seat 1 a civilian: the deterministic play-out kills seat 1 on night 2 and `winner` wins. */
export const DEAL_SEAT1_RED: RoleId[] = ['civilian', 'civilian', 'civilian', 'sheriff', 'civilian', 'civilian', 'mafia', 'mafia', 'don', 'civilian'];

export function playedOut(winner: 'red' | 'black', players?: string[]): Table {
  const t = new Table({ preset: 'classic', deal: DEAL_SEAT1_RED, ...(players ? { players } : {}) });
  finish(t, winner);
  if (t.state.winner !== winner) throw new Error(`expected ${winner}, got ${String(t.state.winner)}`);
  return t;
}

/**
 * The fiim preset (black 5 don, 7, 10; sheriff 2; fiim-table's deal): night 2 the mafia kill seat
 * 1, who names 5, 7 and 10 (three black) in the last word; on day 2 the judge gives seat 3 two
 * technical fouls (removed, fiim 9.6.2) and seat 2 +0.3 extra points, then declares the
 * offender's team defeated (fiim 9.3): seat 7's offence, red wins at once; seat 4's, black wins.
 */
export function teamDefeatGame(offender: 7 | 4 = 7, players?: string[]): Table {
  const t = new Table({ preset: 'fiim', deal: FIIM_DEAL, ...(players ? { players } : {}) });
  t.night([]).speeches();
  t.night([5, 7, 10].map((by) => ({ by, do: 'shoot', target: 1 }) as Command));
  t.do({ by: 1, do: 'bestMove', targets: [5, 7, 10] });
  t.do({ by: 1, do: 'endSpeech' });
  t.do({ by: 'judge', do: 'techFoul', target: 3 });
  t.do({ by: 'judge', do: 'techFoul', target: 3 });
  t.do({ by: 'judge', do: 'extraPoints', target: 2, points: 0.3, reason: 'good game' });
  t.do({ by: 'judge', do: 'teamDefeat', target: offender, reason: 'peeping' });
  return t;
}

/** fiim-table's deal: black 5 (don), 7, 10; the sheriff 2. */
export const FIIM_DEAL: RoleId[] = ['civilian', 'sheriff', 'civilian', 'civilian', 'don', 'civilian', 'mafia', 'civilian', 'civilian', 'mafia'];

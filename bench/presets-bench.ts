// Random-bot games of the non-classic presets for bench:engine --preset.
import { playRandomForumGame } from './forum.js';
import { apply, legalAt, legalCount, mayAct, mulberry32, seatActors, startGame, type Actor, type PresetId, type GameState } from '../src/engine/index.js';

/** The bot's seats that may act, one array for every step (seatActors writes its first n). */
const POOL: Actor[] = [];

/**
 * A random legal bot: it picks one of the seats that may act now (seatActors: actors() without the
 * judge, into one reused array), or the clock when no seat may or now and then (2 %), then one of
 * that actor's legal commands. Only the chosen actor's commands are counted, and only the one
 * picked is built (legalCount, legalAt). (Until 2026-12-02 it listed every seat's commands and
 * picked one of them all, so a seat counted by its number of commands: the games played are other
 * games now; since then the same games, bench/bot-hashes.ts.)
 */
export function playRandomGame(preset: PresetId, size: number, seed: number, deal?: GameState['seats'][number]['role'][]): { state: GameState; commands: number } {
  const rand = mulberry32(seed);
  const state = startGame(deal ? { preset, deal, seed: String(seed) } : { preset, size, seed: String(seed) });
  let commands = 0;
  for (let guard = 0; guard < 20000 && !state.finished; guard++) {
    // The seats of actors(state) into a reused array, and the clock: the judge is never picked.
    const seats = POOL;
    const n = seatActors(state, seats);
    const withClock = mayAct(state, 'clock') && (n === 0 || rand() < 0.02);
    const i = Math.floor(rand() * (withClock ? n + 1 : n));
    const actor = i < n ? seats[i] : withClock ? 'clock' : undefined;
    if (actor === undefined) break;
    // The k-th of the actor's legal commands, built alone: the pick legalCommands(state, actor)[k]
    // gave with the same random numbers, so the games are the same as with the list.
    const cmd = legalAt(state, actor, Math.floor(rand() * legalCount(state, actor)));
    if (!cmd) break;
    const r = apply(state, cmd);
    if (r.ok) commands++;
  }
  return { state, commands };
}

export async function benchPreset(preset: string, runs: number, games: number): Promise<void> {
  const size = preset === 'forum' ? 25 : preset === 'tournament' ? 12 : 10;
  const rates: number[] = [];
  let commands = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    commands = 0;
    for (let g = 0; g < games; g++) {
      // Forum: a 25-player table with every optional role (bench/forum.ts deals it).
      commands += preset === 'forum' ? countCommands(playRandomForumGame(25, g + 1)) : playRandomGame(preset as PresetId, size, g + 1).commands;
    }
    rates.push(games / ((performance.now() - t0) / 1000));
  }
  rates.sort((a, b) => a - b);
  const gps = rates[Math.floor(rates.length / 2)]!;
  console.log(`${preset}, ${size} seats, random legal bots, ${games} games, median of ${runs} runs`);
  console.log(`  games/s     ${gps.toFixed(0)}`);
  console.log(`  commands/s  ${((gps * commands) / games).toFixed(0)} (bot choice via actors, legalCount and legalAt included)`);
}

function countCommands(r: unknown): number {
  const x = r as { commands?: number | unknown[] };
  return typeof x.commands === 'number' ? x.commands : Array.isArray(x.commands) ? x.commands.length : 0;
}

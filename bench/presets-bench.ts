// Random-bot games of the non-classic presets for bench:engine --preset.
import { playRandomForumGame } from './forum.js';
import { apply, legalCommands, mulberry32, startGame, type Command, type PresetId, type GameState } from '../src/engine/index.js';

export function playRandomGame(preset: PresetId, size: number, seed: number, deal?: GameState['seats'][number]['role'][]): { state: GameState; commands: number } {
  const rand = mulberry32(seed);
  const state = startGame(deal ? { preset, deal, seed: String(seed) } : { preset, size, seed: String(seed) });
  let commands = 0;
  for (let guard = 0; guard < 20000 && !state.finished; guard++) {
    const options: Command[] = [];
    for (const seat of state.seats) for (const c of legalCommands(state, seat.seat)) options.push(c);
    if (options.length === 0 || rand() < 0.02) options.push(...legalCommands(state, 'clock'));
    const cmd = options[Math.floor(rand() * options.length)];
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
  console.log(`  commands/s  ${((gps * commands) / games).toFixed(0)} (bot choice via legalCommands included)`);
}

function countCommands(r: unknown): number {
  const x = r as { commands?: number | unknown[] };
  return typeof x.commands === 'number' ? x.commands : Array.isArray(x.commands) ? x.commands.length : 0;
}

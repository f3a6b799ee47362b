// node dist/bench-build/bench/bot-hashes.js [--seeds N]: one hash of the random-bot games of the
// first N seeds (default 300) of club, tournament, classic and fiim, each game's whole log. A
// change to the lister or the bot that must play the same games prints the same lines before and
// after (compile both trees with tsconfig.bench.json, run this file in each).
import { createHash } from 'node:crypto';
import { playRandomGame } from './presets-bench.js';
import type { PresetId } from '../src/engine/index.js';

const i = process.argv.indexOf('--seeds');
const seeds = i >= 0 ? Number(process.argv[i + 1]) : 300;
for (const preset of ['club', 'tournament', 'classic', 'fiim'] as PresetId[]) {
  const all = createHash('sha256');
  let commands = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const r = playRandomGame(preset, preset === 'tournament' ? 12 : 10, seed);
    commands += r.commands;
    all.update(createHash('sha256').update(JSON.stringify(r.state.log)).digest('hex'));
  }
  console.log(`${preset} ${seeds} seeds ${commands} commands ${all.digest('hex').slice(0, 16)}`);
}

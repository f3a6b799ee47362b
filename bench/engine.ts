// npm run bench:engine [-- --preset classic|club|tournament|forum] [--games N] [--runs R]
// Plays workload W1 (classic) or random-bot games (other presets) through the full engine and
// prints throughput. Benchmarks print numbers; tests never time anything.
import { limitChecksum } from './w1-limit.js';
import { w1Checksum } from './w1.js';
import { median } from './percentile.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const preset = arg('preset', 'classic');
const runs = Number(arg('runs', '5'));

async function main(): Promise<void> {
  if (preset === 'classic') {
    const games = Number(arg('games', '20000'));
    const seed = 20240601;
    // Warm-up so the JIT has settled before the timed runs.
    w1Checksum(seed, 2000);
    limitChecksum(seed, 20000);
    const rates: number[] = [];
    const limits: number[] = [];
    let last = w1Checksum(seed, 1);
    // Engine and limit alternate run by run, so both see the same machine load.
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      last = w1Checksum(seed, games);
      const s = (performance.now() - t0) / 1000;
      rates.push(games / s);
      const limitGames = games * 10;
      const t1 = performance.now();
      limitChecksum(seed, limitGames);
      limits.push(limitGames / ((performance.now() - t1) / 1000));
    }
    const gps = median(rates);
    const lim = median(limits);
    const perGame = last.actions / games;
    console.log(`W1 classic, seed ${seed}, ${games} games, median of ${runs} runs (one core)`);
    console.log(`  games/s    ${gps.toFixed(0)}   (runs: ${rates.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`  actions/s  ${(gps * perGame).toFixed(0)}`);
    console.log(`  limit      ${lim.toFixed(0)} games/s, hand-written (bench/w1-limit.ts; runs: ${limits.map((x) => x.toFixed(0)).join(', ')})`);
    console.log(`  ratio      1/${(lim / gps).toFixed(1)} of the limit  (goal: 1/8)`);
    console.log(`  red wins   ${((100 * last.redWins) / games).toFixed(2)} %`);
    console.log(`  actions    ${perGame.toFixed(2)} per game, days ${(last.days / games).toFixed(2)} per game`);
    if (games === 20000) console.log(`  checksum   ${last.checksum}  (expected b4009e32)`);
    if (games === 20000 && limitChecksum(seed, games).checksum !== last.checksum) console.log('  the limit played other games than the engine');
    return;
  }
  const { benchPreset } = await import('./presets-bench.js');
  await benchPreset(preset, runs, Number(arg('games', '2000')));
}

void main();

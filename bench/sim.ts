// Simulator throughput: the same games on 1 and 2 worker threads (npm run bench:sim).
// Runs alternate (1, 2, 1, 2, …) so background load hits both alike; prints the best and the
// median games/s of each, CPU-seconds per game (process.cpuUsage counts every thread), the load
// average, and checks that both give the same totals. SIM_GAMES, SIM_POLICY, SIM_ROUNDS change it.
import { loadavg } from 'node:os';
import { SimPool, type SimSpec } from '../src/bots/sim/run.js';
import { canonicalTotals } from '../src/bots/sim/stats.js';
import { median } from './percentile.js';

const games = Number(process.env['SIM_GAMES'] ?? 8000);
const rounds = Number(process.env['SIM_ROUNDS'] ?? 3);
const policy = process.env['SIM_POLICY'] ?? 'club';
const spec: SimSpec = { preset: 'classic', policies: { red: policy, black: policy, neutral: policy }, games, seed: 20240601 };

const pools = new Map<number, SimPool>();
for (const w of [1, 2]) {
  const pool = new SimPool(w);
  // Warm-up: load the code and let the JIT settle outside the timed part.
  await pool.run({ ...spec, games: 400 * w }, { chunk: 25 });
  pools.set(w, pool);
}

const rates = new Map<number, number[]>([
  [1, []],
  [2, []],
]);
const cpuPerGame = new Map<number, number[]>([
  [1, []],
  [2, []],
]);
const totals = new Map<number, string>();
console.log(`load average before: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (let r = 0; r < rounds; r++) {
  for (const w of [1, 2]) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const t = await pools.get(w)!.run(spec, { chunk: 50 });
    const s = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    rates.get(w)!.push(games / s);
    cpuPerGame.get(w)!.push((cpu.user + cpu.system) / 1000 / games);
    totals.set(w, JSON.stringify(canonicalTotals(t)));
    console.log(`round ${r + 1} workers=${w}: ${(games / s).toFixed(0)} games/s, ${((cpu.user + cpu.system) / 1e6 / s).toFixed(2)} cores busy`);
  }
}
for (const p of pools.values()) await p.close();
const best = (xs: number[]): number => Math.max(...xs);
for (const w of [1, 2])
  console.log(`workers=${w}: best ${best(rates.get(w)!).toFixed(0)} games/s, median ${median(rates.get(w)!).toFixed(0)} games/s, ${median(cpuPerGame.get(w)!).toFixed(2)} CPU-ms/game (${games} ${policy} games of classic)`);
console.log(`speed-up 2 vs 1 workers: best ${(best(rates.get(2)!) / best(rates.get(1)!)).toFixed(2)}x, median ${(median(rates.get(2)!) / median(rates.get(1)!)).toFixed(2)}x (target >= 1.7x)`);
console.log(`load average after: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`same totals: ${totals.get(1) === totals.get(2) ? 'yes' : 'NO'}`);

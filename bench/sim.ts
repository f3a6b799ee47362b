// Simulator throughput: the same games with 1 and 2 worker threads (npm run bench:sim).
// Prints games/s for each and the speed-up; checks that both give the same totals.
import { SimPool, type SimSpec } from '../src/bots/sim/run.js';
import { canonicalTotals } from '../src/bots/sim/stats.js';

const games = Number(process.env['SIM_GAMES'] ?? 4000);
const policy = process.env['SIM_POLICY'] ?? 'club';
const spec: SimSpec = { preset: 'classic', policies: { red: policy, black: policy, neutral: policy }, games, seed: 20240601 };

async function timed(workers: number): Promise<{ rate: number; json: string }> {
  // Warm-up: start the workers and load the code outside the timed part.
  const pool = new SimPool(workers);
  await pool.run({ ...spec, games: 20 * workers }, { chunk: 10 });
  const t0 = performance.now();
  const t = await pool.run(spec, { chunk: 100 });
  const s = (performance.now() - t0) / 1000;
  await pool.close();
  return { rate: games / s, json: JSON.stringify(canonicalTotals(t)) };
}

const rows: { workers: number; rate: number; json: string }[] = [];
for (const workers of [1, 2]) {
  const r = await timed(workers);
  rows.push({ workers, ...r });
  console.log(`workers=${workers}  ${r.rate.toFixed(0)} games/s  (${games} ${policy} games of classic)`);
}
const [one, two] = rows as [(typeof rows)[0], (typeof rows)[0]];
console.log(`speed-up 2 vs 1 workers: ${(two.rate / one.rate).toFixed(2)}x  (target >= 1.7x)`);
console.log(`same totals: ${one.json === two.json ? 'yes' : 'NO'}`);

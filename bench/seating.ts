// npm run bench:seating — seating quality and time for P = 30, T = 3, G = 10 and
// P = 100, T = 10, G = 10: several seeds each (median time; quality per seed), beside a random and
// a greedy seating of the same request, and with tables traded against meetings (tableWeight).
// The goal for P = 30: every player has every seat number once, and the pair-meeting variance
// within 10 % of its lower bound (0.92), in under 10 s on one core.
import { baselineQuality, generateSeating, type SeatingQuality } from '../src/tournament/index.js';
import { compareTable } from '../src/cli/seating.js';
import { median } from './percentile.js';

const SEEDS = ['bench-1', 'bench-2', 'bench-3'];

function run(players: number, tables: number, games: number, tableWeight = 0): { ms: number[]; q: SeatingQuality[]; moves: number[] } {
  const ms: number[] = [];
  const q: SeatingQuality[] = [];
  const moves: number[] = [];
  for (const seed of SEEDS) {
    const t0 = performance.now();
    const r = generateSeating({ players, tables, games, seed }, { tableWeight });
    ms.push(performance.now() - t0);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    q.push(r.value.quality);
    moves.push(r.value.moves);
  }
  return { ms, q, moves };
}

for (const [P, T, G] of [
  [30, 3, 10],
  [100, 10, 10],
] as const) {
  const ours = run(P, T, G);
  const base = baselineQuality({ players: P, tables: T, games: G, seed: SEEDS[0] });
  if (!base.ok) throw new Error('baseline');
  const everySeatOnce = ours.q.every((q) => q.seats.counts.every((row) => row.every((c) => c === G / 10)));
  console.log(`\nP = ${P}, T = ${T}, G = ${G}: ${SEEDS.length} seeds, median ${(median(ours.ms) / 1000).toFixed(2)} s (${ours.ms.map((x) => (x / 1000).toFixed(2)).join(', ')} s; moves ${ours.moves.map((m) => (m / 1e6).toFixed(1) + 'M').join(', ')})`);
  console.log(`every player every seat number ${G / 10}×: ${everySeatOnce ? 'yes' : 'NO'}; variance ${ours.q.map((q) => q.meetings.variance).join(', ')} (bound ${ours.q[0]!.meetings.bound}; ratio ${ours.q.map((q) => (q.meetings.variance / q.meetings.bound).toFixed(3)).join(', ')})`);
  const weighted = P <= 30 ? run(P, T, G, 1) : null;
  const cols: [string, SeatingQuality][] = [['ours', ours.q[0]!]];
  if (weighted) cols.push(['ours, tableWeight 1', weighted.q[0]!]);
  cols.push(['greedy', base.value.greedy], ['random', base.value.random]);
  console.log(compareTable(cols, 'en'));
}

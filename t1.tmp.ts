import { generateSeating } from './src/tournament/seating/index.js';
const [P, T, G, M] = process.argv.slice(2).map(Number);
const t0 = performance.now();
const r = generateSeating({ players: P!, tables: T!, games: G!, seed: 'x' }, { moves: M });
const ms = performance.now() - t0;
if (!r.ok) { console.log(r.error); process.exit(1); }
const q = r.value.quality;
console.log(JSON.stringify({ ms: Math.round(ms), moves: r.value.moves, seats: { balanced: q.seats.balanced, score: q.seats.score }, var: q.meetings.variance, bound: q.meetings.bound, tables: q.tablesPerPlayer }));

// npm run bench:commits — what SQLITE_COMMIT_GAP_MS saves (issue 19): the SQLite storage alone
// (its worker thread, synchronous=FULL) takes appendCommand calls arriving one per event-loop
// turn at W2p-like rates (Poisson, R writes/s over T tables), with a commit gap of 0 and of G ms
// alternately. Prints per rate and gap: the process's CPU per write (main thread + worker, user +
// system: an fsync's own CPU is most of a small commit's), the write's latency p50/p99 (call to
// answer: what a command's round trip waits for), medians of RUNS runs.
//   npm run bench:commits                      rates 250, 1000, 2000; gaps 0 and 4; 5 s; 3 runs
//   RATES=1000 GAPS=0,2,4 WINDOW_S=10 RUNS=5 npm run bench:commits
//   SQLITE_SYNC=normal npm run bench:commits   the same without fsync
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStorage } from '../src/server/storage-sqlite.js';
import type { TableRow } from '../src/server/storage.js';
import { tableRow } from '../test/server/storage-rows.js';
import { median, pct } from './percentile.js';

const RATES = (process.env['RATES'] ?? '250,1000,2000').split(',').map(Number);
const GAPS = (process.env['GAPS'] ?? '0,4').split(',').map(Number);
const SECONDS = Number(process.env['WINDOW_S'] ?? 5);
const RUNS = Number(process.env['RUNS'] ?? 3);
const TABLES = 1000;
/** SQLITE_SYNC=normal: commits without fsync (what the rest of a write costs). */
const SYNC = process.env['SQLITE_SYNC'] === 'normal' ? 'normal' : 'full';

/** A playing table of its own tokens (tokens are unique across tables), no seats, no clock. */
function row(id: string): TableRow {
  return tableRow(id, { hostToken: `h${id}`, spectatorToken: `p${id}`, seats: [], clock: { auto: false, introNightSeconds: 1, nightSeconds: 1, voteSeconds: 1 }, status: 'playing' });
}


interface Figures {
  cpuMsPerWrite: number;
  p50: number;
  p99: number;
}

async function once(rate: number, gap: number): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'gorod-commits-'));
  const s = new SqliteStorage(join(dir, 'c.sqlite'), { sync: SYNC, ...(gap > 0 ? { commitGapMs: gap } : {}) });
  await Promise.all(Array.from({ length: TABLES }, (_, i) => s.createTable(row(`t${i}`))));
  const seq = new Array<number>(TABLES).fill(0);
  const lat: number[] = [];
  const inFlight: Promise<void>[] = [];
  const cpu0 = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  let due = performance.now();
  let k = 0;
  // One write per turn at its time (a timer each, as commands come from sockets one by one).
  while (due < end) {
    due += -Math.log(1 - Math.random()) * (1000 / rate);
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const t = k++ % TABLES;
    const t0 = performance.now();
    inFlight.push(s.appendCommand(`t${t}`, { seq: seq[t]!++, sender: 'seat:1', nonce: `n${k}`, command: { by: 1, do: 'vote', target: 3 }, at: Date.now() }).then(() => void lat.push(performance.now() - t0)));
  }
  await Promise.all(inFlight);
  const c = process.cpuUsage(cpu0);
  // close() lets go of the worker once it answered: something else keeps this process up until it exits.
  const up = setInterval(() => undefined, 1000);
  await s.close();
  clearInterval(up);
  rmSync(dir, { recursive: true, force: true });
  return { cpuMsPerWrite: (c.user + c.system) / 1000 / lat.length, p50: pct(lat, 50), p99: pct(lat, 99) };
}

console.log(`SQLite commits (synchronous=${SYNC.toUpperCase()}, one write per turn, Poisson): ${SECONDS} s per run, gaps ${GAPS.join(', ')} ms alternating, ${RUNS} runs; load average ${loadavg()[0]!.toFixed(2)}`);
for (const rate of RATES) {
  const got = new Map<number, Figures[]>(GAPS.map((g) => [g, []]));
  for (let r = 0; r < RUNS; r++) for (const g of GAPS) got.get(g)!.push(await once(rate, g));
  for (const g of GAPS) {
    const fs = got.get(g)!;
    console.log(
      `  ${String(rate).padStart(5)} writes/s, gap ${g} ms: CPU ${median(fs.map((f) => f.cpuMsPerWrite)).toFixed(3)} ms per write, latency p50 ${median(fs.map((f) => f.p50)).toFixed(1)} ms, p99 ${median(fs.map((f) => f.p99)).toFixed(1)} ms (load ${loadavg()[0]!.toFixed(2)})`,
    );
  }
}

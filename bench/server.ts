// npm run bench:server — workload W2 (../shared/bench/W2.md) against the real server: one server
// process, one load-generator process (bench/server-load.ts), loopback only, bounded in time.
// Prints per N: moves/s, games/s, command round-trip p50/p95/p99, server CPU and RSS, errors;
// then the restart time of a server holding 1,000 unfinished tables.
//   npm run bench:server               N = 100, 1000, 3000
//   npm run bench:server -- 10 100     other N
//   WINDOW_S=20 npm run bench:server   a longer window (default 15 s)
//   BENCH_FRAMES=full npm run bench:server   clients that take whole views, not patch frames
//   npm run bench:server -- --sync 100 what durability costs: W2 at N (default 100) with
//                                      SQLITE_SYNC=normal and =full (the default) alternately,
//                                      SYNC_RUNS times each (default 3); medians and their ratio
//   npm run bench:server -- --scale-out 100 [--paced]   W2 (or W2p: --paced, 1-s mean think time)
//                                      at N on SQLite, PostgreSQL, and PostgreSQL + Redis with two
//                                      processes (sockets at the table's owner, then relayed from
//                                      the other one), SCALE_RUNS times each (default 3); medians.
//                                      Needs PostgreSQL on 127.0.0.1:5432 and redis-server.
//   npm run bench:server -- --held [--pg | --pg2]   W2p's tables held at p99 < 50 ms (N = 250, 500,
//                                      1,000, 1,500, the fd limit; until one fails) on SQLite, or
//                                      PostgreSQL (--pg), or PostgreSQL + Redis with two processes
//                                      (--pg2). W2.md's window is 30 s: WINDOW_S=30.
//   npm run bench:cluster [-- N]        W2p (1-s mean think time) at N (default 100) on PostgreSQL:
//                                      one process, then three behind one Redis (sockets at the
//                                      table's owner, then each relayed from another process),
//                                      SCALE_RUNS times each (default 3), alternating; medians.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as PgClient } from 'pg';
import WebSocket from 'ws';
import { SqliteStorage } from '../src/server/storage-sqlite.js';
import { commitment } from '../src/server/deal.js';
import type { TableRow } from '../src/server/storage.js';
import { playW1, w1Deal } from './w1.js';
import { freshDatabase } from '../test/support/pg.js';
import { commandHistogram, cpuTicks, ROOT, rssMb, startServer, stop, USE_TSX, type Started } from './server-process.js';
import { freePort } from '../test/server/process.js';
import type { Command } from '../src/engine/index.js';
import { median } from './percentile.js';

const WINDOW_MS = Number(process.env['WINDOW_S'] ?? 15) * 1000;
const TICK = 100; // clock ticks per second in /proc/<pid>/stat
const FD_LIMIT = 20_000; // `ulimit -n` on the reference machine: sockets per process
// BENCH_FRAMES=full: the load generator's clients ask for whole views after each command (as clients
// that do not fold patch frames get them), not patches (docs/protocol.md).
const FULL_FRAMES = process.env['BENCH_FRAMES'] === 'full';

/** A figure the load generator could not measure (no table set up in the window) arrives as null (NaN over IPC). */
function fixed(x: number | null, digits: number): string {
  return x === null || !Number.isFinite(x) ? 'n/a' : x.toFixed(digits);
}

interface LoadResult {
  tables: number;
  tablesConnected: number;
  tablesPlayingMean: number;
  tablesPlayingMin: number;
  connectMs: number;
  seconds: number;
  actionsPerSec: number;
  commandsPerSec: number;
  gamesPerSec: number;
  gamesFinished: number;
  rttP50: number;
  rttP95: number;
  rttP99: number;
  setupP50: number;
  setupP99: number;
  errors: number;
  errorKinds: Record<string, number>;
  w1Checked: number;
  w1Mismatches: number;
  /** The load generator's event-loop delay over the window (ms). */
  loadEldP99: number;
  loadEldMax: number;
}

interface W2Figures {
  commandsPerSec: number;
  rttP50: number;
  rttP99: number;
  cpuMsPerCommand: number;
}

async function runW2(n: number, env: Record<string, string> = {}, quiet = false): Promise<W2Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'gorod-w2-'));
  // 11 sockets per table (10 seats + the host's clock) in each process, under the fd limit.
  const tables = Math.min(n, Math.floor((FD_LIMIT - 500) / 11));
  const server = await startServer(join(dir, 'w2.sqlite'), env);
  const pid = server.child.pid!;
  let cpu0 = 0;
  let loadCpu0 = 0;
  let t0 = 0;
  let cpu = NaN;
  let loadCpu = NaN;
  let rss = NaN;
  let sockets = NaN;
  const result = await new Promise<LoadResult>((res, rej) => {
    const load = fork(join(ROOT, 'bench/server-load.ts'), [JSON.stringify({ url: server.url, tables, fullFrames: FULL_FRAMES, warmupMs: 3000, windowMs: WINDOW_MS, connectTimeoutMs: 90_000 })], {
      execArgv: ['--import', 'tsx', '--max-semi-space-size=64'],
      cwd: ROOT,
    });
    load.on('message', (m: { event: string } & Partial<LoadResult>) => {
      if (m.event === 'windowStart') {
        cpu0 = cpuTicks(pid);
        loadCpu0 = cpuTicks(load.pid!);
        t0 = performance.now();
      } else if (m.event === 'windowEnd') {
        const secs = (performance.now() - t0) / 1000;
        cpu = ((cpuTicks(pid) - cpu0) / TICK / secs) * 100;
        loadCpu = ((cpuTicks(load.pid!) - loadCpu0) / TICK / secs) * 100;
        rss = rssMb(pid);
        sockets = readdirSync(`/proc/${pid}/fd`).length; // open descriptors: mostly sockets
      } else if (m.event === 'result') res(m as unknown as LoadResult);
    });
    load.once('exit', (c) => (c === 0 ? undefined : rej(new Error(`load generator exited ${c}`))));
  });
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
  const capped = tables < n ? ` (capped at ${tables} tables: ${FD_LIMIT} file descriptors per process)` : '';
  const figures = { commandsPerSec: result.commandsPerSec, rttP50: result.rttP50, rttP99: result.rttP99, cpuMsPerCommand: (cpu / 100 / result.commandsPerSec) * 1000 };
  if (quiet) return figures;
  console.log(
    `N=${String(n).padEnd(5)} tables=${result.tablesConnected >= tables ? tables : `${result.tablesConnected}/${tables}`}${capped}, mid-game during the window: mean ${result.tablesPlayingMean.toFixed(0)}, min ${result.tablesPlayingMin} (the rest setting up their next game)\n` +
      `  moves/s ${result.actionsPerSec.toFixed(0)} (commands/s ${result.commandsPerSec.toFixed(0)}), games/s ${result.gamesPerSec.toFixed(2)} (${result.gamesFinished} finished in ${result.seconds.toFixed(1)} s)\n` +
      `  round-trip p50 ${fixed(result.rttP50, 1)} ms, p95 ${fixed(result.rttP95, 1)} ms, p99 ${fixed(result.rttP99, 1)} ms; table setup (create, 11 sockets, start) p50 ${fixed(result.setupP50, 0)} ms, p99 ${fixed(result.setupP99, 0)} ms\n` +
      `  server CPU ${cpu.toFixed(0)} % of a core (${((cpu / 100 / result.commandsPerSec) * 1000).toFixed(2)} ms per command), load generator CPU ${loadCpu.toFixed(0)} %, RSS ${rss.toFixed(0)} MB, open fds ${sockets}, setup ${(result.connectMs / 1000).toFixed(1)} s\n` +
      `  errors ${result.errors}${result.errors ? ' ' + JSON.stringify(result.errorKinds) : ''}; W1 games checked ${result.w1Checked}, mismatches ${result.w1Mismatches}`,
  );
  return figures;
}

interface ScaleConfig {
  name: string;
  postgres: boolean;
  processes: number;
  cross?: boolean;
}

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((res) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('Ready to accept') && res()));
  return { url: `redis://127.0.0.1:${port}`, child };
}

/** W2 (or W2p) at N with one configuration; CPU is the sum of every server process's. */
async function runConfig(
  c: ScaleConfig,
  n: number,
  thinkMeanMs: number,
): Promise<W2Figures & { errors: number; mismatches: number; serverCpu: number; loadCpu: number; loadEld: string; rttP95: number; serverOver50: number; commitsPerCommand: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'gorod-scale-'));
  const pg = c.postgres ? await freshDatabase('gorod_bench') : null;
  const redis = c.processes > 1 ? await startRedis() : null;
  const db = pg ? pg.url : join(dir, 'w2.sqlite');
  const servers: Started[] = [];
  for (let i = 0; i < c.processes; i++) servers.push(await startServer(db, redis ? { REDIS_URL: redis.url } : {}));
  const pids = servers.map((x) => x.child.pid!);
  const ticks = (): number => pids.reduce((a, p) => a + cpuTicks(p), 0);
  let cpu0 = 0;
  let loadCpu0 = 0;
  let t0 = 0;
  let cpu = NaN;
  let loadCpu = NaN;
  const urls = servers.map((x) => x.url);
  // Inside the servers: commands (from receipt to stored and sent) over 50 ms in the window.
  let hist0: Promise<{ count: number; within50: number }[]> = Promise.resolve([]);
  let hist1: Promise<{ count: number; within50: number }[]> = Promise.resolve([]);
  // PostgreSQL: the database's transactions (each one commit) in the window, per command.
  let xact0: Promise<number> = Promise.resolve(NaN);
  let xact1: Promise<number> = Promise.resolve(NaN);
  const result = await new Promise<LoadResult>((res, rej) => {
    const load = fork(join(ROOT, 'bench/server-load.ts'), [JSON.stringify({ url: urls[0], urls, cross: c.cross === true, thinkMeanMs, fullFrames: FULL_FRAMES, tables: n, warmupMs: 3000, windowMs: WINDOW_MS, connectTimeoutMs: 90_000 })], {
      execArgv: ['--import', 'tsx', '--max-semi-space-size=64'],
      cwd: ROOT,
    });
    load.on('message', (m: { event: string } & Partial<LoadResult>) => {
      if (m.event === 'windowStart') {
        cpu0 = ticks();
        loadCpu0 = cpuTicks(load.pid!);
        t0 = performance.now();
        hist0 = Promise.all(urls.map(commandHistogram));
        if (pg) xact0 = pgTransactions(pg.url);
      } else if (m.event === 'windowEnd') {
        const secs = (performance.now() - t0) / 1000;
        cpu = ((ticks() - cpu0) / TICK / secs) * 100;
        loadCpu = ((cpuTicks(load.pid!) - loadCpu0) / TICK / secs) * 100;
        hist1 = Promise.all(urls.map(commandHistogram));
        if (pg) xact1 = pgTransactions(pg.url);
      }
      else if (m.event === 'result') res(m as unknown as LoadResult);
    });
    load.once('exit', (code) => (code === 0 ? undefined : rej(new Error(`load generator exited ${code}`))));
  });
  const [h0, h1] = await Promise.all([hist0, hist1]).catch(() => [[], []]);
  const transactions = (await xact1.catch(() => NaN)) - (await xact0.catch(() => NaN));
  const sum = (hs: { count: number; within50: number }[], k: 'count' | 'within50'): number => hs.reduce((a, h) => a + h[k], 0);
  const inServer = sum(h1, 'count') - sum(h0, 'count');
  const serverOver50 = inServer > 0 ? (inServer - (sum(h1, 'within50') - sum(h0, 'within50'))) / inServer : NaN;
  for (const x of servers) await stop(x.child);
  redis?.child.kill('SIGKILL');
  await pg?.drop();
  rmSync(dir, { recursive: true, force: true });
  return {
    commandsPerSec: result.commandsPerSec,
    rttP50: result.rttP50,
    rttP99: result.rttP99,
    cpuMsPerCommand: (cpu / 100 / result.commandsPerSec) * 1000,
    serverCpu: cpu,
    loadCpu,
    serverOver50,
    loadEld: `p99 ${result.loadEldP99.toFixed(0)} ms, max ${result.loadEldMax.toFixed(0)} ms`,
    rttP95: result.rttP95,
    errors: result.errors,
    mismatches: result.w1Mismatches,
    commitsPerCommand: transactions / (result.commandsPerSec * result.seconds),
  };
}

/**
 * The database's transactions so far (pg_stat_database: commits and rollbacks; each statement
 * outside a transaction is one). Its statistics lag up to a second: over a 30-s window, near enough.
 */
async function pgTransactions(url: string): Promise<number> {
  const c = new PgClient({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(r.rows[0]!.n);
  } finally {
    await c.end();
  }
}

const SCALE_OUT: ScaleConfig[] = [
  { name: 'SQLite, 1 process', postgres: false, processes: 1 },
  { name: 'PostgreSQL, 1 process', postgres: true, processes: 1 },
  { name: 'PostgreSQL + Redis, 2 processes', postgres: true, processes: 2 },
  { name: 'PostgreSQL + Redis, 2 processes, sockets relayed', postgres: true, processes: 2, cross: true },
];
/** npm run bench:cluster: W2p on one PostgreSQL process, then on a three-process cluster. */
const CLUSTER: ScaleConfig[] = [
  { name: 'PostgreSQL, 1 process', postgres: true, processes: 1 },
  { name: 'PostgreSQL + Redis, 3 processes', postgres: true, processes: 3 },
  { name: 'PostgreSQL + Redis, 3 processes, sockets relayed', postgres: true, processes: 3, cross: true },
];

async function runScaleOut(n: number, runs: number, thinkMeanMs: number, configs = SCALE_OUT): Promise<void> {
  const got = new Map<string, (W2Figures & { errors: number; mismatches: number; commitsPerCommand: number })[]>(configs.map((c) => [c.name, []]));
  console.log(`${thinkMeanMs ? `W2p (think time mean ${thinkMeanMs} ms)` : 'W2 (zero think time)'} at N=${n}, ${runs} runs of each configuration, alternating`);
  for (let r = 0; r < runs; r++)
    for (const c of configs) {
      const f = await runConfig(c, n, thinkMeanMs);
      got.get(c.name)!.push(f);
      console.log(
        `  run ${r + 1} ${c.name.padEnd(50)} commands/s ${f.commandsPerSec.toFixed(0)}, p50 ${f.rttP50.toFixed(1)} ms, p99 ${f.rttP99.toFixed(1)} ms, server CPU ${f.cpuMsPerCommand.toFixed(3)} ms/command, ${c.postgres ? `database transactions ${fixed(f.commitsPerCommand, 2)} per command, ` : ''}errors ${f.errors}, mismatches ${f.mismatches}`,
      );
    }
  console.log('medians:');
  for (const c of configs) {
    const fs = got.get(c.name)!;
    const med = (k: keyof W2Figures): number => median(fs.map((f) => f[k]));
    console.log(`  ${c.name.padEnd(50)} commands/s ${med('commandsPerSec').toFixed(0)}, p50 ${med('rttP50').toFixed(1)} ms, p99 ${med('rttP99').toFixed(1)} ms, server CPU ${med('cpuMsPerCommand').toFixed(3)} ms/command${c.postgres ? `, database transactions ${fixed(median(fs.map((f) => f.commitsPerCommand)), 2)} per command` : ''}`);
  }
}

/**
 * W2p's "tables held" (../shared/bench/W2.md): the largest N of 250, 500, 1,000, 1,500, then the
 * open-file limit (per process, times the processes), with p99 < 50 ms, no error and no W1
 * mismatch over the window (W2.md says 30 s: WINDOW_S=30). Stops at the first N that fails.
 */
async function runHeld(c: ScaleConfig, only: number[] = []): Promise<void> {
  const limit = Math.floor((FD_LIMIT - 500) / 11) * c.processes;
  const steps = only.length ? only : [...[250, 500, 1000, 1500].filter((n) => n < limit), limit];
  console.log(`W2p tables held (p99 < 50 ms, 0 errors, 0 mismatches; window ${WINDOW_MS / 1000} s): ${c.name}; steps ${steps.join(', ')}`);
  let held = 0;
  for (const n of steps) {
    const f = await runConfig(c, n, Number(process.env['BENCH_THINK_MS'] ?? 1000));
    const ok = f.commandsPerSec > 0 && f.rttP99 < 50 && f.errors === 0 && f.mismatches === 0;
    console.log(
      `  N=${String(n).padEnd(5)} commands/s ${f.commandsPerSec.toFixed(0)}, p50 ${fixed(f.rttP50, 1)} ms, p95 ${fixed(f.rttP95, 1)} ms, p99 ${fixed(f.rttP99, 1)} ms, server CPU ${f.serverCpu.toFixed(0)} % (${f.cpuMsPerCommand.toFixed(3)} ms/command), ${c.postgres ? `database transactions ${fixed(f.commitsPerCommand, 2)} per command, ` : ''}over 50 ms inside the server ${fixed(f.serverOver50 * 100, 2)} %, load generator CPU ${f.loadCpu.toFixed(0)} % (event-loop delay ${f.loadEld}), load average ${loadavg()[0]!.toFixed(2)}, errors ${f.errors}, mismatches ${f.mismatches}: ${ok ? 'held' : 'not held'}`,
    );
    if (!ok) break;
    held = n;
  }
  console.log(`tables held: ${held === 0 ? `fewer than ${steps[0]}` : held} (${c.name})`);
}

/**
 * What durability costs (issue 12): W2 at N with SQLITE_SYNC=normal (survives kill -9) and full
 * (the default: also survives a power cut), alternating so that both see the same machine.
 */
async function runSync(n: number, runs: number): Promise<void> {
  const got: Record<'normal' | 'full', W2Figures[]> = { normal: [], full: [] };
  for (let r = 0; r < runs; r++) {
    for (const mode of ['normal', 'full'] as const) {
      const f = await runW2(n, { SQLITE_SYNC: mode }, true);
      got[mode].push(f);
      console.log(`  run ${r + 1} ${mode.padEnd(6)} commands/s ${f.commandsPerSec.toFixed(0)}, round-trip p50 ${f.rttP50.toFixed(1)} ms, p99 ${f.rttP99.toFixed(1)} ms, server CPU ${f.cpuMsPerCommand.toFixed(2)} ms/command`);
    }
  }
  const med = (mode: 'normal' | 'full', k: keyof W2Figures): number => median(got[mode].map((f) => f[k]));
  console.log(`durability at N=${n}, medians of ${runs} runs each:`);
  for (const mode of ['normal', 'full'] as const)
    console.log(`  SQLITE_SYNC=${mode.padEnd(6)} commands/s ${med(mode, 'commandsPerSec').toFixed(0)}, p50 ${med(mode, 'rttP50').toFixed(1)} ms, p99 ${med(mode, 'rttP99').toFixed(1)} ms, server CPU ${med(mode, 'cpuMsPerCommand').toFixed(2)} ms/command`);
  console.log(
    `  full / normal: commands/s ×${(med('full', 'commandsPerSec') / med('normal', 'commandsPerSec')).toFixed(2)}, p50 ×${(med('full', 'rttP50') / med('normal', 'rttP50')).toFixed(2)}, p99 ×${(med('full', 'rttP99') / med('normal', 'rttP99')).toFixed(2)}`,
  );
}

/** 1,000 unfinished tables (W1 games stopped half-way), then time a restart until a seat is served. */
async function runRestart(count: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'gorod-restart-'));
  const db = join(dir, 'restart.sqlite');
  // Setup only: no power cut to survive, so the faster setting.
  const storage = new SqliteStorage(db, { sync: 'normal' });
  const writes: Promise<void>[] = [];
  let token = '';
  let commands = 0;
  for (let g = 0; g < count; g++) {
    const cmds: Command[] = [];
    playW1(20240601, g, (c) => cmds.push(c));
    const half = cmds.slice(0, Math.floor(cmds.length / 2));
    const deal = w1Deal(20240601, g);
    const id = `restart${g}`;
    const seats = deal.map((_, i) => ({ seat: i + 1, token: `${g.toString(16).padStart(8, '0')}${(i + 1).toString(16).padStart(24, '0')}`, bot: false, name: `${i + 1}` }));
    if (g === 0) token = seats[0]!.token;
    const row: TableRow = {
      id,
      createdAt: Date.now(),
      mode: 'online',
      setup: { preset: 'classic', players: seats.map((s) => s.name), deal, seed: id, options: {} },
      salt: '00'.repeat(32),
      commitment: commitment({ tableId: id, preset: 'classic', size: 10, options: {}, deal, salt: '00'.repeat(32) }),
      hostToken: `${g.toString(16).padStart(8, '0')}${'f'.repeat(24)}`,
      spectatorToken: `${g.toString(16).padStart(8, '0')}${'e'.repeat(24)}`,
      seats,
      botPolicy: 'random',
      botDelayMs: 800,
      clock: { auto: true, introNightSeconds: 30, nightSeconds: 60, voteSeconds: 30 },
      autoStart: true,
      status: 'playing',
      winner: null,
      finishedAt: null,
      deadline: null,
    };
    writes.push(storage.createTable(row, half.map((command, seq) => ({ seq, sender: 'bench', nonce: null, command, at: Date.now() }))));
    commands += half.length;
  }
  await Promise.all(writes);
  await storage.close();
  const t0 = performance.now();
  const server = await startServer(db);
  const listening = performance.now() - t0;
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`);
  await new Promise<void>((res, rej) => {
    ws.on('message', (d) => {
      if ((JSON.parse(d.toString()) as { type: string }).type === 'welcome') res();
    });
    ws.on('error', rej);
  });
  const served = performance.now() - t0;
  ws.close();
  const warm = await server.warmed;
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `restart with ${server.resumed.tables} unfinished tables (${commands} stored commands): loaded and indexed in ${server.resumed.ms} ms;\n` +
      `  process start → listening ${listening.toFixed(0)} ms → a seat served ${served.toFixed(0)} ms → every table rebuilt with timers resumed ${warm.toFixed(0)} ms`,
  );
}

const args = process.argv.slice(2);
const ns = args.map(Number).filter((x) => x > 0);
const sync = process.env['SQLITE_SYNC'] === 'normal' ? 'synchronous=NORMAL' : 'synchronous=FULL';
console.log(`W2 over Gorod's server (${USE_TSX ? 'sources through tsx' : 'compiled build'}): window ${WINDOW_MS / 1000} s per N, loopback, SQLite (WAL) storage`);
if (args.includes('--cluster')) await runScaleOut(ns[0] ?? 100, Number(process.env['SCALE_RUNS'] ?? 3), 1000, CLUSTER);
else if (args.includes('--scale-out')) await runScaleOut(ns[0] ?? 100, Number(process.env['SCALE_RUNS'] ?? 3), args.includes('--paced') ? 1000 : 0);
else if (args.includes('--held')) {
  const which = args.includes('--pg2') ? SCALE_OUT[2]! : args.includes('--pg') ? SCALE_OUT[1]! : SCALE_OUT[0]!;
  await runHeld(which, ns);
} else if (args.includes('--sync')) await runSync(ns[0] ?? 100, Number(process.env['SYNC_RUNS'] ?? 3));
else {
  console.log(`storage: ${sync}`);
  if (!args.includes('--restart-only')) for (const n of ns.length ? ns : [100, 1000, 3000]) await runW2(n);
  if (!args.includes('--no-restart')) await runRestart(1000);
}

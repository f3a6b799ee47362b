// Runs W2's load generator (bench/server-load.ts) as one or more processes and opens one measured
// window across them. More than one process when the sockets would not fit in one: a table is 11
// sockets in the generator as in the server, and with two server processes (scale-out) the
// generator alone holds every table's sockets — twice the open-file limit at the limit's N.
// BENCH_LOAD_PROCS sets the number of processes (default: as few as the file limit allows).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pct } from './percentile.js';
import { cpuTicks, ROOT } from './server-process.js';

export interface LoadArgs {
  url: string;
  /** Many server processes (docs/scale-out.md): table g is created at urls[g % n]. */
  urls?: string[];
  /** Its sockets connect to the next process, not the one that runs the table (relayed). */
  cross?: boolean;
  /** W2p: a think time before each move, exponential with this mean (ms); 0 or absent: W2. */
  thinkMeanMs?: number;
  /** Ask for whole views after each command, as clients that do not fold patch frames get them. */
  fullFrames?: boolean;
  /** Tables of this process. */
  tables: number;
  connectTimeoutMs: number;
  /** This process plays games shard, shard + shards, …; absent: 0 of 1. */
  shard?: number;
  shards?: number;
}

/** Figures both a generator process and the merged run give. */
interface Common {
  tablesConnected: number;
  tablesPlayingMean: number;
  tablesPlayingMin: number;
  connectMs: number;
  gamesFinished: number;
  errors: number;
  errorKinds: Record<string, number>;
  /** Errors before the window (while the tables connected and warmed up), by kind. */
  rampErrors: number;
  rampErrorKinds: Record<string, number>;
  w1Checked: number;
  w1Mismatches: number;
  /** The load generator's event-loop delay over the window (ms; merged: the worst process's). */
  loadEldP99: number;
  loadEldMax: number;
}

/** What one generator process measured in the window (raw, merged by runLoad). */
export interface LoadShardResult extends Common {
  actions: number;
  commands: number;
  rtt: number[];
  setup: number[];
}

export interface LoadResult extends Common {
  tables: number;
  seconds: number;
  actionsPerSec: number;
  commandsPerSec: number;
  gamesPerSec: number;
  rttP50: number;
  rttP95: number;
  rttP99: number;
  setupP50: number;
  setupP99: number;
  /** Processes of the load generator. */
  processes: number;
}

/** Sockets one generator process may hold: the open-file limit (20,000 here) less a margin. */
export const FD_LIMIT = 20_000;
const SOCKETS_PER_PROCESS = FD_LIMIT - 1_000;

/** Around the window: called as it opens and as it closes, with the generator's process ids. */
export interface WindowHooks {
  start(loadPids: number[]): void;
  end(loadPids: number[]): void;
}

export async function runLoad(a: Omit<LoadArgs, 'shard' | 'shards'> & { warmupMs: number; windowMs: number }, hooks: WindowHooks): Promise<LoadResult> {
  const need = Math.ceil((a.tables * 11) / SOCKETS_PER_PROCESS);
  const k = Math.max(1, Math.min(a.tables, Number(process.env['BENCH_LOAD_PROCS'] ?? need)));
  const procs: ChildProcess[] = [];
  const results: Promise<LoadShardResult>[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < k; i++) {
    const args: LoadArgs = { ...a, tables: Math.floor(a.tables / k) + (i < a.tables % k ? 1 : 0), shard: i, shards: k };
    const p = fork(join(ROOT, 'bench/server-load.ts'), [JSON.stringify(args)], {
      execArgv: ['--import', 'tsx', '--max-semi-space-size=64', ...(process.env['BENCH_LOAD_NODE_ARGS'] ?? '').split(' ').filter(Boolean)],
      cwd: ROOT,
    });
    procs.push(p);
    ready.push(new Promise((res) => p.on('message', (m: { event: string }) => m.event === 'ready' && res())));
    results.push(
      new Promise((res, rej) => {
        p.on('message', (m: { event: string; result?: LoadShardResult }) => m.event === 'result' && res(m.result!));
        // An exit without its result fails the run rather than hanging it (after a result, a no-op).
        // 'close', not 'exit': it comes after the IPC channel has delivered every message.
        p.once('close', (code) => rej(new Error(`load generator exited ${code} without a result`)));
      }),
    );
  }
  // A generator that dies before it is ready fails the run rather than hanging it.
  await Promise.race([Promise.all(ready), Promise.all(results).then(() => undefined)]);
  await new Promise((r) => setTimeout(r, a.warmupMs));
  const pids = procs.map((p) => p.pid!);
  hooks.start(pids);
  for (const p of procs) p.send('window');
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, a.windowMs));
  const seconds = (performance.now() - w0) / 1000;
  hooks.end(pids);
  for (const p of procs) p.send('stop');
  const rs = await Promise.all(results);
  const sum = (f: (r: LoadShardResult) => number): number => rs.reduce((x, r) => x + f(r), 0);
  const rtt = rs.flatMap((r) => r.rtt);
  const setup = rs.flatMap((r) => r.setup);
  const kinds = (f: (r: LoadShardResult) => Record<string, number>): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const r of rs) for (const [kind, n] of Object.entries(f(r))) out[kind] = (out[kind] ?? 0) + n;
    return out;
  };
  const actions = sum((r) => r.actions);
  return {
    tables: a.tables,
    tablesConnected: sum((r) => r.tablesConnected),
    tablesPlayingMean: sum((r) => r.tablesPlayingMean),
    tablesPlayingMin: sum((r) => r.tablesPlayingMin),
    connectMs: Math.max(...rs.map((r) => r.connectMs)),
    seconds,
    actionsPerSec: actions / seconds,
    commandsPerSec: sum((r) => r.commands) / seconds,
    gamesPerSec: actions / seconds / 70.81,
    gamesFinished: sum((r) => r.gamesFinished),
    rttP50: pct(rtt, 50),
    rttP95: pct(rtt, 95),
    rttP99: pct(rtt, 99),
    setupP50: pct(setup, 50),
    setupP99: pct(setup, 99),
    errors: sum((r) => r.errors),
    errorKinds: kinds((r) => r.errorKinds),
    rampErrors: sum((r) => r.rampErrors),
    rampErrorKinds: kinds((r) => r.rampErrorKinds),
    w1Checked: sum((r) => r.w1Checked),
    w1Mismatches: sum((r) => r.w1Mismatches),
    loadEldP99: Math.max(...rs.map((r) => r.loadEldP99)),
    loadEldMax: Math.max(...rs.map((r) => r.loadEldMax)),
    processes: k,
  };
}

/** CPU of the generator's processes (clock ticks, summed). */
export function loadTicks(pids: number[]): number {
  return pids.reduce((x, p) => x + cpuTicks(p), 0);
}

// The server under W2 (bench/server.ts) as a child process: started as in production (the
// compiled build, its node flags), its command latencies read from /metrics and its CPU and RSS
// from /proc, stopped with SIGTERM (SIGKILL after 10 s).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { freePort } from '../test/server/process.js';

export const ROOT = new URL('../', import.meta.url).pathname;

/** The server's command latency histogram (gorod_command_seconds): count and count within 50 ms. */
export async function commandHistogram(url: string): Promise<{ count: number; within50: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const num = (re: RegExp): number => Number(re.exec(text)?.[1] ?? NaN);
  return { count: num(/^gorod_command_seconds_count(?:\{[^}]*\})? (\S+)$/m), within50: num(/^gorod_command_seconds_bucket\{[^}]*le="0\.05"[^}]*\} (\S+)$/m) };
}

export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
}

export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

export interface Started {
  child: ChildProcess;
  url: string;
  startedMs: number;
  resumed: { tables: number; ms: number };
  /** Resolves with ms from process start when every table is rebuilt and its timers resumed. */
  warmed: Promise<number>;
}

// The server runs as in production: the compiled build (scripts/server-build.mjs makes it when
// stale). BENCH_TSX=1 runs the TypeScript sources through tsx instead (for before/after figures).
export const USE_TSX = process.env['BENCH_TSX'] === '1';
if (!USE_TSX && spawnSync(process.execPath, ['scripts/server-build.mjs', '--strict'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
  throw new Error('no server build (npm run build:server)');
}
// BENCH_SERVER_NODE_ARGS: extra node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
// BENCH_SERVER_STDOUT=FILE: the server's stdout (e.g. --trace-gc's lines) appended to FILE.
const SERVER_STDOUT = process.env['BENCH_SERVER_STDOUT'];
// The young generation's size as `npm start` and bin/gorod.js set it (docs/server.md: GC; BENCH_SEMI_SPACE=0: node's default).
const SEMI_SPACE = process.env['BENCH_SEMI_SPACE'] ?? '64';
const SERVER_ARGS = [
  ...(SEMI_SPACE !== '0' ? [`--max-semi-space-size=${SEMI_SPACE}`] : []),
  ...(process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean),
  // BENCH_SERVER_MAIN: another compiled build's main.js (a copy of an older build, for before/after figures).
  ...(USE_TSX ? ['--import', 'tsx', 'src/server/main.ts'] : [process.env['BENCH_SERVER_MAIN'] ?? 'dist/server-build/src/server/main.js']),
];

// Every client of W2 comes from 127.0.0.1: the per-address limits would stop it (limits.ts).
const MANY = 1e9;
const ONE_ADDRESS = JSON.stringify({
  ws: { address: { burst: MANY, perSecond: MANY }, connectionsPerAddress: MANY },
  http: { perAddress: { max: MANY }, createTable: { max: MANY } },
});

export async function startServer(db: string, extra: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    // W1 leaves the clock's commands to the driver: the host's socket sends them (GOROD_HOST_CLOCK).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: db, LOG_LEVEL: 'error', GOROD_FIXED_DEALS: '1', GOROD_HOST_CLOCK: '1', GOROD_LIMITS: ONE_ADDRESS, FINISHED_TTL_MS: '5000', ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let onWarm: (ms: number) => void = () => undefined;
  const warmed = new Promise<number>((r) => (onWarm = r));
  return new Promise((res, rej) => {
    let buf = '';
    let listening = false;
    let warm = false;
    child.stdout!.on('data', (d: Buffer) => {
      if (SERVER_STDOUT) appendFileSync(SERVER_STDOUT, d);
      if (warm) return; // the server's own lines are all in (--trace-gc and the like follow)
      buf += d.toString();
      const m = /^(\{"listening".*\})$/m.exec(buf);
      if (m && !listening) {
        listening = true;
        const j = JSON.parse(m[1]!) as { listening: string; resumed: { tables: number; ms: number } };
        res({ child, url: j.listening, startedMs: performance.now() - t0, resumed: j.resumed, warmed });
      }
      if (/^\{"warmed"/m.test(buf)) {
        warm = true;
        onWarm(performance.now() - t0);
      }
    });
    child.once('exit', (c) => rej(new Error(`server exited ${c}`)));
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null) return res();
    const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(t);
      res();
    });
    child.kill('SIGTERM');
  });
}

// Run N games of a preset with bot policies, on worker threads or in this thread. Game g's deal
// and play depend only on (seed, g), and totals are integer sums, so the result is the same for
// any number of workers and any order in which chunks finish.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { PresetId } from '../../engine/index.js';
import { playGame, type TeamPolicies } from '../play.js';
import type { Lang } from '../policy.js';
import { getPolicy } from '../registry.js';
import { addGame, buildReport, emptyTotals, mergeTotals, type SimReport, type SimTotals } from './stats.js';

export interface SimSpec {
  preset: PresetId;
  /** Policy names per team. */
  policies: { red: string; black: string; neutral: string };
  options?: Record<string, unknown>;
  size?: number;
  games: number;
  seed: number;
  lang?: Lang;
  label?: string;
}

export interface RunOptions {
  /** 0: run in this thread. */
  workers?: number;
  /** Games per work unit handed to a worker. */
  chunk?: number;
  onProgress?: (done: number, total: number) => void;
}

function teamPolicies(p: SimSpec['policies']): TeamPolicies {
  return { red: getPolicy(p.red), black: getPolicy(p.black), neutral: getPolicy(p.neutral) };
}

/** Games [from, to) of a spec, in this thread. */
export function simulateRange(spec: SimSpec, from: number, to: number): SimTotals {
  const t = emptyTotals();
  const policies = teamPolicies(spec.policies);
  for (let g = from; g < to; g++) {
    const o: Parameters<typeof playGame>[0] = { preset: spec.preset, seed: spec.seed, game: g, policies };
    if (spec.options) o.options = spec.options;
    if (spec.size !== undefined) o.size = spec.size;
    if (spec.lang) o.lang = spec.lang;
    const r = playGame(o);
    addGame(t, r.state, { commands: r.commands, rejected: r.rejected.length, stuck: r.stuck });
  }
  return t;
}

export function labelOf(spec: SimSpec): string {
  if (spec.label) return spec.label;
  const p = spec.policies;
  const pol = p.red === p.black && p.black === p.neutral ? p.red : `red=${p.red} black=${p.black}${p.neutral !== p.red ? ` other=${p.neutral}` : ''}`;
  const opts = Object.entries(spec.options ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  return [spec.preset, pol, ...opts].join(' ');
}

export function reportOf(spec: SimSpec, t: SimTotals): SimReport {
  return buildReport(t, { label: labelOf(spec), preset: spec.preset, policies: spec.policies, options: spec.options ?? {}, seed: spec.seed });
}

/** A worker thread that can load this module's TypeScript sources (through tsx) or built JS. */
function spawnWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const req = createRequire(here);
    // The ESM build of tsx's API (require.resolve finds its CommonJS twin next to it).
    const tsx = pathToFileURL(req.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
    const entry = new URL('./worker.ts', here).href;
    const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
    return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
  }
  return new Worker(new URL('./worker.js', here));
}

export interface WorkRequest {
  id: number;
  spec: SimSpec;
  from: number;
  to: number;
}
export type WorkReply = { id: number; totals: SimTotals } | { id: number; error: string };

export async function runSim(spec: SimSpec, o: RunOptions = {}): Promise<SimReport> {
  const total = await runTotals(spec, o);
  return reportOf(spec, total);
}

/** Worker threads kept for several runs (the benchmark reuses them; runTotals makes its own). */
export class SimPool {
  readonly workers: Worker[];
  constructor(size: number) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => spawnWorker());
  }

  async run(spec: SimSpec, o: Pick<RunOptions, 'chunk' | 'onProgress'> = {}): Promise<SimTotals> {
    const chunk = Math.max(1, o.chunk ?? 200);
    const units: [number, number][] = [];
    for (let from = 0; from < spec.games; from += chunk) units.push([from, Math.min(spec.games, from + chunk)]);
    let total = emptyTotals();
    let done = 0;
    let next = 0;
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const cleanup = (): void => {
              w.off('message', onMessage);
              w.off('error', onError);
            };
            const send = (): void => {
              const u = units[next];
              if (!u) {
                cleanup();
                resolve();
                return;
              }
              const req: WorkRequest = { id: next++, spec, from: u[0], to: u[1] };
              w.postMessage(req);
            };
            const onMessage = (m: WorkReply): void => {
              if ('error' in m) {
                cleanup();
                reject(new Error(m.error));
                return;
              }
              total = mergeTotals(total, m.totals);
              done += m.totals.games;
              o.onProgress?.(done, spec.games);
              send();
            };
            const onError = (e: Error): void => {
              cleanup();
              reject(e);
            };
            w.on('message', onMessage);
            w.on('error', onError);
            send();
          }),
      ),
    );
    return total;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

export async function runTotals(spec: SimSpec, o: RunOptions = {}): Promise<SimTotals> {
  const workers = Math.max(0, Math.floor(o.workers ?? 0));
  const chunk = Math.max(1, o.chunk ?? 200);
  if (workers === 0) {
    let t = emptyTotals();
    for (let from = 0; from < spec.games; from += chunk) {
      const to = Math.min(spec.games, from + chunk);
      t = mergeTotals(t, simulateRange(spec, from, to));
      o.onProgress?.(to, spec.games);
    }
    return t;
  }
  const pool = new SimPool(Math.min(workers, Math.ceil(spec.games / chunk)));
  try {
    return await pool.run(spec, o);
  } finally {
    await pool.close();
  }
}

// GOROD_PERF=1: where a command's time goes, for the benchmarks (bench/server.ts --held). Once a
// second the process writes one JSON line to stderr: the event loop's delay (perf_hooks), the
// spans recorded here (count, mean, p99, max per name) and the long ones' times. Off (the default)
// every call is a no-op that costs one boolean test.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const PERF = process.env['GOROD_PERF'] === '1';

const spans = new Map<string, number[]>();

/** Record `ms` under `name` (a no-op unless GOROD_PERF=1). */
export function span(name: string, ms: number): void {
  if (!PERF) return;
  let xs = spans.get(name);
  if (!xs) spans.set(name, (xs = []));
  xs.push(ms);
}

function summary(xs: number[]): { n: number; mean: number; p99: number; max: number } {
  const s = xs.slice().sort((a, b) => a - b);
  const r = (x: number): number => Math.round(x * 100) / 100;
  return { n: s.length, mean: r(s.reduce((a, b) => a + b, 0) / s.length), p99: r(s[Math.floor(0.99 * (s.length - 1))]!), max: r(s[s.length - 1]!) };
}

/** Start the once-a-second report (main thread); `label` names the thread or process. */
export function startPerfReport(label: string, extra: () => Record<string, unknown> = () => ({})): void {
  if (!PERF) return;
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  setInterval(() => {
    const out: Record<string, unknown> = { perf: label, t: Date.now(), up: Math.round(performance.now()), eldMax: Math.round(h.max / 1e5) / 10, eldP99: Math.round(h.percentile(99) / 1e5) / 10, eldMean: Math.round(h.mean / 1e5) / 10, ...extra() };
    h.reset();
    for (const [k, xs] of spans) if (xs.length) out[k] = summary(xs);
    spans.clear();
    process.stderr.write(JSON.stringify(out) + '\n');
  }, 1000).unref();
}

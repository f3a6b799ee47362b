// `gorod sim`: simulate many games and report the balance of a preset (docs/bots.md).
//   gorod sim --preset classic --policy club --games 100000 --workers 2 --seed S
//             [--option k=v ...] [--compare SPEC ...] [--json] [--svg FILE] [--lang ru|en]
// --policy is a name for every team, or per team: red=club,black=random[,neutral=...].
// --compare SPEC runs several setups side by side; SPEC is "preset[,k=v...][,policy=P]" where P
// uses "+" between teams (policy=red=club+black=random).
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { PRESET_DEFS, type PresetId } from '../../engine/index.js';
import { policyNames } from '../registry.js';
import { runSim, type SimSpec } from './run.js';
import { zAbove, type SimReport } from './stats.js';
import { simChartSvg } from './svg.js';

export interface SimCommandOptions {
  preset: string;
  policy: string;
  games: number;
  workers: number;
  seed: number;
  option: string[];
  compare: string[];
  json: boolean;
  svg?: string;
  lang?: 'ru' | 'en';
  size?: number;
  progress?: boolean;
}

export function parseValue(v: string): unknown {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return v;
}

export function parsePolicies(spec: string): SimSpec['policies'] {
  const names = new Set(policyNames());
  const check = (n: string): string => {
    if (!names.has(n)) throw new Error(`unknown policy "${n}" (known: ${[...names].join(', ')})`);
    return n;
  };
  if (!spec.includes('=')) {
    const p = check(spec);
    return { red: p, black: p, neutral: p };
  }
  const out: Partial<SimSpec['policies']> = {};
  for (const part of spec.split(/[,+]/)) {
    const [team, name] = part.split('=');
    if (team !== 'red' && team !== 'black' && team !== 'neutral' && team !== 'other') throw new Error(`bad policy part "${part}"`);
    out[team === 'other' ? 'neutral' : team] = check(name ?? '');
  }
  const red = out.red ?? 'club';
  return { red, black: out.black ?? red, neutral: out.neutral ?? red };
}

function presetOf(p: string): PresetId {
  if (!(p in PRESET_DEFS)) throw new Error(`unknown or unregistered preset "${p}" (known: ${Object.keys(PRESET_DEFS).join(', ')})`);
  return p as PresetId;
}

function optionsOf(pairs: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kv of pairs) {
    const i = kv.indexOf('=');
    if (i <= 0) throw new Error(`bad option "${kv}" (want k=v)`);
    out[kv.slice(0, i)] = parseValue(kv.slice(i + 1));
  }
  return out;
}

/** The setups a command line asks for: the base one, or each --compare entry. */
export function specsOf(o: SimCommandOptions): SimSpec[] {
  const base: SimSpec = { preset: presetOf(o.preset), policies: parsePolicies(o.policy), games: o.games, seed: o.seed, options: optionsOf(o.option) };
  if (o.lang) base.lang = o.lang;
  if (o.size !== undefined) base.size = o.size;
  if (o.compare.length === 0) return [base];
  return o.compare.map((c) => {
    const parts = c.split(',').filter((x) => x.length > 0);
    const spec: SimSpec = { ...base, options: { ...base.options } };
    for (const p of parts) {
      if (p.startsWith('policy=')) spec.policies = parsePolicies(p.slice('policy='.length));
      else if (!p.includes('=')) spec.preset = presetOf(p);
      else Object.assign(spec.options!, optionsOf([p]));
    }
    return spec;
  });
}

function bar(done: number, total: number, started: number): string {
  const w = 30;
  const f = total === 0 ? 1 : done / total;
  const el = (Date.now() - started) / 1000;
  const eta = f > 0 ? (el / f) * (1 - f) : 0;
  return `[${'#'.repeat(Math.round(f * w)).padEnd(w, '.')}] ${done}/${total} ${(100 * f).toFixed(0)}% ${(done / Math.max(el, 1e-3)).toFixed(0)} games/s ETA ${eta.toFixed(0)}s`;
}

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;
const ci = (r: { rate: number; lo: number; hi: number }): string => `${pct(r.rate)} [${pct(r.lo)}, ${pct(r.hi)}]`;

export function formatTable(reports: SimReport[]): string {
  const lines: string[] = [];
  const head = ['setup', 'games', 'red (95% CI)', 'black (95% CI)', 'other', 'days', 'ties/g', 'allLeave/g', 'misses/g', 'removals/g'];
  const rows = reports.map((r) => [
    r.label,
    String(r.games),
    ci(r.wins.red),
    ci(r.wins.black),
    pct(r.wins.other.rate),
    r.avgDays.toFixed(2),
    (r.eventsPerGame['tie'] ?? 0).toFixed(3),
    (r.eventsPerGame['allLeaveClosed:leave'] ?? 0).toFixed(3),
    (r.eventsPerGame['nightMiss'] ?? 0).toFixed(3),
    ((r.eventsPerGame['eliminated:removal'] ?? 0) + (r.eventsPerGame['eliminated:fouls'] ?? 0)).toFixed(3),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  lines.push(fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt));
  if (reports.length === 1) {
    const r = reports[0]!;
    lines.push('', 'survival by role: ' + Object.entries(r.survival).map(([k, v]) => `${k} ${pct(v.rate)}`).join(', '));
    lines.push('win rate by seat: ' + r.seatWins.map((w, i) => `${i + 1}:${pct(w.rate)}`).join(' '));
    const ev = Object.entries(r.eventsPerGame).filter(([k]) => !k.startsWith('rule:'));
    lines.push('events per game: ' + ev.map(([k, v]) => `${k} ${v.toFixed(3)}`).join(', '));
    lines.push('rules per game: ' + Object.entries(r.eventsPerGame).filter(([k]) => k.startsWith('rule:')).map(([k, v]) => `${k.slice(5)} ${v.toFixed(3)}`).join(', '));
    if (r.stuck > 0 || r.rejected > 0) lines.push(`WARNING: ${r.stuck} stuck games, ${r.rejected} rejected bot commands`);
  } else if (reports.length === 2) {
    const [a, b] = reports as [SimReport, SimReport];
    const z = zAbove(a.totals.red, a.games, b.totals.red, b.games);
    lines.push('', `red win rate, first vs second: z = ${z.toFixed(2)} (|z| > 1.96: different at 95 %)`);
  }
  return lines.join('\n');
}

/** Run the simulation a command line asks for; returns the process exit code. */
export async function simCommand(o: SimCommandOptions): Promise<number> {
  const specs = specsOf(o);
  const reports: SimReport[] = [];
  const progress = o.progress ?? process.stderr.isTTY ?? false;
  for (const spec of specs) {
    const started = Date.now();
    let lastDraw = 0;
    const report = await runSim(spec, {
      workers: o.workers,
      onProgress: (done, total) => {
        const now = Date.now();
        if (progress && (now - lastDraw > 200 || done === total)) {
          lastDraw = now;
          process.stderr.write(`\r${specs.length > 1 ? `${spec.preset} ` : ''}${bar(done, total, started)}`);
        }
      },
    });
    if (progress) process.stderr.write('\n');
    reports.push(report);
  }
  if (o.svg) writeFileSync(o.svg, simChartSvg(reports, { lang: o.lang ?? 'en' }));
  if (o.json) process.stdout.write(JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2) + '\n');
  else process.stdout.write(formatTable(reports) + '\n');
  return reports.some((r) => r.rejected > 0) ? 1 : 0;
}

/** `gorod sim ...` with its arguments (without "sim"). */
export async function runSimCli(argv: string[]): Promise<number> {
  const collect = (v: string, prev: string[]): string[] => [...prev, v];
  const int = (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`not a whole number: ${v}`);
    return n;
  };
  const cmd = new Command('sim')
    .name('gorod sim')
    .description('simulate games with bots and report the balance')
    .option('--preset <id>', 'rule preset', 'classic')
    .option('--policy <spec>', `policy for every team, or red=P,black=P (known: ${policyNames().join(', ')})`, 'club')
    .option('--games <n>', 'games to play', int, 10000)
    .option('--workers <n>', 'worker threads (0: this thread)', int, 2)
    .option('--seed <n>', 'base seed', int, 1)
    .option('--option <k=v>', 'table option (repeatable)', collect, [])
    .option('--compare <spec>', 'a setup to compare: preset[,k=v...][,policy=P] (repeatable)', collect, [])
    .option('--json', 'print the report as JSON', false)
    .option('--svg <file>', 'write the chart as SVG')
    .option('--lang <ru|en>', 'language of bot speeches')
    .option('--size <n>', 'table size', int)
    .option('--no-progress', 'no progress bar')
    .exitOverride();
  try {
    cmd.parse(argv, { from: 'user' });
    const o = cmd.opts<SimCommandOptions & { progress: boolean }>();
    return await simCommand(o);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if ((e as { code?: string }).code === 'commander.helpDisplayed') return 0;
    process.stderr.write(`gorod sim: ${msg}\n`);
    return 2;
  }
}

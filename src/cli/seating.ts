// gorod seating --players P --tables T --games G [--seed S] [--forbid a,b]… [--json]
// Generates the rounds and seats and prints them with the quality figures, beside those of a
// random and a greedy seating. Progress goes to stderr (a bar on a terminal).
import { SingleBar, Presets } from 'cli-progress';
import { baselineQuality, generateSeating, type SeatingQuality } from '../tournament/index.js';
import { cliError, typedError } from './errors.js';
import { fmt, textTable } from './text-table.js';

export interface SeatingCliOptions {
  players: string;
  tables: string;
  games: string;
  seed?: string;
  forbid?: string[];
  json?: boolean;
  moves?: string;
  time?: string;
  tableWeight?: string;
  lang?: string;
}

const L = {
  ru: {
    round: (n: number) => `Тур ${n}`,
    table: (n: number) => `стол ${n}`,
    figures: 'Качество',
    ours: 'наша',
    random: 'случайная',
    greedy: 'жадная',
    seatsBalanced: 'номера мест поровну',
    seatScore: 'перекос мест (0 — идеально)',
    variance: 'дисперсия встреч пар',
    bound: 'нижняя граница дисперсии',
    minmax: 'встреч пары: мин–макс',
    forbidden: 'запрещённых пар встретилось',
    tables: 'игр за одним столом: мин–макс',
    seatCounts: 'Игрок: игр на местах 1–10',
    yes: 'да',
    no: 'нет',
    took: (ms: number, moves: number) => `${(ms / 1000).toFixed(2)} с, ${moves.toLocaleString('ru-RU')} шагов`,
  },
  en: {
    round: (n: number) => `Round ${n}`,
    table: (n: number) => `table ${n}`,
    figures: 'Quality',
    ours: 'ours',
    random: 'random',
    greedy: 'greedy',
    seatsBalanced: 'seat numbers even',
    seatScore: 'seat imbalance (0 is perfect)',
    variance: 'pair meeting variance',
    bound: 'variance lower bound',
    minmax: 'pair meetings min–max',
    forbidden: 'forbidden pairs met',
    tables: 'games at one table min–max',
    seatCounts: 'Player: games in seats 1–10',
    yes: 'yes',
    no: 'no',
    took: (ms: number, moves: number) => `${(ms / 1000).toFixed(2)} s, ${moves.toLocaleString('en-US')} moves`,
  },
} as const;

/** The figures of several seatings side by side (rows: measures; columns: seatings). */
export function compareTable(cols: [string, SeatingQuality][], lang: 'ru' | 'en'): string {
  const t = L[lang];
  const row = (name: string, f: (q: SeatingQuality) => string | number): (string | number)[] => [name, ...cols.map(([, q]) => String(typeof f(q) === 'number' ? fmt(f(q) as number) : f(q)))];
  return textTable(
    ['', ...cols.map(([n]) => n)],
    [
      row(t.seatsBalanced, (q) => (q.seats.balanced ? t.yes : t.no)),
      row(t.seatScore, (q) => q.seats.score),
      row(t.variance, (q) => q.meetings.variance),
      row(t.bound, (q) => q.meetings.bound),
      row(t.minmax, (q) => `${q.meetings.min}–${q.meetings.max}`),
      row(t.forbidden, (q) => `${q.forbidden.met}/${q.forbidden.pairs}`),
      row(t.tables, (q) => `${q.tablesPerPlayer.min}–${q.tablesPerPlayer.max}`),
    ],
  );
}

export function runSeating(o: SeatingCliOptions): number {
  const lang = o.lang === 'en' ? 'en' : 'ru';
  const t = L[lang];
  const num = (s: string | undefined): number => (s === undefined ? NaN : Number(s));
  const forbidden: [number, number][] = [];
  for (const f of o.forbid ?? []) {
    const m = /^\s*(\d+)\s*[,-]\s*(\d+)\s*$/.exec(f);
    if (!m) return cliError(lang === 'ru' ? `--forbid ${f}: два номера игроков, например 3,17` : `--forbid ${f}: two player numbers, like 3,17`, lang);
    forbidden.push([Number(m[1]), Number(m[2])]);
  }
  const req = { players: num(o.players), tables: num(o.tables), games: num(o.games), forbidden, seed: o.seed ?? '' };
  const limitMs = o.time !== undefined ? Number(o.time) * 1000 : Infinity;
  const bar = process.stderr.isTTY ? new SingleBar({ format: '{bar} {percentage}% | {energy}', stream: process.stderr, hideCursor: true }, Presets.shades_classic) : null;
  const t0 = performance.now();
  let started = false;
  const r = generateSeating(req, {
    ...(o.moves !== undefined ? { moves: Number(o.moves) } : {}),
    ...(o.tableWeight !== undefined ? { tableWeight: Number(o.tableWeight) } : {}),
    onProgress: (p) => {
      if (bar && !started) {
        bar.start(p.total, 0, { energy: '' });
        started = true;
      }
      bar?.update(p.done, { energy: `Σm² ${p.energy}${p.forbiddenMet ? `, ${t.forbidden} ${p.forbiddenMet}` : ''}` });
      return performance.now() - t0 < limitMs;
    },
  });
  if (started && bar) {
    // Stopping at a proven optimum (or the time limit) ends the bar too.
    bar.update(bar.getTotal());
    bar.stop();
  }
  const ms = performance.now() - t0;
  if (!r.ok) return typedError(r.error, lang);
  const s = r.value;
  if (o.json) {
    process.stdout.write(JSON.stringify({ rounds: s.rounds, quality: s.quality }) + '\n');
    return 0;
  }
  const out: string[] = [];
  s.rounds.forEach((round, i) => {
    out.push(t.round(i + 1));
    round.forEach((table, k) => out.push(`  ${t.table(k + 1).padEnd(8)} ${table.map((p) => String(p).padStart(3)).join(' ')}`));
  });
  out.push('', `${t.figures} (${t.took(ms, s.moves)})`);
  const base = baselineQuality(req);
  const cols: [string, SeatingQuality][] = [[t.ours, s.quality]];
  if (base.ok) cols.push([t.greedy, base.value.greedy], [t.random, base.value.random]);
  out.push(compareTable(cols, lang), '', t.seatCounts);
  out.push(textTable(['', ...Array.from({ length: 10 }, (_, i) => String(i + 1))], s.quality.seats.counts.map((row, p) => [String(p + 1), ...row])));
  process.stdout.write(out.join('\n') + '\n');
  return 0;
}

// The balance chart as an SVG string (a pure function: the CLI writes it to a file, the web
// app's balance page may render it). Win rates per run with 95 % intervals, and each seat's win rate.
import type { SimReport } from './stats.js';

export interface ChartOptions {
  title?: string;
  lang?: 'ru' | 'en';
  /** 'dark' matches the web app; 'light' (default) prints well and suits a file. */
  theme?: 'light' | 'dark';
  /** A display label per report (the web app names presets and options in words). */
  labels?: string[];
  /**
   * `narrow`: 360 units wide for a phone (each run's words, then its bars, then its seats, one
   * under the other), so that the chart fits the screen at a readable size instead of being
   * shrunk or scrolled sideways. Default `wide`: words, bars and seats side by side.
   */
  layout?: 'wide' | 'narrow';
}

const THEMES = {
  light: { bg: '#fff', text: '#111', muted: '#555', faint: '#777', grid: '#eee', red: '#c0392b', black: '#2c3e50', other: '#8e44ad', ci: '#f1c40f', seat: '#16a085' },
  dark: { bg: '#1e2129', text: '#eceef2', muted: '#9aa2b1', faint: '#7d8596', grid: '#343a47', red: '#e46a5f', black: '#8e9bb0', other: '#b98ad6', ci: '#f0c36a', seat: '#3fb9a0' },
} as const;

const WORDS = {
  ru: { title: 'Баланс Города', rate: 'доля побед, 95 % ДИ', bySeat: 'доля побед по местам', games: 'партий', days: 'дней', seat: 'место', red: 'красные', black: 'чёрные', other: 'другие' },
  en: { title: 'Gorod balance', rate: 'win rate, 95 % CI', bySeat: 'win rate by seat', games: 'games', days: 'days', seat: 'seat', red: 'red', black: 'black', other: 'other' },
} as const;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function simChartSvg(reports: SimReport[], opts: ChartOptions = {}): string {
  if (opts.layout === 'narrow') return narrowChartSvg(reports, opts);
  const c = THEMES[opts.theme ?? 'light'];
  const w = WORDS[opts.lang ?? 'en'];
  const title = opts.title ?? w.title;
  const rowH = 64;
  const left = 260;
  const barW = 420;
  const seatPanel = 260;
  const width = left + barW + seatPanel + 40;
  const height = 70 + rowH * reports.length + 40;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12" fill="${c.text}">`);
  out.push(`<rect width="100%" height="100%" fill="${c.bg}"/>`);
  out.push(`<text x="16" y="24" font-size="16" font-weight="bold">${esc(title)}</text>`);
  out.push(`<text x="${left}" y="50" fill="${c.muted}">${w.rate}</text>`);
  out.push(`<text x="${left + barW + 30}" y="50" fill="${c.muted}">${w.bySeat}</text>`);
  for (let k = 0; k <= 4; k++) {
    const x = left + (barW * k) / 4;
    out.push(`<line x1="${x}" y1="58" x2="${x}" y2="${height - 30}" stroke="${c.grid}"/>`);
    out.push(`<text x="${x}" y="${height - 14}" text-anchor="middle" fill="${c.faint}">${k * 25}%</text>`);
  }
  reports.forEach((r, i) => {
    const y0 = 64 + i * rowH;
    // A label may carry a second line (a run's options) after a line break.
    const [head, ...rest] = (opts.labels?.[i] ?? r.label).split('\n');
    out.push(`<text x="16" y="${y0 + 14}" font-weight="bold">${esc(head ?? '')}</text>`);
    rest.slice(0, 1).forEach((line) => out.push(`<text x="16" y="${y0 + 29}" font-size="11" fill="${c.muted}">${esc(line)}</text>`));
    out.push(`<text x="16" y="${y0 + (rest.length > 0 ? 44 : 32)}" fill="${c.muted}">${r.games} ${w.games} · ${r.avgDays.toFixed(2)} ${w.days}</text>`);
    const bars: ['red' | 'black' | 'other', SimReport['wins']['red']][] = [
      ['red', r.wins.red],
      ['black', r.wins.black],
    ];
    if (r.wins.other.rate > 0) bars.push(['other', r.wins.other]);
    bars.forEach(([team, win], j) => {
      const y = y0 + 4 + j * 16;
      out.push(`<rect x="${left}" y="${y}" width="${(barW * win.rate).toFixed(1)}" height="12" fill="${c[team]}"><title>${w[team]} ${pct(win.rate)} (${pct(win.lo)}–${pct(win.hi)})</title></rect>`);
      out.push(`<line x1="${(left + barW * win.lo).toFixed(1)}" y1="${y + 6}" x2="${(left + barW * win.hi).toFixed(1)}" y2="${y + 6}" stroke="${c.ci}" stroke-width="2"/>`);
      out.push(`<text x="${(left + barW * win.hi + 6).toFixed(1)}" y="${y + 10}" fill="${c.text}">${w[team]} ${pct(win.rate)}</text>`);
    });
    const n = r.seatWins.length;
    const sw = n > 0 ? (seatPanel - 20) / n : 0;
    r.seatWins.forEach((sv, s) => {
      const h = 40 * sv.rate;
      const x = left + barW + 30 + s * sw;
      out.push(`<rect x="${x.toFixed(1)}" y="${(y0 + 44 - h).toFixed(1)}" width="${Math.max(1, sw - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="${c.seat}"><title>${w.seat} ${s + 1}: ${pct(sv.rate)}</title></rect>`);
    });
    if (n > 0) out.push(`<text x="${left + barW + 30}" y="${y0 + 56}" fill="${c.faint}" font-size="10">1 … ${n}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}

/** Words broken into lines of at most `max` characters (SVG text does not wrap by itself). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    if (cur && cur.length + 1 + word.length > max) {
      lines.push(cur);
      cur = word;
    } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** The phone's chart: per run, its label, its games, its win-rate bars, then its seats. */
function narrowChartSvg(reports: SimReport[], opts: ChartOptions): string {
  const c = THEMES[opts.theme ?? 'light'];
  const w = WORDS[opts.lang ?? 'en'];
  const title = opts.title ?? w.title;
  const width = 360;
  const left = 12;
  const barW = 230;
  const out: string[] = [];
  let y = 0;
  const body: string[] = [];
  reports.forEach((r, i) => {
    const [head, ...rest] = (opts.labels?.[i] ?? r.label).split('\n');
    y += 22;
    body.push(`<text x="${left}" y="${y}" font-size="13" font-weight="bold">${esc(head ?? '')}</text>`);
    for (const line of rest.flatMap((l) => wrap(l, 54)).slice(0, 4)) {
      y += 15;
      body.push(`<text x="${left}" y="${y}" font-size="11" fill="${c.muted}">${esc(line)}</text>`);
    }
    y += 16;
    body.push(`<text x="${left}" y="${y}" fill="${c.muted}">${r.games} ${w.games} · ${r.avgDays.toFixed(2)} ${w.days}</text>`);
    const bars: ['red' | 'black' | 'other', SimReport['wins']['red']][] = [
      ['red', r.wins.red],
      ['black', r.wins.black],
    ];
    if (r.wins.other.rate > 0) bars.push(['other', r.wins.other]);
    y += 10;
    const top = y;
    for (let k = 0; k <= 4; k++) {
      const x = left + (barW * k) / 4;
      body.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + bars.length * 18 + 2}" stroke="${c.grid}"/>`);
    }
    bars.forEach(([team, win], j) => {
      const by = top + 3 + j * 18;
      body.push(`<rect x="${left}" y="${by}" width="${(barW * win.rate).toFixed(1)}" height="13" fill="${c[team]}"><title>${w[team]} ${pct(win.rate)} (${pct(win.lo)}–${pct(win.hi)})</title></rect>`);
      body.push(`<line x1="${(left + barW * win.lo).toFixed(1)}" y1="${by + 6.5}" x2="${(left + barW * win.hi).toFixed(1)}" y2="${by + 6.5}" stroke="${c.ci}" stroke-width="2"/>`);
      body.push(`<text x="${(left + barW * win.hi + 6).toFixed(1)}" y="${by + 11}" fill="${c.text}">${w[team]} ${pct(win.rate)}</text>`);
    });
    y = top + bars.length * 18 + 2;
    const n = r.seatWins.length;
    if (n > 0) {
      y += 16;
      body.push(`<text x="${left}" y="${y}" font-size="11" fill="${c.muted}">${w.bySeat}</text>`);
      const sw = (width - 2 * left) / n;
      const base = y + 44;
      r.seatWins.forEach((sv, s) => {
        const h = 40 * sv.rate;
        const x = left + s * sw;
        body.push(`<rect x="${x.toFixed(1)}" y="${(base - h).toFixed(1)}" width="${Math.max(1, sw - 3).toFixed(1)}" height="${h.toFixed(1)}" fill="${c.seat}"><title>${w.seat} ${s + 1}: ${pct(sv.rate)}</title></rect>`);
        body.push(`<text x="${(x + (sw - 3) / 2).toFixed(1)}" y="${base + 12}" text-anchor="middle" font-size="10" fill="${c.faint}">${s + 1}</text>`);
      });
      y = base + 14;
    }
    y += 8;
    if (i < reports.length - 1) body.push(`<line x1="${left}" y1="${y}" x2="${width - left}" y2="${y}" stroke="${c.grid}"/>`);
  });
  // The head: the title, what the bars are, and the scale under it (the bars' grid repeats it).
  const head = [`<text x="${left}" y="22" font-size="15" font-weight="bold">${esc(title)}</text>`, `<text x="${left}" y="42" fill="${c.muted}">${w.rate}</text>`];
  for (let k = 0; k <= 4; k++) head.push(`<text x="${left + (barW * k) / 4}" y="60" text-anchor="${k === 0 ? 'start' : 'middle'}" font-size="10" fill="${c.faint}">${k * 25}%</text>`);
  const offset = 62;
  const height = Math.ceil(offset + y + 8);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12" fill="${c.text}">`);
  out.push(`<rect width="100%" height="100%" fill="${c.bg}"/>`);
  out.push(...head);
  out.push(`<g transform="translate(0 ${offset})">`, ...body, '</g>');
  out.push('</svg>');
  return out.join('\n');
}

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

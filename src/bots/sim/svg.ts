// The balance chart as an SVG string (a pure function: the CLI writes it to a file, the web
// app's balance page may render it). Win rates per run with 95 % intervals, and each seat's win rate.
import type { SimReport } from './stats.js';

const COLORS = { red: '#c0392b', black: '#2c3e50', other: '#8e44ad' } as const;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

export function simChartSvg(reports: SimReport[], title = 'Gorod balance'): string {
  const rowH = 64;
  const left = 260;
  const barW = 420;
  const seatPanel = 260;
  const width = left + barW + seatPanel + 40;
  const height = 70 + rowH * reports.length + 40;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="100%" height="100%" fill="#fff"/>`);
  out.push(`<text x="16" y="24" font-size="16" font-weight="bold">${esc(title)}</text>`);
  out.push(`<text x="${left}" y="50" fill="#555">win rate, 95 % CI</text>`);
  out.push(`<text x="${left + barW + 30}" y="50" fill="#555">win rate by seat</text>`);
  for (let k = 0; k <= 4; k++) {
    const x = left + (barW * k) / 4;
    out.push(`<line x1="${x}" y1="58" x2="${x}" y2="${height - 30}" stroke="#eee"/>`);
    out.push(`<text x="${x}" y="${height - 14}" text-anchor="middle" fill="#777">${k * 25}%</text>`);
  }
  reports.forEach((r, i) => {
    const y0 = 64 + i * rowH;
    out.push(`<text x="16" y="${y0 + 16}" font-weight="bold">${esc(r.label)}</text>`);
    out.push(`<text x="16" y="${y0 + 34}" fill="#555">${r.games} games · ${r.avgDays.toFixed(2)} days</text>`);
    const bars: [keyof typeof COLORS, SimReport['wins']['red']][] = [
      ['red', r.wins.red],
      ['black', r.wins.black],
    ];
    if (r.wins.other.rate > 0) bars.push(['other', r.wins.other]);
    bars.forEach(([team, w], j) => {
      const y = y0 + 4 + j * 16;
      out.push(`<rect x="${left}" y="${y}" width="${(barW * w.rate).toFixed(1)}" height="12" fill="${COLORS[team]}"><title>${team} ${pct(w.rate)} (${pct(w.lo)}–${pct(w.hi)})</title></rect>`);
      out.push(`<line x1="${(left + barW * w.lo).toFixed(1)}" y1="${y + 6}" x2="${(left + barW * w.hi).toFixed(1)}" y2="${y + 6}" stroke="#f1c40f" stroke-width="2"/>`);
      out.push(`<text x="${(left + barW * w.hi + 6).toFixed(1)}" y="${y + 10}" fill="#333">${team} ${pct(w.rate)}</text>`);
    });
    const n = r.seatWins.length;
    const sw = n > 0 ? (seatPanel - 20) / n : 0;
    r.seatWins.forEach((w, s) => {
      const h = 40 * w.rate;
      const x = left + barW + 30 + s * sw;
      out.push(`<rect x="${x.toFixed(1)}" y="${(y0 + 44 - h).toFixed(1)}" width="${Math.max(1, sw - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="#16a085"><title>seat ${s + 1}: ${pct(w.rate)}</title></rect>`);
    });
    if (n > 0) out.push(`<text x="${left + barW + 30}" y="${y0 + 56}" fill="#777" font-size="10">1 … ${n}</text>`);
  });
  out.push('</svg>');
  return out.join('\n');
}

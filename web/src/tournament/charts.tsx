// Two small charts in plain SVG (no chart library: the bundle stays small): a line over time and
// horizontal bars with a label and a share.

export function LineChart({ points, label, height = 200 }: { points: { x: number; y: number; title: string }[]; label: string; height?: number }) {
  // A narrow drawing: on a phone it is scaled down least, so its figures stay readable.
  const W = 400;
  const H = height;
  const pad = { l: 52, r: 12, t: 14, b: 14 };
  if (points.length === 0) return null;
  const ys = points.map((p) => p.y);
  let lo = Math.min(...ys);
  let hi = Math.max(...ys);
  if (hi - lo < 10) {
    lo -= 5;
    hi += 5;
  }
  const x = (i: number): number => pad.l + (points.length === 1 ? (W - pad.l - pad.r) / 2 : (i / (points.length - 1)) * (W - pad.l - pad.r));
  const y = (v: number): number => pad.t + (1 - (v - lo) / (hi - lo)) * (H - pad.t - pad.b);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ');
  const ticks = [lo, (lo + hi) / 2, hi];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="chart" role="img" aria-label={label} data-testid="rating-chart">
      {ticks.map((v) => (
        <g key={v}>
          <line x1={pad.l} x2={W - pad.r} y1={y(v)} y2={y(v)} className="chart-grid" />
          <text x={pad.l - 6} y={y(v) + 4} textAnchor="end" className="chart-tick">
            {Math.round(v)}
          </text>
        </g>
      ))}
      <path d={path} className="chart-line" />
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.y)} r={3.5} className="chart-dot">
          <title>{p.title}</title>
        </circle>
      ))}
    </svg>
  );
}

export function BarChart({ bars, label }: { bars: { label: string; value: number; note: string; tone?: string }[]; label: string }) {
  const row = 34;
  const W = 400;
  const lw = 130;
  const H = bars.length * row + 4;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="chart" role="img" aria-label={label} data-testid="role-chart">
      {bars.map((b, i) => (
        <g key={b.label} transform={`translate(0 ${i * row + 2})`}>
          <text x={lw - 8} y={row / 2 + 5} textAnchor="end" className="chart-label">
            {b.label}
          </text>
          <rect x={lw} y={4} width={W - lw - 96} height={row - 10} className="chart-track" rx={4} />
          <rect x={lw} y={4} width={Math.max(0, b.value) * (W - lw - 96)} height={row - 10} className={`chart-bar ${b.tone ?? ''}`} rx={4} />
          <text x={W - 90} y={row / 2 + 5} className="chart-label">
            {b.note}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** The p-th percentile of xs (nearest rank, from below; NaN for none): the benches' latency figures. */
export function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

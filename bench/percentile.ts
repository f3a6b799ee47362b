/** The p-th percentile of xs (nearest rank, from below; NaN for none): the benches' latency figures. */
export function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** The benches' median: the middle of an odd count, the upper middle of an even one (pct 50). */
export function median(xs: number[]): number {
  return pct(xs, 50);
}

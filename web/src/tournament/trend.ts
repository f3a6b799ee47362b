// A standings row's trend on the hall screen: places gained since the latest round with points.
import type { StandingRow } from './tapi.js';

/** Places before the latest round with points: a row's trend is how many places it rose since. */
export function trends(rows: Pick<StandingRow, 'id' | 'place' | 'rounds'>[]): Map<string, number> {
  const last = Math.max(-1, ...rows.map((r) => r.rounds.findLastIndex((x) => x !== null)));
  const out = new Map<string, number>();
  if (last < 1) return out;
  const before = [...rows].map((r) => ({ id: r.id, p: r.rounds.slice(0, last).reduce<number>((a, x) => a + (x ?? 0), 0) })).sort((a, b) => b.p - a.p);
  const was = new Map(before.map((x, i) => [x.id, i + 1]));
  for (const r of rows) out.set(r.id, (was.get(r.id) ?? r.place) - r.place);
  return out;
}


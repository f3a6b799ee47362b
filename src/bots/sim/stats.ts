// Totals of many simulated games and the report built from them. Totals are integer sums, so
// they merge in any order: the same seed gives the same totals whatever the number of workers.
import type { GameState } from '../../engine/index.js';

export interface SimTotals {
  games: number;
  red: number;
  black: number;
  neutral: number;
  draw: number;
  /** Games that hit the command cap or found nobody to move (should be 0). */
  stuck: number;
  /** Bot commands the engine rejected (must be 0). */
  rejected: number;
  commands: number;
  days: number;
  roleCount: Record<string, number>;
  roleAlive: Record<string, number>;
  seatGames: number[];
  seatWins: number[];
  /** Events by type (`tie`), by type and detail (`eliminated:removal`), and by rule (`rule:R9`). */
  events: Record<string, number>;
}

export function emptyTotals(): SimTotals {
  return { games: 0, red: 0, black: 0, neutral: 0, draw: 0, stuck: 0, rejected: 0, commands: 0, days: 0, roleCount: {}, roleAlive: {}, seatGames: [], seatWins: [], events: {} };
}

const inc = (r: Record<string, number>, k: string, by = 1): void => {
  r[k] = (r[k] ?? 0) + by;
};

function detail(e: GameState['log'][number]): string | null {
  switch (e.t) {
    case 'eliminated':
      return `eliminated:${e.cause}`;
    case 'noVote':
      return `noVote:${e.why}`;
    case 'allLeaveClosed':
      return `allLeaveClosed:${e.leave ? 'leave' : 'stay'}`;
    case 'votingStarted':
      return `votingStarted:${e.round}`;
    case 'speechStarted':
      return `speechStarted:${e.kind}`;
    case 'nightAction':
      return `nightAction:${e.verb}`;
    case 'gameOver':
      return `gameOver:${e.winner ?? 'draw'}`;
    default:
      return null;
  }
}

export function addGame(t: SimTotals, s: GameState, extra: { commands: number; rejected: number; stuck: boolean }): void {
  t.games++;
  t.commands += extra.commands;
  t.rejected += extra.rejected;
  if (extra.stuck) t.stuck++;
  if (s.winner === 'red') t.red++;
  else if (s.winner === 'black') t.black++;
  else if (s.winner === 'neutral') t.neutral++;
  else t.draw++;
  for (const e of s.log) {
    inc(t.events, e.t);
    const d = detail(e);
    if (d) inc(t.events, d);
    inc(t.events, `rule:${e.rule}`);
    if (e.t === 'dayStarted') t.days++;
  }
  for (const x of s.seats) {
    inc(t.roleCount, x.role);
    if (x.alive) inc(t.roleAlive, x.role);
    const i = x.seat - 1;
    t.seatGames[i] = (t.seatGames[i] ?? 0) + 1;
    t.seatWins[i] = (t.seatWins[i] ?? 0) + (s.winner !== null && x.team === s.winner ? 1 : 0);
  }
}

export function mergeTotals(a: SimTotals, b: SimTotals): SimTotals {
  const out = emptyTotals();
  for (const k of ['games', 'red', 'black', 'neutral', 'draw', 'stuck', 'rejected', 'commands', 'days'] as const) out[k] = a[k] + b[k];
  for (const k of ['roleCount', 'roleAlive', 'events'] as const) {
    for (const [key, v] of Object.entries(a[k])) inc(out[k], key, v);
    for (const [key, v] of Object.entries(b[k])) inc(out[k], key, v);
  }
  const n = Math.max(a.seatGames.length, b.seatGames.length);
  for (let i = 0; i < n; i++) {
    out.seatGames[i] = (a.seatGames[i] ?? 0) + (b.seatGames[i] ?? 0);
    out.seatWins[i] = (a.seatWins[i] ?? 0) + (b.seatWins[i] ?? 0);
  }
  return out;
}

/** Sorted keys, so two equal totals serialize to the same JSON. */
export function canonicalTotals(t: SimTotals): SimTotals {
  const sort = (r: Record<string, number>): Record<string, number> => Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...t, roleCount: sort(t.roleCount), roleAlive: sort(t.roleAlive), events: sort(t.events) };
}

export interface Rate {
  rate: number;
  /** Wilson score interval, 95 %. */
  lo: number;
  hi: number;
}

export function wilson(k: number, n: number, z = 1.96): Rate {
  if (n === 0) return { rate: 0, lo: 0, hi: 0 };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { rate: p, lo: Math.max(0, c - h), hi: Math.min(1, c + h) };
}

export interface SimReport {
  label: string;
  preset: string;
  policies: { red: string; black: string; neutral: string };
  options: Record<string, unknown>;
  seed: number;
  games: number;
  wins: { red: Rate; black: Rate; other: Rate; draw: Rate };
  avgDays: number;
  avgCommands: number;
  stuck: number;
  rejected: number;
  /** Share of each role's players alive at the end. */
  survival: Record<string, Rate>;
  /** Share of games each seat's team won. */
  seatWins: Rate[];
  /** Events per game, by type, detail and rule. */
  eventsPerGame: Record<string, number>;
  totals: SimTotals;
}

export function buildReport(
  t: SimTotals,
  meta: { label: string; preset: string; policies: { red: string; black: string; neutral: string }; options: Record<string, unknown>; seed: number },
): SimReport {
  const g = Math.max(1, t.games);
  const survival: Record<string, Rate> = {};
  for (const [role, n] of Object.entries(t.roleCount).sort()) survival[role] = wilson(t.roleAlive[role] ?? 0, n);
  const eventsPerGame: Record<string, number> = {};
  for (const [k, v] of Object.entries(t.events).sort()) eventsPerGame[k] = v / g;
  return {
    ...meta,
    games: t.games,
    wins: { red: wilson(t.red, t.games), black: wilson(t.black, t.games), other: wilson(t.neutral, t.games), draw: wilson(t.draw, t.games) },
    avgDays: t.days / g,
    avgCommands: t.commands / g,
    stuck: t.stuck,
    rejected: t.rejected,
    survival,
    seatWins: t.seatGames.map((n, i) => wilson(t.seatWins[i] ?? 0, n)),
    eventsPerGame,
    totals: canonicalTotals(t),
  };
}

/** Two-proportion z test: is rate a above rate b? Returns z (significant at 95 % one-sided when z > 1.645). */
export function zAbove(k1: number, n1: number, k2: number, n2: number): number {
  const p = (k1 + k2) / (n1 + n2);
  const se = Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
  return se === 0 ? 0 : (k1 / n1 - k2 / n2) / se;
}

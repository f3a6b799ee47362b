// What a seating request means before any optimizing: how many games and rounds, how many
// tables each round has, and whether the forbidden pairs leave any seating possible at all.
import { fail, ok, tournamentError, type Result } from '../errors.js';

export const TABLE_SIZE = 10;
export const MAX_PLAYERS = 1000;
export const MAX_TABLES = 100;
export const MAX_GAMES = 100;

export interface SeatingRequest {
  players: number;
  tables: number;
  /** Games per player. */
  games: number;
  /** Pairs of players (1..players) who must never share a table. */
  forbidden?: readonly (readonly [number, number])[];
  seed?: string;
}

/** A checked request, 0-based, with the rounds laid out. */
export interface Layout {
  players: number;
  tables: number;
  games: number;
  /** Tables in each round: `tables` everywhere, fewer in the last round if the games run out. */
  roundTables: number[];
  /** Index of each round's first seat slot in the flat slot array (10 slots per table). */
  roundOffset: number[];
  slots: number;
  /** Forbidden pairs, 0-based, each once with a < b. */
  forbidden: [number, number][];
}

const isCount = (x: unknown, min: number, max: number): x is number => typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max;

export function layoutOf(req: SeatingRequest): Result<Layout> {
  const { players: p, tables: t, games: g } = req;
  if (!isCount(p, TABLE_SIZE, MAX_PLAYERS)) return fail(tournamentError('badNumber', `players: an integer from ${TABLE_SIZE} to ${MAX_PLAYERS}`));
  if (!isCount(t, 1, MAX_TABLES)) return fail(tournamentError('badNumber', `tables: an integer from 1 to ${MAX_TABLES}`));
  if (!isCount(g, 1, MAX_GAMES)) return fail(tournamentError('badNumber', `games: an integer from 1 to ${MAX_GAMES}`));
  if ((p * g) % TABLE_SIZE !== 0) return fail(tournamentError('notDivisible', `${p} players × ${g} games = ${p * g} seats, not a multiple of ${TABLE_SIZE}`));
  if (p < TABLE_SIZE * t) return fail(tournamentError('tooFewPlayers', `${t} tables seat ${TABLE_SIZE * t} players; only ${p} registered`));
  const total = (p * g) / TABLE_SIZE;
  const roundTables: number[] = [];
  for (let left = total; left > 0; left -= t) roundTables.push(Math.min(t, left));
  const roundOffset: number[] = [];
  let slots = 0;
  for (const n of roundTables) {
    roundOffset.push(slots);
    slots += n * TABLE_SIZE;
  }
  const seen = new Set<number>();
  const forbidden: [number, number][] = [];
  for (const pair of req.forbidden ?? []) {
    const [a, b] = pair;
    if (!isCount(a, 1, p) || !isCount(b, 1, p) || a === b) return fail(tournamentError('badForbidden', `${String(a)},${String(b)}: two different players from 1 to ${p}`));
    const lo = Math.min(a, b) - 1;
    const hi = Math.max(a, b) - 1;
    if (seen.has(lo * p + hi)) continue;
    seen.add(lo * p + hi);
    forbidden.push([lo, hi]);
  }
  const layout: Layout = { players: p, tables: t, games: g, roundTables, roundOffset, slots, forbidden };
  const why = impossibility(layout);
  return why === null ? ok(layout) : fail(tournamentError('forbiddenImpossible', why));
}

/**
 * Reasons that no seating can keep every forbidden pair apart. Not every impossible case is
 * found (that is a hard problem in general); the optimizer reports any pair it still had to seat
 * together.
 */
function impossibility(l: Layout): string | null {
  if (l.forbidden.length === 0) return null;
  const n = l.players;
  const rounds = l.roundTables.length;
  const apart: number[][] = Array.from({ length: n }, () => []);
  for (const [a, b] of l.forbidden) {
    apart[a]!.push(b);
    apart[b]!.push(a);
  }
  // Each game seats a player with nine others, all of whom must be allowed.
  for (let p = 0; p < n; p++)
    if (n - 1 - apart[p]!.length < TABLE_SIZE - 1)
      return `player ${p + 1} may sit with only ${n - 1 - apart[p]!.length} others; a table needs ${TABLE_SIZE - 1}`;
  // A round with one table: two players who play more rounds together than there are rounds
  // without both of them must meet.
  if (l.tables === 1) {
    const forced = 2 * l.games - rounds;
    if (forced > 0) {
      const [a, b] = l.forbidden[0]!;
      return `one table a round: players ${a + 1} and ${b + 1} each play ${l.games} of ${rounds} rounds, so they share at least ${forced}`;
    }
  }
  // Everyone plays every full round: players who must all be kept apart need a table each.
  if (n === TABLE_SIZE * l.tables) {
    const clique = largeClique(apart, l.tables + 1);
    if (clique) return `players ${clique.map((x) => x + 1).join(', ')} must all sit apart, but a round has only ${l.tables} tables and everyone plays`;
  }
  return null;
}

/** A set of `size` players pairwise forbidden, if the (small) forbidden graph has one. */
function largeClique(apart: number[][], size: number): number[] | null {
  const adj = apart.map((xs) => new Set(xs));
  const grow = (clique: number[], candidates: number[]): number[] | null => {
    if (clique.length === size) return clique;
    for (let i = 0; i < candidates.length; i++) {
      const v = candidates[i]!;
      const next = candidates.slice(i + 1).filter((u) => adj[v]!.has(u));
      if (clique.length + 1 + next.length < size) continue;
      const found = grow([...clique, v], next);
      if (found) return found;
    }
    return null;
  };
  const vertices = apart.map((xs, i) => (xs.length >= size - 1 ? i : -1)).filter((i) => i >= 0);
  return grow([], vertices);
}

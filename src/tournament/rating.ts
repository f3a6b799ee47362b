// Elo across tournaments and club games, as clubs know it: every player has a red-side and a
// black-side rating; a red player's red-side rating plays against the black team's average
// black-side rating (and the other way round); K for a win and a loss by the kind of game
// (club 4/3, tournament 16/12, elite 64/48), halved at tables under ten. Recomputed from the
// games in the order given; players are matched by nickname (nameKey).
import type { Team } from '../engine/index.js';
import { nameKey, type RatingKind } from './types.js';

export const K_FACTORS: Record<Exclude<RatingKind, 'none'>, { win: number; loss: number }> = {
  club: { win: 4, loss: 3 },
  tournament: { win: 16, loss: 12 },
  elite: { win: 64, loss: 48 },
};

export const INITIAL_RATING = 1000;

export interface RatedGame {
  kind: Exclude<RatingKind, 'none'>;
  seats: { name: string; team: Team; result: 'win' | 'loss' | 'draw' }[];
}

export interface RatingRow {
  place: number;
  name: string;
  rating: number;
  red: number;
  black: number;
  games: number;
  wins: number;
}

export interface RatingChange {
  name: string;
  team: 'red' | 'black';
  before: number;
  /** The opposing team's average (their side's rating). */
  against: number;
  expected: number;
  change: number;
}

interface Acc {
  name: string;
  red: number;
  black: number;
  games: number;
  wins: number;
}

const r2 = (x: number): number => Math.round(x * 100) / 100;

/** Expected score of a player rated `own` against a team averaging `against`. */
export function expected(own: number, against: number): number {
  return 1 / (1 + 10 ** ((against - own) / 400));
}

/**
 * Rate the games in order. A game without both teams, or drawn, changes nothing. Neutral players
 * (a maniac playing for himself) are not rated.
 */
export function eloRatings(games: readonly RatedGame[]): { rows: RatingRow[]; changes: RatingChange[][] } {
  const by = new Map<string, Acc>();
  const acc = (name: string): Acc => {
    const key = nameKey(name);
    let a = by.get(key);
    if (!a) by.set(key, (a = { name, red: 0, black: 0, games: 0, wins: 0 }));
    a.name = name;
    return a;
  };
  const changes: RatingChange[][] = [];
  for (const g of games) {
    const red = g.seats.filter((s) => s.team === 'red');
    const black = g.seats.filter((s) => s.team === 'black');
    const done: RatingChange[] = [];
    changes.push(done);
    if (red.length === 0 || black.length === 0 || g.seats.some((s) => s.result === 'draw')) continue;
    const k = K_FACTORS[g.kind];
    const half = g.seats.length < 10 ? 0.5 : 1;
    const side = (s: { name: string; team: Team }): number => INITIAL_RATING + (s.team === 'red' ? acc(s.name).red : acc(s.name).black);
    const avg = (xs: typeof red): number => xs.reduce((sum, s) => sum + side(s), 0) / xs.length;
    const redAvg = avg(red);
    const blackAvg = avg(black);
    // Every change is computed from the ratings before the game, then all are applied.
    for (const s of [...red, ...black]) {
      const team = s.team as 'red' | 'black';
      const before = side(s);
      const against = team === 'red' ? blackAvg : redAvg;
      const e = expected(before, against);
      const change = s.result === 'win' ? k.win * half * (1 - e) : -k.loss * half * e;
      done.push({ name: s.name, team, before: r2(before), against: r2(against), expected: Math.round(e * 1e4) / 1e4, change });
    }
    const rated = [...red, ...black];
    done.forEach((c, i) => {
      const a = acc(c.name);
      if (c.team === 'red') a.red += c.change;
      else a.black += c.change;
      a.games++;
      if (rated[i]!.result === 'win') a.wins++;
      c.change = r2(c.change);
    });
  }
  const rows = [...by.values()]
    .map((a) => ({ place: 0, name: a.name, rating: r2(INITIAL_RATING + a.red + a.black), red: r2(INITIAL_RATING + a.red), black: r2(INITIAL_RATING + a.black), games: a.games, wins: a.wins }))
    .sort((a, b) => b.rating - a.rating || (a.name < b.name ? -1 : 1));
  rows.forEach((r, i) => (r.place = i + 1));
  return { rows, changes };
}

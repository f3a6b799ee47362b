// Standings: a pure function of the tournament and its games' records, never stored. They are
// a fold — every game adds counts and whole milli-points to its players' tallies, so the order
// games arrive in cannot change a thing — and a last step that works out what needs the whole
// tournament (FIIM Ci), hides what the organizer hides, and sorts by points and tie-breaks.
import type { RoleId, Team } from '../engine/index.js';
import type { GameFacts } from './facts.js';
import { scoreGame, type ScoreLine } from './score-game.js';
import { SCORE_GROUPS, type ScoreGroup, type ScoringSystem, type Tiebreak } from './scoring-format.js';
import { finalists, slotKey, slotOf, type SlotRef, type Tournament } from './types.js';

/** A game scored for its slot: each seat's player and lines (points before the round's weight). */
export interface ScoredGame {
  slot: SlotRef;
  weight: number;
  seats: {
    player: string;
    seat: number;
    role: RoleId;
    team: Team;
    result: 'win' | 'loss' | 'draw';
    /** Red and killed on the first shooting night (FIIM's "first killed"). */
    firstKilled: boolean;
    lines: ScoreLine[];
    ci: { rule: string; counts: boolean; applies: boolean }[];
  }[];
}

export interface PlayerTally {
  games: number;
  wins: number;
  winsAs: Partial<Record<RoleId, number>>;
  firstKilled: number;
  /** Weighted milli-points by group (Ci aside), and the part of each group the organizer may hide. */
  milli: Partial<Record<ScoreGroup, number>>;
  hidable: Partial<Record<ScoreGroup, number>>;
  /** Weighted milli-points by round number (Ci aside), and the hidable part. */
  rounds: Record<string, { milli: number; hidable: number }>;
  /** Per Ci rule: K, and the milli-weights of the games that receive it, by round. */
  ci: Record<string, { k: number; weights: Record<string, number> }>;
}

export interface Tally {
  players: Record<string, PlayerTally>;
  /** Slots already counted (a slot counts once: its current record). */
  slots: string[];
}

const milli = (x: number): number => Math.round(x * 1000);
const add = <K extends string>(o: Partial<Record<K, number>>, k: K, v: number): void => {
  o[k] = (o[k] ?? 0) + v;
};

/** Score a checked record's facts for its slot (checkSlotRecord makes sure they belong). */
export function scoreSlot(t: Tournament, ref: SlotRef, facts: GameFacts): ScoredGame {
  const slot = slotOf(t, ref);
  if (!slot) throw new Error(`no slot ${slotKey(ref)}`);
  const weight = t.rounds[ref.round - 1]!.weight;
  // The tournament's own extra points for this game count like the judge's at the table.
  const given = t.extra.filter((e) => e.round === ref.round && e.table === ref.table);
  const seats = given.length === 0 ? facts.seats : facts.seats.map((x, i) => ({ ...x, extra: [...x.extra, ...given.filter((e) => e.player === slot.seats[i]).map((e) => ({ points: e.points, reason: e.reason }))] }));
  const cards = scoreGame(t.scoring, { ...facts, seats });
  return {
    slot: { round: ref.round, table: ref.table },
    weight,
    seats: facts.seats.map((x, i) => ({
      player: slot.seats[i]!,
      seat: x.seat,
      role: x.role,
      team: x.team,
      result: x.result,
      firstKilled: x.firstNightKill && x.team === 'red',
      lines: cards[i]!.lines,
      ci: cards[i]!.ci,
    })),
  };
}

export function emptyTally(): Tally {
  return { players: {}, slots: [] };
}

function emptyPlayer(): PlayerTally {
  return { games: 0, wins: 0, winsAs: {}, firstKilled: 0, milli: {}, hidable: {}, rounds: {}, ci: {} };
}

/** Add one game (pure: the tally given is not changed). Each slot may be added once. */
export function addGame(t: Tally, g: ScoredGame): Tally {
  const key = slotKey(g.slot);
  if (t.slots.includes(key)) throw new Error(`slot ${key} counted twice`);
  const players = { ...t.players };
  const w = milli(g.weight);
  const round = String(g.slot.round);
  for (const s of g.seats) {
    const p: PlayerTally = structuredClone(players[s.player] ?? emptyPlayer());
    p.games++;
    if (s.result === 'win') {
      p.wins++;
      add(p.winsAs, s.role, 1);
    }
    if (s.firstKilled) p.firstKilled++;
    const r = (p.rounds[round] ??= { milli: 0, hidable: 0 });
    for (const l of s.lines) {
      // Whole milli-points times whole milli-weights: integer sums, the same in any order.
      const v = Math.round((milli(l.points) * w) / 1000);
      add(p.milli, l.group, v);
      r.milli += v;
      if (l.kind === 'extraPoints') {
        add(p.hidable, l.group, v);
        r.hidable += v;
      }
    }
    for (const c of s.ci) {
      const ci = (p.ci[c.rule] ??= { k: 0, weights: {} });
      if (c.counts) ci.k++;
      if (c.applies) ci.weights[round] = (ci.weights[round] ?? 0) + w;
    }
    players[s.player] = p;
  }
  return { players, slots: [...t.slots, key].sort() };
}

export interface StandingRow {
  place: number;
  id: string;
  nickname: string;
  club?: string;
  points: number;
  games: number;
  wins: number;
  /** Points by group: every group the scoring system uses (main, bestMove, extra, penalty, compensation, bonus). */
  groups: Partial<Record<ScoreGroup, number>>;
  /** Points per round (index 0 = round 1), null where the player did not play. */
  rounds: (number | null)[];
  winsAs: Partial<Record<RoleId, number>>;
  firstKilled: number;
  /** Ci per qualifying game (FIIM), before the round's weight; 0 if none. */
  ci: number;
  finalist: boolean;
  /** The values the tie-breaks compared, in order. */
  tiebreaks: number[];
  /** Equal to the row above on points and every tie-break (the order between them is by nickname). */
  tied: boolean;
}

export interface Standings {
  scoring: { id: string; version: number; name: { ru: string; en: string } };
  /** The judges' extra points are left out (the organizer hides them until the finals). */
  extraHidden: boolean;
  /** Games counted. */
  games: number;
  tiebreaks: Tiebreak[];
  rows: StandingRow[];
}

export interface StandingsOptions {
  /** Leave out extra points (public standings while the organizer hides them). */
  hideExtra?: boolean;
}

/** Whether the public may see the judges' extra points now. */
export function extraHiddenFromPublic(t: Tournament): boolean {
  return t.options.hideExtraUntilFinals && !t.rounds.some((r) => r.kind === 'final');
}

function ciValue(system: ScoringSystem, rule: string, k: number, n: number): number {
  const r = system.rules.find((x) => x.id === rule);
  if (!r || r.kind !== 'firstKilledCompensation') return 0;
  const den = Math.round(r.rate * n);
  // round(0.4·N) is 0 for N = 1: max·K / 0 is +∞ for K ≥ 1, clamped to the max (mafiaratings'
  // evaluator gives a positive number over zero its largest value, then min() caps it).
  if (den === 0) return k > 0 ? r.max : 0;
  return Math.min(r.max, Math.max(0, (r.max * k) / den));
}

export function finalize(t: Tournament, tally: Tally, opts: StandingsOptions = {}): Standings {
  const hide = opts.hideExtra === true;
  const final = finalists(t);
  const used = SCORE_GROUPS.filter((g) => t.scoring.rules.some((r) => r.group === g));
  const rows: StandingRow[] = t.players.map((pl) => {
    const p = tally.players[pl.id] ?? emptyPlayer();
    // Every group the system uses is there (0 if nothing), so clients get the same columns.
    const groups: Partial<Record<ScoreGroup, number>> = {};
    for (const g of used) groups[g] = (p.milli[g] ?? 0) - (hide ? (p.hidable[g] ?? 0) : 0);
    const rounds: (number | null)[] = t.rounds.map((_, i) => {
      const r = p.rounds[String(i + 1)];
      return r ? r.milli - (hide ? r.hidable : 0) : null;
    });
    let ciPer = 0;
    for (const [rule, c] of Object.entries(p.ci)) {
      const v = ciValue(t.scoring, rule, c.k, p.games);
      ciPer += v;
      const group = t.scoring.rules.find((x) => x.id === rule)!.group;
      for (const [round, w] of Object.entries(c.weights)) {
        const m = Math.round(milli(v) * w / 1000);
        add(groups, group, m);
        const i = Number(round) - 1;
        rounds[i] = (rounds[i] ?? 0) + m;
      }
    }
    let total = 0;
    for (const g of SCORE_GROUPS) total += groups[g] ?? 0;
    const tiebreaks = t.scoring.tiebreaks.map((tb) => {
      switch (tb.by) {
        case 'points':
          return tb.groups.reduce((s, g) => s + (groups[g] ?? 0), 0) / 1000;
        case 'wins':
          return p.wins;
        case 'winsAs':
          return tb.roles.reduce((s, r) => s + (p.winsAs[r] ?? 0), 0);
        case 'firstKilled':
          return p.firstKilled;
      }
    });
    const row: StandingRow = {
      place: 0,
      id: pl.id,
      nickname: pl.nickname,
      points: total / 1000,
      games: p.games,
      wins: p.wins,
      groups: Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v / 1000])),
      rounds: rounds.map((x) => (x === null ? null : x / 1000)),
      winsAs: { ...p.winsAs },
      firstKilled: p.firstKilled,
      ci: Math.round(ciPer * 1000) / 1000,
      finalist: final.has(pl.id),
      tiebreaks,
      tied: false,
    };
    if (pl.club !== undefined) row.club = pl.club;
    return row;
  });
  const finalistsFirst = t.options.finalistsFirst && final.size > 0;
  const numeric = (a: StandingRow, b: StandingRow): number => {
    if (finalistsFirst && a.finalist !== b.finalist) return a.finalist ? -1 : 1;
    if (a.points !== b.points) return b.points - a.points;
    for (let i = 0; i < a.tiebreaks.length; i++) if (a.tiebreaks[i] !== b.tiebreaks[i]) return b.tiebreaks[i]! - a.tiebreaks[i]!;
    return 0;
  };
  rows.sort((a, b) => numeric(a, b) || (a.nickname < b.nickname ? -1 : a.nickname > b.nickname ? 1 : a.id < b.id ? -1 : 1));
  rows.forEach((r, i) => {
    r.place = i + 1;
    r.tied = i > 0 && numeric(rows[i - 1]!, r) === 0;
  });
  return {
    scoring: { id: t.scoring.id, version: t.scoring.version, name: t.scoring.name },
    extraHidden: hide,
    games: tally.slots.length,
    tiebreaks: t.scoring.tiebreaks,
    rows,
  };
}

/** Standings of a tournament from its scored games (one per slot), in any order. */
export function standings(t: Tournament, games: readonly ScoredGame[], opts: StandingsOptions = {}): Standings {
  return finalize(t, games.reduce(addGame, emptyTally()), opts);
}

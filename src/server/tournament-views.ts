// What the tournament API answers with: built from a loaded tournament (its document, every
// record version, its table bindings) and the facts of its current records. Public views leave
// out the forbidden pairs, tokens, and — while the organizer hides them — the judges' extra
// points (from the standings and from the records themselves).
import { describeLog, type GameRecord, type Lang } from '../engine/index.js';
import {
  allSlots,
  eloRatings,
  openFlags,
  extraHiddenFromPublic,
  finalize,
  addGame,
  emptyTally,
  playerStats,
  scoreSlot,
  slotKey,
  slotOf,
  type GameFacts,
  type Player,
  type RatedGame,
  type ScoredGame,
  type SlotRef,
  type Standings,
  type Tournament,
} from '../tournament/index.js';
import type { TableStatus } from './storage.js';
import type { GameVersionRow, TableBinding, TournamentRow } from './tournament-store.js';

export interface Loaded {
  row: TournamentRow;
  versions: GameVersionRow[];
  /** The current (highest) version of each slot that has a record. */
  current: Map<string, GameVersionRow>;
  bindings: TableBinding[];
  /**
   * The status of each bound table whose slot has no record yet, read from the database with the
   * tournament: in a cluster the table may run at another process, and every process must give
   * the same answer (and refuse to open a second table for a slot whose game runs elsewhere).
   */
  tables: ReadonlyMap<string, TableStatus>;
}

/** `correction`: a flag of the slot is open (tournament-flags.ts), whether or not it has a record. */
export type SlotStatus = 'waiting' | 'playing' | 'finished' | 'correction';

export interface SlotSummary extends SlotRef {
  status: SlotStatus;
  /** The server table playing (or that played) this slot, if any. */
  tableId?: string;
  /** The current record's version and result. */
  version?: number;
  winner?: string | null;
}

export interface PublicTournament {
  id: string;
  format: Tournament['format'];
  name: string;
  revision: number;
  createdAt: number;
  updatedAt: number;
  players: Player[];
  /** Only for the organizer. */
  forbidden?: [string, string][];
  /** Only for the organizer: requests for a correction, open and resolved. */
  flags?: NonNullable<Tournament['flags']>;
  /** Extra points given through the tournament (left out while the public may not see them). */
  extra: Tournament['extra'];
  scoring: Tournament['scoring'];
  options: Tournament['options'];
  rounds: {
    number: number;
    kind: 'qualifying' | 'final';
    weight: number;
    games: (SlotSummary & { seats: { seat: number; id: string; nickname: string }[] })[];
  }[];
}

/** What a watcher of `/ws/tournament?id=…` receives after every change (and at once). */
export interface TournamentSnapshot {
  type: 'tournament';
  id: string;
  revision: number;
  /** Games with a record. */
  games: number;
  /** The public standings. */
  standings: Standings;
  slots: SlotSummary[];
}

export function currentOf(versions: GameVersionRow[]): Map<string, GameVersionRow> {
  const out = new Map<string, GameVersionRow>();
  for (const v of versions) out.set(slotKey(v), v); // sorted by version: the last one wins
  return out;
}

export function slotSummary(l: Loaded, ref: SlotRef, facts: (v: GameVersionRow) => GameFacts | null): SlotSummary {
  const out: SlotSummary = { round: ref.round, table: ref.table, status: 'waiting' };
  const bound = l.bindings.filter((b) => b.round === ref.round && b.table === ref.table).at(-1);
  if (bound) out.tableId = bound.tableId;
  const cur = l.current.get(slotKey(ref));
  if (cur) {
    out.status = 'finished';
    out.version = cur.version;
    out.winner = facts(cur)?.winner ?? null;
  } else if (bound) {
    const s = l.tables.get(bound.tableId);
    out.status = s === 'lobby' || s === 'playing' ? 'playing' : 'waiting';
  }
  if (openFlags(l.row.data.flags, ref).length > 0) out.status = 'correction';
  return out;
}

export function publicTournament(l: Loaded, facts: (v: GameVersionRow) => GameFacts | null, organizer: boolean): PublicTournament {
  const t = l.row.data;
  const nick = new Map(t.players.map((p) => [p.id, p.nickname]));
  const out: PublicTournament = {
    id: l.row.id,
    format: t.format,
    name: t.name,
    revision: l.row.revision,
    createdAt: l.row.createdAt,
    updatedAt: l.row.updatedAt,
    players: t.players,
    extra: organizer || !extraHiddenFromPublic(t) ? t.extra : [],
    scoring: t.scoring,
    options: t.options,
    rounds: t.rounds.map((r, i) => ({
      number: i + 1,
      kind: r.kind,
      weight: r.weight,
      games: r.games.map((g) => ({
        ...slotSummary(l, { round: i + 1, table: g.table }, facts),
        seats: g.seats.map((id, k) => ({ seat: k + 1, id, nickname: nick.get(id) ?? id })),
      })),
    })),
  };
  if (organizer) {
    out.forbidden = t.forbidden;
    out.flags = t.flags ?? [];
  }
  return out;
}

/** The tournament's current records, scored for their slots (a record of a slot no longer there is skipped). */
export function scoredGames(l: Loaded, facts: (v: GameVersionRow) => GameFacts | null): ScoredGame[] {
  const out: ScoredGame[] = [];
  for (const v of l.current.values()) {
    const f = facts(v);
    if (f && slotOf(l.row.data, v)) out.push(scoreSlot(l.row.data, v, f));
  }
  return out;
}

export function standingsOf(l: Loaded, facts: (v: GameVersionRow) => GameFacts | null, organizer: boolean): Standings {
  const t = l.row.data;
  const hide = !organizer && extraHiddenFromPublic(t);
  return finalize(t, scoredGames(l, facts).reduce(addGame, emptyTally()), { hideExtra: hide });
}

/** A record as the public may see it: without the judges' extra points while they are hidden. */
export function publicRecord(t: Tournament, rec: GameRecord, organizer: boolean): GameRecord {
  if (organizer || !extraHiddenFromPublic(t)) return rec;
  return { ...rec, commands: rec.commands.filter((c) => c.do !== 'extraPoints') };
}

export interface GameView extends SlotSummary {
  kind: 'qualifying' | 'final';
  weight: number;
  seats: { seat: number; id: string; nickname: string }[];
  /** Extra points given to this game through the tournament (left out while hidden). */
  extra: Tournament['extra'];
  /** Requests for a correction of this game, open and resolved (the organizer's view only). */
  flags?: NonNullable<Tournament['flags']>;
  /** The current record's score per seat (points before the round's weight), when there is one. */
  score?: { seat: number; id: string; nickname: string; role: string; result: string; points: number; lines: { rule: string; group: string; points: number; note?: string }[] }[];
  versions: Omit<GameVersionRow, 'record' | 'tournamentId'>[];
}

export function gameView(l: Loaded, ref: SlotRef, facts: (v: GameVersionRow) => GameFacts | null, organizer: boolean): GameView | null {
  const t = l.row.data;
  const slot = slotOf(t, ref);
  if (!slot) return null;
  const round = t.rounds[ref.round - 1]!;
  const nick = new Map(t.players.map((p) => [p.id, p.nickname]));
  const view: GameView = {
    ...slotSummary(l, ref, facts),
    kind: round.kind,
    weight: round.weight,
    seats: slot.seats.map((id, k) => ({ seat: k + 1, id, nickname: nick.get(id) ?? id })),
    extra: organizer || !extraHiddenFromPublic(t) ? t.extra.filter((e) => e.round === ref.round && e.table === ref.table) : [],
    versions: l.versions
      .filter((v) => v.round === ref.round && v.table === ref.table)
      .map(({ record: _r, tournamentId: _t, ...rest }) => rest),
  };
  if (organizer) view.flags = (t.flags ?? []).filter((f) => f.round === ref.round && f.table === ref.table);
  const cur = l.current.get(slotKey(ref));
  const f = cur ? facts(cur) : null;
  if (cur && f) {
    const hide = !organizer && extraHiddenFromPublic(t);
    const s = standingsOf(l, facts, organizer);
    const ci = new Map(s.rows.map((r) => [r.id, r.ci]));
    const scored = scoreSlot(t, ref, f);
    view.score = scored.seats.map((x) => {
      const lines: NonNullable<GameView['score']>[number]['lines'] = x.lines.filter((ln) => !(hide && ln.kind === 'extraPoints')).map((ln) => ({ rule: ln.rule, group: ln.group, points: ln.points, ...(ln.note !== undefined ? { note: ln.note } : {}) }));
      for (const c of x.ci) {
        if (!c.applies) continue;
        const rule = t.scoring.rules.find((r) => r.id === c.rule)!;
        lines.push({ rule: c.rule, group: rule.group, points: ci.get(x.player) ?? 0 });
      }
      return { seat: x.seat, id: x.player, nickname: nick.get(x.player) ?? x.player, role: x.role, result: x.result, points: Math.round(lines.reduce((a, b) => a + b.points, 0) * 1000) / 1000, lines };
    });
  }
  return view;
}

export function protocolLines(state: { log: Parameters<typeof describeLog>[0] }, lang: Lang): string[] {
  return describeLog(state.log, lang);
}

export function statsOf(l: Loaded, facts: (v: GameVersionRow) => GameFacts | null): ReturnType<typeof playerStats> {
  const all: GameFacts[] = [];
  for (const v of l.current.values()) {
    const f = facts(v);
    if (f) all.push(f);
  }
  return playerStats(all);
}

/** The tournament's rated games in order (round, then table); none when it is not rated. */
export function ratedGames(l: Loaded, facts: (v: GameVersionRow) => GameFacts | null): RatedGame[] {
  const t = l.row.data;
  const kind = t.options.ratingKind;
  if (kind === 'none') return [];
  const out: RatedGame[] = [];
  for (const s of allSlots(t)) {
    const v = l.current.get(slotKey(s));
    const f = v ? facts(v) : null;
    if (f) out.push({ kind, seats: f.seats.map((x) => ({ name: x.name, team: x.team, result: x.result })) });
  }
  return out;
}

export function ratingsOf(games: RatedGame[]): ReturnType<typeof eloRatings>['rows'] {
  return eloRatings(games).rows;
}

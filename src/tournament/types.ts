// A tournament as data (gorod-tournament/1): players, the rounds and their game slots, the
// scoring system and the options. Standings are never stored: they are a function of this and
// the games' records (standings.ts).
import type { ScoringSystem } from './scoring-format.js';

export const TOURNAMENT_FORMAT = 'gorod-tournament/1';

export interface Player {
  /** Stable id (never reused in the tournament). */
  id: string;
  nickname: string;
  club?: string;
}

export type RoundKind = 'qualifying' | 'final';

/** One game of a round: its table number and the players by seat (seat 1 first). */
export interface GameSlot {
  table: number;
  seats: string[];
}

export interface Round {
  kind: RoundKind;
  /** Every point of the round's games is multiplied by it (finals: their own multiplier). */
  weight: number;
  games: GameSlot[];
}

/**
 * Extra points given to a player for one game through the tournament (not at the table): kept
 * with the tournament, so they can stay hidden until the finals (a finished game's record is
 * public), and they work for presets without the `extraPoints` verb (classic).
 */
export interface ExtraPoints {
  id: string;
  round: number;
  table: number;
  player: string;
  points: number;
  reason: string;
  /** Who gave them (a name) and when (ms). */
  by?: string;
  at?: number;
}

/**
 * A game waiting for a correction: a judge, a player or the organizer asked for one, a finished
 * table's record failed the slot's check, or the game ended in a way the points table (regulation
 * 4.2: points by win or loss) cannot score without the judge — a draw. Open until the organizer
 * corrects the game (a new record version resolves it) or resolves it with a note; kept after.
 */
export interface CorrectionFlag {
  id: string;
  round: number;
  table: number;
  kind: 'request' | 'badRecord' | 'draw';
  /** Who raised it: the organizer, the slot's judge, a player at the table, or the server itself. */
  by: 'organizer' | 'judge' | 'player' | 'server';
  /** A name they gave (free text). */
  name?: string;
  reason: string;
  at: number;
  resolved?: { at: number; note: string; by?: string; version?: number };
}

/** Which Elo K-factors a tournament's games count with (rating.ts). */
export const RATING_KINDS = ['club', 'tournament', 'elite', 'none'] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

export interface TournamentOptions {
  /** The engine preset every game is played by (one of the engine's presets). */
  preset: string;
  /** Options every game's record must carry with these values (the rest are the preset's own). */
  gameOptions: Record<string, unknown>;
  /** Public standings leave the judges' extra points out until the finals are seated. */
  hideExtraUntilFinals: boolean;
  /** Finalists rank above everyone else, whatever their points. */
  finalistsFirst: boolean;
  ratingKind: RatingKind;
  /** What the organizer planned (shown on the pages; the seating and finals requests still say what they do). */
  schedule?: TournamentSchedule;
}

/** The tournament's dates (YYYY-MM-DD) and planned rounds and finals. */
export interface TournamentSchedule {
  from?: string;
  to?: string;
  /** Qualifying games per player. */
  games?: number;
  finalTop?: number;
  finalGames?: number;
  finalWeight?: number;
  /** The organizer closed the tournament: its standings are final. */
  finished?: boolean;
}

export interface Tournament {
  format: typeof TOURNAMENT_FORMAT;
  name: string;
  players: Player[];
  /** Pairs of player ids that must never share a table (family, same club on request). */
  forbidden: [string, string][];
  rounds: Round[];
  /** Extra points given through the tournament, per game (scored like the judge's extraPoints). */
  extra: ExtraPoints[];
  /** Requests for a correction, open and resolved (absent: none ever). */
  flags?: CorrectionFlag[];
  scoring: ScoringSystem;
  options: TournamentOptions;
}

export const DEFAULT_OPTIONS: TournamentOptions = {
  preset: 'classic',
  gameOptions: {},
  hideExtraUntilFinals: false,
  finalistsFirst: true,
  ratingKind: 'tournament',
};

/** 1-based round number and table number: how people and URLs name a game. */
export interface SlotRef {
  round: number;
  table: number;
}

export const slotKey = (s: SlotRef): string => `${s.round}-${s.table}`;

export function slotOf(t: Tournament, ref: SlotRef): GameSlot | undefined {
  return t.rounds[ref.round - 1]?.games.find((g) => g.table === ref.table);
}

export function allSlots(t: Tournament): (SlotRef & { slot: GameSlot; kind: RoundKind; weight: number })[] {
  const out: (SlotRef & { slot: GameSlot; kind: RoundKind; weight: number })[] = [];
  t.rounds.forEach((r, i) => {
    for (const g of r.games) out.push({ round: i + 1, table: g.table, slot: g, kind: r.kind, weight: r.weight });
  });
  return out;
}

export function finalists(t: Tournament): Set<string> {
  const out = new Set<string>();
  for (const r of t.rounds) if (r.kind === 'final') for (const g of r.games) for (const id of g.seats) out.add(id);
  return out;
}

/** The key players are matched by across records and tournaments: the nickname, case and spacing aside. */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

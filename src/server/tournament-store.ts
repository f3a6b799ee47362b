// What the server keeps of tournaments, behind its own small asynchronous interface (like
// Storage for tables), so that a networked database fits the same shape: the tournament
// document with a revision, every version of every game's record (corrections never overwrite),
// and which server tables play which slots.
import type { GameRecord } from '../engine/index.js';
import type { Tournament } from '../tournament/index.js';

export interface TournamentRow {
  id: string;
  createdAt: number;
  updatedAt: number;
  /** Bumped by every change of the document (players, rounds, options). */
  revision: number;
  /** SHA-256 (hex) of the organizer token: the token itself is never stored. */
  tokenHash: string;
  data: Tournament;
}

/** Who attached a record version: the organizer, the judge of the slot's table, or the table itself. */
export interface AttachedBy {
  kind: 'organizer' | 'judge' | 'table';
  /** A name the organizer or judge gave (free text, shown in the version history). */
  name?: string;
}

export type RecordSource = 'table' | 'upload' | 'import';

export interface GameVersionRow {
  tournamentId: string;
  round: number;
  table: number;
  /** 1, 2, 3 … per slot; the highest is the current record. */
  version: number;
  at: number;
  by: AttachedBy;
  source: RecordSource;
  /** Why a correction was made. */
  reason?: string;
  /** The server table it came from, when it did. */
  tableId?: string;
  record: GameRecord;
}

export interface TableBinding {
  tableId: string;
  tournamentId: string;
  round: number;
  table: number;
  mode: 'online' | 'judge';
  createdAt: number;
}

export interface TournamentStamp {
  id: string;
  createdAt: number;
  stamp: string;
}

export interface TournamentStore {
  create(row: TournamentRow): Promise<void>;
  get(id: string): Promise<TournamentRow | null>;
  /** Newest first. */
  list(limit: number): Promise<TournamentRow[]>;
  /** Store a new document if the revision is still `expected` (then revision + 1); false if not. */
  update(id: string, expected: number, data: Tournament, at: number): Promise<boolean>;
  /** A new version of a slot's record; refused (throws) if that version number exists already. */
  addGameVersion(row: GameVersionRow): Promise<void>;
  /** Every version of every slot of a tournament, by round, table and version. */
  gameVersions(tournamentId: string): Promise<GameVersionRow[]>;
  bindTable(b: TableBinding): Promise<void>;
  bindings(tournamentId: string): Promise<TableBinding[]>;
  bindingOf(tableId: string): Promise<TableBinding | null>;
  /**
   * The newest tournaments with a stamp that changes whenever the tournament does (its revision
   * and how many record versions it has): the players index (players-index.ts) reloads only the
   * tournaments whose stamp moved — also when another process changed them.
   */
  stamps(limit: number): Promise<TournamentStamp[]>;
  close(): Promise<void>;
}

// What the server keeps: tables (setup, tokens, deal commitment, timer deadline) and each table's
// command log. A table's state is always the replay of its log, so the log is the game.
import type { Command, Setup } from '../engine/index.js';

export type TableMode = 'online' | 'judge';
/** `expired`: a lobby nobody started in time (hub.ts); it is never loaded again. */
export type TableStatus = 'lobby' | 'playing' | 'finished' | 'expired';
/**
 * Who dealt: `server` (crypto, committed, R60), `cards` (a judge entered the cards drawn at the
 * table: no commitment), `app` (the judge's console dealt and committed before the game),
 * `fixed` (given to a GOROD_FIXED_DEALS server: benchmarks).
 */
export type DealSource = 'server' | 'cards' | 'app' | 'fixed';

/**
 * Who holds a human seat (seats.ts has the transitions):
 * - `free`: an open table's seat that anyone may claim; no credential exists for it;
 * - `reserved`: its link (token) went to the host, and nobody has opened it yet;
 * - `claimed`: a stranger claimed it and holds its only credential (the host never saw it);
 * - `bound`: a player opened the host's link (connected or renamed with it).
 * Issue 20 (accounts) adds a seat bound to an account beside these.
 */
export type SeatHold = 'free' | 'reserved' | 'claimed' | 'bound';

export interface SeatRow {
  seat: number;
  /** The seat's credential; null for a bot seat and a free one. */
  token: string | null;
  bot: boolean;
  name: string;
  /** Absent on bot seats, and on rows made before seat holds existed (seats.ts holdOf reads them). */
  hold?: SeatHold;
  /** Rows made before seat holds existed: a stranger claimed this seat (now `hold: 'claimed'`). */
  claimed?: boolean;
}

export interface ClockOptions {
  auto: boolean;
  introNightSeconds: number;
  nightSeconds: number;
  voteSeconds: number;
}

/** A running timer: `key` is the log index of the event that opened the timed stage. */
export interface Deadline {
  key: number;
  /** When it runs out (epoch ms); meaningless while paused. */
  at: number;
  /** Paused by the host: the ms that were left (table-clock.ts). */
  left?: number;
  /** The ms the host added to this stage so far (bounded: limits.ts). */
  extended?: number;
}

export interface TableRow {
  id: string;
  createdAt: number;
  mode: TableMode;
  /** Holds the secret deal: never sent to a client before the game ends. */
  setup: Setup;
  salt: string;
  /** '' when nobody committed to the deal (dealSource 'cards'). */
  commitment: string;
  /** Absent on tables created before deal sources existed: 'server' (or 'fixed'). */
  dealSource?: DealSource;
  /** dealSource 'app': the console's own table id, which its commitment was computed with. */
  commitTableId?: string;
  hostToken: string;
  spectatorToken: string;
  seats: SeatRow[];
  botPolicy: string;
  botDelayMs: number;
  clock: ClockOptions;
  autoStart: boolean;
  /**
   * An open table: anyone may take a free seat from the lobby (`POST /api/tables/:id/claim`).
   * Absent on rows made before open tables existed: not open.
   */
  open?: boolean;
  /** The create's idempotency key (an uploaded local game), so a repeat finds this table. */
  uploadKey?: string;
  status: TableStatus;
  winner: string | null;
  finishedAt: number | null;
  deadline: Deadline | null;
}

/** Where a page of the lobby ends: its last table's creation time and id. */
export interface LobbyCursor {
  createdAt: number;
  id: string;
}

export type TablePatch = Partial<Pick<TableRow, 'setup' | 'seats' | 'status' | 'winner' | 'finishedAt'>>;

export interface CommandRow {
  seq: number;
  /** `seat:3`, `judge`, `host` or `bot:3`: who sent it, for nonce scoping. */
  sender: string;
  nonce: string | null;
  command: Command;
  at: number;
}

export interface EditRow {
  at: number;
  kind: 'undo';
  seq: number;
  command: Command;
  /** The undo message's nonce (a resent undo is acknowledged, not applied twice). */
  nonce?: string;
  /** Who sent the undone command and its nonce (a resend of it stays a duplicate). */
  undone?: { sender: string; nonce: string | null };
}

/**
 * Asynchronous: no implementation may do its I/O on the event loop (SQLite runs in a worker
 * thread; a networked database such as Postgres is asynchronous anyway). A resolved write is
 * durable; a rejected one changed nothing. Every implementation passes the same contract
 * (test/server/storage-contract.ts).
 */
export interface Storage {
  /** A new table, with the commands of a game imported with it, all or nothing. */
  createTable(row: TableRow, commands?: CommandRow[]): Promise<void>;
  updateTable(id: string, patch: TablePatch): Promise<void>;
  /** The running timer's deadline (kept apart from the table row: it changes every stage). */
  setDeadline(id: string, deadline: Deadline | null): Promise<void>;
  getTable(id: string): Promise<TableRow | null>;
  /** Tables in the lobby or playing (to resume after a restart), oldest first. */
  unfinishedTables(): Promise<TableRow[]>;
  /**
   * The lobby, a page at a time: online tables in the lobby or playing, newest first (by creation
   * time, then id); `before`: only those after this one in that order (the previous page's last).
   */
  lobbyTables(limit: number, before?: LobbyCursor): Promise<TableRow[]>;
  /** Finished tables, newest first; `before`: only those finished before this time (paging). */
  finishedTables(limit: number, before?: number): Promise<TableRow[]>;
  appendCommand(tableId: string, row: CommandRow): Promise<void>;
  commands(tableId: string): Promise<CommandRow[]>;
  /** Commands of many tables at once (restart), keyed by table id, each in seq order. */
  commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>>;
  /** Judge undo: remove the last command (seq) and keep it in the edit history, atomically. */
  undoCommand(tableId: string, seq: number, edit: EditRow): Promise<void>;
  edits(tableId: string): Promise<EditRow[]>;
  close(): Promise<void>;
  /**
   * Many processes (PostgreSQL only): the table's next fencing number, taken by its new owner.
   * Writes made through `fenced(tableId, fence)` succeed only while no newer number was taken;
   * a write in flight under the old number either lands before this resolves or fails.
   */
  takeFence?(tableId: string): Promise<number>;
  /** Many processes: this storage, its writes to `tableId` refused (GOROD_FENCED) once a newer fence is set. */
  fenced?(tableId: string, fence: number): Storage;
  /** Many processes: the table a token opens (tokens are looked up in the database). */
  tableOfToken?(token: string): Promise<string | null>;
}

/**
 * How long a lazy write — a stage's deadline, written after the command that changed the stage and
 * awaited by no client — waits for another write to share its commit. Both databases batch by it
 * (storage-sqlite.ts, pg-group-commit.ts); a non-lazy write arriving meanwhile takes it along at once.
 */
export const LAZY_MS = 20;

/**
 * An error a storage raises itself (not its database's), the same in every implementation:
 * `GOROD_NOT_FOUND` (no such table), `GOROD_CONFLICT` (a seq out of order, an undo of a command
 * that is not the last), `GOROD_FENCED` (a write by a process that no longer owns the table).
 * PostgreSQL also fails a write with `GOROD_UNAVAILABLE` when its connection is lost before the
 * commit is known (pg-group-commit.ts): it may or may not have landed.
 */
export function storageError(code: 'GOROD_NOT_FOUND' | 'GOROD_CONFLICT' | 'GOROD_FENCED' | 'GOROD_UNAVAILABLE', message: string, cause?: unknown): Error {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { code });
}

// What the server keeps: tables (setup, tokens, deal commitment, timer deadline) and each table's
// command log. A table's state is always the replay of its log, so the log is the game.
import type { Command, Setup } from '../engine/index.js';

export type TableMode = 'online' | 'judge';
export type TableStatus = 'lobby' | 'playing' | 'finished';
/**
 * Who dealt: `server` (crypto, committed, R60), `cards` (a judge entered the cards drawn at the
 * table: no commitment), `app` (the judge's console dealt and committed before the game),
 * `fixed` (given to a GOROD_FIXED_DEALS server: benchmarks).
 */
export type DealSource = 'server' | 'cards' | 'app' | 'fixed';

export interface SeatRow {
  seat: number;
  /** null for a bot seat. */
  token: string | null;
  bot: boolean;
  name: string;
  /**
   * Open tables: a stranger took this seat (`POST /api/tables/:id/claim`), so it is never handed
   * out again. Absent on rows made before claims existed (and on seats nobody claimed).
   */
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
  at: number;
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
 * Asynchronous so that a networked database (Postgres) fits the same shape. A resolved
 * appendCommand means the command is durable.
 */
export interface Storage {
  createTable(row: TableRow): Promise<void>;
  updateTable(id: string, patch: TablePatch): Promise<void>;
  /** The running timer's deadline (kept apart from the table row: it changes every stage). */
  setDeadline(id: string, deadline: Deadline | null): Promise<void>;
  getTable(id: string): Promise<TableRow | null>;
  /** Tables not finished (to resume after a restart). */
  unfinishedTables(): Promise<TableRow[]>;
  finishedTables(limit: number): Promise<TableRow[]>;
  appendCommand(tableId: string, row: CommandRow): Promise<void>;
  commands(tableId: string): Promise<CommandRow[]>;
  /** Commands of many tables at once (restart), keyed by table id, each in seq order. */
  commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>>;
  /** Judge undo: remove the last command (seq) and keep it in the edit history, atomically. */
  undoCommand(tableId: string, seq: number, edit: EditRow): Promise<void>;
  edits(tableId: string): Promise<EditRow[]>;
  close(): Promise<void>;
}

// The SQLite database itself (better-sqlite3, synchronous). It runs only inside the storage
// worker thread (sqlite-worker.ts): a busy or slow disk blocks that thread, never the event loop.
// The SQL is plain (TEXT/BIGINT, ON CONFLICT … DO UPDATE) so a Postgres storage can use the same
// tables. WAL with synchronous=FULL (the default): a commit survives a power cut, not only a
// killed process; `normal` (SQLITE_SYNC=normal) survives kill -9 only and costs less.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { storageError, type LobbyCursor, type CommandRow, type Deadline, type EditRow, type TablePatch, type TableRow } from './storage.js';

export interface SqliteOptions {
  sync?: 'normal' | 'full';
  /** How long a write waits for another connection's lock before it fails (ms). */
  busyMs?: number;
  /**
   * WAL pages after which a commit checkpoints by itself (SQLite's default 1,000). The storage
   * worker runs its checkpoints on another thread (sqlite-checkpointer.ts) and sets this far
   * higher: only a checkpointer that fell behind lets a commit pay for one.
   */
  walAutocheckpoint?: number;
}

const SELECT =
  'SELECT t.body AS body, d.stage_key AS stage_key, d.at AS at, d.left_ms AS left_ms, d.extended_ms AS extended_ms FROM game_tables t LEFT JOIN game_deadlines d ON d.table_id = t.id';
const LIVE = "t.status IN ('lobby', 'playing')";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS game_tables (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  status TEXT NOT NULL,
  finished_at BIGINT,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_tables_status ON game_tables (status, finished_at);
CREATE INDEX IF NOT EXISTS game_tables_live ON game_tables (created_at, id) WHERE status IN ('lobby', 'playing');
CREATE TABLE IF NOT EXISTS game_commands (
  table_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  sender TEXT NOT NULL,
  nonce TEXT,
  body TEXT NOT NULL,
  at BIGINT NOT NULL,
  PRIMARY KEY (table_id, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS game_commands_nonce ON game_commands (table_id, sender, nonce);
CREATE TABLE IF NOT EXISTS game_deadlines (
  table_id TEXT PRIMARY KEY,
  stage_key INTEGER NOT NULL,
  at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS game_edits (
  table_id TEXT NOT NULL,
  at BIGINT NOT NULL,
  kind TEXT NOT NULL,
  seq INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_edits_table ON game_edits (table_id);
`;

/** The schema's version: bump it with every change (a column added to ADDED, say). */
const SCHEMA_VERSION = 2;

/** Columns added after the first schema, added to databases made before. */
const ADDED: [table: string, column: string, type: string][] = [
  ['game_edits', 'meta', 'TEXT'],
  ['game_deadlines', 'left_ms', 'BIGINT'],
  ['game_deadlines', 'extended_ms', 'BIGINT'],
];

interface TableDbRow {
  body: string;
  stage_key: number | null;
  at: number | null;
  left_ms: number | null;
  extended_ms: number | null;
}
interface CommandDbRow {
  table_id: string;
  seq: number;
  sender: string;
  nonce: string | null;
  body: string;
  at: number;
}

export class SqliteDb {
  private db: Database.Database;
  private st: Record<string, Database.Statement>;

  constructor(file: string, opts: SqliteOptions = {}) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma(`busy_timeout = ${Math.max(0, Math.round(opts.busyMs ?? 5000))}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.sync === 'normal' ? 'NORMAL' : 'FULL'}`);
    if (opts.walAutocheckpoint !== undefined) this.db.pragma(`wal_autocheckpoint = ${Math.max(0, Math.round(opts.walAutocheckpoint))}`);
    this.db.exec(SCHEMA);
    // Migrations: the schema above (idempotent), then the columns added since, each once; the
    // version reached is kept in user_version (PostgreSQL keeps its own in gorod_migrations).
    if ((this.db.pragma('user_version', { simple: true }) as number) < SCHEMA_VERSION) {
      for (const [table, column, type] of ADDED) {
        const cols = this.db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[];
        if (!cols.some((c) => c.name === column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
      }
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
    this.tx = this.db.transaction((fn: () => void) => fn());
    this.st = {
      insertTable: this.db.prepare('INSERT INTO game_tables (id, created_at, status, finished_at, body) VALUES (?, ?, ?, ?, ?)'),
      updateTable: this.db.prepare('UPDATE game_tables SET status = ?, finished_at = ?, body = ? WHERE id = ?'),
      getTable: this.db.prepare(`${SELECT} WHERE t.id = ?`),
      unfinished: this.db.prepare(`${SELECT} WHERE ${LIVE} ORDER BY t.created_at`),
      lobby: this.db.prepare(
        `${SELECT} WHERE ${LIVE} AND json_extract(t.body, '$.mode') = 'online' AND (t.created_at < ? OR (t.created_at = ? AND t.id < ?)) ORDER BY t.created_at DESC, t.id DESC LIMIT ?`,
      ),
      finished: this.db.prepare(`${SELECT} WHERE t.status = 'finished' AND t.finished_at < ? ORDER BY t.finished_at DESC LIMIT ?`),
      setDeadline: this.db.prepare(
        'INSERT INTO game_deadlines (table_id, stage_key, at, left_ms, extended_ms) VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET stage_key = excluded.stage_key, at = excluded.at, left_ms = excluded.left_ms, extended_ms = excluded.extended_ms',
      ),
      clearDeadline: this.db.prepare('DELETE FROM game_deadlines WHERE table_id = ?'),
      append: this.db.prepare('INSERT INTO game_commands (table_id, seq, sender, nonce, body, at) VALUES (?, ?, ?, ?, ?, ?)'),
      commands: this.db.prepare('SELECT * FROM game_commands WHERE table_id = ? ORDER BY seq'),
      allUnfinishedCommands: this.db.prepare(`SELECT c.* FROM game_commands c JOIN game_tables t ON t.id = c.table_id WHERE ${LIVE} ORDER BY c.table_id, c.seq`),
      lastSeq: this.db.prepare('SELECT MAX(seq) AS seq FROM game_commands WHERE table_id = ?'),
      deleteCommand: this.db.prepare('DELETE FROM game_commands WHERE table_id = ? AND seq = ?'),
      insertEdit: this.db.prepare('INSERT INTO game_edits (table_id, at, kind, seq, body, meta) VALUES (?, ?, ?, ?, ?, ?)'),
      edits: this.db.prepare('SELECT * FROM game_edits WHERE table_id = ? ORDER BY at, seq'),
    };
  }

  /**
   * Run writes in one transaction (group commit). IMMEDIATE: the write lock is taken at BEGIN,
   * so a lock held elsewhere is waited for (busy_timeout) instead of failing at once on upgrade.
   */
  transaction(fn: () => void): void {
    this.tx.immediate(fn);
  }
  /**
   * One wrapper made once: better-sqlite3's db.transaction() builds five wrapped functions per
   * call, which cost about as much as the commit's own work in JS at W2p's pace (issue 19).
   */
  private readonly tx: Database.Transaction<(fn: () => void) => void>;

  /** journal_mode and synchronous as the connection has them (tests, diagnostics). */
  settings(): { journalMode: string; synchronous: number } {
    return { journalMode: this.db.pragma('journal_mode', { simple: true }) as string, synchronous: this.db.pragma('synchronous', { simple: true }) as number };
  }

  // ---- writes (called inside transaction()) ---------------------------------------------------

  createTable(row: TableRow, commands: CommandRow[] = []): void {
    this.st.insertTable!.run(row.id, row.createdAt, row.status, row.finishedAt, JSON.stringify({ ...row, deadline: null }));
    for (const c of commands) this.appendCommand(row.id, c);
  }

  updateTable(id: string, patch: TablePatch): void {
    const cur = this.st.getTable!.get(id) as TableDbRow | undefined;
    if (!cur) throw storageError('GOROD_NOT_FOUND', `no table ${id}`);
    const row = { ...(JSON.parse(cur.body) as TableRow), ...patch, deadline: null };
    this.st.updateTable!.run(row.status, row.finishedAt, JSON.stringify(row), id);
  }

  setDeadline(id: string, d: Deadline | null): void {
    if (d) this.st.setDeadline!.run(id, d.key, d.at, d.left ?? null, d.extended ?? null);
    else this.st.clearDeadline!.run(id);
  }

  appendCommand(tableId: string, row: CommandRow): void {
    const last = (this.st.lastSeq!.get(tableId) as { seq: number | null }).seq;
    if (row.seq !== (last === null ? 0 : last + 1)) throw storageError('GOROD_CONFLICT', `seq ${row.seq} out of order`);
    this.st.append!.run(tableId, row.seq, row.sender, row.nonce, JSON.stringify(row.command), row.at);
  }

  undoCommand(tableId: string, seq: number, edit: EditRow): void {
    const last = (this.st.lastSeq!.get(tableId) as { seq: number | null }).seq;
    if (last !== seq) throw storageError('GOROD_CONFLICT', 'undo: not the last command');
    this.st.deleteCommand!.run(tableId, seq);
    const meta = edit.nonce !== undefined || edit.undone ? JSON.stringify({ nonce: edit.nonce, undone: edit.undone }) : null;
    this.st.insertEdit!.run(tableId, edit.at, edit.kind, edit.seq, JSON.stringify(edit.command), meta);
  }

  // ---- reads ------------------------------------------------------------------------------------

  getTable(id: string): TableRow | null {
    const r = this.st.getTable!.get(id) as TableDbRow | undefined;
    return r ? toTable(r) : null;
  }

  unfinishedTables(): TableRow[] {
    return (this.st.unfinished!.all() as TableDbRow[]).map(toTable);
  }

  lobbyTables(limit: number, before?: LobbyCursor): TableRow[] {
    const at = before?.createdAt ?? Number.MAX_SAFE_INTEGER;
    return (this.st.lobby!.all(at, at, before?.id ?? '', limit) as TableDbRow[]).map(toTable);
  }

  finishedTables(limit: number, before?: number): TableRow[] {
    return (this.st.finished!.all(before ?? Number.MAX_SAFE_INTEGER, limit) as TableDbRow[]).map(toTable);
  }

  commands(tableId: string): CommandRow[] {
    return (this.st.commands!.all(tableId) as CommandDbRow[]).map(toCommand);
  }

  /** One scan for a restart instead of one query per table. */
  commandsOf(tableIds: string[]): Map<string, CommandRow[]> {
    const want = new Set(tableIds);
    const out = new Map<string, CommandRow[]>();
    for (const id of tableIds) out.set(id, []);
    for (const r of this.st.allUnfinishedCommands!.iterate() as IterableIterator<CommandDbRow>) {
      if (want.has(r.table_id)) out.get(r.table_id)!.push(toCommand(r));
    }
    for (const id of tableIds) if (out.get(id)!.length === 0) out.set(id, this.commands(id));
    return out;
  }

  edits(tableId: string): EditRow[] {
    return (this.st.edits!.all(tableId) as { at: number; kind: 'undo'; seq: number; body: string; meta: string | null }[]).map((r) => {
      const e: EditRow = { at: r.at, kind: r.kind, seq: r.seq, command: JSON.parse(r.body) };
      if (r.meta) {
        const m = JSON.parse(r.meta) as Pick<EditRow, 'nonce' | 'undone'>;
        if (m.nonce !== undefined) e.nonce = m.nonce;
        if (m.undone) e.undone = m.undone;
      }
      return e;
    });
  }

  close(): void {
    this.db.close();
  }
}

function toTable(r: TableDbRow): TableRow {
  const row = JSON.parse(r.body) as TableRow;
  row.deadline = null;
  if (r.stage_key !== null && r.at !== null) {
    row.deadline = { key: r.stage_key, at: r.at };
    if (r.left_ms !== null) row.deadline.left = r.left_ms;
    if (r.extended_ms !== null) row.deadline.extended = r.extended_ms;
  }
  return row;
}

function toCommand(r: CommandDbRow): CommandRow {
  return { seq: r.seq, sender: r.sender, nonce: r.nonce, command: JSON.parse(r.body), at: r.at };
}

// SQLite storage (better-sqlite3, WAL). The SQL is plain (TEXT/BIGINT, no SQLite-only syntax in
// the schema) so a Postgres implementation can use the same tables. A command is durable once
// its INSERT returns: WAL with synchronous=NORMAL survives a killed process (kill -9); FULL
// (SQLITE_SYNC=full) also survives a power cut.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { CommandRow, Deadline, EditRow, Storage, TablePatch, TableRow } from './storage.js';

const SELECT = 'SELECT t.body AS body, d.stage_key AS stage_key, d.at AS at FROM game_tables t LEFT JOIN game_deadlines d ON d.table_id = t.id';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS game_tables (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  status TEXT NOT NULL,
  finished_at BIGINT,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_tables_status ON game_tables (status, finished_at);
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

interface TableDbRow {
  body: string;
  stage_key: number | null;
  at: number | null;
}
interface CommandDbRow {
  table_id: string;
  seq: number;
  sender: string;
  nonce: string | null;
  body: string;
  at: number;
}

interface Pending {
  run: () => void;
  resolve: () => void;
  reject: (e: unknown) => void;
}

export class SqliteStorage implements Storage {
  private db: Database.Database;
  private st: Record<string, Database.Statement>;
  /** Group commit: writes queued in one event-loop turn share a transaction. */
  private queue: Pending[] = [];

  constructor(file: string, opts: { sync?: 'normal' | 'full' } = {}) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${opts.sync === 'full' ? 'FULL' : 'NORMAL'}`);
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
    // game_edits.meta (undo nonces) came later: add it to databases made before.
    const editCols = this.db.prepare("SELECT name FROM pragma_table_info('game_edits')").all() as { name: string }[];
    if (!editCols.some((c) => c.name === 'meta')) this.db.exec('ALTER TABLE game_edits ADD COLUMN meta TEXT');
    this.st = {
      insertTable: this.db.prepare('INSERT INTO game_tables (id, created_at, status, finished_at, body) VALUES (?, ?, ?, ?, ?)'),
      updateTable: this.db.prepare('UPDATE game_tables SET status = ?, finished_at = ?, body = ? WHERE id = ?'),
      getTable: this.db.prepare(`${SELECT} WHERE t.id = ?`),
      unfinished: this.db.prepare(`${SELECT} WHERE t.status <> 'finished' ORDER BY t.created_at`),
      finished: this.db.prepare(`${SELECT} WHERE t.status = 'finished' ORDER BY t.finished_at DESC LIMIT ?`),
      setDeadline: this.db.prepare(
        'INSERT INTO game_deadlines (table_id, stage_key, at) VALUES (?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET stage_key = excluded.stage_key, at = excluded.at',
      ),
      clearDeadline: this.db.prepare('DELETE FROM game_deadlines WHERE table_id = ?'),
      append: this.db.prepare('INSERT INTO game_commands (table_id, seq, sender, nonce, body, at) VALUES (?, ?, ?, ?, ?, ?)'),
      commands: this.db.prepare('SELECT * FROM game_commands WHERE table_id = ? ORDER BY seq'),
      allUnfinishedCommands: this.db.prepare(
        "SELECT c.* FROM game_commands c JOIN game_tables t ON t.id = c.table_id WHERE t.status <> 'finished' ORDER BY c.table_id, c.seq",
      ),
      lastSeq: this.db.prepare('SELECT MAX(seq) AS seq FROM game_commands WHERE table_id = ?'),
      deleteCommand: this.db.prepare('DELETE FROM game_commands WHERE table_id = ? AND seq = ?'),
      insertEdit: this.db.prepare('INSERT INTO game_edits (table_id, at, kind, seq, body, meta) VALUES (?, ?, ?, ?, ?, ?)'),
      edits: this.db.prepare('SELECT * FROM game_edits WHERE table_id = ? ORDER BY at, seq'),
    };
  }

  async createTable(row: TableRow): Promise<void> {
    this.st.insertTable!.run(row.id, row.createdAt, row.status, row.finishedAt, JSON.stringify(row));
  }

  async updateTable(id: string, patch: TablePatch): Promise<void> {
    const tx = this.db.transaction(() => {
      const cur = this.st.getTable!.get(id) as TableDbRow | undefined;
      if (!cur) throw new Error(`no table ${id}`);
      const row = { ...(JSON.parse(cur.body) as TableRow), ...patch, deadline: null };
      this.st.updateTable!.run(row.status, row.finishedAt, JSON.stringify(row), id);
    });
    tx();
  }

  /**
   * Queue a write; it is committed with the others of this turn in one transaction, and the
   * promise settles after the commit. A failing write (a duplicate nonce) fails alone.
   */
  private write(run: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ run, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    try {
      this.db.transaction(() => {
        for (const p of batch) p.run();
      })();
    } catch {
      // Rare (a constraint broke): commit each write on its own so that only the bad one fails.
      for (const p of batch) {
        try {
          this.db.transaction(p.run)();
          p.resolve();
        } catch (e) {
          p.reject(e);
        }
      }
      return;
    }
    for (const p of batch) p.resolve();
  }

  setDeadline(id: string, deadline: Deadline | null): Promise<void> {
    return this.write(() => {
      if (deadline) this.st.setDeadline!.run(id, deadline.key, deadline.at);
      else this.st.clearDeadline!.run(id);
    });
  }

  async getTable(id: string): Promise<TableRow | null> {
    const r = this.st.getTable!.get(id) as TableDbRow | undefined;
    return r ? toTable(r) : null;
  }

  async unfinishedTables(): Promise<TableRow[]> {
    return (this.st.unfinished!.all() as TableDbRow[]).map(toTable);
  }

  async finishedTables(limit: number): Promise<TableRow[]> {
    return (this.st.finished!.all(limit) as TableDbRow[]).map(toTable);
  }

  appendCommand(tableId: string, row: CommandRow): Promise<void> {
    const body = JSON.stringify(row.command);
    return this.write(() => this.st.append!.run(tableId, row.seq, row.sender, row.nonce, body, row.at));
  }

  async commands(tableId: string): Promise<CommandRow[]> {
    return (this.st.commands!.all(tableId) as CommandDbRow[]).map(toCommand);
  }

  async commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>> {
    const want = new Set(tableIds);
    const out = new Map<string, CommandRow[]>();
    for (const id of tableIds) out.set(id, []);
    // One scan for a restart instead of one query per table.
    for (const r of this.st.allUnfinishedCommands!.iterate() as IterableIterator<CommandDbRow>) {
      if (want.has(r.table_id)) out.get(r.table_id)!.push(toCommand(r));
    }
    for (const id of tableIds) if (out.get(id)!.length === 0) out.set(id, await this.commands(id));
    return out;
  }

  async undoCommand(tableId: string, seq: number, edit: EditRow): Promise<void> {
    const tx = this.db.transaction(() => {
      const last = (this.st.lastSeq!.get(tableId) as { seq: number | null }).seq;
      if (last !== seq) throw new Error('undo: not the last command');
      this.st.deleteCommand!.run(tableId, seq);
      const meta = edit.nonce !== undefined || edit.undone ? JSON.stringify({ nonce: edit.nonce, undone: edit.undone }) : null;
      this.st.insertEdit!.run(tableId, edit.at, edit.kind, edit.seq, JSON.stringify(edit.command), meta);
    });
    tx();
  }

  async edits(tableId: string): Promise<EditRow[]> {
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

  async close(): Promise<void> {
    if (this.queue.length) this.flush();
    this.db.close();
  }
}

function toTable(r: TableDbRow): TableRow {
  const row = JSON.parse(r.body) as TableRow;
  row.deadline = r.stage_key !== null && r.at !== null ? { key: r.stage_key, at: r.at } : null;
  return row;
}

function toCommand(r: CommandDbRow): CommandRow {
  return { seq: r.seq, sender: r.sender, nonce: r.nonce, command: JSON.parse(r.body), at: r.at };
}

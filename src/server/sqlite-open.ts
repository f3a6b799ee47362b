// Opening a SQLite database beside the server's (better-sqlite3, WAL) and applying numbered
// migrations once each: shared by the stores that keep their own connection to the file (the
// tournaments, the accounts). Each store keeps its own ledger table, so their migrations never
// collide.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

/** A connection in WAL with a busy timeout; the folder is made if missing. `:memory:` works too. */
export function openSqlite(file: string, busyMs = 5000): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`busy_timeout = ${Math.max(0, Math.round(busyMs))}`);
  return db;
}

/**
 * Apply the migrations this database has not had yet (each in a transaction, recorded in `ledger`).
 * Several processes may open one file at once (the cluster's servers share the accounts' file): the
 * ledger is read again inside an IMMEDIATE transaction, which holds the write lock, so a migration
 * another process applied a moment ago is skipped instead of run twice.
 */
export function applyMigrations(db: Database.Database, ledger: string, migrations: readonly Migration[]): number[] {
  if (!/^[a-z_]+$/.test(ledger)) throw new Error(`bad ledger name ${ledger}`);
  db.exec(`CREATE TABLE IF NOT EXISTS ${ledger} (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  const applied: number[] = [];
  const has = db.prepare(`SELECT 1 FROM ${ledger} WHERE id = ?`);
  const record = db.prepare(`INSERT INTO ${ledger} (id, name, applied_at) VALUES (?, ?, ?)`);
  for (const m of migrations) {
    const ran = db.transaction(() => {
      if (has.get(m.id)) return false;
      db.exec(m.sql);
      record.run(m.id, m.name, Date.now());
      return true;
    }).immediate();
    if (ran) applied.push(m.id);
  }
  return applied;
}

// One small SQL seam for the stores that are written once for SQLite and PostgreSQL alike (the
// tournaments, the accounts, the forum): `?` placeholders, rows as plain objects, the number of
// rows a write changed, and a transaction. Each store's SQL and its row mapping live in one place
// (the store); only this seam knows the driver. SQLite: better-sqlite3 (synchronous, wrapped in
// resolved promises); PostgreSQL: a `pg` pool (pg-pool.ts), shared with the tables' storage.
import type Database from 'better-sqlite3';
import { applyMigrations, openSqlite, type Migration } from './sqlite-open.js';

export type SqlRow = Record<string, unknown>;

export interface Sql {
  readonly dialect: 'sqlite' | 'pg';
  all(sql: string, args?: readonly unknown[]): Promise<SqlRow[]>;
  one(sql: string, args?: readonly unknown[]): Promise<SqlRow | undefined>;
  /** A write; how many rows it changed. */
  run(sql: string, args?: readonly unknown[]): Promise<number>;
  /**
   * `fn` in one transaction on one connection (SQLite: BEGIN IMMEDIATE, which takes the file's
   * write lock at once; PostgreSQL: READ COMMITTED, with the stores' unique keys and conditional
   * writes doing the guarding). Throwing rolls it back.
   */
  tx<T>(fn: (q: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A write refused by a unique key or primary key (either driver's code). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A write that a racing writer's unique key refused: `fallback` instead of the error. */
export async function unlessTaken<T>(p: Promise<T>, fallback: T): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (isUniqueViolation(e)) return fallback;
    throw e;
  }
}

/**
 * better-sqlite3 behind the async seam. A transaction spans awaits, so while one is open every
 * other statement of this connection waits for it (otherwise it would run inside the open
 * transaction); statements inside it go straight through.
 */
export class SqliteSql implements Sql {
  readonly dialect = 'sqlite' as const;
  private cache = new Map<string, Database.Statement>();
  /** The transaction in progress (or a resolved promise). */
  private gate: Promise<unknown> = Promise.resolve();
  private inner: Sql;

  constructor(
    readonly db: Database.Database,
    private onClose: () => void = () => db.close(),
  ) {
    // Inside a transaction: straight to the connection (nested tx() joins the open one).
    const inner: Sql = {
      dialect: 'sqlite',
      all: async (sql, args = []) => this.stmt(sql).all(...args) as SqlRow[],
      one: async (sql, args = []) => this.stmt(sql).get(...args) as SqlRow | undefined,
      run: async (sql, args = []) => this.stmt(sql).run(...args).changes,
      tx: (fn) => fn(inner),
      close: async () => undefined,
    };
    this.inner = inner;
  }

  /** A file (or `:memory:`) with its store's migrations applied (ledger: that store's own table). */
  static open(file: string, ledger: string, migrations: readonly Migration[]): SqliteSql {
    const db = openSqlite(file);
    applyMigrations(db, ledger, migrations);
    return new SqliteSql(db);
  }

  private stmt(sql: string): Database.Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.cache.set(sql, s);
    }
    return s;
  }

  async all(sql: string, args: readonly unknown[] = []): Promise<SqlRow[]> {
    await this.gate;
    return this.stmt(sql).all(...args) as SqlRow[];
  }
  async one(sql: string, args: readonly unknown[] = []): Promise<SqlRow | undefined> {
    await this.gate;
    return this.stmt(sql).get(...args) as SqlRow | undefined;
  }
  async run(sql: string, args: readonly unknown[] = []): Promise<number> {
    await this.gate;
    return this.stmt(sql).run(...args).changes;
  }

  tx<T>(fn: (q: Sql) => Promise<T>): Promise<T> {
    const body = async (): Promise<T> => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const r = await fn(this.inner);
        this.db.exec('COMMIT');
        return r;
      } catch (e) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw e;
      }
    };
    const p = this.gate.then(body, body);
    this.gate = p.catch(() => undefined);
    return p;
  }

  async close(): Promise<void> {
    await this.gate;
    if (this.db.open) this.onClose();
  }
}

// Column readers: a row's value as the type the stores keep (PostgreSQL returns BIGINT as a string).
export const str = (v: unknown): string => v as string;
export const num = (v: unknown): number => Number(v);
export const optStr = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));
export const optNum = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// The PostgreSQL connection pool every store of a process shares (the tables' storage, the
// tournaments, the accounts, the forum: PG_POOL_SIZE connections in all), numbered migrations
// per store, and the `Sql` seam (sql.ts) over the pool for the stores written once for both
// databases.
import pg from 'pg';
import type { Sql, SqlRow } from './sql.js';

// BIGINT columns hold epoch milliseconds, fencing numbers and counts: well inside a double.
const types = new pg.TypeOverrides();
types.setTypeParser(20, (v: string) => Number(v));

/** `options`: libpq startup options (tests: `-c search_path=…`, a schema of their own). */
export function pgPool(url: string, size = 10, options?: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: size, types, ...(options ? { options } : {}) });
  // An idle connection that breaks (the server restarted) is dropped by the pool; without a
  // listener its error would end the process. A connection checked out (a transaction, the
  // migration) emits its error on itself, where the pool does not listen: every connection
  // gets a listener of its own (its query in flight fails, and inTransaction drops it).
  pool.on('error', () => undefined);
  pool.on('connect', (c) => c.on('error', () => undefined));
  return pool;
}

/** `fn` in one transaction on one connection of the pool; a failure rolls back (and drops a broken connection). */
export async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const r = await fn(c);
    await c.query('COMMIT');
    c.release();
    return r;
  } catch (e) {
    // A connection that cannot even roll back is broken: the pool drops it instead of reusing it.
    const sound = await c.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    c.release(sound ? undefined : e instanceof Error ? e : new Error(String(e)));
    throw e;
  }
}

/** Any fixed number: the advisory lock that serializes migrations between processes (every store's). */
const MIGRATION_LOCK = 7_220_019;

/**
 * Run the migrations not yet applied (`ledger` records them by number, 1-based), each once, in
 * order, in one transaction, under an advisory lock: three processes starting together migrate once.
 */
export async function runPgMigrations(pool: pg.Pool, ledger: string, migrations: readonly string[]): Promise<void> {
  if (!/^[a-z_]+$/.test(ledger)) throw new Error(`bad ledger name ${ledger}`);
  await inTransaction(pool, async (c) => {
    await c.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await c.query(`CREATE TABLE IF NOT EXISTS ${ledger} (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const done = new Set((await c.query<{ version: number }>(`SELECT version FROM ${ledger}`)).rows.map((r) => r.version));
    for (let i = 0; i < migrations.length; i++) {
      if (done.has(i + 1)) continue;
      await c.query(migrations[i]!);
      await c.query(`INSERT INTO ${ledger} (version) VALUES ($1)`, [i + 1]);
    }
  });
}

/** `?` placeholders to `$1, $2, …` (the stores' SQL has no `?` inside string literals). */
const numbered = new Map<string, string>();
function toPg(sql: string): string {
  let s = numbered.get(sql);
  if (s === undefined) {
    let i = 0;
    s = sql.replace(/\?/g, () => `$${++i}`);
    numbered.set(sql, s);
  }
  return s;
}

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

function on(q: Queryable, ready: () => Promise<void>, pool: pg.Pool | null): Sql {
  const query = async (sql: string, args: readonly unknown[] = []): Promise<pg.QueryResult<SqlRow>> => {
    await ready();
    return (q as pg.Pool).query<SqlRow>(toPg(sql), args as unknown[]);
  };
  return {
    dialect: 'pg',
    all: async (sql, args) => (await query(sql, args)).rows,
    one: async (sql, args) => (await query(sql, args)).rows[0],
    run: async (sql, args) => (await query(sql, args)).rowCount ?? 0,
    tx: async (fn) => {
      if (!pool) return fn(on(q, ready, null)); // already in one
      await ready();
      return inTransaction(pool, (c) => fn(on(c, async () => undefined, null)));
    },
    close: async () => {
      await ready().catch(() => undefined);
    },
  };
}

/**
 * A store's `Sql` over the shared pool, its migrations started at once (every statement waits
 * for them). close() does not end the pool: whoever made it does (index.ts, after every store).
 */
export function pgSql(pool: pg.Pool, ledger: string, migrations: readonly string[]): Sql {
  const migrated = runPgMigrations(pool, ledger, migrations);
  migrated.catch(() => undefined);
  return on(pool, () => migrated, pool);
}

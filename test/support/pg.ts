// Throwaway PostgreSQL databases for tests: the local server (127.0.0.1:5432, user postgres,
// trust auth; PG_TEST_URL overrides), a fresh database with a unique name per call, dropped by
// drop(). Tests skip with a message when no server answers.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgPool } from '../../src/server/pg-pool.js';

const ADMIN = process.env['PG_TEST_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN, connectionTimeoutMillis: 2000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Whether a PostgreSQL server answers (null), or why not. */
export async function pgUnavailable(): Promise<string | null> {
  try {
    await admin((c) => c.query('SELECT 1'));
    return null;
  } catch (e) {
    return `no PostgreSQL at ${ADMIN} (${String(e)}): start it (service postgresql start) to run these tests`;
  }
}

export async function freshDatabase(prefix = 'gorod_test'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/**
 * Empty PostgreSQL stores for contract tests: one fresh database per test file (made on first
 * use, dropped by close()), and each pool() a fresh schema in it (search_path), so every store a
 * test makes starts empty without a CREATE DATABASE each time. Pools are ended by close().
 */
export class PgScratch {
  private db: Promise<TestDatabase> | null = null;
  private pools: pg.Pool[] = [];
  private n = 0;

  constructor(private prefix = 'gorod_test') {}

  /** A pool on a new empty schema; `schema` names one to share (several processes on one database). */
  async pool(schema?: string): Promise<pg.Pool> {
    this.db ??= freshDatabase(this.prefix);
    const db = await this.db;
    const name = schema ?? `s${++this.n}`;
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad schema ${name}`);
    // The server's own pool (BIGINT as numbers), on the schema.
    const p = pgPool(db.url, 4, `-c search_path=${name}`);
    await p.query(`CREATE SCHEMA IF NOT EXISTS ${name}`);
    this.pools.push(p);
    return p;
  }

  async close(): Promise<void> {
    await Promise.all(this.pools.map((p) => p.end().catch(() => undefined)));
    this.pools = [];
    if (this.db) await (await this.db).drop();
    this.db = null;
  }
}

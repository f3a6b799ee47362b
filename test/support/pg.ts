// Throwaway PostgreSQL databases for tests: the local server (127.0.0.1:5432, user postgres,
// trust auth; PG_TEST_URL overrides), a fresh database with a unique name per call, dropped by
// drop(). Tests skip with a message when no server answers.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

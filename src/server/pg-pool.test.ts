// The shared pool survives PostgreSQL cutting a connection while a transaction holds it between
// two statements (an unhandled 'error' on the client would end the server process): the
// transaction fails, the broken connection is dropped, and the next query works.
import { afterAll, describe, expect, it } from 'vitest';
import { PgScratch, pgUnavailable } from '../../test/support/pg.js';
import { inTransaction } from './pg-pool.js';

const why = await pgUnavailable();
if (why) console.warn(`pg-pool.test.ts skipped: ${why}`);
const pg = new PgScratch();
afterAll(() => pg.close());

describe.skipIf(why !== null)('the shared pool', () => {
  it('a connection cut between two statements of a transaction fails that transaction only', async () => {
    const pool = await pg.pool();
    const other = await pg.pool();
    await pool.query('CREATE TABLE t (x INTEGER)');
    const tx = inTransaction(pool, async (c) => {
      await c.query('INSERT INTO t VALUES (1)');
      const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await other.query('SELECT pg_terminate_backend($1)', [pid]);
      // The cut arrives while this transaction waits on something else.
      await new Promise((r) => setTimeout(r, 200));
      await c.query('INSERT INTO t VALUES (2)');
    });
    await expect(tx).rejects.toThrow();
    expect((await pool.query('SELECT count(*)::int AS n FROM t')).rows[0]).toEqual({ n: 0 });
  });
});

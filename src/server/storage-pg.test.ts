// The PostgreSQL storage passes the same contract as the others (test/server/storage-contract.ts),
// each opened name a fresh database on the local server, dropped after; then what is its own:
// the fencing number that keeps a process that lost a table from writing to it, the token index.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { storageContract, tableRow } from '../../test/server/storage-contract.js';
import { freshDatabase, pgUnavailable, type TestDatabase } from '../../test/support/pg.js';
import { PostgresStorage } from './storage-pg.js';

const why = await pgUnavailable();
if (why) console.warn(`storage-pg.test.ts skipped: ${why}`);

const dbs = new Map<string, TestDatabase>();
afterAll(async () => {
  for (const db of dbs.values()) await db.drop();
});

async function open(name: string): Promise<PostgresStorage> {
  let db = dbs.get(name);
  if (!db) {
    db = await freshDatabase();
    dbs.set(name, db);
  }
  return new PostgresStorage(db.url, { poolSize: 4 });
}

const cmd = (seq: number) => ({ seq, sender: 'seat:1', nonce: `n${seq}`, command: { by: 1, do: 'endSpeech' } as const, at: seq });

describe.skipIf(why !== null)('postgres', () => {
  storageContract('postgres', { open, durable: true });

  describe('postgres storage: many processes', () => {
    it('a write under an old fencing number is refused once a newer owner set its own, and changes nothing', async () => {
      const s = await open('fence');
      await s.createTable(tableRow('a'));
      expect(await s.takeFence('a')).toBe(1);
      const first = s.fenced('a', 1);
      await first.appendCommand('a', cmd(0));
      await first.setDeadline('a', { key: 0, at: 4 });
      // Another process takes the table over with fence 2.
      expect(await s.takeFence('a')).toBe(2);
      await expect(first.appendCommand('a', cmd(1))).rejects.toMatchObject({ code: 'GOROD_FENCED' });
      await expect(first.setDeadline('a', { key: 1, at: 5 })).rejects.toMatchObject({ code: 'GOROD_FENCED' });
      await expect(first.setDeadline('a', null)).rejects.toMatchObject({ code: 'GOROD_FENCED' });
      expect((await s.getTable('a'))!.deadline).toEqual({ key: 0, at: 4 });
      await expect(first.updateTable('a', { status: 'playing' })).rejects.toMatchObject({ code: 'GOROD_FENCED' });
      const second = s.fenced('a', 2);
      await second.appendCommand('a', cmd(1));
      await second.setDeadline('a', null);
      expect((await s.getTable('a'))!.deadline).toBeNull();
      await expect(s.setDeadline('nowhere', null)).rejects.toMatchObject({ code: 'GOROD_NOT_FOUND' });
      expect((await s.commands('a')).map((c) => c.seq)).toEqual([0, 1]);
      expect((await s.getTable('a'))!.status).toBe('lobby');
      await s.close();
    });

    it('two processes appending the same seq: exactly one lands (the unique (table, seq) key)', async () => {
      const a = await open('race');
      const b = await open('race');
      await a.createTable(tableRow('t'));
      const r = await Promise.allSettled([a.appendCommand('t', cmd(0)), b.appendCommand('t', { ...cmd(0), nonce: 'other' })]);
      expect(r.filter((x) => x.status === 'fulfilled').length).toBe(1);
      expect((await a.commands('t')).length).toBe(1);
      await a.close();
      await b.close();
    });

    it('finds the table a token opens; a relinked seat’s old token opens nothing', async () => {
      const s = await open('tokens');
      await s.createTable(tableRow('a'));
      expect(await s.tableOfToken('h')).toBe('a');
      expect(await s.tableOfToken('x')).toBe('a');
      await s.updateTable('a', { seats: [{ seat: 1, token: 'y', bot: false, name: 'Аня', hold: 'bound' }] });
      expect(await s.tableOfToken('x')).toBeNull();
      expect(await s.tableOfToken('y')).toBe('a');
      await s.close();
    });

    it('a connection the database ends in the middle of a transaction fails that write only, never the process (issue 19)', async () => {
      const s = await open('cut');
      await s.createTable(tableRow('a'));
      const db = dbs.get('cut')!;
      // Another session holds the table's row, so the storage's write waits inside its transaction.
      const other = new pg.Client({ connectionString: db.url });
      other.on('error', () => undefined);
      await other.connect();
      await other.query('BEGIN');
      await other.query("SELECT * FROM game_tables WHERE id = 'a' FOR UPDATE");
      const write = s.updateTable('a', { status: 'playing' });
      const waiting = async (): Promise<number> =>
        (await other.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0]!.n;
      while ((await waiting()) === 0) await new Promise((r) => setTimeout(r, 20));
      await other.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await expect(write).rejects.toThrow();
      await other.query('ROLLBACK');
      await other.end();
      // The next write gets a new connection.
      await s.updateTable('a', { status: 'playing' });
      expect((await s.getTable('a'))!.status).toBe('playing');
      await s.close();
    });
  });
});

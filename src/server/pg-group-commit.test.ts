// Group commit on PostgreSQL (pg-group-commit.ts): the appends and deadlines of many tables in
// one moment are one statement; each row still fails on its own (seq, nonce, fence, table), a row
// the database refuses fails alone, and a connection cut mid-batch fails every caller of that
// batch with GOROD_UNAVAILABLE while nothing acknowledged before is lost.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableRow } from '../../test/server/storage-contract.js';
import { freshDatabase, pgUnavailable, type TestDatabase } from '../../test/support/pg.js';
import type { CommandRow } from './storage.js';
import { PostgresStorage } from './storage-pg.js';

const why = await pgUnavailable();
if (why) console.warn(`pg-group-commit.test.ts skipped: ${why}`);

let db: TestDatabase;
let s: PostgresStorage;
beforeAll(async () => {
  if (why) return;
  db = await freshDatabase();
  s = new PostgresStorage(db.url, { poolSize: 4 });
});
afterAll(async () => {
  if (why) return;
  await s.close();
  await db.drop();
});

const cmd = (seq: number, nonce = `n${seq}`): CommandRow => ({ seq, sender: 'seat:1', nonce, command: { by: 1, do: 'endSpeech' }, at: seq });
const codeOf = (r: PromiseSettledResult<void>): string => (r.status === 'fulfilled' ? 'ok' : String((r.reason as { code?: string }).code));

describe.skipIf(why !== null)('postgres group commit', () => {
  it('appends from many tables issued together are one statement; a wrong seq, a used nonce, an old fence and a missing table each fail alone', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `g${i}`);
    for (const id of ids) await s.createTable(tableRow(id));
    await Promise.all(ids.map((id) => s.appendCommand(id, cmd(0))));
    await s.takeFence('g3');
    const before = s.commitStats.batches;
    const settled = await Promise.allSettled([
      s.appendCommand('g0', cmd(1)),
      s.appendCommand('g1', cmd(5)), // a gap
      s.appendCommand('g2', cmd(1, 'n0')), // the nonce again
      s.fenced('g3', 0).appendCommand('g3', cmd(1)), // the table was taken (fence 1)
      s.appendCommand('g4', cmd(0)), // the seq taken
      s.appendCommand('nowhere', cmd(0)),
      s.appendCommand('g5', cmd(1)),
      s.setDeadline('g6', { key: 1, at: 60 }),
      s.setDeadline('g7', null),
    ]);
    expect(settled.map(codeOf)).toEqual(['ok', 'GOROD_CONFLICT', 'GOROD_CONFLICT', 'GOROD_FENCED', 'GOROD_CONFLICT', 'GOROD_NOT_FOUND', 'ok', 'ok', 'ok']);
    expect(s.commitStats.batches - before).toBe(1);
    const logs = await s.commandsOf(ids);
    expect(ids.map((id) => logs.get(id)!.map((c) => c.nonce))).toEqual([['n0', 'n1'], ['n0'], ['n0'], ['n0'], ['n0'], ['n0', 'n1'], ['n0'], ['n0']]);
    expect((await s.getTable('g6'))!.deadline).toEqual({ key: 1, at: 60 });
  });

  it('a table’s next writes wait for its last and land in order, each after its own commit', async () => {
    await s.createTable(tableRow('order'));
    await Promise.all([s.appendCommand('order', cmd(0)), s.setDeadline('order', { key: 0, at: 1 }), s.appendCommand('order', cmd(1)), s.setDeadline('order', { key: 1, at: 2 })]);
    expect((await s.commands('order')).map((c) => c.seq)).toEqual([0, 1]);
    expect((await s.getTable('order'))!.deadline).toEqual({ key: 1, at: 2 });
  });

  it('a row the database refuses fails alone: the batch is tried again row by row', async () => {
    for (const id of ['r0', 'r1', 'r2']) await s.createTable(tableRow(id));
    // jsonb refuses \u0000: the whole statement is rolled back, then each row goes on its own.
    const bad: CommandRow = { ...cmd(0), command: { by: 1, do: 'endSpeech\u0000' } as unknown as CommandRow['command'] };
    const settled = await Promise.allSettled([s.appendCommand('r0', cmd(0)), s.appendCommand('r1', bad), s.appendCommand('r2', cmd(0))]);
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await s.commands('r1')).length).toBe(0);
    expect((await s.commands('r2')).length).toBe(1);
  });

  it('a connection cut mid-batch fails all its callers with GOROD_UNAVAILABLE and loses nothing acknowledged', async () => {
    const ids = ['c0', 'c1', 'c2'];
    for (const id of ids) await s.createTable(tableRow(id));
    await Promise.all(ids.map((id) => s.appendCommand(id, cmd(0))));
    // Another session holds c0's row, so the batch waits inside its statement.
    const other = new pg.Client({ connectionString: db.url });
    other.on('error', () => undefined);
    await other.connect();
    await other.query('BEGIN');
    await other.query("SELECT * FROM game_tables WHERE id = 'c0' FOR UPDATE");
    const batch = Promise.allSettled(ids.map((id) => s.appendCommand(id, cmd(1))));
    const waiting = async (): Promise<number> =>
      (await other.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).rows[0]!.n;
    while ((await waiting()) === 0) await new Promise((r) => setTimeout(r, 20));
    await other.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    expect((await batch).map(codeOf)).toEqual(['GOROD_UNAVAILABLE', 'GOROD_UNAVAILABLE', 'GOROD_UNAVAILABLE']);
    await other.query('ROLLBACK');
    await other.end();
    // The acknowledged commands are there; the cut batch's are not; the next batch lands.
    const logs = await s.commandsOf(ids);
    expect(ids.map((id) => logs.get(id)!.map((c) => c.seq))).toEqual([[0], [0], [0]]);
    await Promise.all(ids.map((id) => s.appendCommand(id, cmd(1))));
    expect((await s.commands('c2')).map((c) => c.seq)).toEqual([0, 1]);
  });
});

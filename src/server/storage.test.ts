// Every storage passes the same contract (test/server/storage-contract.ts); then what is SQLite's
// own: durable by default (synchronous=FULL), its I/O off the event loop, a bounded queue.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { storageContract, tableRow } from '../../test/server/storage-contract.js';
import { MemoryStorage } from './storage-memory.js';
import { SqliteStorage } from './storage-sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

storageContract('memory', { open: () => new MemoryStorage(), durable: false });
storageContract('sqlite', { open: (name) => new SqliteStorage(join(dir, `${name}.sqlite`)), durable: true });
// Commits held up to 20 ms after the one before (SQLITE_COMMIT_GAP_MS): the same answers, in the same order.
storageContract('sqlite with a commit gap', { open: (name) => new SqliteStorage(join(dir, `${name}-gap.sqlite`), { commitGapMs: 20 }), durable: true });

describe('sqlite storage', () => {
  it('is durable by default: WAL with synchronous=FULL (NORMAL on request)', async () => {
    const s = new SqliteStorage(join(dir, 'full.sqlite'));
    expect(await s.settings()).toEqual({ journalMode: 'wal', synchronous: 2 });
    await s.close();
    const n = new SqliteStorage(join(dir, 'normal.sqlite'), { sync: 'normal' });
    expect(await n.settings()).toEqual({ journalMode: 'wal', synchronous: 1 });
    await n.close();
  });

  it('waits for a lock held by another connection without blocking the event loop, then fails or commits', async () => {
    const file = join(dir, 'locked.sqlite');
    const s = new SqliteStorage(file, { busyMs: 400 });
    await s.createTable(tableRow('a'));
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    // A write that waits for the lock longer than busyMs fails with SQLITE_BUSY ...
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    await expect(s.appendCommand('a', { seq: 0, sender: 'x', nonce: null, command: { by: 1, do: 'endSpeech' }, at: 0 })).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    clearInterval(ticker);
    // ... while the event loop went on turning meanwhile (it would not have turned at all had
    // the wait been on this thread).
    expect(ticks).toBeGreaterThan(5);
    // A write whose lock goes before busyMs commits.
    const w = s.appendCommand('a', { seq: 0, sender: 'x', nonce: null, command: { by: 1, do: 'endSpeech' }, at: 0 });
    setTimeout(() => other.exec('ROLLBACK'), 100);
    await w;
    expect((await s.commands('a')).length).toBe(1);
    other.close();
    await s.close();
  });

  it('a deadline rides with the next call (one commit), is seen by a read after it, and is stored when it goes alone', async () => {
    const file = join(dir, 'lazy.sqlite');
    const s = new SqliteStorage(file);
    await s.createTable(tableRow('a'));
    await s.createTable(tableRow('b'));
    const [, , a] = await Promise.all([s.setDeadline('a', { key: 3, at: 30 }), s.appendCommand('a', { seq: 0, sender: 'x', nonce: null, command: { by: 1, do: 'endSpeech' }, at: 0 }), s.getTable('a')]);
    expect(a!.deadline).toEqual({ key: 3, at: 30 });
    await s.setDeadline('b', { key: 4, at: 40 });
    const other = new Database(file, { readonly: true });
    expect(other.prepare('SELECT stage_key, at FROM game_deadlines WHERE table_id = ?').get('b')).toEqual({ stage_key: 4, at: 40 });
    other.close();
    await s.close();
  });

  it('a call after the worker died is answered by the new worker, also while a batch for the dead one waited', async () => {
    const s = new SqliteStorage(join(dir, 'respawn.sqlite'));
    await s.createTable(tableRow('a'));
    // A deadline waits to ride with the next call; the worker dies meanwhile (fails it: not known to be stored).
    const lost = s.setDeadline('a', { key: 1, at: 10 });
    const w = (s as unknown as { worker: import('node:worker_threads').Worker }).worker;
    await w.terminate();
    await expect(lost).rejects.toMatchObject({ code: 'GOROD_WORKER' });
    // The next calls start a new worker and are answered, not left in a batch addressed to the dead one.
    const timeout = new Promise((_res, rej) => setTimeout(() => rej(new Error('never answered')), 3000).unref());
    await Promise.race([Promise.all([s.setDeadline('a', { key: 2, at: 20 }), s.setDeadline('a', { key: 3, at: 30 })]), timeout]);
    expect((await s.getTable('a'))!.deadline).toEqual({ key: 3, at: 30 });
    await s.close();
  });

  it('refuses calls past its bound instead of queueing without end', async () => {
    const s = new SqliteStorage(join(dir, 'bound.sqlite'), { maxPending: 5 });
    await s.createTable(tableRow('a'));
    const calls = Array.from({ length: 8 }, () => s.getTable('a'));
    const settled = await Promise.allSettled(calls);
    expect(settled.filter((r) => r.status === 'fulfilled').length).toBe(5);
    expect(settled.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(['GOROD_BUSY', 'GOROD_BUSY', 'GOROD_BUSY']);
    expect(s.inFlight).toBe(0);
    await s.close();
  });
});

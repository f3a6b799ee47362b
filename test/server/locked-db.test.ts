// A server process whose SQLite database another process holds locked (issue 12, item 2): the
// command that cannot be stored fails alone with `storage` and the process keeps serving; while a
// write waits for the lock, the HTTP API and other tables keep answering (the database is worked
// off the event loop).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTable, sleep } from './helpers.js';
import { activate, freePort, kill9, spawnStandby, type Proc } from './process.js';

let server: Proc;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gorod-locked-'));
  file = join(dir, 'db.sqlite');
  // A write waits at most 1.5 s for the lock before it fails.
  server = await activate(spawnStandby(await freePort(), file, { SQLITE_BUSY_MS: '1500' }));
}, 90_000);
afterAll(async () => {
  if (server) await kill9(server);
  rmSync(dir, { recursive: true, force: true });
});

/** Another process's connection holding the database's write lock until released. */
function lock(): { release(): void; held: () => boolean } {
  const db = new Database(file);
  db.pragma('busy_timeout = 0');
  db.exec('BEGIN IMMEDIATE');
  let held = true;
  return {
    held: () => held,
    release(): void {
      if (!held) return;
      held = false;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

describe('a database locked by another process', () => {
  it('a start that cannot be stored gets `storage`; the process lives on and starts the table later', async () => {
    const t = await createTable(server.url, { preset: 'classic', autoStart: false });
    const host = await Client.open(server.url, t.hostToken, 'host');
    await host.wait((f) => f.type === 'welcome');
    const l = lock();
    try {
      const err = host.waitNew((f) => f.type === 'error', 15_000);
      host.send({ type: 'start' });
      expect(await err).toMatchObject({ code: 'storage' });
    } finally {
      l.release();
    }
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const started = host.waitNew((f) => f.type === 'table' && (f['table'] as { status: string }).status === 'playing');
    host.send({ type: 'start' });
    await started;
    await host.close();
  });

  it('while a command waits for the lock, the HTTP API and another table answer; the command is stored once the lock goes', async () => {
    const a = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    const b = await createTable(server.url, { preset: 'classic', bots: [1, 2, 3] });
    const judge = await Client.open(server.url, a.hostToken, 'judge');
    const watcher = await Client.open(server.url, b.spectatorToken, 'watcher');
    await judge.wait((f) => f.type === 'welcome');
    await watcher.wait((f) => f.type === 'welcome');
    const started = judge.waitNew((f) => f.type === 'table');
    judge.send({ type: 'start' });
    await started;
    const l = lock();
    // The lock goes after 1 s at the latest (a write waits up to 1.5 s for it).
    const releaser = setTimeout(() => l.release(), 1000);
    try {
      const acked = judge.command({ do: 'endNight', by: 'clock' }, 'n1');
      await sleep(150); // the write is waiting for the lock now
      const health = await fetch(`${server.url}/api/health`);
      const healthWhileLocked = l.held();
      const pong = watcher.waitNew((f) => f.type === 'pong');
      watcher.send({ type: 'ping' });
      await pong;
      const pongWhileLocked = l.held();
      expect(health.status).toBe(200);
      expect(healthWhileLocked).toBe(true);
      expect(pongWhileLocked).toBe(true);
      expect(await acked).toMatchObject({ type: 'ack', duplicate: false });
    } finally {
      clearTimeout(releaser);
      l.release();
    }
    for (const c of [judge, watcher]) await c.close();
  });
});

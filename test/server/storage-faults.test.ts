// A storage fault fails only the command it belongs to (issue 12, item 2): the client is told
// why and nothing is acknowledged; the server's own commands (a timer, a bot, the end of the
// game) are retried and the table is marked degraded meanwhile; nothing takes the process down.
// In-process with a storage that fails on demand; test/server/locked-db.test.ts does the same
// against a server process whose database another process holds locked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import type { CommandRow, TablePatch } from '../../src/server/storage.js';
import { FaultyStorage } from './faulty-storage.js';
import { Client, createTable, getJson, sleep } from './helpers.js';

let server: RunningServer;
const storage = new FaultyStorage(new MemoryStorage());

beforeAll(async () => {
  server = await startServer({ port: 0, storage, logLevel: false, webDir: null, timeScale: 0.01 });
});
afterAll(async () => {
  storage.fail = null;
  storage.lose = null;
  await server.close();
});

async function until(what: string, test: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timeout: ${what}`);
    await sleep(10);
  }
}

describe('storage faults', () => {
  it('a start that cannot be stored is refused with `storage`; the table starts once storage is back', async () => {
    const t = await createTable(server.url, { preset: 'classic', autoStart: false });
    const host = await Client.open(server.url, t.hostToken, 'host');
    await host.wait((f) => f.type === 'welcome');
    storage.fail = (op, args) => op === 'updateTable' && (args[0] as string) === t.id;
    const err = host.waitNew((f) => f.type === 'error');
    host.send({ type: 'start' });
    expect(await err).toMatchObject({ code: 'storage', message: { ru: expect.any(String), en: expect.any(String) } });
    expect(server.hub.tables.get(t.id)!.row.status).toBe('lobby');
    const http = await fetch(`${server.url}/api/tables/${t.id}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: t.hostToken }) });
    expect(http.status).toBe(503);
    expect(await http.json()).toMatchObject({ code: 'storage' });
    storage.fail = null;
    const started = host.waitNew((f) => f.type === 'table' && (f['table'] as { status: string }).status === 'playing');
    host.send({ type: 'start' });
    await started;
    expect((await storage.getTable(t.id))!.status).toBe('playing');
    await host.close();
  });

  it('a bot table whose moves, timers and end cannot be stored for a while plays on and is stored finished', async () => {
    const t = await createTable(server.url, {
      preset: 'classic',
      options: { speechSeconds: 10, tieSpeechSeconds: 10, lastWordSeconds: 10 },
      bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      botDelayMs: 0,
      clock: { introNightSeconds: 0, nightSeconds: 1, voteSeconds: 1 },
    });
    const table = server.hub.tables.get(t.id)!;
    // Until the game is over, three in ten writes of this table fail; then marking it finished
    // fails three times.
    let n = 0;
    let finishFails = 3;
    storage.fail = (op, args) => {
      if (args[0] !== t.id) return false;
      if (op === 'updateTable' && (args[1] as TablePatch).status === 'finished') return finishFails-- > 0;
      if (op !== 'appendCommand' && op !== 'setDeadline') return false;
      return !table.state.finished && n++ % 10 < 3;
    };
    let sawDegraded = false;
    await until('the game ends in storage', async () => {
      if (table.info()['degraded'] === true) sawDegraded = true;
      return (await storage.getTable(t.id))?.status === 'finished';
    });
    storage.fail = null;
    expect(sawDegraded).toBe(true);
    expect(table.info()['degraded']).toBeUndefined();
    // The stored log is the game: it replays to the same end.
    const rec = await getJson(server.url, `/api/games/${t.id}/record`);
    expect(rec.status).toBe(200);
    expect((rec.body['commands'] as unknown[]).length).toBe(table.commands.length);
    expect(storage.failures).toBeGreaterThan(5);
  });

  it('an append that was stored but whose reply was lost is read back from the log: the game goes on and finishes (issue 19)', async () => {
    const t = await createTable(server.url, {
      preset: 'classic',
      options: { speechSeconds: 10, tieSpeechSeconds: 10, lastWordSeconds: 10 },
      bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      botDelayMs: 0,
      clock: { introNightSeconds: 0, nightSeconds: 1, voteSeconds: 1 },
    });
    const table = server.hub.tables.get(t.id)!;
    await until('a few moves', () => table.commands.length >= 3);
    // Two appends land in the log but the table hears they failed (the database's reply lost).
    let lost = 2;
    storage.lose = (op, args) => op === 'appendCommand' && args[0] === t.id && lost-- > 0;
    await until('the game ends in storage', async () => (await storage.getTable(t.id))?.status === 'finished', 60_000);
    storage.lose = null;
    const log = await storage.commands(t.id);
    expect(log.map((c) => c.seq)).toEqual(log.map((_, i) => i));
    expect(table.commands.length).toBe(log.length);
    expect(table.state.finished).toBe(true);
  });

  it('the lobby reads one page from the database (limit and cursor), never every table (issue 19)', async () => {
    for (let i = 0; i < 3; i++) await createTable(server.url, { preset: 'classic', autoStart: false });
    const asked: unknown[][] = [];
    storage.fail = (op, args) => {
      if (op === 'lobbyTables') asked.push(args);
      return op === 'unfinishedTables';
    };
    const r = await fetch(`${server.url}/api/tables?limit=2`);
    expect(r.status).toBe(200);
    const next = r.headers.get('x-next-page')!;
    expect(next).toMatch(/^\d{15}:t\w+$/);
    await fetch(`${server.url}/api/tables?limit=2&before=${encodeURIComponent(next)}`);
    storage.fail = null;
    const [id] = next.split(':').slice(1);
    expect(asked).toEqual([[3, undefined], [3, { createdAt: Number(next.split(':')[0]), id }]]);
  });

  it('a seat command that cannot be stored gets `storage`, is not applied, and applies once when resent', async () => {
    const t = await createTable(server.url, { preset: 'classic', options: { nightEnds: 'allActed' }, clock: { introNightSeconds: 0 } });
    const seats: Client[] = [];
    for (const s of t.seats) seats.push(await Client.open(server.url, s.token!, `seat${s.seat}`));
    const table = server.hub.tables.get(t.id)!;
    await until('day 1', () => table.state.phase === 'day');
    const before = table.state.log.length;
    storage.fail = (op, args) => op === 'appendCommand' && (args[1] as CommandRow).sender === 'seat:1';
    expect(await seats[0]!.command({ do: 'endSpeech' }, 'e1')).toMatchObject({ type: 'error', code: 'storage', nonce: 'e1' });
    expect(table.state.log.length).toBe(before);
    storage.fail = null;
    expect(await seats[0]!.command({ do: 'endSpeech' }, 'e1')).toMatchObject({ type: 'ack', duplicate: false });
    expect(await seats[0]!.command({ do: 'endSpeech' }, 'e1')).toMatchObject({ type: 'ack', duplicate: true });
    for (const c of seats) await c.close();
  });
});

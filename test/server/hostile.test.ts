// Hostile input: each case gets a typed error (or the documented close code / HTTP status) and
// changes nothing; other tables are unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import type { Table } from '../../src/server/table.js';
import { Client, createTable, sleep, type Created } from './helpers.js';
import { step } from './drive.js';

let server: RunningServer;
let t: Created;
let table: Table;
let seats: Client[];
let spectator: Client;
let other: Created;
let otherTable: Table;

beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null });
  t = await createTable(server.url, { preset: 'classic', options: { nightEnds: 'allActed' }, clock: { introNightSeconds: 0 } });
  other = await createTable(server.url, { preset: 'classic', bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], botDelayMs: 5, clock: { introNightSeconds: 0, nightSeconds: 1 } });
  table = server.hub.tables.get(t.id)!;
  otherTable = server.hub.tables.get(other.id)!;
  spectator = await Client.open(server.url, t.spectatorToken, 'spectator');
  seats = [];
  for (const s of t.seats) seats.push(await Client.open(server.url, s.token!, `seat${s.seat}`));
  await seats[0]!.waitNew(() => seats[0]!.view?.phase === 'day');
});
afterAll(async () => {
  for (const c of [...seats, spectator]) await c.close();
  await server.close();
});

/** Send something hostile on seat 3's socket; expect an error frame and an unchanged log. */
async function expectError(c: Client, msg: unknown, code: string): Promise<void> {
  const before = table.state.log.length;
  const p = c.waitNew((f) => f.type === 'error');
  c.send(msg);
  const e = await p;
  expect(e['code']).toBe(code);
  expect(e['message']).toMatchObject({ ru: expect.any(String), en: expect.any(String) });
  expect(table.state.log.length).toBe(before);
}

describe('hostile input over the WebSocket', () => {
  it('bad JSON → badJson', async () => {
    await expectError(seats[2]!, '{"type":"command", nonce', 'badJson');
  });
  it('null → badMessage', async () => {
    await expectError(seats[2]!, 'null', 'badMessage');
  });
  it('wrong types → badMessage', async () => {
    await expectError(seats[2]!, { type: 'command', nonce: 'x1', command: { do: 'nominate', target: '4' } }, 'badMessage');
    await expectError(seats[2]!, { type: 'command', nonce: 7, command: { do: 'endSpeech' } }, 'badMessage');
    await expectError(seats[2]!, { type: 42 }, 'badMessage');
    await expectError(seats[2]!, [1, 2, 3], 'badMessage');
  });
  it('unknown fields → badMessage', async () => {
    await expectError(seats[2]!, { type: 'command', nonce: 'x2', command: { do: 'endSpeech' }, extra: 1 }, 'badMessage');
    await expectError(seats[2]!, { type: 'command', nonce: 'x3', command: { do: 'endSpeech', evil: true } }, 'badMessage');
    await expectError(seats[2]!, { type: 'command', nonce: 'x4', command: { do: 'teleport' } }, 'badMessage');
  });
  it('__proto__ → badMessage, and no prototype is polluted', async () => {
    await expectError(seats[2]!, '{"type":"command","nonce":"x5","command":{"do":"endSpeech","__proto__":{"polluted":1}}}', 'badMessage');
    await expectError(seats[2]!, '{"__proto__":{"type":"ping"}}', 'badMessage');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
  it('deep nesting → badMessage (or badJson), within the frame limit', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    await expectError(seats[2]!, `{"type":"command","nonce":"x6","command":{"do":"nominate","target":${deep}}}`, 'badMessage');
    await expectError(seats[2]!, `{"type":"ping","x":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`, 'badMessage');
  });
  it('spectator → readOnly', async () => {
    await expectError(spectator, { type: 'command', nonce: 's1', command: { do: 'endSpeech' } }, 'readOnly');
  });
  it('out of turn → notYourTurn', async () => {
    const speaker = (table.state.stage as { seat: number }).seat;
    const notSpeaker = seats[speaker % 10]!;
    await expectError(notSpeaker, { type: 'command', nonce: 'o1', command: { do: 'endSpeech' } }, 'notYourTurn');
  });
  it('for another seat → badActor', async () => {
    const speaker = (table.state.stage as { seat: number }).seat;
    const notSpeaker = seats[speaker % 10]!;
    await expectError(notSpeaker, { type: 'command', nonce: 'a1', command: { do: 'endSpeech', by: speaker } }, 'badActor');
    await expectError(notSpeaker, { type: 'command', nonce: 'a2', command: { do: 'endSpeech', by: 'judge' } }, 'badActor');
  });
  it('judge-only and host-only messages from a seat → notJudge / notHost', async () => {
    await expectError(seats[0]!, { type: 'undo' }, 'notJudge');
    await expectError(seats[0]!, { type: 'start' }, 'notHost');
  });
  it('while dead → notAlive', async () => {
    const all = [...seats, spectator];
    // Day 1: everyone passes; night 2: black shoots the first red; day 2: the victim's last word.
    while (table.state.phase === 'day' || table.state.stage.kind === 'night') {
      if (table.state.number >= 2 && table.state.phase === 'day') break;
      await step(table, seats, all, {});
    }
    const dead = table.state.seats.find((x) => !x.alive)!;
    expect(dead).toBeDefined();
    // Reach a vote on day 2: two nominations.
    const living = table.state.seats.filter((x) => x.alive).map((x) => x.seat);
    const plan = { nominate: [[living[0]!, living[1]!], [living[1]!, living[2]!]] as [number, number][] };
    while (table.state.stage.kind !== 'vote') await step(table, seats, all, plan);
    await expectError(seats[dead.seat - 1]!, { type: 'command', nonce: 'd1', command: { do: 'vote', target: table.state.ballot[0] } }, 'notAlive');
  });
  it('a resent nonce applies once', async () => {
    const voter = table.state.seats.find((x) => x.alive && table.state.votes[x.seat - 1] === -1)!;
    const c = seats[voter.seat - 1]!;
    const before = table.commands.length;
    const a = await c.command({ do: 'vote', target: table.state.ballot[0] }, 'same-nonce');
    const b = await c.command({ do: 'vote', target: table.state.ballot[0] }, 'same-nonce');
    expect(a.type).toBe('ack');
    expect(b).toMatchObject({ type: 'ack', duplicate: true });
    expect(table.commands.length).toBe(before + 1);
    await expectError(c, { type: 'command', nonce: 'other-nonce', command: { do: 'vote', target: table.state.ballot[0] } }, 'alreadyVoted');
  });
  it('oversized frame → close 1009', async () => {
    const c = await Client.open(server.url, t.seats[4]!.token!, 'big');
    c.send({ type: 'ping', pad: 'x'.repeat(17 * 1024) });
    await c.waitNew(() => false, 3000).catch(() => undefined);
    expect(c.closed?.code).toBe(1009);
  });
  it('flood → close 1008', async () => {
    const c = await Client.open(server.url, t.seats[5]!.token!, 'flood');
    for (let i = 0; i < 200; i++) c.send({ type: 'ping' });
    await c.waitNew(() => false, 3000).catch(() => undefined);
    expect(c.closed?.code).toBe(1008);
  });
  it('unknown token → unauthorized, closed 4401', async () => {
    const c = await Client.open(server.url, '0123456789abcdef0123456789abcdef', 'stranger');
    await c.wait((f) => f.type === 'error' && f['code'] === 'unauthorized');
    await c.waitNew(() => false, 2000).catch(() => undefined);
    expect(c.closed?.code).toBe(4401);
  });
  it('no token: commands before hello → unauthorized', async () => {
    const c = await Client.open(server.url, null, 'anon');
    c.send({ type: 'command', nonce: 'n', command: { do: 'endSpeech' } });
    const e = await c.wait((f) => f.type === 'error');
    expect(e['code']).toBe('unauthorized');
    c.send({ type: 'hello', token: t.spectatorToken });
    await c.wait((f) => f.type === 'welcome');
    await c.close();
  });
  it('foreign Origin → 403 (WebSocket and HTTP)', async () => {
    const u = new URL('/ws', server.url.replace('http', 'ws'));
    u.searchParams.set('token', t.spectatorToken);
    const status = await new Promise<number>((res) => {
      const ws = new WebSocket(u, { headers: { origin: 'https://evil.example' } });
      ws.on('unexpected-response', (_req, r) => res(r.statusCode ?? 0));
      ws.on('open', () => res(101));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(403);
    const r = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{"preset":"classic"}' });
    expect(r.status).toBe(403);
    // The server's own origin is fine.
    const own = await fetch(`${server.url}/api/tables`, { headers: { origin: server.url } });
    expect(own.status).toBe(200);
  });
  it('bad HTTP bodies → 400 with a code', async () => {
    const post = (body: string): Promise<Response> => fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    for (const body of ['null', '{"preset":"classic","x":1}', '{"preset":"nope"}', '{"preset":"classic","size":"10"}', '{"preset":"classic","__proto__":{"a":1}}', '{"preset":"classic","options":{"speechSeconds":1}}']) {
      const r = await post(body);
      expect(r.status, body).toBe(400);
    }
  });
  it('after the game → gameOver; other tables were unaffected throughout', async () => {
    for (let i = 0; i < 200 && !otherTable.state.finished; i++) await sleep(50);
    expect(otherTable.state.finished).toBe(true);
    // Finish ours through a judge table quickly: a judge removes the black players.
    const j = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    const judge = await Client.open(server.url, j.hostToken, 'judge');
    const p1 = await Client.open(server.url, j.seats[0]!.token!, 'j-seat1');
    await judge.wait((f) => f.type === 'welcome');
    const jt = server.hub.tables.get(j.id)!;
    expect(jt.row.status).toBe('lobby');
    const started = judge.waitNew((f) => f.type === 'table' && (f['table'] as { status: string }).status === 'playing');
    judge.send({ type: 'start' });
    await started;
    for (const x of jt.state.seats.filter((y) => y.team === 'black')) {
      const r = await judge.command({ do: 'remove', target: x.seat, reason: 'test' });
      expect(r.type).toBe('ack');
    }
    expect(jt.state.finished).toBe(true);
    const r = await p1.command({ do: 'endSpeech' });
    expect(r).toMatchObject({ type: 'error', code: 'gameOver' });
    await judge.close();
    await p1.close();
  });
});

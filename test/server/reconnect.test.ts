// Reconnection mid-vote: a client that comes back with the last event it saw receives exactly
// the events after it for its viewer; a resent command applies once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleEvents } from '../../src/engine/index.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { Client, createTable } from './helpers.js';
import { step } from './drive.js';

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gorod-rc-'));
  server = await startServer({ port: 0, databaseUrl: join(dir, 'db.sqlite'), logLevel: false, webDir: null });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('reconnect', () => {
  it('mid-vote: resume from lastEvent gets exactly the missed events; resend is idempotent', async () => {
    const t = await createTable(server.url, { preset: 'classic', options: { nightEnds: 'allActed' }, clock: { introNightSeconds: 0 } });
    const table = server.hub.tables.get(t.id)!;
    const seats: Client[] = [];
    for (const s of t.seats) seats.push(await Client.open(server.url, s.token!, `seat${s.seat}`));
    await seats[0]!.waitNew(() => seats[0]!.view?.phase === 'day');
    const plan = { nominate: [[1, 2], [3, 4]] as [number, number][] };
    while (table.state.stage.kind !== 'vote') await step(table, seats, seats, plan);
    // Seat 5 votes, then drops; seats 1..3 vote while it is away.
    expect((await seats[4]!.command({ do: 'vote', target: 2 }, 'v5')).type).toBe('ack');
    const seen = seats[4]!.lastEvent;
    await seats[4]!.close();
    for (const i of [0, 1, 2]) expect((await seats[i]!.command({ do: 'vote', target: 4 })).type).toBe('ack');
    const back = await Client.open(server.url, t.seats[4]!.token!, 'seat5-again', { lastEvent: seen });
    const welcome = await back.wait((f) => f.type === 'welcome');
    expect((welcome['view'] as { log: unknown[] }).log).toEqual([]);
    const missed = await back.wait((f) => f.type === 'events');
    const want = visibleEvents(table.state, { kind: 'seat', seat: 5 }, seen + 1);
    expect(missed['events']).toEqual(JSON.parse(JSON.stringify(want)));
    expect((missed['view'] as { voted: number[] }).voted).toEqual([1, 2, 3, 5]);
    // The ballots cast meanwhile are public (R8: hands are raised in the open).
    expect(JSON.stringify(missed)).toMatch(/"t":"voteCast","seat":1,/);
    // The resent vote (same nonce) is acknowledged as a duplicate and not applied again.
    const dup = await back.command({ do: 'vote', target: 2 }, 'v5');
    expect(dup).toMatchObject({ type: 'ack', duplicate: true });
    expect(table.commands.filter((c) => c.sender === 'seat:5' && c.nonce === 'v5').length).toBe(1);
    // resume message on a live socket: nothing new → empty events; too far ahead → resync.
    back.send({ type: 'resume', lastEvent: back.lastEvent });
    const again = await back.waitNew((f) => f.type === 'events');
    expect(again['events']).toEqual([]);
    back.send({ type: 'resume', lastEvent: 1_000_000 });
    const rs = await back.waitNew((f) => f.type === 'resync');
    expect((rs['view'] as { log: unknown[] }).log.length).toBe(visibleEvents(table.state, { kind: 'seat', seat: 5 }).length);
    for (const c of [...seats, back]) await c.close();
  });
});

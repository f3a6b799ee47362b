// A full classic game over real WebSockets: 10 seat clients, a spectator and the host, each
// frame scanned by the canary (R60 secrets, roles, private events) — nothing but view() leaks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay, visibleEvents, type Viewer } from '../../src/engine/index.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { verifyRecord } from '../../src/server/deal.js';
import { bare, Client, createTable, getJson, settle } from './helpers.js';
import { receivedEventNumbers, scanFrames } from './canary.js';

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gorod-game-'));
  server = await startServer({ port: 0, databaseUrl: join(dir, 'db.sqlite'), logLevel: false, webDir: null });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('full classic game, 10 WebSocket clients', () => {
  it('plays to the end; every viewer receives exactly its view (canary)', async () => {
    // The online default: a night runs to its timer (R18 nightEnds "close"), here one second.
    const t = await createTable(server.url, { preset: 'classic', mode: 'online', clock: { introNightSeconds: 0, nightSeconds: 1 }, names: ['Аня', 'Боря'] });
    const host = await Client.open(server.url, t.hostToken, 'host');
    const spectator = await Client.open(server.url, t.spectatorToken, 'spectator');
    const seats: Client[] = [];
    for (const s of t.seats) seats.push(await Client.open(server.url, s.token!, `seat${s.seat}`));
    const all = [host, spectator, ...seats];
    const rand = rng(7);
    const table = server.hub.tables.get(t.id)!;
    // The game starts when every seat has connected; the intro night's clock fires at once.
    await seats[0]!.waitNew(() => seats[0]!.view?.phase === 'day');
    let moves = 0;
    let nightsByClock = 0;
    let said = 0;
    while (!table.state.finished) {
      const ready = seats.filter((c) => c.legal.length > 0);
      if (ready.length === 0) {
        // Everyone has acted this night: it ends when its timer does, not before.
        expect(table.state.stage.kind).toBe('night');
        const night = table.state.number;
        const over = (): boolean => table.state.stage.kind !== 'night' || table.state.number !== night || table.state.finished;
        if (!over()) await seats[0]!.waitNew(over, 5000);
        await settle(table, all);
        nightsByClock++;
        continue;
      }
      const c = ready[Math.floor(rand() * ready.length)]!;
      const st = c.view!.stage;
      if (st.kind === 'speech' && rand() < 0.2) {
        const r = await c.command({ do: 'say', text: `речь ${said++} <b>&</b>` });
        expect(r.type).toBe('ack');
      }
      const cmd = c.legal[Math.floor(rand() * c.legal.length)]!;
      const r = await c.command(bare(cmd));
      expect(r.type, JSON.stringify(r)).toBe('ack');
      moves++;
      expect(r['lastEvent']).toBe(table.lastEventFor(c.viewer!));
      await settle(table, all);
      expect(moves).toBeLessThan(2000);
    }
    for (const x of all) await x.wait((f) => f.type === 'final');
    expect(said).toBeGreaterThan(0);
    expect(nightsByClock).toBeGreaterThan(0);

    // Record, replay and the R60 commitment.
    const rec = await getJson(server.url, `/api/games/${t.id}/record`);
    expect(rec.status).toBe(200);
    const rep = replay(rec.body);
    expect(rep.ok).toBe(true);
    if (rep.ok) {
      expect(rep.value.rejected).toEqual([]);
      expect(rep.value.state.finished).toBe(true);
      expect(rep.value.state.log.length).toBe(table.state.log.length);
    }
    expect(verifyRecord(rec.body).ok).toBe(true);
    expect((await getJson(server.url, `/api/games/${t.id}/verify`)).body['ok']).toBe(true);
    expect(verifyRecord({ ...rec.body, salt: '0'.repeat(64) }).ok).toBe(false);
    const games = await fetch(`${server.url}/api/games`).then((r) => r.json() as Promise<{ id: string }[]>);
    expect(games.some((g) => g.id === t.id)).toBe(true);

    // Canary: tag every secret and scan every frame of every viewer.
    const row = table.row;
    const tokens = [row.hostToken, row.spectatorToken, ...row.seats.map((s) => s.token!)];
    const state = table.state;
    const viewers: [Client, Viewer, string[]][] = [
      [host, { kind: 'public' }, tokens],
      [spectator, { kind: 'public' }, tokens],
      ...seats.map((c, i): [Client, Viewer, string[]] => [c, { kind: 'seat', seat: i + 1 }, tokens]),
    ];
    for (const [c, v, toks] of viewers) {
      const secrets = { strings: [row.salt, row.setup.seed!, JSON.stringify(row.setup.deal), ...toks] };
      expect(scanFrames(c.raw, c.frames, v, secrets, state), c.name).toEqual([]);
      // Exactly the visible events, each one: no more, no fewer.
      // Numbered within what the viewer may see (0, 1, 2, …), so hidden events can't be counted.
      const mine = visibleEvents(state, v);
      expect(receivedEventNumbers(c.frames), c.name).toEqual(mine.map((_e, i) => i));
      expect([...c.events.values()].sort((a, b) => a.n - b.n), c.name).toEqual(mine);
    }
    // Negative control: the same scan flags a seat's own frames as seen by someone else.
    const own = { strings: [] as string[] };
    expect(scanFrames(seats[0]!.raw, seats[0]!.frames, { kind: 'public' }, own, state).length).toBeGreaterThan(0);
    for (const c of all) await c.close();
  });
});

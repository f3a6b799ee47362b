// Floods (issue 12, item 3): limits per credential and per address as well as per socket —
// sockets per credential and per address, messages per credential, a speech's words (`say`),
// tables (tournaments, forum games and seasons) created and seats claimed per address — and a
// lobby that spam filled stays usable
// (newest first, paged; unstarted tables expire).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { Client, createTable, sleep } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  // The defaults, but 20 sockets per address so that the test reaches it quickly.
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, limits: { ws: { connectionsPerAddress: 20 } } });
});
afterAll(async () => server.close());

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('floods', () => {
  it('one link opened many times keeps only its newest sockets; together they share one message budget', async () => {
    const t = await createTable(server.url, { preset: 'classic', autoStart: false });
    const max = DEFAULT_LIMITS.ws.connectionsPerCredential;
    const socks: Client[] = [];
    for (let i = 0; i < 12; i++) {
      const c = await Client.open(server.url, t.seats[0]!.token!, `s${i}`);
      await c.wait((f) => f.type === 'welcome');
      socks.push(c);
    }
    await sleep(100);
    const open = socks.filter((c) => !c.closed);
    expect(open.length).toBe(max);
    expect(socks.slice(0, 12 - max).every((c) => c.closed?.code === 4409)).toBe(true);
    // Each socket stays under its own limit, but together they pass the credential's: the
    // messages over it close the sockets that sent them (1008).
    const per = DEFAULT_LIMITS.ws.socket.burst - 5;
    let pongs = 0;
    for (const c of open) c.ws.on('message', (d) => (String(d) === '{"type":"pong"}' ? pongs++ : undefined));
    for (let k = 0; k < per; k++) for (const c of open) c.send({ type: 'ping' });
    await sleep(300);
    expect(pongs).toBeLessThanOrEqual(DEFAULT_LIMITS.ws.credential.burst + 5);
    expect(open.some((c) => c.closed?.code === 1008)).toBe(true);
    for (const c of socks) await c.close();
  });

  it('an address opens a bounded number of sockets (429 at the upgrade)', async () => {
    const t = await createTable(server.url, { preset: 'classic', autoStart: false });
    const socks: Client[] = [];
    let refused = 0;
    for (let i = 0; i < 25; i++) {
      try {
        socks.push(await Client.open(server.url, t.spectatorToken, `w${i}`));
      } catch (e) {
        expect(String(e)).toContain('429');
        refused++;
      }
    }
    expect(socks.length).toBe(20);
    expect(refused).toBe(5);
    for (const c of socks) await c.close();
    await sleep(50);
    // Closed sockets free their places.
    const again = await Client.open(server.url, t.spectatorToken, 'again');
    await again.close();
  });

  it('a speaker’s words are bounded: messages and characters per credential', async () => {
    const t = await createTable(server.url, { preset: 'classic', options: { nightEnds: 'allActed', speechSeconds: 600 }, clock: { introNightSeconds: 0 } });
    const seats: Client[] = [];
    for (const s of t.seats) seats.push(await Client.open(server.url, s.token!, `seat${s.seat}`));
    await seats[0]!.waitNew(() => seats[0]!.view?.phase === 'day');
    const text = 'а'.repeat(1000);
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(String((await seats[0]!.command({ do: 'say', text }))['code'] ?? 'ack'));
    // 4,000 characters at once, then about 33 a second.
    expect(answers.slice(0, 4)).toEqual(['ack', 'ack', 'ack', 'ack']);
    expect(answers.slice(4)).toEqual(['rateLimited', 'rateLimited']);
    const short: string[] = [];
    for (let i = 0; i < 12; i++) short.push(String((await seats[0]!.command({ do: 'say', text: 'да' }))['code'] ?? 'ack'));
    expect(short).toContain('rateLimited');
    for (const c of seats) await c.close();
  });

  it('tables created and seats claimed per address are bounded (429 rateLimited)', async () => {
    const made: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.http.createTable.max + 2; i++) made.push((await post('/api/tables', { preset: 'classic', open: true })).status);
    expect(made.filter((s) => s === 201).length).toBeLessThanOrEqual(DEFAULT_LIMITS.http.createTable.max);
    const refused = await post('/api/tables', { preset: 'classic' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rateLimited', message: { ru: expect.any(String), en: expect.any(String) } });
    const open = (await server.hub.listLobby(1)).tables[0]!;
    const claims: number[] = [];
    for (let i = 0; i < DEFAULT_LIMITS.http.claim.max + 2; i++) claims.push((await post(`/api/tables/${String(open['id'])}/claim`, { nickname: `g${i}` })).status);
    expect(claims).toContain(429);
  });

  it('tournaments, forum games and forum seasons made per address are bounded too (429 rateLimited)', async () => {
    const bots = Array.from({ length: 9 }, (_, i) => ({ name: `Бот ${i + 1}`, bot: true }));
    const players = Array.from({ length: 10 }, (_, i) => ({ nickname: `Игрок ${i + 1}` }));
    for (const [path, body] of [
      ['/api/forum/games', { title: 'спам', players: [{ name: 'Аня' }, ...bots] }],
      ['/api/forum/seasons', { name: 'спам' }],
      ['/api/tournaments', { name: 'спам', players }],
    ] as const) {
      const made: number[] = [];
      for (let i = 0; i < DEFAULT_LIMITS.http.createTable.max + 1; i++) made.push((await post(path, body)).status);
      expect(made.filter((s) => s === 201)).toHaveLength(DEFAULT_LIMITS.http.createTable.max);
      const refused = await post(path, body);
      expect([path, refused.status]).toEqual([path, 429]);
    }
  });

  it('the lobby is newest first and paged; lobbies nobody started expire and leave it', async () => {
    const before = server.hub.tables.size;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await server.hub.create({ preset: 'classic', mode: 'online' })).id);
      await sleep(2);
    }
    const first = await fetch(`${server.url}/api/tables?limit=2`);
    const page1 = (await first.json()) as { id: string }[];
    expect(page1.map((x) => x.id)).toEqual([ids[2], ids[1]]);
    const next = first.headers.get('x-next-page')!;
    expect(next).toBeTruthy();
    const page2 = (await (await fetch(`${server.url}/api/tables?limit=2&before=${encodeURIComponent(next)}`)).json()) as { id: string }[];
    expect(page2[0]!.id).toBe(ids[0]);
    // Two hours on, nobody has started them: they expire (stored so, never loaded again).
    const stale = server.hub.tables.get(ids[0]!)!;
    const expired = await server.hub.expireStale(Date.now() + DEFAULT_LIMITS.lobby.unstartedTtlMs + 1000);
    expect(expired).toBeGreaterThanOrEqual(3);
    expect(server.hub.tables.has(ids[0]!)).toBe(false);
    expect((await server.hub.storage.getTable(ids[0]!))!.status).toBe('expired');
    expect((await server.hub.storage.unfinishedTables()).some((r) => r.id === ids[0])).toBe(false);
    expect(server.hub.lookup(stale.row.hostToken)).toBeUndefined();
    expect(server.hub.tables.size).toBeLessThan(before + 3);
  });
});

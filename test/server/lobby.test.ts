// The lobby for visitors: every listed table carries its public spectator link (watch), and an
// open table hands its free seats to strangers (POST /api/tables/:id/claim): one seat per claim,
// however many arrive at once, stored so that a restart keeps them taken.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { Client, createTable } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-lobby-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface LobbyEntry {
  id: string;
  mode: string;
  status: string;
  open: boolean;
  freeSeats: number;
  spectatorToken: string;
  watch: string;
  seats: { seat: number; name: string; bot: boolean }[];
}

function start(db: string): Promise<RunningServer> {
  return startServer({ port: 0, databaseUrl: join(dir, db), logLevel: false, webDir: null });
}

async function lobby(url: string): Promise<LobbyEntry[]> {
  return (await (await fetch(`${url}/api/tables`)).json()) as LobbyEntry[];
}

async function post(url: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

const claim = (url: string, id: string, nickname: unknown): ReturnType<typeof post> => post(url, `/api/tables/${id}/claim`, { nickname });

describe('lobby: watch', () => {
  it('lists the spectator link of each online table, and it opens the public view', async () => {
    const server = await start('watch.sqlite');
    const t = await createTable(server.url, { preset: 'classic', bots: [2, 3] });
    const judge = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    const list = await lobby(server.url);
    expect(list.find((x) => x.id === judge.id)).toBeUndefined(); // judge tables stay unlisted
    const entry = list.find((x) => x.id === t.id)!;
    expect(entry).toMatchObject({ status: 'lobby', open: false, freeSeats: 0, spectatorToken: t.spectatorToken });
    // The same link as the host's spectator link (web: /play/:id?token=…).
    const watch = new URL(entry.watch, server.url);
    expect(watch.pathname).toBe(`/play/${t.id}`);
    expect(watch.searchParams.get('token')).toBe(t.spectatorToken);
    expect([...watch.searchParams.keys()]).toEqual(['token']);
    // No secret in the lobby: neither the host's token nor a seat's.
    const text = JSON.stringify(list);
    for (const secret of [t.hostToken, judge.hostToken, judge.spectatorToken, ...t.seats.map((s) => s.token)]) if (secret) expect(text).not.toContain(secret);
    const spectator = await Client.open(server.url, watch.searchParams.get('token'), 'spectator');
    const w = await spectator.wait((f) => f.type === 'welcome');
    expect(w['viewer']).toEqual({ kind: 'public' });
    expect(w['you']).toMatchObject({ canCommand: false, host: false, judge: false });
    expect((w['table'] as { id: string }).id).toBe(t.id);
    await spectator.close();
    await server.close();
  });
});

describe('lobby: open tables, claims', () => {
  it('20 simultaneous claims on 10 seats: 10 distinct seats, 10 noFreeSeat, and the 21st too', async () => {
    const server = await start('claims.sqlite');
    const t = await createTable(server.url, { preset: 'classic', open: true });
    expect((await lobby(server.url)).find((x) => x.id === t.id)).toMatchObject({ open: true, freeSeats: 10 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(server.url, t.id, `Гость ${i + 1}`)));
    const won = answers.filter((a) => a.status === 200).map((a) => a.body as { id: string; seat: number; token: string; play: string });
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((w) => w.seat)).size).toBe(10);
    expect(new Set(won.map((w) => w.token)).size).toBe(10);
    for (const w of won) {
      expect(w.id).toBe(t.id);
      expect(w.token).toBe(t.seats[w.seat - 1]!.token);
      expect(w.play).toBe(`/play/${t.id}?token=${w.token}&seat=${w.seat}`);
    }
    expect(lost).toHaveLength(10);
    for (const l of lost) expect(l).toMatchObject({ status: 409, body: { code: 'noFreeSeat', message: { ru: 'Свободных мест нет', en: 'No free seat is left' } } });
    expect(await claim(server.url, t.id, 'Опоздавший')).toMatchObject({ status: 409, body: { code: 'noFreeSeat' } });
    // Each claimant's nickname is on their seat; the lobby has no free seat left.
    const entry = (await lobby(server.url)).find((x) => x.id === t.id)!;
    expect(entry.freeSeats).toBe(0);
    const names = new Map(entry.seats.map((s) => [s.seat, s.name]));
    for (const w of won) expect(names.get(w.seat)).toMatch(/^Гость \d+$/);
    expect(new Set(names.values()).size).toBe(10);
    // A claimed token is that seat's token.
    const c = await Client.open(server.url, won[0]!.token, 'claimant');
    expect((await c.wait((f) => f.type === 'welcome'))['viewer']).toEqual({ kind: 'seat', seat: won[0]!.seat });
    await c.close();
    await server.close();
  });

  it('skips bots and seats whose private link was used; refuses closed, unknown, judge and started tables; bad bodies are 400', async () => {
    const server = await start('rules.sqlite');
    const t = await createTable(server.url, { preset: 'classic', open: true, bots: [1, 2, 3, 4, 5, 6, 7] });
    // Seat 8 came in with the host's private link: not free.
    const s8 = await Client.open(server.url, t.seats[7]!.token, 'seat8');
    await s8.wait((f) => f.type === 'welcome');
    expect((await lobby(server.url)).find((x) => x.id === t.id)?.freeSeats).toBe(2);
    expect((await claim(server.url, t.id, 'Аня')).body).toMatchObject({ seat: 9 });
    await s8.close();
    expect((await claim(server.url, t.id, 'Боря')).body).toMatchObject({ seat: 10 });
    expect(await claim(server.url, t.id, 'Вера')).toMatchObject({ status: 409, body: { code: 'noFreeSeat' } });

    const closed = await createTable(server.url, { preset: 'classic' });
    expect(await claim(server.url, closed.id, 'Аня')).toMatchObject({ status: 403, body: { code: 'notOpen', message: { ru: expect.any(String), en: expect.any(String) } } });
    expect(await claim(server.url, 'tnope', 'Аня')).toMatchObject({ status: 404, body: { code: 'tableNotFound' } });
    const judge = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    expect(await claim(server.url, judge.id, 'Аня')).toMatchObject({ status: 403, body: { code: 'notOpen' } });
    // Only an online table can be open; `open` is a boolean.
    expect(await post(server.url, '/api/tables', { preset: 'classic', mode: 'judge', open: true })).toMatchObject({ status: 400, body: { code: 'badMessage' } });
    expect(await post(server.url, '/api/tables', { preset: 'classic', open: 'yes' })).toMatchObject({ status: 400, body: { code: 'badMessage' } });

    const open = await createTable(server.url, { preset: 'classic', open: true });
    for (const bad of [{}, { nickname: '' }, { nickname: '   ' }, { nickname: 7 }, { nickname: 'x'.repeat(65) }, { nickname: 'Аня', seat: 3 }, null, []]) {
      const r = await post(server.url, `/api/tables/${open.id}/claim`, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body['code']).toBe('badMessage');
    }
    expect((await post(server.url, `/api/tables/${open.id}/claim`, '{"nickname":')).status).toBe(400);
    // A nickname is trimmed.
    const ok = await claim(server.url, open.id, '  Гриша  ');
    expect(ok.status).toBe(200);
    expect(server.hub.tables.get(open.id)!.row.seats[0]!.name).toBe('Гриша');

    // Once the game starts nobody takes a seat.
    expect((await post(server.url, `/api/tables/${open.id}/start`, { token: open.hostToken })).status).toBe(200);
    expect(await claim(server.url, open.id, 'Поздно')).toMatchObject({ status: 409, body: { code: 'alreadyStarted' } });
    expect((await lobby(server.url)).find((x) => x.id === open.id)).toMatchObject({ status: 'playing', open: true, freeSeats: 0 });
    await server.close();
  });

  it('claimed seats stay claimed after a restart, also when renames ran at the same time', async () => {
    const db = 'restart.sqlite';
    let server = await start(db);
    const t = await createTable(server.url, { preset: 'classic', open: true });
    const closed = await createTable(server.url, { preset: 'classic' });
    // Claims and the host's renames of other seats interleave in the table's queue.
    const rename = (seat: number, nickname: string): ReturnType<typeof post> => post(server.url, `/api/tables/${t.id}/seats/${seat}/name`, { token: t.hostToken, nickname });
    const results = await Promise.all([
      claim(server.url, t.id, 'Аня'),
      rename(10, 'Хозяин-10'),
      claim(server.url, t.id, 'Боря'),
      rename(9, 'Хозяин-9'),
      claim(server.url, t.id, 'Вера'),
      rename(8, 'Хозяин-8'),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const seats = [results[0]!, results[2]!, results[4]!].map((r) => r.body['seat'] as number).sort((a, b) => a - b);
    expect(seats).toEqual([1, 2, 3]);
    await server.close();

    server = await start(db);
    expect(server.resumed.tables).toBe(2);
    const stored = (await server.hub.storage.getTable(t.id))!;
    expect(stored.open).toBe(true);
    expect(stored.seats.filter((s) => s.claimed).map((s) => s.seat)).toEqual([1, 2, 3]);
    const names = stored.seats.map((s) => s.name);
    expect(names.slice(0, 3).sort()).toEqual(['Аня', 'Боря', 'Вера']);
    expect(names.slice(3)).toEqual(['4', '5', '6', '7', 'Хозяин-8', 'Хозяин-9', 'Хозяин-10']);
    // A table made without the option loads as a closed one.
    expect((await server.hub.storage.getTable(closed.id))!.open).toBeUndefined();
    const list = await lobby(server.url);
    expect(list.find((x) => x.id === closed.id)).toMatchObject({ open: false, freeSeats: 0 });
    expect(list.find((x) => x.id === t.id)).toMatchObject({ open: true, freeSeats: 7 });
    expect((await claim(server.url, t.id, 'Гоша')).body).toMatchObject({ seat: 4 });
    await server.close();
  });
});

describe('lobby: every preset', () => {
  it('creates a table of every preset with its defaults, a role list as the form sends it, and club bots by default', async () => {
    const server = await startServer({ port: 0, storage: new (await import('../../src/server/index.js')).MemoryStorage(), logLevel: false, webDir: null });
    try {
      for (const preset of ['classic', 'club', 'tournament', 'forum'])
        expect((await post(server.url, '/api/tables', { preset, mode: 'online', options: {}, bots: [2], clock: {} })).status, preset).toBe(201);
      // The role list (R20 club, R41 forum) is an array of roles; an empty one is the default deal.
      expect((await post(server.url, '/api/tables', { preset: 'club', options: { roles: [] } })).status).toBe(201);
      expect((await post(server.url, '/api/tables', { preset: 'club', size: 10, options: { roles: ['don', 'mafia', 'mafia', 'sheriff', 'doctor'] } })).status).toBe(201);
      expect((await post(server.url, '/api/tables', { preset: 'forum', size: 12, options: { roles: ['commissar', 'doctor'] } })).status).toBe(201);
      const bad = await post(server.url, '/api/tables', { preset: 'forum', size: 12, options: { roles: ['kamikaze'] } });
      expect(bad.status).toBe(400);
      expect(bad.body['code']).toBe('malformed');
      const t = await createTable(server.url, { preset: 'classic', bots: [2, 3] });
      expect(server.hub.tables.get(t.id)!.row.botPolicy).toBe('club');
    } finally {
      await server.close();
    }
  });
});

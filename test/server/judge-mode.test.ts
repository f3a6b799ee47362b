// Judge tables beyond the basics (issue 7's server gaps): a deal entered from the physical cards
// (no commitment, R60) and a game begun offline imported with its commands; the judge's timer
// relayed to displays; undo acknowledged by nonce; the judge's record for a second device; resent
// nonces after a reconnect or a restart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replay as replayResult, type Command } from '../../src/engine/index.js';
import Database from 'better-sqlite3';
import { commitment, SqliteStorage, startServer, verifyRecord, type RunningServer } from '../../src/server/index.js';
import { Client, createTable, getJson } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-judge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Rec {
  preset: 'classic';
  players: string[];
  deal: string[];
  commands: Command[];
}
function replay(rec: unknown): { state: { log: unknown[] }; applied: Command[]; rejected: unknown[] } {
  const r = replayResult(rec);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}
const blackWin = JSON.parse(readFileSync(new URL('../../examples/records/classic-black-win.json', import.meta.url), 'utf8')) as Rec;
/** The accepted commands of the example game (it also holds commands the engine rejects). */
const accepted: Command[] = replay(blackWin).applied;

function serve(name: string, extra: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  return startServer({ port: 0, databaseUrl: join(dir, `${name}.sqlite`), logLevel: false, webDir: null, ...extra });
}

async function post(base: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('deals from the cards and imported games (R60)', () => {
  it('a judge table takes the cards drawn; no commitment, and verify says why', async () => {
    // The judge enters the whole game at once here: lift the per-socket rate limit.
    const server = await serve('cards', { limits: { ws: { socket: { burst: 1000, perSecond: 1000 }, credential: { burst: 1000, perSecond: 1000 } } } });
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge', names: blackWin.players, deal: blackWin.deal });
    expect(t.commitment).toBeNull();
    expect((t as unknown as { dealSource: string }).dealSource).toBe('cards');
    const info = await getJson(server.url, `/api/tables/${t.id}`);
    expect(info.body).toMatchObject({ dealSource: 'cards', commitment: null });
    expect(JSON.stringify(info.body)).not.toMatch(/sheriff|mafia|civilian/);
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    const w = await judge.wait((f) => f.type === 'welcome');
    expect((w['view'] as { seats: { role: string }[] }).seats.map((s) => s.role)).toEqual(blackWin.deal);
    judge.send({ type: 'start' });
    await judge.waitNew((f) => f.type === 'table');
    for (const c of accepted) expect(await judge.command(c as unknown as Record<string, unknown>)).toMatchObject({ type: 'ack' });
    await judge.wait((f) => f.type === 'final');
    const rec = (await getJson(server.url, `/api/games/${t.id}/record`)).body;
    expect(rec['commitment']).toBeUndefined();
    expect(rec['salt']).toBeUndefined();
    expect(rec['meta']).toMatchObject({ tableId: t.id, dealSource: 'cards' });
    const v = (await getJson(server.url, `/api/games/${t.id}/verify`)).body;
    expect(v).toMatchObject({ ok: false, dealSource: 'cards' });
    expect(String(v['reason'])).toMatch(/physical cards/);
    expect(verifyRecord(rec)).toMatchObject({ ok: false, dealSource: 'cards' });
    await judge.close();
    await server.close();
  });

  it('online tables still refuse a client deal unless GOROD_FIXED_DEALS is on', async () => {
    const server = await serve('online-deal');
    const r = await post(server.url, '/api/tables', { preset: 'classic', deal: blackWin.deal });
    expect(r.status).toBe(400);
    expect(String(r.body['detail'])).toMatch(/R60/);
    // Commands and a local commitment belong to judge tables only.
    expect((await post(server.url, '/api/tables', { preset: 'classic', commands: [] })).status).toBe(400);
    await server.close();
    const fixed = await serve('online-fixed', { fixedDeals: true });
    const t = await createTable(fixed.url, { preset: 'classic', deal: blackWin.deal });
    expect(t.commitment).toMatch(/^[0-9a-f]{64}$/);
    await fixed.close();
  });

  it('a game begun offline on the console imports with its commands and its own commitment, then goes on', async () => {
    const server = await serve('import', { limits: { ws: { socket: { burst: 1000, perSecond: 1000 }, credential: { burst: 1000, perSecond: 1000 } } } });
    const localId = 'local-0a1b2c3d';
    const salt = 'ab'.repeat(32);
    const local = { id: localId, salt, commitment: commitment({ tableId: localId, preset: 'classic', size: 10, options: {}, deal: blackWin.deal, salt }) };
    const half = 20;
    const body = { preset: 'classic', mode: 'judge', names: blackWin.players, deal: blackWin.deal, commands: accepted.slice(0, half), local };
    // A command the engine refuses spoils the whole import; a wrong commitment too.
    const bad = await post(server.url, '/api/tables', { ...body, commands: [...accepted.slice(0, 3), { by: 1, do: 'vote', target: 99 }] });
    expect(bad.status).toBe(400);
    expect(String(bad.body['detail'])).toMatch(/^commands\.3/);
    expect((await post(server.url, '/api/tables', { ...body, local: { ...local, salt: 'cd'.repeat(32) } })).status).toBe(400);
    expect(server.hub.tables.size).toBe(0);

    const t = await createTable(server.url, body);
    expect(t.commitment).toBe(local.commitment);
    const table = server.hub.tables.get(t.id)!;
    expect(table.row.status).toBe('playing');
    expect(table.commands).toHaveLength(half);
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    await judge.wait((f) => f.type === 'welcome');
    expect(judge.lastEvent).toBe(replay({ ...blackWin, commands: accepted.slice(0, half) } as never).state.log.length - 1);
    for (const c of accepted.slice(half)) expect(await judge.command(c as unknown as Record<string, unknown>)).toMatchObject({ type: 'ack' });
    await judge.wait((f) => f.type === 'final');
    const rec = (await getJson(server.url, `/api/games/${t.id}/record`)).body;
    expect(rec['meta']).toMatchObject({ tableId: t.id, dealSource: 'app', commitTableId: localId });
    expect(rec['salt']).toBe(salt);
    expect((await getJson(server.url, `/api/games/${t.id}/verify`)).body).toMatchObject({ ok: true, dealSource: 'app' });

    // A whole game imported at once is finished on arrival; a cards deal imports the same way.
    const done = await createTable(server.url, { preset: 'classic', mode: 'judge', names: blackWin.players, deal: blackWin.deal, commands: accepted });
    expect(server.hub.tables.get(done.id)!.row.status).toBe('finished');
    expect((await getJson(server.url, `/api/games/${done.id}/record`)).body['commands']).toHaveLength(accepted.length);
    await judge.close();
    await server.close();
  });

  it('R8 a count stays a count on a server table: sent over the socket, and in a game published with one (issue 13.4)', async () => {
    const server = await serve('counted');
    const counted = JSON.parse(readFileSync(new URL('../../examples/records/fiim-counted-hands-three-of-nine.json', import.meta.url), 'utf8')) as Omit<Rec, 'preset'> & { preset: string; options?: Record<string, unknown> };
    const cmds = replay(counted).applied;
    const first = cmds.findIndex((c) => c.do === 'voteCount');
    expect(first).toBeGreaterThan(0);
    const base = { preset: counted.preset, mode: 'judge', names: counted.players, deal: counted.deal, options: counted.options ?? {} };
    // Over the socket: the game up to the first count, then the judge enters the count.
    const t = await createTable(server.url, { ...base, commands: cmds.slice(0, first) });
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    expect(await judge.command(cmds[first] as unknown as Record<string, unknown>)).toMatchObject({ type: 'ack' });
    expect(server.hub.tables.get(t.id)!.state.log.some((e) => e.t === 'votesCounted')).toBe(true);
    await judge.close();
    // Published whole, with every count in it.
    const whole = await post(server.url, '/api/tables', { ...base, commands: cmds });
    expect(whole.status).toBe(201);
    const rec = server.hub.tables.get(whole.body['id'] as string)!.commands.map((c) => c.command);
    expect(rec.filter((c) => c.do === 'voteCount').every((c) => typeof c.count === 'number')).toBe(true);
    await server.close();
  });

  it('an upload with a key is made once: a double press, a retry and a retry after a restart get the same table', async () => {
    let server = await serve('upload');
    const body = { preset: 'classic', mode: 'judge', names: blackWin.players, deal: blackWin.deal, commands: accepted.slice(0, 10), uploadKey: 'ef'.repeat(16) };
    const [a, b] = await Promise.all([post(server.url, '/api/tables', body), post(server.url, '/api/tables', body)]);
    expect(a.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(server.hub.tables.size).toBe(1);
    const other = await post(server.url, '/api/tables', { ...body, uploadKey: 'ab'.repeat(16) });
    expect(other.body['id']).not.toBe(a.body['id']);
    expect((await post(server.url, '/api/tables', { ...body, uploadKey: 'not hex' })).status).toBe(400);
    await server.close();
    server = await serve('upload');
    expect((await post(server.url, '/api/tables', body)).body).toEqual(a.body);
    expect(server.hub.tables.get(a.body['id'] as string)!.commands).toHaveLength(10);
    await server.close();
  });

  it('once the game is over the host gets no seat’s credential: not in a repeated upload, not for a game uploaded finished', async () => {
    const server = await serve('closed-links');
    const body = { preset: 'classic', mode: 'judge', names: blackWin.players, deal: blackWin.deal, commands: accepted.slice(0, 10), uploadKey: 'cd'.repeat(16) };
    const first = await post(server.url, '/api/tables', body);
    const seats = first.body['seats'] as { token: string | null }[];
    expect(seats.every((s) => typeof s.token === 'string')).toBe(true);
    // The judge plays the game to its end.
    const t = server.hub.tables.get(first.body['id'] as string)!;
    for (const c of accepted.slice(10)) expect((await t.submit('judge', c, null)).ok).toBe(true);
    expect(t.row.status).toBe('finished');
    const again = await post(server.url, '/api/tables', body);
    expect(again.body['id']).toBe(first.body['id']);
    expect(again.body['hostToken']).toBe(first.body['hostToken']);
    expect((again.body['seats'] as { token: string | null }[]).map((s) => s.token)).toEqual(seats.map(() => null));
    // A game uploaded whole is closed from the start.
    const whole = await post(server.url, '/api/tables', { ...body, commands: accepted, uploadKey: 'ce'.repeat(16) });
    expect(whole.status).toBe(201);
    expect((whole.body['seats'] as { token: string | null }[]).every((s) => s.token === null)).toBe(true);
    await server.close();
  });
});

describe("the judge's timer on remote displays", () => {
  it('is relayed to spectators (and to a display that opens later); only the judge may send it', async () => {
    const server = await serve('timer');
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    const display = await Client.open(server.url, t.spectatorToken, 'display');
    const seat = await Client.open(server.url, t.seats[0]!.token!, 'seat1');
    await display.wait((f) => f.type === 'welcome');
    await judge.wait((f) => f.type === 'welcome');
    const got = display.waitNew((f) => f.type === 'timer');
    judge.send({ type: 'timer', seat: 4, running: true, leftMs: 42_000, totalMs: 60_000 });
    const f = await got;
    expect(f).toMatchObject({ type: 'timer', kind: 'judge', seat: 4, running: true, leftMs: 42_000, totalMs: 60_000 });
    expect(f['deadline'] as number).toBeGreaterThan(Date.now() + 30_000);
    const paused = display.waitNew((x) => x.type === 'timer');
    judge.send({ type: 'timer', seat: 4, running: false, leftMs: 30_500 });
    expect(await paused).toMatchObject({ kind: 'judge', running: false, leftMs: 30_500 });
    expect((await paused)['deadline']).toBeUndefined();
    const late = await Client.open(server.url, t.spectatorToken, 'late');
    const w = await late.wait((x) => x.type === 'welcome');
    expect(w['timer']).toMatchObject({ kind: 'judge', seat: 4, running: false, leftMs: 30_500 });
    // Not the judge: refused. Malformed: a typed error. Nothing relayed.
    const timers = (): number => display.frames.filter((x) => x.type === 'timer').length;
    const n = timers();
    seat.send({ type: 'timer', seat: 1, running: true, leftMs: 1 });
    expect(await seat.waitNew((x) => x.type === 'error')).toMatchObject({ code: 'notJudge' });
    judge.send({ type: 'timer', seat: 1 });
    expect(await judge.waitNew((x) => x.type === 'error')).toMatchObject({ code: 'badMessage' });
    judge.send({ type: 'timer', seat: 1, running: true, leftMs: -5 });
    expect(await judge.waitNew((x) => x.type === 'error')).toMatchObject({ code: 'badMessage' });
    expect(timers()).toBe(n);
    const cleared = display.waitNew((x) => x.type === 'timer');
    judge.send({ type: 'timer', kind: null });
    expect(await cleared).toEqual({ type: 'timer', kind: null });
    for (const c of [judge, display, seat, late]) await c.close();
    await server.close();
  });
});

describe('undo with a nonce', () => {
  it('is acknowledged once; a resend (also after a restart) is a duplicate; nothing to undo is a typed error', async () => {
    const db = 'undo';
    let server = await serve(db);
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge', autoStart: false });
    let judge = await Client.open(server.url, t.hostToken, 'judge');
    await judge.wait((f) => f.type === 'welcome');
    const none = judge.waitNew((f) => f.type === 'error' && f['nonce'] === 'u-0');
    judge.send({ type: 'undo', nonce: 'u-0' });
    expect(await none).toMatchObject({ code: 'nothingToUndo', nonce: 'u-0' });
    judge.send({ type: 'start' });
    await judge.waitNew((f) => f.type === 'table');
    expect(await judge.command({ do: 'endNight', by: 'clock' }, 'c-1')).toMatchObject({ type: 'ack', duplicate: false });
    expect(await judge.command({ do: 'nominate', by: 1, target: 5 }, 'c-2')).toMatchObject({ type: 'ack' });
    const undo = async (nonce: string): Promise<Record<string, unknown>> => {
      const p = judge.waitNew((f) => (f.type === 'ack' || f.type === 'error') && f['nonce'] === nonce);
      judge.send({ type: 'undo', nonce });
      return p;
    };
    const ack = await undo('u-1');
    expect(ack).toMatchObject({ type: 'ack', nonce: 'u-1', duplicate: false });
    expect(judge.frames.findIndex((f) => f.type === 'resync')).toBeLessThan(judge.frames.indexOf(ack as never));
    expect(server.hub.tables.get(t.id)!.commands).toHaveLength(1);
    expect(await undo('u-1')).toMatchObject({ type: 'ack', duplicate: true });
    expect(server.hub.tables.get(t.id)!.commands).toHaveLength(1);
    // A late resend of the undone command does not bring it back.
    expect(await judge.command({ do: 'nominate', by: 1, target: 5 }, 'c-2')).toMatchObject({ type: 'ack', duplicate: true });
    expect(server.hub.tables.get(t.id)!.state.nominations).toEqual([]);
    // A seat may not undo, with or without a nonce.
    const seat = await Client.open(server.url, t.seats[0]!.token!, 'seat1');
    const refused = seat.waitNew((f) => f.type === 'error');
    seat.send({ type: 'undo', nonce: 's-1' });
    expect(await refused).toMatchObject({ code: 'notJudge', nonce: 's-1' });
    await seat.close();
    await judge.close();
    await server.close();

    server = await serve(db);
    judge = await Client.open(server.url, t.hostToken, 'judge');
    await judge.wait((f) => f.type === 'welcome');
    expect(await undo('u-1')).toMatchObject({ type: 'ack', duplicate: true });
    expect(await judge.command({ do: 'nominate', by: 1, target: 5 }, 'c-2')).toMatchObject({ type: 'ack', duplicate: true });
    expect(server.hub.tables.get(t.id)!.commands).toHaveLength(1);
    const edits = await server.hub.storage.edits(t.id);
    expect(edits).toMatchObject([{ kind: 'undo', seq: 1, nonce: 'u-1', undone: { sender: 'judge', nonce: 'c-2' } }]);
    // A fresh undo still works.
    expect(await undo('u-2')).toMatchObject({ type: 'ack', duplicate: false });
    expect(server.hub.tables.get(t.id)!.commands).toHaveLength(0);
    await judge.close();
    await server.close();
  });
});

describe('undo nonces in an older database', () => {
  it('game_edits gets its meta column; old edits read as before, new ones keep their nonces', async () => {
    const file = join(dir, 'old-edits.sqlite');
    const old = new Database(file);
    old.exec('CREATE TABLE game_edits (table_id TEXT NOT NULL, at BIGINT NOT NULL, kind TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL)');
    old.prepare('INSERT INTO game_edits VALUES (?, ?, ?, ?, ?)').run('t1', 1, 'undo', 0, JSON.stringify({ by: 'judge', do: 'endNight' }));
    old.close();
    const st = new SqliteStorage(file);
    expect(await st.edits('t1')).toEqual([{ at: 1, kind: 'undo', seq: 0, command: { by: 'judge', do: 'endNight' } }]);
    const cmd: Command = { by: 1, do: 'nominate', target: 2 };
    await st.appendCommand('t1', { seq: 0, sender: 'judge', nonce: 'c-1', command: cmd, at: 2 });
    await st.undoCommand('t1', 0, { at: 3, kind: 'undo', seq: 0, command: cmd, nonce: 'u-1', undone: { sender: 'judge', nonce: 'c-1' } });
    expect((await st.edits('t1'))[1]).toEqual({ at: 3, kind: 'undo', seq: 0, command: cmd, nonce: 'u-1', undone: { sender: 'judge', nonce: 'c-1' } });
    await st.close();
  });
});

describe('taking over on another device', () => {
  it("the judge's token fetches the whole record (hidden information); nobody else's does", async () => {
    const server = await serve('takeover');
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge', names: blackWin.players });
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    await judge.wait((f) => f.type === 'welcome');
    judge.send({ type: 'start' });
    await judge.waitNew((f) => f.type === 'table');
    const table = server.hub.tables.get(t.id)!;
    // Play the first night and a bit of day 1 through the engine's legal commands.
    expect(await judge.command({ do: 'endNight', by: 'clock' })).toMatchObject({ type: 'ack' });
    expect(await judge.command({ do: 'nominate', by: 1, target: 5 })).toMatchObject({ type: 'ack' });
    expect(await judge.command({ do: 'foul', target: 3 })).toMatchObject({ type: 'ack' });
    const path = `/api/tables/${t.id}/judge/record`;
    const r = await post(server.url, path, { token: t.hostToken });
    expect(r.status).toBe(200);
    const rec = r.body['record'] as { deal: string[]; commands: Command[]; salt?: string; commitment: string; meta: Record<string, unknown> };
    expect(rec.deal).toEqual(table.row.setup.deal);
    expect(rec.commands).toEqual(table.commands.map((c) => c.command));
    expect(rec.salt).toBeUndefined(); // published only when the game ends (R60)
    expect(rec.commitment).toBe(t.commitment);
    expect(r.body['lastEvent']).toBe(table.lastEvent);
    expect(r.body['dealSource']).toBe('server');
    // The second device rebuilds exactly the server's game from it.
    const again = replay(rec as never);
    expect(again.rejected).toEqual([]);
    expect(again.state.log.length).toBe(table.state.log.length);
    // A second judge socket goes on where the first stopped.
    const tablet = await Client.open(server.url, t.hostToken, 'tablet', { lastEvent: table.lastEvent });
    await tablet.wait((f) => f.type === 'welcome');
    expect(await tablet.command({ do: 'endSpeech', by: 1 })).toMatchObject({ type: 'ack' });
    for (const token of [t.spectatorToken, t.seats[0]!.token!]) {
      const x = await post(server.url, path, { token });
      expect(x.status).toBe(403);
      expect(JSON.stringify(x.body)).not.toMatch(/civilian|sheriff|mafia/);
    }
    expect((await post(server.url, path, { token: '0'.repeat(32) })).status).toBe(403);
    expect((await post(server.url, path, {})).status).toBe(400);
    expect((await post(server.url, '/api/tables/tnope/judge/record', { token: t.hostToken })).status).toBe(404);
    // An online table's host is no judge.
    const online = await createTable(server.url, { preset: 'classic' });
    expect((await post(server.url, `/api/tables/${online.id}/judge/record`, { token: online.hostToken })).body).toMatchObject({ code: 'notJudge' });
    for (const c of [judge, tablet]) await c.close();
    await server.close();
  });
});

describe('a command in flight when the console reloads', () => {
  it('resent with the same nonce on a new socket (and after a restart) applies once', async () => {
    const db = 'inflight';
    let server = await serve(db);
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    let judge = await Client.open(server.url, t.hostToken, 'judge');
    await judge.wait((f) => f.type === 'welcome');
    judge.send({ type: 'start' });
    await judge.waitNew((f) => f.type === 'table');
    // Sent, then the page reloads before the ack arrives.
    judge.send({ type: 'command', nonce: 'j-reload-1', command: { do: 'endNight', by: 'clock' } });
    await judge.close();
    judge = await Client.open(server.url, t.hostToken, 'judge2');
    await judge.wait((f) => f.type === 'welcome');
    expect(await judge.command({ do: 'endNight', by: 'clock' }, 'j-reload-1')).toMatchObject({ type: 'ack', duplicate: true });
    expect(await judge.command({ do: 'nominate', by: 1, target: 2 }, 'j-reload-2')).toMatchObject({ type: 'ack', duplicate: false });
    expect(server.hub.tables.get(t.id)!.commands.map((c) => c.nonce)).toEqual(['j-reload-1', 'j-reload-2']);
    await judge.close();
    await server.close();
    server = await serve(db);
    judge = await Client.open(server.url, t.hostToken, 'judge3', { lastEvent: 0 });
    await judge.wait((f) => f.type === 'welcome');
    expect(await judge.command({ do: 'nominate', by: 1, target: 2 }, 'j-reload-2')).toMatchObject({ type: 'ack', duplicate: true });
    expect(server.hub.tables.get(t.id)!.commands).toHaveLength(2);
    await judge.close();
    await server.close();
  });
});

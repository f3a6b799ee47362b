// R2 timers (the server's clock commands, the 10-s warning, deadlines that survive a restart),
// judge tables (any `by`, undo with an edit history), the online host, and the lobby.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import type { Table } from '../../src/server/table.js';
import { Client, createTable, getJson, sleep, type Frame } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function seatClients(url: string, tokens: (string | null)[]): Promise<Client[]> {
  const out: Client[] = [];
  for (const [i, t] of tokens.entries()) if (t) out.push(await Client.open(url, t, `seat${i + 1}`));
  return out;
}

describe('clock (R2)', () => {
  it('a speech runs out: timer, 10-s warning, then endSpeech by clock; a restart keeps the deadline', async () => {
    const db = join(dir, 'clock.sqlite');
    // timeScale 0.02: a 250-s speech lasts 5 s, the warning comes 0.2 s before. Five seconds, not
    // two: the restart below must happen inside seat 2's speech even on a loaded machine.
    let server: RunningServer = await startServer({ port: 0, databaseUrl: db, logLevel: false, webDir: null, timeScale: 0.02 });
    const t = await createTable(server.url, { preset: 'classic', options: { speechSeconds: 250 }, clock: { introNightSeconds: 0 } });
    let seats = await seatClients(server.url, t.seats.map((s) => s.token));
    const s1 = seats[0]!;
    const timer = await s1.wait((f) => f.type === 'timer' && f['kind'] === 'speech' && f['seat'] === 1);
    const deadline = timer['deadline'] as number;
    expect(deadline).toBeGreaterThan(Date.now() - 1000);
    const warning = await s1.wait((f) => f.type === 'timer' && f['warning'] === true);
    expect(warning['deadline']).toBe(deadline);
    await s1.wait((f) => f.type === 'events' && (f['events'] as { t: string; by?: unknown }[]).some((e) => e.t === 'speechEnded' && e.by === 'clock'));
    // Seat 2 now speaks; stop the server mid-speech and start it again on the same database.
    const t2 = await s1.wait((f) => f.type === 'timer' && f['seat'] === 2);
    for (const c of seats) await c.close();
    await server.close();
    server = await startServer({ port: 0, databaseUrl: db, logLevel: false, webDir: null, timeScale: 0.02 });
    expect(server.resumed.tables).toBe(1);
    expect(server.hub.tables.get(t.id)!.row.deadline?.at).toBe(t2['deadline']);
    seats = await seatClients(server.url, t.seats.map((s) => s.token));
    const w = await seats[1]!.wait((f) => f.type === 'welcome');
    expect(w['timer']).toMatchObject({ kind: 'speech', seat: 2, deadline: t2['deadline'] });
    // And the resumed clock goes on ending speeches.
    await seats[1]!.wait((f) => f.type === 'events' && (f['events'] as { t: string; seat?: number; by?: unknown }[]).some((e) => e.t === 'speechEnded' && e.seat === 2 && e.by === 'clock'), 10_000);
    for (const c of seats) await c.close();
    await server.close();
  });

  it('at an online table the clock is the server\'s: the host pauses, resumes and extends it, never ends a stage (issue 12)', async () => {
    const db = join(dir, 'host.sqlite');
    // timeScale 0.02: a 100-s speech lasts 2 s; 30 s added are 0.6 s.
    let server = await startServer({ port: 0, databaseUrl: db, logLevel: false, webDir: null, timeScale: 0.02 });
    const t = await createTable(server.url, { preset: 'classic', options: { speechSeconds: 100 }, clock: { introNightSeconds: 0 } });
    let seats = await seatClients(server.url, t.seats.map((s) => s.token));
    let host = await Client.open(server.url, t.hostToken, 'host');
    const first = await host.wait((f) => f.type === 'timer' && f['kind'] === 'speech' && f['seat'] === 1);
    const table = (): Table => server.hub.tables.get(t.id)!;
    const log = table().state.log.length;
    // The host may not end a speech, a vote or a night, nor play.
    for (const c of [{ do: 'endSpeech' }, { do: 'closeVote' }, { do: 'endNight' }]) expect(await host.command(c)).toMatchObject({ type: 'error', code: 'hostClock', message: { ru: expect.any(String), en: expect.any(String) } });
    expect(await host.command({ do: 'nominate', target: 3 })).toMatchObject({ type: 'error', code: 'readOnly' });
    expect(await host.command({ do: 'endSpeech', by: 1 })).toMatchObject({ type: 'error', code: 'readOnly' });
    expect(table().state.log.length).toBe(log);
    // Pause: everyone is told the time left; nothing ends while paused.
    const paused = seats[4]!.waitNew((f) => f.type === 'timer');
    // The time left is what remained when the server paused: between what remained when the
    // pause was sent and what remains once it is heard of (the server shares this clock).
    const sent = Date.now();
    expect(await clock(host, { action: 'pause' })).toMatchObject({ type: 'ack' });
    const p = await paused;
    const heard = Date.now();
    expect(p).toMatchObject({ kind: 'speech', seat: 1, running: false });
    expect(p['leftMs'] as number).toBeGreaterThan(0);
    expect(p['leftMs'] as number).toBeLessThanOrEqual((first['deadline'] as number) - sent);
    expect(p['leftMs'] as number).toBeGreaterThanOrEqual((first['deadline'] as number) - heard);
    expect(p['deadline']).toBeUndefined();
    expect(await clock(host, { action: 'pause' })).toMatchObject({ type: 'error', code: 'alreadyPaused' });
    await sleep((p['leftMs'] as number) + 300);
    expect(table().state.stage).toMatchObject({ kind: 'speech', seat: 1 });
    // Extend while paused: 30 s more (0.6 s here), bounded per stage.
    expect(await clock(host, { action: 'extend', seconds: 30 })).toMatchObject({ type: 'ack' });
    expect(host.frames.filter((f) => f.type === 'timer').pop()!['leftMs']).toBe((p['leftMs'] as number) + 600);
    expect(await clock(host, { action: 'extend', seconds: 600 })).toMatchObject({ type: 'error', code: 'extendLimit' });
    // A restart keeps the pause.
    for (const c of [...seats, host]) await c.close();
    await server.close();
    server = await startServer({ port: 0, databaseUrl: db, logLevel: false, webDir: null, timeScale: 0.02 });
    seats = await seatClients(server.url, t.seats.map((s) => s.token));
    host = await Client.open(server.url, t.hostToken, 'host');
    const w = await host.wait((f) => f.type === 'welcome');
    expect(w['timer']).toMatchObject({ kind: 'speech', seat: 1, running: false, leftMs: (p['leftMs'] as number) + 600 });
    await sleep(300);
    expect(table().state.stage).toMatchObject({ kind: 'speech', seat: 1 });
    // Resume: the deadline is the time left from now; then the server's clock ends the speech.
    const resumed = seats[0]!.waitNew((f) => f.type === 'timer');
    const before = Date.now();
    expect(await clock(host, { action: 'resume' })).toMatchObject({ type: 'ack' });
    expect((await resumed)['deadline'] as number).toBeGreaterThanOrEqual(before + (p['leftMs'] as number) + 600 - 50);
    expect(await clock(host, { action: 'resume' })).toMatchObject({ type: 'error', code: 'notPaused' });
    await seats[0]!.wait((f) => f.type === 'events' && (f['events'] as { t: string; by?: unknown }[]).some((e) => e.t === 'speechEnded' && e.by === 'clock'), 10_000);
    // Only the host (or a judge) may touch the clock.
    expect(await clock(seats[1]!, { action: 'pause' })).toMatchObject({ type: 'error', code: 'notHost' });
    for (const c of [...seats, host]) await c.close();
    await server.close();
  });

  it('a judge table keeps the judge\'s clock: any stage may be ended by hand; no server timer to pause', async () => {
    const server = await startServer({ port: 0, databaseUrl: join(dir, 'judge-clock.sqlite'), logLevel: false, webDir: null });
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    await judge.wait((f) => f.type === 'welcome');
    const started = judge.waitNew((f) => f.type === 'table');
    judge.send({ type: 'start' });
    await started;
    expect(await judge.command({ do: 'endNight', by: 'clock' })).toMatchObject({ type: 'ack' });
    expect(await judge.command({ do: 'endSpeech', by: 'clock' })).toMatchObject({ type: 'ack' });
    expect(await clock(judge, { action: 'pause' })).toMatchObject({ type: 'error', code: 'noTimer' });
    await judge.close();
    await server.close();
  });
});

let clockN = 0;
/** A `clock` message (pause / resume / extend) with a nonce; resolves with its ack or error. */
function clock(c: Client, body: Record<string, unknown>): Promise<Frame> {
  const nonce = `clock-${++clockN}`;
  const p = c.waitNew((f) => (f.type === 'ack' || f.type === 'error') && f['nonce'] === nonce);
  c.send({ type: 'clock', nonce, ...body });
  return p;
}

describe('judge table', () => {
  it('the judge acts for anyone and undoes the last command (replay of the shorter log, edit history kept)', async () => {
    const server = await startServer({ port: 0, databaseUrl: join(dir, 'judge.sqlite'), logLevel: false, webDir: null });
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge' });
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    const seat3 = await Client.open(server.url, t.seats[2]!.token!, 'seat3');
    const w = await judge.wait((f) => f.type === 'welcome');
    expect(w['viewer']).toEqual({ kind: 'judge' });
    // The judge sees every role; the seat only its own.
    expect((w['view'] as { seats: { role?: string }[] }).seats.every((s) => s.role)).toBe(true);
    const w3 = await seat3.wait((f) => f.type === 'welcome');
    expect((w3['view'] as { seats: { role?: string }[] }).seats.filter((s) => s.role).length).toBeLessThanOrEqual(3);
    expect(await seat3.command({ do: 'endSpeech' })).toMatchObject({ type: 'error', code: 'notStarted' });
    judge.send({ type: 'start' });
    await judge.waitNew((f) => f.type === 'table');
    const table = server.hub.tables.get(t.id)!;
    expect(table.row.deadline).toBeNull(); // a judge runs the clock by hand
    expect(await judge.command({ do: 'endNight', by: 'clock' })).toMatchObject({ type: 'ack' });
    expect(await judge.command({ do: 'nominate', by: 1, target: 5 })).toMatchObject({ type: 'ack' });
    expect(table.state.nominations).toEqual([{ by: 1, target: 5 }]);
    const len = table.state.log.length;
    const resync = seat3.waitNew((f) => f.type === 'resync');
    judge.send({ type: 'undo' });
    const r = await resync;
    expect(r['reason']).toBe('undo');
    expect(table.state.nominations).toEqual([]);
    expect(table.state.log.length).toBeLessThan(len);
    expect(table.commands.length).toBe(1);
    const edits = await server.hub.storage.edits(t.id);
    expect(edits).toMatchObject([{ kind: 'undo', seq: 1, command: { by: 1, do: 'nominate', target: 5 } }]);
    // The seat goes on playing at the judge's table.
    expect(await seat3.command({ do: 'endSpeech' })).toMatchObject({ type: 'error', code: 'notYourTurn' });
    expect(await judge.command({ do: 'foul', target: 3, reason: 'шум' })).toMatchObject({ type: 'ack' });
    for (const c of [judge, seat3]) await c.close();
    await server.close();
  });
});

describe('lobby', () => {
  it('nicknames before the start, listed in the lobby; refused after', async () => {
    const server = await startServer({ port: 0, databaseUrl: join(dir, 'lobby.sqlite'), logLevel: false, webDir: null });
    const t = await createTable(server.url, { preset: 'classic' });
    const lobby = (await (await fetch(`${server.url}/api/tables`)).json()) as { id: string; status: string }[];
    expect(lobby.find((x) => x.id === t.id)?.status).toBe('lobby');
    const name = (token: string, seat: number, nickname: string): Promise<Response> =>
      fetch(`${server.url}/api/tables/${t.id}/seats/${seat}/name`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, nickname }) });
    expect((await name(t.seats[1]!.token!, 2, 'Борис')).status).toBe(200);
    expect((await name(t.seats[1]!.token!, 3, 'Чужой')).status).toBe(403);
    const info = await getJson(server.url, `/api/tables/${t.id}`);
    expect((info.body['seats'] as { name: string }[])[1]!.name).toBe('Борис');
    expect(JSON.stringify(info.body)).not.toMatch(/token|role|deal|salt/);
    const start = await fetch(`${server.url}/api/tables/${t.id}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: t.hostToken }) });
    expect(start.status).toBe(200);
    expect((await name(t.seats[1]!.token!, 2, 'Поздно')).status).toBe(409);
    expect(server.hub.tables.get(t.id)!.state.seats[1]!.name).toBe('Борис');
    expect((await getJson(server.url, `/api/games/${t.id}/record`)).status).toBe(409);
    await server.close();
  });
});

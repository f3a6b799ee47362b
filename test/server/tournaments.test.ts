// The tournament API: the organizer token guards every write, records attach to their slots
// (refused with the reason when they don't belong; an upload repeated changes nothing; a
// correction keeps the old version with who and when), hidden extra points stay hidden from the
// public, finals, and live standings over the WebSocket.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { bestMoveGame, playedOut, POINTS_ON } from '../support/tournament-games.js';
import type { GameRecord } from '../../src/engine/index.js';
import type { Standings } from '../../src/tournament/index.js';
import type { GameView, PublicTournament, TournamentSnapshot } from '../../src/server/tournament-views.js';
import type { OpenedTable, SlotTable } from '../../src/server/tournament-games.js';
import type { SeatingQuality } from '../../src/tournament/index.js';
import { call, createTournament, slotNames, slotOfDoc, type Api } from './tournament-api.js';

type Seated = { tournament: PublicTournament; quality: SeatingQuality; moves: number };
type Attached = { version: number; duplicate: boolean };
import { Client, createTable } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, timeScale: 0.01 });
});
afterAll(async () => server.close());

const NICKS = Array.from({ length: 20 }, (_, i) => `Игрок ${i + 1}`);

async function seated(over: Record<string, unknown> = {}): Promise<{ id: string; api: Api; doc: PublicTournament }> {
  const t = await createTournament(server.url, { name: 'Кубок города', players: NICKS.map((nickname) => ({ nickname })), ...over });
  const s = await call<Seated>(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 2, games: 2, seed: 'api' });
  expect(s.status).toBe(200);
  return { ...t, doc: s.body.tournament };
}

describe('the organizer token guards every write', () => {
  it('creation returns the token once; writes without it or with another are 401; reads are public', async () => {
    const t = await createTournament(server.url, { name: 'A', csv: 'Ник,Клуб\nАнна,Альфа\nБорис' });
    expect(t.api.token).toMatch(/^[0-9a-f]{32}$/);
    expect(t.doc.players).toEqual([{ id: 'p1', nickname: 'Анна', club: 'Альфа' }, { id: 'p2', nickname: 'Борис' }]);
    const path = `/api/tournaments/${t.id}/players`;
    expect((await call(t.api, 'POST', path, { players: [{ nickname: 'Вера' }] }, '')).status).toBe(401);
    expect((await call(t.api, 'POST', path, { players: [{ nickname: 'Вера' }] }, 'f'.repeat(32))).body.code).toBe('unauthorized');
    expect((await call(t.api, 'POST', path, { players: [{ nickname: 'Вера' }] })).status).toBe(200);
    const pub = await call<PublicTournament>({ base: server.url }, 'GET', `/api/tournaments/${t.id}`);
    expect(pub.body.players.map((p) => p.nickname)).toEqual(['Анна', 'Борис', 'Вера']);
    expect(pub.body.forbidden).toBeUndefined();
    expect((await call<{ rounds: unknown[] }>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/seating`)).body).toEqual({ rounds: [] });
    expect(JSON.stringify(pub.body)).not.toContain(t.api.token!);
  });

  it('bad input is a typed error naming the place; nothing is stored', async () => {
    const bad = await call({ base: server.url }, 'POST', '/api/tournaments', { name: 'B', players: [{ nickname: 'Анна' }, { nickname: 'анна ' }] });
    expect([bad.status, bad.body.code]).toEqual([400, 'badTournament']);
    expect(bad.body.message.ru).toBeTruthy();
    const t = await createTournament(server.url, { name: 'C', players: NICKS.slice(0, 12).map((nickname) => ({ nickname })) });
    const seat = await call(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 2, games: 5 });
    expect([seat.status, seat.body.code]).toEqual([400, 'tooFewPlayers']);
    const odd = await call(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 1, games: 5, extra: 1 });
    expect([odd.status, odd.body.code]).toEqual([400, 'badMessage']);
    const impossible = await call(t.api, 'PUT', `/api/tournaments/${t.id}/forbidden`, { pairs: [['Игрок 1', 'nobody']] });
    expect([impossible.status, impossible.body.code]).toEqual([400, 'badForbidden']);
    expect((await call<PublicTournament>(t.api, 'GET', `/api/tournaments/${t.id}`)).body.revision).toBe(1);
    expect((await call(t.api, 'GET', '/api/tournaments/cffffffffffffffff')).status).toBe(404);
  });

  it('forbidden pairs by nickname or id are kept apart by the seating', async () => {
    const t = await createTournament(server.url, { name: 'D', players: NICKS.map((nickname) => ({ nickname })), forbidden: [['Игрок 1', 'Игрок 2'], ['p3', 'p4']] });
    const s = await call<Seated>(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 2, games: 4, seed: 's' });
    expect(s.body.quality.forbidden).toEqual({ pairs: 2, met: 0, metPairs: [] });
    for (const r of s.body.tournament.rounds)
      for (const g of r.games) {
        const ids = g.seats.map((x) => x.id);
        expect(ids.includes('p1') && ids.includes('p2')).toBe(false);
      }
    expect(s.body.tournament.forbidden).toEqual([['p1', 'p2'], ['p3', 'p4']]);
  });

  it('same club on request: every pair of players of one club must not meet', async () => {
    const t = await createTournament(server.url, { name: 'E', csv: 'Анна,Альфа\nБорис,альфа\nВера,Бета\nГлеб,Альфа\nДина' });
    const r = await call<PublicTournament>(t.api, 'PUT', `/api/tournaments/${t.id}/forbidden`, { pairs: [['Вера', 'Дина']], sameClub: true });
    expect(r.body.forbidden).toEqual([['p3', 'p5'], ['p1', 'p2'], ['p1', 'p4'], ['p2', 'p4']]);
  });
});

describe('records attach to their slots', () => {
  it('an offline judge game uploads once; a repeat changes nothing; a correction needs a reason and keeps the old version', async () => {
    const t = await seated();
    const path = `/api/tournaments/${t.id}/games/1/1`;
    const rec = playedOut('red', slotNames(t.doc, 1, 1)).record();
    const first = await call<Attached>(t.api, 'POST', `${path}/record`, { record: rec, by: 'Судья Олег' });
    expect([first.status, first.body]).toEqual([201, { version: 1, duplicate: false }]);
    expect((await call<Attached>(t.api, 'POST', `${path}/record`, { record: rec })).body).toEqual({ version: 1, duplicate: true });
    const fixed = playedOut('black', slotNames(t.doc, 1, 1)).record();
    const noReason = await call(t.api, 'POST', `${path}/record`, { record: fixed });
    expect([noReason.status, noReason.body.code]).toEqual([409, 'reasonRequired']);
    const second = await call<Attached>(t.api, 'POST', `${path}/record`, { record: fixed, by: 'Главный судья', reason: 'голосование записано неверно' });
    expect(second.body).toEqual({ version: 2, duplicate: false });
    const view = (await call<GameView>({ base: server.url }, 'GET', path)).body;
    expect(view.status).toBe('finished');
    expect(view.winner).toBe('black');
    expect(view.versions.map((v) => [v.version, v.by, v.source, v.reason ?? null])).toEqual([
      [1, { kind: 'organizer', name: 'Судья Олег' }, 'upload', null],
      [2, { kind: 'organizer', name: 'Главный судья' }, 'upload', 'голосование записано неверно'],
    ]);
    expect(view.versions.every((v) => typeof v.at === 'number')).toBe(true);
    expect((await call<GameRecord>({ base: server.url }, 'GET', `${path}/record?version=1`)).body).toEqual(rec);
    expect((await call<GameRecord>({ base: server.url }, 'GET', `${path}/record`)).body).toEqual(fixed);
    expect(view.score?.find((s) => s.seat === 7)?.result).toBe('win'); // seat 7 is black in this deal
    const protocol = (await call<{ lines: string[] }>({ base: server.url }, 'GET', `${path}/protocol?lang=en`)).body;
    expect(protocol.lines.at(-1)).toMatch(/Black wins/);
  });

  it('a record that does not belong is refused with the reason, and nothing is stored', async () => {
    const t = await seated();
    const path = `/api/tournaments/${t.id}/games/1/2/record`;
    const other = await call(t.api, 'POST', path, { record: playedOut('red', slotNames(t.doc, 1, 1)).record() });
    expect([other.status, other.body.code]).toEqual([422, 'otherPlayers']);
    expect(other.body.detail).toMatch(/^seat 1: «.+» plays here, the record has «.+»$/);
    const rec = playedOut('red', slotNames(t.doc, 1, 2)).record();
    const unfinished = { ...rec, commands: rec.commands.slice(0, 5) };
    expect((await call(t.api, 'POST', path, { record: unfinished })).body.code).toBe('unfinished');
    expect((await call(t.api, 'POST', path, { record: bestMoveGame(slotNames(t.doc, 1, 2)).record() })).body.code).toBe('otherPreset');
    expect((await call(t.api, 'POST', `/api/tournaments/${t.id}/games/9/1/record`, { record: rec })).body.code).toBe('noSuchSlot');
    expect((await call<Standings>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/standings`)).body.games).toBe(0);
  });

  it('the seating and the players’ names are fixed once games begin', async () => {
    const t = await seated();
    await call(t.api, 'POST', `/api/tournaments/${t.id}/games/1/1/record`, { record: playedOut('red', slotNames(t.doc, 1, 1)).record() });
    expect((await call(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 2, games: 2 })).body.code).toBe('seatingLocked');
    const pid = slotOfDoc(t.doc, 1, 1).seats[0]!.id;
    expect((await call(t.api, 'PATCH', `/api/tournaments/${t.id}/players/${pid}`, { nickname: 'Новое имя' })).body.code).toBe('playerLocked');
    expect((await call(t.api, 'PATCH', `/api/tournaments/${t.id}/players/${pid}`, { club: 'Клуб' })).status).toBe(200);
    expect((await call(t.api, 'DELETE', `/api/tournaments/${t.id}/players/${pid}`)).body.code).toBe('playerLocked');
  });

  it('the judge of a slot’s judge table may upload its record with the table’s token', async () => {
    const t = await seated();
    const opened = await call<OpenedTable>(t.api, 'POST', `/api/tournaments/${t.id}/games/2/1/table`, { mode: 'judge' });
    expect(opened.status).toBe(200);
    expect(opened.body.seats.map((s) => s.nickname)).toEqual(slotNames(t.doc, 2, 1));
    const rec = playedOut('red', slotNames(t.doc, 2, 1)).record();
    const judge = { base: server.url, token: opened.body.hostToken };
    expect((await call<Attached>(judge, 'POST', `/api/tournaments/${t.id}/games/2/1/record`, { record: rec })).body).toEqual({ version: 1, duplicate: false });
    expect((await call(judge, 'POST', `/api/tournaments/${t.id}/games/1/1/record`, { record: rec })).status).toBe(401);
    const view = (await call<GameView>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/games/2/1`)).body;
    expect(view.versions[0]!.by).toEqual({ kind: 'judge' });
    const copy = (await call<SlotTable>(t.api, 'GET', `/api/tournaments/${t.id}/games/2/1/table`)).body;
    expect(copy.hostToken).toBe(opened.body.hostToken);
    expect(copy.seats.every((s) => typeof s.token === 'string')).toBe(true);
    // Once the table is closed the organizer's copy holds no seat's credential.
    server.hub.tables.get(opened.body.tableId)!.row.status = 'finished';
    const closed = (await call<SlotTable>(t.api, 'GET', `/api/tournaments/${t.id}/games/2/1/table`)).body;
    expect(closed.seats.map((s) => s.token)).toEqual(copy.seats.map(() => null));
  });

  it('a table that finished while nobody attached it (a restart) attaches when the tournament is next read', async () => {
    const t = await seated();
    const names = slotNames(t.doc, 1, 1);
    const made = await createTable(server.url, { preset: 'classic', names, bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], botDelayMs: 0 });
    const spectator = await Client.open(server.url, made.spectatorToken, 'spectator');
    await spectator.wait((f) => f.type === 'final', 60_000);
    await spectator.close();
    await server.tournaments.store.bindTable({ tableId: made.id, tournamentId: t.id, round: 1, table: 1, mode: 'online', createdAt: Date.now() });
    const fresh = await startServer({ port: 0, storage: server.hub.storage, tournamentStore: server.tournaments.store, logLevel: false, webDir: null });
    try {
      await call({ base: fresh.url }, 'GET', `/api/tournaments/${t.id}`);
      for (let i = 0; i < 50 && (await call<Standings>({ base: fresh.url }, 'GET', `/api/tournaments/${t.id}/standings`)).body.games === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const view = (await call<GameView>({ base: fresh.url }, 'GET', `/api/tournaments/${t.id}/games/1/1`)).body;
      expect([view.status, view.versions[0]?.source, view.versions[0]?.tableId]).toEqual(['finished', 'table', made.id]);
    } finally {
      await fresh.close();
    }
  });
});

describe('extra points hidden until the finals; finals', () => {
  it('public standings and records leave the judges’ extra points out; the organizer sees them; the finals reveal them', async () => {
    const t = await seated({ options: { preset: 'tournament', gameOptions: POINTS_ON, hideExtraUntilFinals: true }, scoring: 'fiim' });
    const names = slotNames(t.doc, 1, 1);
    expect((await call(t.api, 'POST', `/api/tournaments/${t.id}/games/1/1/record`, { record: bestMoveGame(names).record() })).status).toBe(201);
    const sheriff = slotOfDoc(t.doc, 1, 1).seats[3]!.id; // seat 4 got +0.3
    const points = (s: Standings): number | undefined => s.rows.find((r) => r.id === sheriff)?.points;
    const pub = (await call<Standings>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/standings`)).body;
    const org = (await call<Standings>(t.api, 'GET', `/api/tournaments/${t.id}/standings`)).body;
    expect([pub.extraHidden, org.extraHidden]).toEqual([true, false]);
    expect([points(pub), points(org)]).toEqual([1, 1.3]);
    const rec = (await call<GameRecord>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/games/1/1/record`)).body;
    expect(rec.commands.some((c) => c.do === 'extraPoints')).toBe(false);
    const game = (await call<GameView>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/games/1/1`)).body;
    expect(JSON.stringify(game.score)).not.toContain('good game');

    const finals = await call<Seated>(t.api, 'POST', `/api/tournaments/${t.id}/finals`, { top: 10, games: 3, weight: 1.5, seed: 'f' });
    expect(finals.status).toBe(200);
    const rounds = finals.body.tournament.rounds;
    expect(rounds.slice(2).map((r) => [r.kind, r.weight, r.games.length])).toEqual([['final', 1.5, 1], ['final', 1.5, 1], ['final', 1.5, 1]]);
    // The leader of the organizer's standings is a finalist.
    expect(slotOfDoc(finals.body.tournament, 3, 1).seats.map((s) => s.id)).toContain(org.rows[0]!.id);
    expect((await call(t.api, 'POST', `/api/tournaments/${t.id}/finals`, { top: 10, games: 3 })).body.code).toBe('finalsExist');
    const after = (await call<Standings>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/standings`)).body;
    expect(after.extraHidden).toBe(false);
    expect(points(after)).toBe(1.3);
  });
});

describe('extra points given through the tournament', () => {
  it('count like the judge’s, also for classic games; hidden from the public until the finals; removable', async () => {
    const t = await seated({ options: { hideExtraUntilFinals: true } });
    const path = `/api/tournaments/${t.id}/games/1/1`;
    const before = await call(t.api, 'POST', `${path}/extra`, { seat: 3, points: 0.4, reason: 'лучший игрок' });
    expect([before.status, before.body.code]).toEqual([409, 'noRecord']);
    await call(t.api, 'POST', `${path}/record`, { record: playedOut('red', slotNames(t.doc, 1, 1)).record() });
    const given = await call<{ id: string; player: string; points: number }>(t.api, 'POST', `${path}/extra`, { player: slotNames(t.doc, 1, 1)[2], points: 0.4, reason: 'лучший игрок', by: 'Судья Олег' });
    expect(given.status).toBe(201);
    const pid = slotOfDoc(t.doc, 1, 1).seats[2]!.id;
    expect(given.body).toMatchObject({ id: 'x1', player: pid, points: 0.4 });
    const pts = async (api: Api): Promise<number | undefined> => (await call<Standings>(api, 'GET', `/api/tournaments/${t.id}/standings`)).body.rows.find((r) => r.id === pid)?.points;
    // Seat 3 is a red civilian: a win 1.
    expect([await pts({ base: server.url }), await pts(t.api)]).toEqual([1, 1.4]);
    expect((await call<PublicTournament>({ base: server.url }, 'GET', `/api/tournaments/${t.id}`)).body.extra).toEqual([]);
    expect((await call<GameView>({ base: server.url }, 'GET', path)).body.extra).toEqual([]);
    expect((await call<GameView>(t.api, 'GET', path)).body.extra).toHaveLength(1);
    expect((await call<{ extra: unknown[] }>({ base: server.url }, 'GET', `/api/tournaments/${t.id}/document`)).body.extra).toEqual([]);
    expect((await call(t.api, 'DELETE', `/api/tournaments/${t.id}/extra/x1`)).status).toBe(200);
    expect(await pts(t.api)).toBe(1);
    expect((await call(t.api, 'DELETE', `/api/tournaments/${t.id}/extra/x1`)).body.code).toBe('noExtra');
  });
});

describe('live standings over the WebSocket', () => {
  it('a watcher gets a snapshot at once and a new one when a record attaches', async () => {
    const t = await seated();
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws/tournament?id=${t.id}`);
    type Frame = Partial<Omit<TournamentSnapshot, 'type'>> & { type: string };
    const frames: Frame[] = [];
    const next = (test: (f: Frame) => boolean): Promise<Frame> =>
      new Promise((resolve) => {
        const have = frames.find(test);
        if (have) return resolve(have);
        ws.on('message', (d) => {
          const f = JSON.parse(d.toString()) as Frame;
          if (test(f)) resolve(f);
        });
      });
    ws.on('message', (d) => frames.push(JSON.parse(d.toString()) as Frame));
    const first = await next((f) => f.type === 'tournament');
    expect([first.games, first.standings?.rows.length, first.slots?.length]).toEqual([0, 20, 4]);
    await call(t.api, 'POST', `/api/tournaments/${t.id}/games/1/2/record`, { record: playedOut('black', slotNames(t.doc, 1, 2)).record() });
    const after = await next((f) => f.type === 'tournament' && f.games === 1);
    expect(after.slots?.find((s) => s.round === 1 && s.table === 2)).toMatchObject({ status: 'finished', winner: 'black', version: 1 });
    ws.send('{"type":"ping"}');
    expect((await next((f) => f.type === 'pong')).type).toBe('pong');
    ws.close();

    const missing = new WebSocket(`${server.url.replace('http', 'ws')}/ws/tournament?id=cffffffffffffffff`);
    const code = await new Promise((r) => missing.on('close', (c) => r(c)));
    expect(code).toBe(4404);
  });
});

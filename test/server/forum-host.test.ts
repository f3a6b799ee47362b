/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads the API's JSON answers loosely */
// The forum host's desk, the mafia's agreed sender, feeds, notifications and seasons
// (forum-mafia.ru.txt; R42, R44, R52, R55), on a fake clock with a known deal (T12).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { T12 } from '../fixtures/forum-cases.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { FakeClock } from '../../src/server/forum/clock.js';
import { done } from '../../src/server/forum/errors.js';
import { advanceForumTo, ForumClient } from './forum-client.js';

const T0 = Date.parse('2026-03-02T04:00:00Z');
const HOUR = 3_600_000;
let srv: RunningServer;
const clock = new FakeClock(T0);

beforeAll(async () => {
  srv = await startServer({ port: 0, databaseUrl: 'memory:', webDir: null, logLevel: false, forumClock: clock });
});
afterAll(async () => srv.close());

const advanceTo = (t: number): Promise<void> => advanceForumTo(srv, clock, t);

async function api(method: string, path: string, body?: unknown, key?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['authorization'] = `Bearer ${key}`;
  const r = await fetch(`${srv.url}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await r.text();
  return { status: r.status, text, json: (r.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as Record<string, any> };
}

/** Seats 1–4 are black (T12: don, mafia ×3); seats 1, 2 and 5 (commissar) are human. */
async function game(seasonId?: string) {
  const players = T12.map((_, i) => ({ name: `Игрок ${i + 1}`, ...(i === 0 || i === 1 || i === 4 ? {} : { bot: true }) }));
  const r = await api('POST', '/api/forum/games', { title: 'Стол', players, ...(seasonId ? { seasonId } : {}) });
  expect(r.status, r.text).toBe(201);
  const c = r.json as { id: string; hostKey: string; seatKeys: Record<string, string> };
  await srv.forum.run(c.id, (g) => {
    g.doc.setup = { ...g.doc.setup, deal: T12.slice(), seed: 'host-desk-1' };
    return done(true);
  });
  return c;
}

describe('forum host desk, team sender, feeds, seasons', () => {
  it('the mafia agree who sends; others are refused (R52); the host extends, replaces, removes, publishes', async () => {
    const c = await game();
    const host = new ForumClient(srv.url, c.id, c.hostKey);
    const don = new ForumClient(srv.url, c.id, c.seatKeys['1']!);
    const maf = new ForumClient(srv.url, c.id, c.seatKeys['2']!);
    const com = new ForumClient(srv.url, c.id, c.seatKeys['5']!);
    await host.post('/start', {});
    let g = (await host.get('')).json as any;
    const closes = g.phase.vote.closes as number;
    await advanceTo(g.phase.vote.opens + 4 * HOUR);
    // Needs: the vote is open and not cast.
    const needs = await api('POST', '/api/forum/needs', { games: [{ id: c.id, key: c.seatKeys['5'] }] });
    expect(needs.json['games'][0].needs.map((n: { kind: string }) => n.kind)).toContain('vote');

    // The host extends the vote by 30 minutes: logged, announced in the thread, the deadline moves.
    const before = (await host.get('')).json as any;
    expect(before.phase.step.kind).toBe('day');
    const ext = await host.post('/host/extend', { minutes: 30 });
    expect(ext.status, JSON.stringify(ext.json)).toBe(200);
    g = (await host.get('')).json as any;
    expect(g.phase.vote.closes).toBe(closes + 30 * 60_000);
    const posts = (await com.get('/posts?page=1')).json as any;
    const all = [];
    for (let p = 1; p <= posts.pages; p++) all.push(...((await com.get(`/posts?page=${p}`)).json as any).posts);
    expect(all.some((p: { text: string }) => p.text.includes('продлил'))).toBe(true);
    const desk = (await host.get('/desk')).json as any;
    expect(desk.hostLog.length).toBe(1);
    // A vote in the extra half hour counts.
    await advanceTo(closes + 10 * 60_000);
    expect((await com.post('/votes', { target: 3, reason: 'Молчит весь день.' })).status).toBe(200);
    // A player's vote with no reason does not count (R42).
    expect(((await don.post('/votes', { target: 5, reason: '  ' })).json as any).error.code).toBe('reasonRequired');

    // Replace seat 2: the new player's key works, the old one is refused, the thread says so.
    const rep = await host.post('/host/replace', { seat: 2, name: 'Новичок' });
    const newKey = (rep.json as any).value.key as string;
    expect((await maf.get('')).status).toBe(403);
    const newcomer = new ForumClient(srv.url, c.id, newKey);
    const me = (await newcomer.get('')).json as any;
    expect(me.you.seat).toBe(2);
    expect(me.seats[1].before).toEqual(['Игрок 2']);
    // The black seats vote for the civilian (their own non-vote would count against them, R42).
    expect((await don.post('/votes', { target: 12, reason: 'Слишком тих.' })).status).toBe(200);
    expect((await newcomer.post('/votes', { target: 12, reason: 'Согласен.' })).status).toBe(200);

    // Night 1: the don and the newcomer are black; until one is agreed, neither may send.
    await advanceTo(closes + 31 * 60_000);
    g = (await host.get('')).json as any;
    if (g.phase.phase === 'day') await advanceTo(g.phase.step.at + 1000);
    g = (await host.get('')).json as any;
    expect(g.phase.phase).toBe('night');
    const target = g.seats.find((x: any) => x.alive && x.seat > 4).seat as number;
    const refused = await don.post('/night', { verb: 'shoot', target });
    expect((refused.json as any).error.code).toBe('notTeamSender');
    expect((await newcomer.post('/team/sender', { seat: 1 })).status).toBe(200);
    expect(((await newcomer.post('/night', { verb: 'shoot', target })).json as any).error.code).toBe('notTeamSender');
    expect((await don.post('/night', { verb: 'shoot', target })).status).toBe(200);
    // The team's chat and the confirmation reach the black seats only.
    const team = (await newcomer.get('/channels')).json as any;
    expect(team.channels['team:black'].some((m: any) => m.kind === 'confirm')).toBe(true);
    const red = (await com.get('/channels')).json as any;
    expect(Object.keys(red.channels)).toEqual(['seat:5']);
    expect((await com.post('/channels/team', { text: 'пусти' })).status).toBe(403);
    // The commissar's role card came in his channel.
    expect(red.channels['seat:5'].some((m: any) => m.kind === 'card')).toBe(true);
    // The host answers in the player's channel; the player's feed has it, the public feed does not.
    await host.post('/channels/seat-5', { text: 'Ваш ход принят, ждите утра.' });
    const feed = await api('GET', `/api/forum/games/${c.id}/feed.atom?key=${c.seatKeys['5']}`);
    expect(feed.text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed.text).toContain('Ваш ход принят');
    const pub = await api('GET', `/api/forum/games/${c.id}/feed.atom`);
    expect(pub.text).not.toContain('Ваш ход принят');
    expect(pub.text).toContain('продлил');

    // The morning: the night's force majeure resolved by the engine is on the host's desk.
    await advanceTo(g.phase.step.at + 1000);
    const desk2 = (await host.get('/desk')).json as any;
    expect(desk2.nights.length).toBe(1);
    // A silent player is removed that day (R55); the host publishes the day's summary.
    await advanceTo(clock.now() + 2 * HOUR);
    const d3 = (await host.get('/desk')).json as any;
    expect(d3.silent.length).toBeGreaterThan(0);
    const silent = d3.silent[0] as number;
    expect((await host.post('/host/remove', { seat: silent })).status).toBe(200);
    g = (await host.get('')).json as any;
    expect(g.seats[silent - 1].alive).toBe(false);
    expect((await host.post('/host/summary', { text: 'Итоги дня: спокойно.' })).status).toBe(200);
    // Players may not use the host's desk.
    expect((await don.post('/host/extend', { minutes: 10 })).status).toBe(403);
    expect((await don.get('/desk')).status).toBe(403);
  });

  it('a season: entry needs posts, a removed no-show (not one post) is banned for three seasons, one who wrote is not; the autokill is kept per player', async () => {
    const s = await api('POST', '/api/forum/seasons', { name: 'Весна', entryPosts: 5, banSeasons: 3 });
    expect(s.status).toBe(201);
    const { id, adminKey } = s.json as { id: string; adminKey: string };
    const players = T12.map((_, i) => ({ name: `Игрок ${i + 1}`, ...(i < 2 ? {} : { bot: true }) }));
    const refused = await api('POST', '/api/forum/games', { title: 'Стол', players, seasonId: id });
    expect(refused.json['error'].code).toBe('entryPosts');
    for (const name of ['Игрок 1', 'Игрок 2']) expect((await api('POST', `/api/forum/seasons/${id}/posts`, { player: name, posts: 5 }, adminKey)).status).toBe(200);
    expect((await api('POST', `/api/forum/seasons/${id}/posts`, { player: 'x', posts: 5 })).status).toBe(403);
    const ok = await api('POST', '/api/forum/games', { title: 'Стол', players, seasonId: id });
    expect(ok.status).toBe(201);
    const c = ok.json as { id: string; hostKey: string; seatKeys: Record<string, string> };
    const host = new ForumClient(srv.url, c.id, c.hostKey);
    await host.post('/start', {});
    // Player 2 writes once; the host then removes both: player 1, who never wrote, is a no-show
    // (banned), player 2 is not (the source bans a player who left not one post in the game).
    await advanceTo(clock.now() + 3 * HOUR);
    expect((await new ForumClient(srv.url, c.id, c.seatKeys['2']!).post('/posts', { text: 'Я здесь, но ухожу.' })).status).toBe(200);
    expect((await host.post('/host/remove', { seat: 1 })).status).toBe(200);
    expect((await host.post('/host/remove', { seat: 2 })).status).toBe(200);
    for (let i = 0; i < 40; i++) {
      const g = (await host.get('')).json as any;
      if (g.phase.finished) break;
      await advanceTo(g.phase.step.at + 1000);
    }
    const season = (await api('GET', `/api/forum/seasons/${id}`)).json as any;
    expect(season.games).toEqual([c.id]);
    // The season's page names its games by title.
    expect(season.gameList).toEqual([{ id: c.id, title: 'Стол', status: 'finished' }]);
    expect(season.players['Игрок 1'].noShows).toBe(1);
    expect(season.players['Игрок 1'].bannedUntil).toBe(season.number + 3);
    expect(season.players['Игрок 2']).toMatchObject({ noShows: 0, posts: 5 + 1, games: 1 });
    expect(season.players['Игрок 2'].bannedUntil).toBeUndefined();
    expect(season.adminKeyHash).toBeUndefined();
    const page = (await api('GET', `/api/forum/players/${encodeURIComponent('Игрок 1')}`)).json as any;
    expect(page.seasons[0].noShows).toBe(1);
    // The next season carries the ban.
    const next = (await api('POST', '/api/forum/seasons', { name: 'Лето', entryPosts: 0 })).json as any;
    const banned = await api('POST', '/api/forum/games', { title: 'Стол 2', players, seasonId: next.id });
    expect(banned.json['error'].code).toBe('banned');
    // R42: a player whose season auto-vote is spent plays with it spent (the engine's setup says so).
    const row = (await srv.forum.store.getSeason(next.id))!;
    row.doc.players['Нина'] = { autokillSpent: true, posts: 0, games: 1, wins: 0, noShows: 0 };
    expect(await srv.forum.store.updateSeason(row.doc, row.revision)).toBe(true);
    const others = players.map((p, i) => (i === 1 ? { name: 'Нина' } : { name: `Бот ${i + 1}`, bot: true }));
    const third = await api('POST', '/api/forum/games', { title: 'Стол 3', players: others, seasonId: next.id });
    expect(third.status, third.text).toBe(201);
    const doc = (await srv.forum.game(third.json['id']))!.doc;
    expect(doc.setup.options?.['autokillSpent']).toEqual([2]);
    // Nor does the banned no-show come back as a replacement, in any case of the name.
    const replace = await api('POST', `/api/forum/games/${third.json['id']}/host/replace`, { seat: 2, name: 'игрок 1' }, third.json['hostKey']);
    expect([replace.status, replace.json['error']?.code]).toEqual([409, 'banned']);
  });
});

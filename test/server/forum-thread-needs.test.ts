/* eslint-disable @typescript-eslint/no-explicit-any -- the test reads the API's JSON answers loosely */
// The forum thread's paging and its "new since your last visit" marker, and what needs a player
// (issue 15 "Notifications"): the open vote not cast, the lawyer's choice (R44), a night move owed,
// an unread message from the host, and "less than an hour" before a deadline — on a fake clock
// with a known deal (T12: seat 5 the commissar, seat 10 the lawyer).
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

async function needs(key: string): Promise<{ kind: string; soon?: boolean }[]> {
  const r = await fetch(`${srv.url}/api/forum/needs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ games: [{ id: game.id, key }] }) });
  const j = (await r.json()) as { games: { needs: { kind: string; soon?: boolean }[] }[] };
  return j.games[0]?.needs ?? [];
}
let game: { id: string; hostKey: string; seatKeys: Record<string, string> };

describe('forum thread and needs', () => {
  it('paging opens at the first post not yet seen; one’s own post is not news; the marker follows what was read', async () => {
    const players = T12.map((_, i) => ({ name: `Игрок ${i + 1}`, ...(i === 4 || i === 9 ? {} : { bot: true }) }));
    const r = await fetch(`${srv.url}/api/forum/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Стол', players }) });
    game = (await r.json()) as typeof game;
    await srv.forum.run(game.id, (g) => {
      g.doc.setup = { ...g.doc.setup, deal: T12.slice(), seed: 'thread-needs' };
      return done(true);
    });
    const host = new ForumClient(srv.url, game.id, game.hostKey);
    const com = new ForumClient(srv.url, game.id, game.seatKeys['5']!);
    await host.post('/start', {});
    await advanceForumTo(srv, clock, (await srv.forum.game(game.id))!.voteWindow()!.opens + HOUR);
    // The opening post and ten bots' posts, then the host's 15: 26 posts, two pages of 20.
    for (let i = 1; i <= 15; i++) expect((await host.post('/posts', { text: `Ведущий, пост ${i}` })).status).toBe(200);
    let page = (await com.get('/posts')).json as any;
    expect([page.total, page.pages, page.page, page.firstNew]).toEqual([26, 2, 1, 1]);
    // Read up to 22: the thread opens on page 2 at post 23.
    expect((await com.post('/seen', { post: 22 })).status).toBe(200);
    page = (await com.get('/posts')).json as any;
    expect([page.page, page.firstNew, page.posts[0].n]).toEqual([2, 23, 21]);
    // Having read it all, a post of one's own is not news; the next page asked is the last.
    await com.post('/seen', { post: 26 });
    expect((await com.post('/posts', { text: 'Слушаю всех.' })).status).toBe(200);
    page = (await com.get('/posts')).json as any;
    expect([page.page, page.firstNew, page.total]).toEqual([2, null, 27]);
    // "Seen" never goes past the thread nor back.
    await com.post('/seen', { post: 999 });
    await com.post('/seen', { post: 3 });
    expect((await srv.forum.game(game.id))!.doc.seats[4]!.seenPost).toBe(27);
  });

  it('needs: the vote, the lawyer, an hour left, a night move, a message from the host — each gone once done', async () => {
    const com = new ForumClient(srv.url, game.id, game.seatKeys['5']!);
    const law = new ForumClient(srv.url, game.id, game.seatKeys['10']!);
    const host = new ForumClient(srv.url, game.id, game.hostKey);
    const w = (await srv.forum.game(game.id))!.voteWindow()!;
    // 11:00: the lawyer's window (until 13:00) is open and the vote too.
    expect((await needs(game.seatKeys['10']!)).map((n) => n.kind).sort()).toEqual(['lawyer', 'message', 'vote']);
    await law.get('/channels');
    await law.post('/seen', { msg: 999 });
    expect((await law.post('/protect', { target: 5 })).status).toBe(200);
    expect((await needs(game.seatKeys['10']!)).map((n) => n.kind)).toEqual(['vote']);
    // Half an hour before the close: "less than an hour".
    await advanceForumTo(srv, clock, w.closes - 30 * 60_000);
    await com.post('/seen', { msg: 999 });
    expect(await needs(game.seatKeys['5']!)).toEqual([{ kind: 'vote', deadline: w.closes, soon: true }]);
    expect((await com.post('/votes', { target: 12, reason: 'Молчит.' })).status).toBe(200);
    expect(await needs(game.seatKeys['5']!)).toEqual([]);
    // The night: the commissar owes his move; the host's message is news until read.
    let g = (await host.get('')).json as any;
    while (g.phase.phase === 'day') {
      await advanceForumTo(srv, clock, g.phase.step.at + 1000);
      g = (await host.get('')).json as any;
    }
    const me = (await com.get('')).json as any;
    expect(me.you.alive).toBe(true); // the seed's bots leave the commissar alive on day 1
    await com.post('/seen', { msg: 999 });
    expect((await needs(game.seatKeys['5']!)).map((n) => n.kind)).toEqual(['night']);
    await host.post('/channels/seat-5', { text: 'Жду ваш ход.' });
    expect((await needs(game.seatKeys['5']!)).map((n) => n.kind)).toEqual(['night', 'message']);
    const target = me.legal.find((c: any) => c.do === 'kill').target as number;
    expect((await com.post('/night', { verb: 'kill', target })).status).toBe(200);
    await com.post('/seen', { msg: 999 });
    expect(await needs(game.seatKeys['5']!)).toEqual([]);
    // A wrong key or the public owes nothing and learns nothing.
    expect(await needs('Zz9-wrong-key-000')).toEqual([]);
  });
});

// A forum game online on a real calendar (forum-mafia.ru.txt; R42, R44, R52): twelve seats, nine
// bots and three players driven over HTTP, a fake clock that runs the days in milliseconds, a
// restart in the middle of a night, a late vote refused, and the canary over every answer of every
// forum channel: the thread, the voting thread, each player's talk with the host, the mafia's chat,
// the Atom feeds, the needs banner, the season's pages. Every private line carries a canary word
// that must reach only its channel's readers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { FakeClock } from '../../src/server/forum/clock.js';
import { done } from '../../src/server/forum/errors.js';
import { canSee, type GameState, type Viewer, type Visibility } from '../../src/engine/index.js';
import type { ForumGameDoc } from '../../src/server/forum/types.js';
import { scanFrames } from './canary.js';
import { advanceForumTo, ForumClient } from './forum-client.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-forum-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Game = {
  phase: { phase: string; number: number; finished: boolean; winner: string | null; vote: { opens: number; closes: number; open: boolean } | null; step: { at: number; kind: string } | null };
  seats: { seat: number; name: string; alive: boolean; role?: string }[];
  you?: { seat: number; role: string; team: string; alive: boolean };
  legal?: { do: string; target?: number | null }[];
  team?: { seats: number[]; sender: number | null };
  needs?: { kind: string }[];
};

// Monday 2 March 2026, 08:00 at UTC+4 (04:00 UTC): the first day opens at 10:00 local.
const T0 = Date.parse('2026-03-02T04:00:00Z');
const HOUR = 3_600_000;

async function boot(clock: FakeClock): Promise<RunningServer> {
  return startServer({ port: 0, databaseUrl: `sqlite:${join(dir, 'db.sqlite')}`, webDir: null, logLevel: false, forumClock: clock });
}

/**
 * The private messages an Atom feed gave a reader that the reader may not read: a message is a
 * seat's if it is in that seat's channel, or the team's and the seat is black; one telling an
 * engine event only if the event's visibility names the reader (the rule, written apart from views.ts).
 */
function feedLeaks(xml: string, doc: ForumGameDoc, state: GameState, viewer: Viewer): string[] {
  const leaks: string[] = [];
  for (const m of xml.matchAll(/<id>urn:gorod:forum:[^:]+:msg:(\d+)<\/id>/g)) {
    const msg = doc.messages[Number(m[1]) - 1]!;
    const seat = viewer.kind === 'seat' ? viewer.seat : 0;
    const channel = msg.channel === `seat:${seat}` || (msg.channel === 'team:black' && state.seats[seat - 1]?.team === 'black');
    const event = !msg.ev || canSee((msg.ev as { vis: Visibility }).vis, viewer, state);
    if (!channel || !event) leaks.push(`feed message ${msg.n} (${msg.channel}) reached ${JSON.stringify(viewer)}`);
  }
  return leaks;
}

/** A private line's canary: a word only its channel's readers may ever receive. */
const canary = (channel: string, day: number, who: string): string => `канарейка-${channel}-${who}-д${day}`;

describe('forum online on a calendar (R42, R44, R52)', () => {
  it('plays 12 seats (9 bots, 3 players) over fake-clock days to the end; survives a restart at night; refuses a late vote; nothing leaks', { timeout: 60_000 }, async () => {
    const clock = new FakeClock(T0);
    let srv = await boot(clock);
    const players = Array.from({ length: 12 }, (_, i) => (i < 3 ? { name: ['Анна', 'Борис', 'Вера'][i]! } : { name: `Бот ${i + 1}`, bot: true }));
    const made = await fetch(`${srv.url}/api/forum/seasons`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Весна', entryPosts: 0 }) });
    const season = (await made.json()) as { id: string; adminKey: string };
    const res = await fetch(`${srv.url}/api/forum/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Форумная игра №1', players, seasonId: season.id }) });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; hostKey: string; seatKeys: Record<string, string> };
    const host = new ForumClient(srv.url, created.id, created.hostKey);
    const humans = [1, 2, 3].map((s) => new ForumClient(srv.url, created.id, created.seatKeys[s]!));
    // The deal puts one player in the mafia (its chat is a channel to scan) and two in the town;
    // the seed stays random, so the game's course differs from run to run.
    await srv.forum.run(created.id, (x) => {
      x.doc.setup = { ...x.doc.setup, deal: ['mafia', 'commissar', 'doctor', 'don', 'mafia', 'mafia', 'maniac', 'child', 'sergeant', 'lawyer', 'priestess', 'civilian'] };
      return done(true);
    });
    const spectator = new ForumClient(srv.url, created.id, null);
    const all = [...humans, spectator, host];
    /** Each canary and the channel it was written in (`seat:N` or `team:black`). */
    const canaries: { word: string; channel: string }[] = [];
    /** A reader's answers from outside the game's own paths (the needs banner, the season's pages). */
    const record = async (c: ForumClient, path: string, init?: RequestInit): Promise<void> => {
      const r = await fetch(`${c.base}${path}`, init);
      const text = await r.text();
      c.raw.push(text);
      c.frames.push({ type: 'http', ...(JSON.parse(text) as Record<string, unknown>) });
    };

    // The host edits the schedule before the start; after it the schedule is fixed.
    expect((await host.call('PUT', '/schedule', { lawyerMinutes: 120 })).status).toBe(200);
    expect((await host.post('/start', {})).status).toBe(200);
    expect((await host.call('PUT', '/schedule', { lawyerMinutes: 180 })).json['error']).toMatchObject({ code: 'alreadyStarted' });

    // Before 10:00 the vote is not open.
    const early = await humans[0]!.post('/votes', { target: 2, reason: 'рано' });
    expect(early.json['error']).toMatchObject({ code: 'voteNotOpen' });

    let lateRefused = false;
    let restarted = false;
    let quoted = false;
    let days = 0;
    for (let day = 1; day <= 12; day++) {
      const g0 = (await host.get('')).json as unknown as Game;
      if (g0.phase.finished) break;
      days = day;
      const vote = g0.phase.vote!;
      expect(g0.phase.phase).toBe('day');
      await advanceForumTo(srv, clock, vote.opens + HOUR);
      for (const [i, c] of humans.entries()) {
        const g = (await c.read()) as unknown as Game;
        if (!g.you?.alive || g.phase.phase !== 'day') continue;
        const page = (await c.get('/posts')).json as { posts: { n: number; text: string }[] };
        const last = page.posts[page.posts.length - 1];
        const body = i === 1 && last ? { text: 'Согласен с этим.', replyTo: last.n, quote: last.text.slice(0, 80) } : { text: `День ${day}: мои мысли, игрок ${i + 1}.` };
        if ('quote' in body) quoted = true;
        expect((await c.post('/posts', body)).status).toBe(200);
        // A word to the host by day, and the host's answer.
        const asked = canary('seat', day, `${g.you.seat}-день`);
        canaries.push({ word: asked, channel: `seat:${g.you.seat}` });
        expect((await c.post(`/channels/seat-${g.you.seat}`, { text: `Можно вопрос? ${asked}` })).status).toBe(200);
        const answered = canary('host', day, `${g.you.seat}-день`);
        canaries.push({ word: answered, channel: `seat:${g.you.seat}` });
        await host.post(`/channels/seat-${g.you.seat}`, { text: `Да. ${answered}` });
        // The mafia talk by day too (who sends tonight's choice is agreed in their chat).
        if (g.team?.seats.includes(g.you.seat)) {
          const word = canary('team', day, `${g.you.seat}-день`);
          canaries.push({ word, channel: 'team:black' });
          expect((await c.post('/channels/team', { text: `Кто стреляет сегодня? ${word}` })).status).toBe(200);
        }
        const protect = g.legal?.find((x) => x.do === 'protect');
        if (protect) await c.post('/protect', { target: protect.target ?? null });
        // Day 2: the third player misses the vote and tries after 21:00.
        if (day === 2 && i === 2) continue;
        const target = g.seats.find((x) => x.alive && x.seat !== g.you!.seat && !(g.team?.seats ?? []).includes(x.seat))!.seat;
        const v = await c.post('/votes', { target, reason: 'Слишком осторожен.' });
        expect(v.status, JSON.stringify(v.json)).toBe(200);
        const again = await c.post('/votes', { target, reason: 'ещё раз' });
        expect(again.json['error']).toMatchObject({ code: 'alreadyVoted' });
      }
      const votes = (await spectator.get('/votes')).json as { votes: unknown[]; leftMs: number };
      expect(votes.votes.length).toBeGreaterThan(0);
      expect(votes.leftMs).toBeGreaterThan(0);
      // The vote closes at 21:00 to the second; a vote a minute later is refused with the reason.
      await advanceForumTo(srv, clock, vote.closes + 60_000);
      if (day === 2) {
        const g = (await humans[2]!.read()) as unknown as Game;
        if (g.you?.alive || g.phase.phase === 'night') {
          const late = await humans[2]!.post('/votes', { target: 1, reason: 'опоздал' });
          expect(late.json['error']).toMatchObject({ code: expect.stringMatching(/voteClosed|notAlive/) });
          lateRefused = true;
        }
      }
      let g = (await host.get('')).json as unknown as Game;
      if (g.phase.finished) break;
      if (g.phase.phase === 'day') {
        // The voted-out kamikaze's hour, then the night.
        await advanceForumTo(srv, clock, g.phase.step!.at + 1000);
        g = (await host.get('')).json as unknown as Game;
        if (g.phase.finished) break;
      }
      expect(g.phase.phase).toBe('night');
      // Night: the players send their choices by private message; the mafia agree who sends.
      for (const c of humans) {
        const me = (await c.read()) as unknown as Game;
        if (!me.you?.alive) continue;
        const team = me.team?.seats ?? [];
        if (team.length > 1) await c.post('/team/sender', { seat: me.you.seat });
        const acts = (me.legal ?? []).filter((x) => ['shoot', 'kill', 'heal', 'seduce'].includes(x.do) && !team.includes(x.target ?? -1));
        const first = acts[0];
        if (first) {
          const r = await c.post('/night', { verb: first.do, target: first.target ?? null });
          expect(r.status, JSON.stringify(r.json)).toBe(200);
          const ch = (await c.get('/channels')).json as { channels: Record<string, { kind: string }[]> };
          expect(Object.values(ch.channels).flat().some((m) => m.kind === 'confirm')).toBe(true);
        }
        const mine = canary('seat', day, String(me.you.seat));
        canaries.push({ word: mine, channel: `seat:${me.you.seat}` });
        await c.post(`/channels/seat-${me.you.seat}`, { text: `Вопрос ведущему: когда итоги? ${mine}` });
        const answer = canary('host', day, String(me.you.seat));
        canaries.push({ word: answer, channel: `seat:${me.you.seat}` });
        await host.post(`/channels/seat-${me.you.seat}`, { text: `Итоги утром. ${answer}` });
        if (team.includes(me.you.seat)) {
          const word = canary('team', day, String(me.you.seat));
          canaries.push({ word, channel: 'team:black' });
          expect((await c.post('/channels/team', { text: `Стреляем в тихого. ${word}` })).status).toBe(200);
        }
        // What needs me, and my feed with my channels in it, as a feed reader would ask.
        await record(c, '/api/forum/needs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ games: [{ id: created.id, key: c.key }] }) });
        await c.get(`/feed.atom`);
      }
      await spectator.get('/feed.atom');
      if (day === 2) {
        // A restart in the middle of the night: the deadline is stored, the morning comes on time.
        const at = g.phase.step!.at;
        await srv.close();
        clock.set(clock.now() + HOUR);
        srv = await boot(clock);
        for (const c of all) c.base = srv.url;
        const after = (await host.get('')).json as unknown as Game;
        expect(after.phase.phase).toBe('night');
        expect(after.phase.step!.at).toBe(at);
        restarted = true;
      }
      await advanceForumTo(srv, clock, g.phase.step!.at + 1000);
    }
    const end = (await host.get('')).json as unknown as Game;
    expect(end.phase.finished).toBe(true);
    expect(days).toBeGreaterThanOrEqual(2);
    expect(lateRefused).toBe(true);
    expect(restarted).toBe(true);
    expect(quoted).toBe(true);

    // The season learned the game; its pages are public, with no key in them.
    await record(spectator, `/api/forum/seasons/${season.id}`);
    await record(spectator, '/api/forum/seasons');
    await record(spectator, `/api/forum/players/${encodeURIComponent('Анна')}`);
    for (const c of [...humans, spectator]) await c.get('/feed.atom');

    // The canary: every answer each reader received holds only what view() gives them, and no
    // private line of a channel they do not read (the feeds checked entry by entry as well).
    const g = await srv.forum.game(created.id);
    const state = g!.state!;
    const keys = [g!.doc.setup.seed!, created.hostKey, season.adminKey, ...Object.values(created.seatKeys)];
    expect(canaries.some((x) => x.channel === 'team:black')).toBe(true);
    const readable = (seat: number, channel: string): boolean => channel === `seat:${seat}` || (channel === 'team:black' && state.seats[seat - 1]!.team === 'black');
    for (const [i, c] of humans.entries()) {
      const seat = i + 1;
      const own = created.seatKeys[seat]!;
      const strings = [...keys.filter((x) => x !== own), ...canaries.filter((x) => !readable(seat, x.channel)).map((x) => x.word)];
      const viewer: Viewer = { kind: 'seat', seat };
      expect(scanFrames(c.raw, c.frames, viewer, { strings }, state)).toEqual([]);
      const feeds = c.raw.filter((x) => x.startsWith('<?xml'));
      expect(feeds.length).toBeGreaterThan(0);
      expect(feeds.flatMap((x) => feedLeaks(x, g!.doc, state, viewer))).toEqual([]);
      // The reader's own channel did reach them (the scan looks at something).
      expect(feeds[feeds.length - 1]).toContain(canaries.filter((x) => x.channel === `seat:${seat}`).at(-1)!.word);
    }
    const everything = [...keys, ...canaries.map((x) => x.word)];
    expect(scanFrames(spectator.raw, spectator.frames, { kind: 'public' }, { strings: everything }, state)).toEqual([]);
    expect(spectator.raw.filter((x) => x.startsWith('<?xml')).flatMap((x) => feedLeaks(x, g!.doc, state, { kind: 'public' }))).toEqual([]);
    await srv.close();
  });
});

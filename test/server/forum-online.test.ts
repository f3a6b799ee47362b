// A forum game online on a real calendar (forum-mafia.ru.txt; R42, R44, R52): twelve seats, nine
// bots and three players driven over HTTP, a fake clock that runs the days in milliseconds, a
// restart in the middle of a night, a late vote refused, and the canary over every answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { FakeClock } from '../../src/server/forum/clock.js';
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

/** Move the fake clock to `t`, stopping at every wake of the calendar on the way. */

describe('forum online on a calendar (R42, R44, R52)', () => {
  it('plays 12 seats (9 bots, 3 players) over fake-clock days to the end; survives a restart at night; refuses a late vote; nothing leaks', { timeout: 60_000 }, async () => {
    const clock = new FakeClock(T0);
    let srv = await boot(clock);
    const players = Array.from({ length: 12 }, (_, i) => (i < 3 ? { name: ['Анна', 'Борис', 'Вера'][i]! } : { name: `Бот ${i + 1}`, bot: true }));
    const res = await fetch(`${srv.url}/api/forum/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Форумная игра №1', players }) });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; hostKey: string; seatKeys: Record<string, string> };
    const host = new ForumClient(srv.url, created.id, created.hostKey);
    const humans = [1, 2, 3].map((s) => new ForumClient(srv.url, created.id, created.seatKeys[s]!));
    const spectator = new ForumClient(srv.url, created.id, null);
    const all = [...humans, spectator, host];

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
        await c.post(`/channels/seat-${me.you.seat}`, { text: 'Вопрос ведущему: когда итоги?' });
      }
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

    // The canary: every answer each reader received holds only what view() gives them.
    const g = await srv.forum.game(created.id);
    const state = g!.state!;
    const secrets = { strings: [g!.doc.setup.seed!, created.hostKey, ...Object.values(created.seatKeys)] };
    for (const [i, c] of humans.entries()) {
      const own = created.seatKeys[i + 1]!;
      const leaks = scanFrames(c.raw, c.frames, { kind: 'seat', seat: i + 1 }, { strings: secrets.strings.filter((x) => x !== own) }, state);
      expect(leaks).toEqual([]);
    }
    expect(scanFrames(spectator.raw, spectator.frames, { kind: 'public' }, secrets, state)).toEqual([]);
    await srv.close();
  });
});

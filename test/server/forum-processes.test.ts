// The forum store on SQLite and PostgreSQL, and two forum services ("processes") on one database:
// a document is stored only over the revision it was read at; both processes arm every game's
// calendar, yet each phase change, bot turn and season update happens once — the game they play
// together is the very game one process alone plays from the same start at the same times.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/server/forum/clock.js';
import { ForumService } from '../../src/server/forum/service.js';
import { MemoryForumStore, type ForumStore } from '../../src/server/forum/store.js';
import { FORUM_MIGRATIONS } from '../../src/server/forum/schema.js';
import { PostgresForumStore, SqliteForumStore } from '../../src/server/forum/store-sql.js';
import { SqliteSql } from '../../src/server/sql.js';
import type { ForumGameDoc } from '../../src/server/forum/types.js';
import { PgScratch, pgUnavailable } from '../support/pg.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-forum-'));
const pg = new PgScratch();
const noPg = await pgUnavailable();
if (noPg) console.warn(`forum-processes.test.ts: the postgres store skipped: ${noPg}`);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg.close();
});

let n = 0;
type Pair = () => Promise<[ForumStore, ForumStore]>;
const backends: [string, Pair][] = [
  [
    'sqlite',
    async () => {
      const file = join(dir, `f${++n}.sqlite`);
      return [new SqliteForumStore(file), new SqliteForumStore(file)];
    },
  ],
  ...(noPg
    ? []
    : [
        [
          'postgres',
          async () => {
            const schema = `pair${++n}`;
            return [new PostgresForumStore(await pg.pool(schema)), new PostgresForumStore(await pg.pool(schema))];
          },
        ] as [string, Pair],
      ]),
];

const quiet = { warn: () => undefined, error: () => undefined };
// Monday 2 March 2026, 08:00 at UTC+4: the first day opens at 10:00 local.
const T0 = Date.parse('2026-03-02T04:00:00Z');
const players = Array.from({ length: 10 }, (_, i) => ({ name: `Бот ${i + 1}`, bot: true }));

/** Move the clock from wake to wake of every service until the game ends (or 30 days pass). */
async function playOut(clock: FakeClock, services: ForumService[], id: string): Promise<ForumGameDoc> {
  for (let i = 0; i < 2000; i++) {
    const wakes = services.map((s) => s.earliestWake()).filter((w): w is number => w !== null && w >= clock.now());
    const doc = (await services[0]!.game(id))!.doc;
    if (doc.status === 'finished' || wakes.length === 0) return doc;
    const w = Math.min(...wakes);
    if (w > T0 + 30 * 86_400_000) return doc;
    clock.set(w);
    for (const s of services) await s.idle();
  }
  throw new Error('the game did not settle');
}

describe('forum store migration 3', () => {
  it('seasons made before the unique number, two of them sharing one (the old race), are numbered in the order they were made', async () => {
    const file = join(dir, 'old.sqlite');
    const old = SqliteSql.open(file, 'forum_migrations', FORUM_MIGRATIONS.slice(0, 2));
    const body = (id: string, at: number, number: number) => JSON.stringify({ id, name: id, createdAt: at, adminKeyHash: 'x', entryPosts: 0, banSeasons: 3, number, games: [], players: {} });
    for (const [id, at, number] of [['a', 1, 1], ['b', 2, 2], ['c', 3, 2]] as const) await old.run('INSERT INTO forum_seasons (id, created_at, body) VALUES (?, ?, ?)', [id, at, body(id, at, number)]);
    await old.close();
    const store = new SqliteForumStore(file);
    expect((await store.listSeasons()).map((s) => [s.id, s.number])).toEqual([['a', 1], ['b', 2], ['c', 3]]);
    expect((await store.getSeason('c'))!.doc.number).toBe(3);
    await store.close();
  });
});

describe.each(backends)('%s forum store', (_name, pair) => {
  it('a change is stored over the revision it was read at, never over a newer one', async () => {
    const [a, b] = await pair();
    const svc = new ForumService(a, new FakeClock(T0), quiet, { syncMs: 0 });
    const made = await svc.create({ title: 'Стол', players });
    if (!made.ok) throw new Error('create');
    const seen = (await b.getGame(made.value.id))!;
    expect(seen.revision).toBe(1);
    expect(await b.updateGame({ ...seen.doc, title: 'Первый' }, 1)).toBe(true);
    expect(await a.updateGame({ ...seen.doc, title: 'Потерянный' }, 1)).toBe(false);
    expect((await a.getGame(made.value.id))!.doc.title).toBe('Первый');
    expect((await a.openGames()).map((g) => [g.doc.id, g.revision])).toEqual([[made.value.id, 2]]);
    expect(await b.openRevisions()).toEqual([{ id: made.value.id, revision: 2 }]);
    expect((await b.listGames(5)).map((g) => g.title)).toEqual(['Первый']);
    const season = (await svc.createSeason('Весна', 0, 3)) as { ok: true; value: { season: { id: string } } };
    const s = (await b.getSeason(season.value.season.id))!;
    expect(await a.updateSeason({ ...s.doc, name: 'Лето' }, s.revision)).toBe(true);
    expect(await b.updateSeason({ ...s.doc, name: 'Осень' }, s.revision)).toBe(false);
    expect((await b.listSeasons()).map((x) => x.name)).toEqual(['Лето']);
    svc.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('seasons created at the same moment on two processes get numbers of their own (a unique key, the loser renumbers)', async () => {
    const [a, b] = await pair();
    const clock = new FakeClock(T0);
    const one = new ForumService(a, clock, quiet, { syncMs: 0 });
    const two = new ForumService(b, clock, quiet, { syncMs: 0 });
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? two : one).createSeason(`Сезон ${i}`, 0, 3)));
    expect(made.every((x) => x.ok)).toBe(true);
    const numbers = (await a.listSeasons()).map((s) => s.number);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6]);
    // The store itself refuses a second season with a number already taken.
    const first = (await b.listSeasons())[0]!;
    expect(await b.createSeason({ ...first, id: 'other' })).toBe(false);
    for (const s of [one, two]) s.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('two processes changing one game at the same moment: both changes are kept (the later one redone on the newer game)', async () => {
    const [a, b] = await pair();
    const clock = new FakeClock(T0);
    const one = new ForumService(a, clock, quiet, { syncMs: 0 });
    const two = new ForumService(b, clock, quiet, { syncMs: 0 });
    const made = await one.create({ title: 'Стол', players });
    if (!made.ok) throw new Error('create');
    const id = made.value.id;
    await two.sync();
    const note = (text: string) => (g: { hostLog(at: number, text: string, announce: boolean): void }, now: number) => {
      g.hostLog(now, text, false);
      return { ok: true as const, value: true };
    };
    const r = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? two : one).run(id, note(`запись ${i}`))));
    expect(r.every((x) => x.ok)).toBe(true);
    const stored = (await a.getGame(id))!;
    expect(stored.doc.hostLog.map((h) => h.text).sort()).toEqual(Array.from({ length: 6 }, (_, i) => `запись ${i}`));
    expect(stored.revision).toBe(7);
    // Each process reads the other's changes.
    expect((await two.game(id))!.doc.hostLog).toHaveLength(6);
    for (const s of [one, two]) s.close();
    await Promise.all([a.close(), b.close()]);
  });

  it('two processes on one database play a bot game on the calendar exactly as one process does', { timeout: 120_000 }, async () => {
    const [a, b] = await pair();
    const clock = new FakeClock(T0);
    const one = new ForumService(a, clock, quiet, { syncMs: 0 });
    const two = new ForumService(b, clock, quiet, { syncMs: 0 });
    const { season } = ((await one.createSeason('Весна', 0, 3)) as { ok: true; value: { season: { id: string } } }).value;
    const made = await one.create({ title: 'Стол', players, seasonId: season.id });
    if (!made.ok) throw new Error('create');
    const id = made.value.id;
    // The reference: the same start, alone, in memory.
    const alone = new MemoryForumStore();
    const start = (await a.getGame(id))!.doc;
    await alone.createGame(start);
    await alone.createSeason((await a.getSeason(season.id))!.doc);
    const refClock = new FakeClock(T0);
    const ref = new ForumService(alone, refClock, quiet, { syncMs: 0 });

    // Started at one process; the other finds it (its periodic sync) and arms its calendar too.
    expect((await one.start(id)).ok).toBe(true);
    await two.sync();
    await ref.sync();
    expect((await ref.start(id)).ok).toBe(true);
    const together = await playOut(clock, [one, two], id);
    const single = await playOut(refClock, [ref], id);
    expect(together.status).toBe('finished');
    expect(together).toEqual(single);
    // The season learned the game once.
    const seasonTogether = (await b.getSeason(season.id))!.doc;
    const seasonAlone = (await alone.getSeason(season.id))!.doc;
    expect(seasonTogether.players).toEqual(seasonAlone.players);
    for (const s of [one, two, ref]) s.close();
    await Promise.all([a.close(), b.close()]);
  });
});

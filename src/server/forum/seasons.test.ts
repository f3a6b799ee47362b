// Forum seasons at the service (docs/forum.md "Seasons"): numbered in the community's sequence,
// tied to a club only by its owner or judge and named by the club's name, carrying bans and posts.
import { describe, expect, it } from 'vitest';
import { FakeClock } from './clock.js';
import { ForumService, type ForumClubs } from './service.js';
import { MemoryForumStore } from './store.js';

const quiet = { warn: () => undefined, error: () => undefined };
const clubs: ForumClubs = {
  banned: async (_club, season, who) => season === 'Зима' && who.name === 'Нарушитель',
  staff: async (club, account) => club === 'winter' && account === 'owner-1',
  name: async (club) => (club === 'winter' ? 'Зимний клуб' : null),
};
const service = () => new ForumService(new MemoryForumStore(), new FakeClock(Date.parse('2026-03-02T04:00:00Z')), quiet, { syncMs: 0, clubs });

describe('forum seasons', () => {
  it("a club's season: only its staff ties it; the season keeps the club's name for its page", async () => {
    const svc = service();
    expect(await svc.createSeason('Зима', 0, 3, { id: 'winter', season: 'Зима' }, 'stranger')).toMatchObject({ ok: false, error: { code: 'notClubStaff' } });
    expect(await svc.createSeason('Зима', 0, 3, { id: 'winter', season: 'Зима' })).toMatchObject({ ok: false, error: { code: 'notClubStaff' } });
    const made = await svc.createSeason('Зима', 0, 3, { id: 'winter', season: 'Зима' }, 'owner-1');
    if (!made.ok) throw new Error(made.error.code);
    expect(made.value.season.club).toEqual({ id: 'winter', season: 'Зима', name: 'Зимний клуб' });
    expect(made.value.season.number).toBe(1);
    // The club's ban on the season keeps the banned nickname from a seat.
    const bots = Array.from({ length: 9 }, (_, i) => ({ name: `Бот ${i + 1}`, bot: true }));
    expect(await svc.create({ title: 'Стол', players: [{ name: 'Нарушитель' }, ...bots], seasonId: made.value.season.id })).toMatchObject({ ok: false, error: { code: 'clubBanned' } });
    expect((await svc.create({ title: 'Стол', players: [{ name: 'Честный' }, ...bots], seasonId: made.value.season.id })).ok).toBe(true);
    svc.close();
  });

  it('the next season takes the next number and carries the bans and posts over', async () => {
    const svc = service();
    const first = await svc.createSeason('Весна', 0, 3);
    if (!first.ok) throw new Error(first.error.code);
    await svc.addPosts(first.value.season.id, 'Анна', 40);
    const row = (await svc.store.getSeason(first.value.season.id))!;
    row.doc.players['Борис'] = { autokillSpent: true, posts: 0, games: 1, wins: 0, noShows: 1, bannedUntil: 4 };
    await svc.store.updateSeason(row.doc, row.revision);
    const next = await svc.createSeason('Лето', 0, 3);
    if (!next.ok) throw new Error(next.error.code);
    expect(next.value.season.number).toBe(2);
    expect(next.value.season.players['Анна']).toMatchObject({ posts: 40, games: 0 });
    // The ban carries; the auto-vote is the season's own (a new season gives it back, R42).
    expect(next.value.season.players['Борис']).toMatchObject({ bannedUntil: 4, autokillSpent: false });
    svc.close();
  });

  it("a no-show's ban follows the account: under a new nickname, after a merge, and carried to the next season; a name in another case is the same name", async () => {
    // Accounts: «Аня» is the account «acc-anna» renamed; «acc-old» was merged into «acc-anna».
    const holders: ForumClubs = {
      ...clubs,
      holder: async (who) => (who.account !== undefined ? (who.account === 'acc-old' ? 'acc-anna' : who.account) : who.name === 'Аня' ? 'acc-anna' : null),
    };
    const svc = new ForumService(new MemoryForumStore(), new FakeClock(Date.parse('2026-03-02T04:00:00Z')), quiet, { syncMs: 0, clubs: holders });
    const first = await svc.createSeason('Осень', 0, 3);
    if (!first.ok) throw new Error(first.error.code);
    const row = (await svc.store.getSeason(first.value.season.id))!;
    row.doc.players['Анна'] = { autokillSpent: false, posts: 0, games: 1, wins: 0, noShows: 1, bannedUntil: 4 };
    row.doc.bannedAccounts = { 'acc-old': 4 };
    await svc.store.updateSeason(row.doc, row.revision);
    const bots = Array.from({ length: 9 }, (_, i) => ({ name: `Бот ${i + 1}`, bot: true }));
    const seat = (name: string) => svc.create({ title: 'Стол', players: [{ name }, ...bots], seasonId: first.value.season.id });
    expect(await seat('  анна ')).toMatchObject({ ok: false, error: { code: 'banned' } });
    // The account renamed (and merged): its new nickname is banned too.
    expect(await seat('Аня')).toMatchObject({ ok: false, error: { code: 'banned' } });
    const fair = await seat('Борис');
    if (!fair.ok) throw new Error(fair.error.code);
    // Under a name nobody registered, the seat opens; binding it to the banned account does not.
    expect(await svc.bind(fair.value.id, 1, 'acc-anna')).toMatchObject({ ok: false, error: { code: 'banned' } });
    expect(await svc.bind(fair.value.id, 1, 'acc-boris')).toEqual({ ok: true, value: true });
    const next = await svc.createSeason('Зима', 0, 3);
    if (!next.ok) throw new Error(next.error.code);
    expect(next.value.season.bannedAccounts).toEqual({ 'acc-old': 4 });
    expect(await svc.create({ title: 'Стол', players: [{ name: 'Аня' }, ...bots], seasonId: next.value.season.id })).toMatchObject({ ok: false, error: { code: 'banned' } });
    svc.close();
  });
});

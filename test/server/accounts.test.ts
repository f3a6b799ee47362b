// Accounts over HTTP (docs/accounts.md): password sign-up and sign-in, sessions, CSRF, limits,
// a cookie replayed after sign-out, seats bound to accounts, clubs and the audit log, claim codes,
// merge, export and delete — on each account store: SQLite (the default) and PostgreSQL (a fresh
// database for the run, dropped after; skipped with the reason printed when no server answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, PostgresAccountStore, SqliteAccountStore, startServer, type AccountStore, type RunningServer } from '../../src/server/index.js';
import { PgScratch, pgUnavailable } from '../support/pg.js';
import { Jar } from './account-client.js';
import { call, createTournament } from './tournament-api.js';

const pg = new PgScratch();
const noPg = await pgUnavailable();
if (noPg) console.warn(`accounts.test.ts: the postgres account store skipped: ${noPg}`);
afterAll(() => pg.close());
const stores: [string, () => Promise<AccountStore>][] = [
  ['sqlite', async () => new SqliteAccountStore(':memory:')],
  ...(noPg ? [] : [['postgres', async () => new PostgresAccountStore(await pg.pool())] as [string, () => Promise<AccountStore>]]),
];

let server: RunningServer;
const CHEAP = { N: 1024, r: 8, p: 1 };

describe.each(stores)('%s account store', (_name, accountStore) => {
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      storage: new MemoryStorage(),
      accountStore: await accountStore(),
      logLevel: false,
      webDir: null,
      scrypt: CHEAP,
      limits: { accounts: { signInPerAddress: { max: 1000 }, failuresPerAccount: { max: 3 } } },
    });
  });
  afterAll(async () => server?.close());

  async function signUp(nickname: string, password = 'correct horse battery'): Promise<Jar> {
    const j = new Jar(server.url);
    const r = await j.call('POST', '/api/auth/signup', { nickname, password });
    expect(r.status).toBe(201);
    return j;
  }

  describe('password accounts and sessions', () => {
    it('signs up, signs in on a second client, reads the account and signs out', async () => {
      const a = await signUp('Анна');
      expect(a.cookies.get('gorod_session')).toBeTruthy();
      expect((await a.call('GET', '/api/me')).body['nickname']).toBe('Анна');
      const b = new Jar(server.url);
      expect((await b.call('POST', '/api/auth/signin', { nickname: 'анна', password: 'correct horse battery' })).status).toBe(200);
      expect((await b.call('GET', '/api/me')).status).toBe(200);
      expect((await b.call('POST', '/api/auth/signout')).status).toBe(200);
      expect((await b.call('GET', '/api/me')).status).toBe(401);
      expect((await a.call('GET', '/api/me')).status).toBe(200);
    });

    it('the session cookie is HttpOnly and SameSite=Lax; the CSRF cookie readable', async () => {
      const r = await fetch(`${server.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'Куки', password: 'correct horse battery' }) });
      const set = r.headers.getSetCookie();
      const session = set.find((c) => c.startsWith('gorod_session='))!;
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/Secure/); // plain HTTP here; over TLS it is Secure
      expect(set.find((c) => c.startsWith('gorod_csrf='))).not.toMatch(/HttpOnly/i);
    });

    it('refuses a taken nickname (any case), a short password and a bad nickname', async () => {
      await signUp('Борис');
      const j = new Jar(server.url);
      expect((await j.call('POST', '/api/auth/signup', { nickname: 'БОРИС', password: 'correct horse battery' })).body['code']).toBe('nicknameTaken');
      expect((await j.call('POST', '/api/auth/signup', { nickname: 'Вера', password: 'short' })).body['code']).toBe('badPassword');
      expect((await j.call('POST', '/api/auth/signup', { nickname: '\u202Eмаска', password: 'correct horse battery' })).body['code']).toBe('badNickname');
      // A look-alike of «Борис» with a Latin o (and of «Boris» with a Cyrillic о): one alphabet per nickname.
      expect((await j.call('POST', '/api/auth/signup', { nickname: 'Бoрис', password: 'correct horse battery' })).body['code']).toBe('badNickname');
      expect((await j.call('POST', '/api/auth/signup', { nickname: 'Bоris', password: 'correct horse battery' })).body['code']).toBe('badNickname');
      expect((await j.call('POST', '/api/auth/signup', { nickname: 'Boris 2', password: 'correct horse battery' })).status).toBe(201);
      expect((await j.call('POST', '/api/me/nickname', { nickname: 'Бoрис' })).body['code']).toBe('badNickname');
    });

    it('changing a password needs the current one (an open session is not enough); other devices are signed out', async () => {
      const a = await signUp('Смена пароля');
      const phone = new Jar(server.url);
      await phone.call('POST', '/api/auth/signin', { nickname: 'Смена пароля', password: 'correct horse battery' });
      expect((await a.call('POST', '/api/me/password', { password: 'new horse battery' })).body['code']).toBe('wrongPassword');
      expect((await a.call('POST', '/api/me/password', { password: 'new horse battery', current: 'not the password' })).body['code']).toBe('wrongPassword');
      expect((await phone.call('GET', '/api/me')).status).toBe(200);
      expect((await a.call('POST', '/api/me/password', { password: 'new horse battery', current: 'correct horse battery' })).status).toBe(200);
      expect((await a.call('GET', '/api/me')).status).toBe(200);
      expect((await phone.call('GET', '/api/me')).status).toBe(401);
      expect((await new Jar(server.url).call('POST', '/api/auth/signin', { nickname: 'Смена пароля', password: 'new horse battery' })).status).toBe(200);
    });

    it('a session cookie replayed after sign-out is refused', async () => {
      const a = await signUp('Повтор');
      const stolen = new Map(a.cookies);
      await a.call('POST', '/api/auth/signout');
      const replay = new Jar(server.url);
      replay.cookies = stolen;
      expect((await replay.call('GET', '/api/me')).status).toBe(401);
      expect((await replay.call('POST', '/api/club-admin', { id: 'replay', name: 'Повтор' })).status).toBe(401);
    });

    it('a state-changing request with the session cookie but a forged or missing CSRF token is refused', async () => {
      const a = await signUp('Подделка');
      a.csrf = false;
      const none = await a.call('POST', '/api/me/nickname', { nickname: 'Взлом' });
      expect(none.status).toBe(403);
      expect(none.body['code']).toBe('csrf');
      const forged = await a.call('POST', '/api/me/nickname', { nickname: 'Взлом' }, { 'x-csrf-token': 'x'.repeat(24) });
      expect(forged.body['code']).toBe('csrf');
      // The guest API is covered too when the request carries a session.
      expect((await a.call('DELETE', '/api/me')).body['code']).toBe('csrf');
      a.csrf = true;
      expect((await a.call('POST', '/api/me/nickname', { nickname: 'Честный' })).status).toBe(200);
      expect(((await a.call('GET', '/api/me')).body['nicknames'] as { nickname: string }[]).map((n) => n.nickname)).toEqual(['Подделка', 'Честный']);
    });

    it('limits failed sign-ins per account: after the limit even the right password waits', async () => {
      await signUp('Замок');
      const j = new Jar(server.url);
      for (let i = 0; i < 3; i++) expect((await j.call('POST', '/api/auth/signin', { nickname: 'Замок', password: `wrong-${i}-password` })).body['code']).toBe('badCredentials');
      const r = await j.call('POST', '/api/auth/signin', { nickname: 'Замок', password: 'correct horse battery' });
      expect(r.status).toBe(429);
      expect(r.body['code']).toBe('tooManyAttempts');
    });

    it('an unknown nickname gets the same answer as a wrong password', async () => {
      const j = new Jar(server.url);
      const r = await j.call('POST', '/api/auth/signin', { nickname: 'Никто', password: 'correct horse battery' });
      expect(r.status).toBe(401);
      expect(r.body['code']).toBe('badCredentials');
    });
  });

  describe('limits per address', () => {
    it('sign-in requests of one address are limited', async () => {
      const s = await startServer({ port: 0, storage: new MemoryStorage(), accountStore: await accountStore(), logLevel: false, webDir: null, scrypt: CHEAP, limits: { accounts: { signInPerAddress: { max: 3 } } } });
      try {
        const j = new Jar(s.url);
        const codes: number[] = [];
        for (let i = 0; i < 5; i++) codes.push((await j.call('POST', '/api/auth/signin', { nickname: `N${i}x`, password: 'whatever-password' })).status);
        expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
        expect(codes.slice(3)).toEqual([429, 429]);
      } finally {
        await s.close();
      }
    });
  });

  describe('session rotation', () => {
    it('an old session gets a new token; the old one still works for a minute', async () => {
      const s = await startServer({ port: 0, storage: new MemoryStorage(), accountStore: await accountStore(), logLevel: false, webDir: null, scrypt: CHEAP, limits: { accounts: { rotateMs: 1 } } });
      try {
        const j = new Jar(s.url);
        await j.call('POST', '/api/auth/signup', { nickname: 'Ротация', password: 'correct horse battery' });
        const first = j.cookies.get('gorod_session')!;
        await new Promise((r) => setTimeout(r, 5));
        expect((await j.call('GET', '/api/me')).status).toBe(200);
        const second = j.cookies.get('gorod_session')!;
        expect(second).not.toBe(first);
        const old = new Jar(s.url);
        old.cookies = new Map([['gorod_session', first]]);
        expect((await old.call('GET', '/api/me')).status).toBe(200);
        // The CSRF token stays: a page open before the rotation keeps working.
        expect((await j.call('POST', '/api/me/nickname', { nickname: 'Ротация2' })).status).toBe(200);
        // Signing out ends the rotated-from tokens too: the old cookie replayed within its minute finds nothing.
        const other = new Jar(s.url);
        await other.call('POST', '/api/auth/signin', { nickname: 'Ротация2', password: 'correct horse battery' });
        expect((await j.call('POST', '/api/auth/signout')).status).toBe(200);
        expect((await old.call('GET', '/api/me')).status).toBe(401);
        // Another device's sign-in is its own.
        expect((await other.call('GET', '/api/me')).status).toBe(200);
      } finally {
        await s.close();
      }
    });
  });

  describe('seats bound to accounts', () => {
    it('a seat link handed in binds the seat; the token comes back to the account on another device', async () => {
      const a = await signUp('Сидящий');
      const created = (await a.call<{ id: string; hostToken: string; seats: { seat: number; token: string }[] }>('POST', '/api/tables', { preset: 'classic', bots: [2, 3, 4, 5, 6, 7, 8, 9, 10] })).body;
      const seat1 = created.seats.find((s) => s.seat === 1)!;
      expect((await a.call('POST', '/api/me/seats', { token: seat1.token })).body).toEqual({ table: created.id, seat: 1 });
      const phone = new Jar(server.url);
      await phone.call('POST', '/api/auth/signin', { nickname: 'Сидящий', password: 'correct horse battery' });
      expect((await phone.call('GET', `/api/me/seats/${created.id}`)).body).toEqual({ table: created.id, seat: 1, token: seat1.token });
      // The seat took the account's nickname in the lobby.
      expect(server.hub.tables.get(created.id)!.row.seats[0]!.name).toBe('Сидящий');
      // Another account cannot take it, nor read it.
      const other = await signUp('Чужой');
      expect((await other.call('POST', '/api/me/seats', { token: seat1.token })).body['code']).toBe('seatTaken');
      expect((await other.call('GET', `/api/me/seats/${created.id}`)).status).toBe(404);
      expect((await other.call('POST', '/api/me/seats', { token: created.hostToken })).body['code']).toBe('notSeatLink');
    });

    it("a free seat claimed at an open table binds the same way", async () => {
      const p = await signUp('Претендент');
      const host = new Jar(server.url);
      const t = (await host.call<{ id: string }>('POST', '/api/tables', { preset: 'classic', open: true, bots: [3, 4, 5, 6, 7, 8, 9, 10] })).body;
      const claimed = await p.call<{ seat: number; token: string; play: string }>('POST', `/api/tables/${t.id}/claim`, { nickname: 'Претендент' });
      expect(claimed.status).toBe(200);
      expect((await p.call('POST', '/api/me/seats', { token: claimed.body.token })).body).toEqual({ table: t.id, seat: claimed.body.seat });
      expect((await p.call<{ token: string }>('GET', `/api/me/seats/${t.id}`)).body.token).toBe(claimed.body.token);
    });

    it("a seat whose link the host revoked leaves the old account; the new link's holder binds it", async () => {
      const first = await signUp('Первый');
      const second = await signUp('Второй игрок');
      const host = new Jar(server.url);
      const t = (await host.call<{ id: string; hostToken: string; seats: { seat: number; token: string }[] }>('POST', '/api/tables', { preset: 'classic', bots: [3, 4, 5, 6, 7, 8, 9, 10] })).body;
      const old = t.seats.find((s) => s.seat === 1)!.token;
      expect((await first.call('POST', '/api/me/seats', { token: old })).status).toBe(200);
      // While the first player's link lives, nobody else binds the seat.
      expect((await second.call('POST', '/api/me/seats', { token: old })).body['code']).toBe('seatTaken');
      const fresh = (await host.call<{ token: string }>('POST', `/api/tables/${t.id}/seats/1/link`, { token: t.hostToken })).body.token;
      expect((await second.call('POST', '/api/me/seats', { token: fresh })).status).toBe(200);
      expect((await second.call<{ token: string }>('GET', `/api/me/seats/${t.id}`)).body.token).toBe(fresh);
      expect((await first.call('GET', `/api/me/seats/${t.id}`)).status).toBe(404);
      expect((await first.call<unknown[]>('GET', '/api/me/seats')).body).toEqual([]);
    });

    it('a host seats a registered player by nickname', async () => {
      const p = await signUp('Приглашённый');
      const host = new Jar(server.url); // a guest host
      const created = (await host.call<{ id: string; hostToken: string }>('POST', '/api/tables', { preset: 'classic', bots: [3, 4, 5, 6, 7, 8, 9, 10] })).body;
      expect((await host.call('POST', '/api/accounts/seat', { table: created.id, seat: 2, token: 'f'.repeat(32), nickname: 'Приглашённый' })).body['code']).toBe('notHost');
      expect((await host.call('POST', '/api/accounts/seat', { table: created.id, seat: 2, token: created.hostToken, nickname: 'Нет такого' })).body['code']).toBe('accountNotFound');
      const r = await host.call('POST', '/api/accounts/seat', { table: created.id, seat: 2, token: created.hostToken, nickname: 'приглашённый' });
      expect(r.body).toEqual({ table: created.id, seat: 2, nickname: 'Приглашённый' });
      const mine = (await p.call<{ token: string; seat: number }>('GET', `/api/me/seats/${created.id}`)).body;
      expect(mine.seat).toBe(2);
      expect(server.hub.lookup(mine.token)?.role).toEqual({ kind: 'seat', seat: 2 });
      const list = (await p.call<{ table: string; status: string }[]>('GET', '/api/me/seats')).body;
      expect(list.map((s) => [s.table, s.status])).toEqual([[created.id, 'lobby']]);
    });
  });

  describe('clubs, roles and the audit log', () => {
    it('an owner adds a judge; a member may not manage; bans and role changes are audited', async () => {
      const owner = await signUp('Владелец');
      const judge = await signUp('Судья');
      const member = await signUp('Участник');
      expect((await owner.call('POST', '/api/club-admin', { id: 'alpha', name: 'Альфа' })).status).toBe(201);
      expect((await judge.call('POST', '/api/club-admin', { id: 'alpha', name: 'Другой' })).body['code']).toBe('clubTaken');
      expect((await owner.call('POST', '/api/club-admin/alpha/members', { nickname: 'Судья', role: 'judge' })).status).toBe(200);
      expect((await owner.call('POST', '/api/club-admin/alpha/members', { nickname: 'Участник', role: 'member' })).status).toBe(200);
      expect((await member.call('POST', '/api/club-admin/alpha/members', { nickname: 'Участник', role: 'owner' })).body['code']).toBe('forbidden');
      expect((await member.call('POST', '/api/club-admin/alpha/bans', { nickname: 'Судья', season: '2026' })).body['code']).toBe('forbidden');
      expect((await judge.call('POST', '/api/club-admin/alpha/bans', { nickname: 'Участник', season: 'Осень 2026', reason: 'мультиаккаунт' })).status).toBe(200);
      expect(await server.accounts.banned('alpha', (await server.accounts.byNickname('Участник'))!.id, 'Осень 2026')).toBe(true);
      expect((await owner.call('POST', '/api/club-admin/alpha/members', { nickname: 'Владелец', role: 'member' })).body['code']).toBe('lastOwner');
      const view = (await owner.call<{ audit: { actor: string; action: string; target: string; at: number }[]; members: unknown[] }>('GET', '/api/club-admin/alpha')).body;
      expect(view.members).toHaveLength(3);
      expect(view.audit.map((e) => [e.actor, e.action, e.target])).toEqual([
        ['Судья', 'season.ban', 'Участник'],
        ['Владелец', 'member.role', 'Участник'],
        ['Владелец', 'member.role', 'Судья'],
        ['Владелец', 'club.create', 'alpha'],
      ]);
      expect(view.audit.every((e) => e.at > 0)).toBe(true);
      const asMember = (await member.call('GET', '/api/club-admin/alpha')).body;
      expect(asMember['audit']).toBeUndefined();
      expect((await new Jar(server.url).call('GET', '/api/club-admin/alpha')).status).toBe(401);
    });

    it("a forum season of a club: only the club's staff ties it; the club's season ban keeps the banned account from a seat, at the start and as a replacement", async () => {
      const owner = await signUp('Хозяйка');
      const outsider = await signUp('Чужак');
      const renamed = await signUp('Нарушитель');
      expect((await owner.call('POST', '/api/club-admin', { id: 'winter', name: 'Зимний клуб' })).status).toBe(201);
      expect((await owner.call('POST', '/api/club-admin/winter/bans', { nickname: 'нарушитель', season: 'Зима' })).status).toBe(200);
      type Err = { error?: { code: string; message: { ru: string; en: string } } };
      const tie = { name: 'Зимний сезон', club: 'winter', clubSeason: 'Зима' };
      const refused = await outsider.call<Err>('POST', '/api/forum/seasons', tie);
      expect([refused.status, refused.body.error?.code]).toEqual([403, 'notClubStaff']);
      expect((await new Jar(server.url).call<Err>('POST', '/api/forum/seasons', tie)).body.error?.code).toBe('notClubStaff');
      const season = await owner.call<{ id: string }>('POST', '/api/forum/seasons', tie);
      expect(season.status).toBe(201);
      const tied = (await owner.call<{ audit: { actor: string; action: string; target: string; detail: unknown }[] }>('GET', '/api/club-admin/winter')).body.audit[0]!;
      expect(tied).toMatchObject({ actor: 'Хозяйка', action: 'forum.season', target: 'Зимний сезон', detail: { id: season.body.id, season: 'Зима' } });
      const bots = Array.from({ length: 9 }, (_, i) => ({ name: `Бот ${i + 1}`, bot: true }));
      const guest = new Jar(server.url);
      const banned = await guest.call<Err>('POST', '/api/forum/games', { title: 'Зима, стол 1', players: [{ name: 'Нарушитель' }, ...bots], seasonId: season.body.id });
      expect([banned.status, banned.body.error?.code]).toEqual([409, 'clubBanned']);
      expect(banned.body.error?.message.ru).toContain('Нарушитель');
      const game = await guest.call<{ id: string; hostKey: string }>('POST', '/api/forum/games', { title: 'Зима, стол 1', players: [{ name: 'Честный' }, ...bots], seasonId: season.body.id });
      expect(game.status).toBe(201);
      const host = { authorization: `Bearer ${game.body.hostKey}` };
      const replace = await guest.call<Err>('POST', `/api/forum/games/${game.body.id}/host/replace`, { seat: 1, name: 'Нарушитель' }, host);
      expect([replace.status, replace.body.error?.code]).toEqual([409, 'clubBanned']);
      // The ban is the account's, not the nickname's: renamed, the player is refused under the new name too.
      expect((await renamed.call('POST', '/api/me/nickname', { nickname: 'Тихоня' })).status).toBe(200);
      const asNew = await guest.call<Err>('POST', `/api/forum/games/${game.body.id}/host/replace`, { seat: 1, name: 'тихоня' }, host);
      expect([asNew.status, asNew.body.error?.code]).toEqual([409, 'clubBanned']);
      expect((await renamed.call('POST', '/api/me/nickname', { nickname: 'Нарушитель' })).status).toBe(200);
      // Another club's season, or the same nickname unbanned: no refusal.
      expect((await owner.call('POST', '/api/club-admin/winter/unban', { nickname: 'Нарушитель', season: 'Зима' })).status).toBe(200);
      expect((await guest.call('POST', `/api/forum/games/${game.body.id}/host/replace`, { seat: 1, name: 'Нарушитель' }, host)).status).toBe(200);
    });

    it("a club's season ban matches a bound forum seat by its account, whatever name the seat has; a ban after binding stops the start", async () => {
      const owner = await signUp('Председатель');
      const banned = await signUp('Смутьян');
      const fair = await signUp('Порядочный');
      const third = await signUp('Третий');
      await owner.call('POST', '/api/club-admin', { id: 'spring', name: 'Весенний клуб' });
      await owner.call('POST', '/api/club-admin/spring/bans', { nickname: 'Смутьян', season: 'Весна' });
      const season = await owner.call<{ id: string }>('POST', '/api/forum/seasons', { name: 'Весна 2027', club: 'spring', clubSeason: 'Весна' });
      type Err = { error?: { code: string } };
      const bots = Array.from({ length: 9 }, (_, i) => ({ name: `Бот ${i + 1}`, bot: true }));
      const guest = new Jar(server.url);
      // The banned player asks the host for a seat under another name: the name passes, the account does not.
      const game = await guest.call<{ id: string; hostKey: string; seatKeys: Record<string, string> }>('POST', '/api/forum/games', { title: 'Весна, стол 1', players: [{ name: 'Аноним' }, ...bots], seasonId: season.body.id });
      expect(game.status).toBe(201);
      const seat = { authorization: `Bearer ${game.body.seatKeys['1']}` };
      const bind = (j: Jar) => j.call<Err>('POST', `/api/forum/games/${game.body.id}/bind`, {}, seat);
      expect((await bind(guest)).status).toBe(401);
      const refused = await bind(banned);
      expect([refused.status, refused.body.error?.code]).toEqual([409, 'clubBanned']);
      expect((await bind(fair)).status).toBe(200);
      expect((await bind(fair)).status).toBe(200);
      expect((await bind(third)).body.error?.code).toBe('seatBound');
      expect((await fair.call<{ bound: boolean }>('GET', `/api/forum/games/${game.body.id}`, undefined, seat)).body.bound).toBe(true);
      // Banned after binding: the game does not start until the host replaces the seat or the club lifts the ban.
      await owner.call('POST', '/api/club-admin/spring/bans', { nickname: 'Порядочный', season: 'Весна' });
      const host = { authorization: `Bearer ${game.body.hostKey}` };
      const start = await guest.call<Err>('POST', `/api/forum/games/${game.body.id}/start`, {}, host);
      expect([start.status, start.body.error?.code]).toEqual([409, 'clubBanned']);
      await owner.call('POST', '/api/club-admin/spring/unban', { nickname: 'Порядочный', season: 'Весна' });
      expect((await guest.call('POST', `/api/forum/games/${game.body.id}/start`, {}, host)).status).toBe(200);
    });

    it("a club's tournament: created by its staff only, its changes need the role and are audited; guests' tournaments work as before", async () => {
      const owner = await signUp('Организатор');
      const stranger = await signUp('Посторонний');
      await owner.call('POST', '/api/club-admin', { id: 'beta', name: 'Бета' });
      const body = { name: 'Кубок Беты', players: ['А1', 'Б2', 'В3', 'Г4', 'Д5', 'Е6', 'Ж7', 'З8', 'И9', 'К10'].map((nickname) => ({ nickname })) };
      expect((await stranger.call('POST', '/api/tournaments?club=beta', body)).body['code']).toBe('forbidden');
      expect((await new Jar(server.url).call('POST', '/api/tournaments?club=beta', body)).body['code']).toBe('signInRequired');
      const made = await owner.call<{ id: string; organizerToken: string }>('POST', '/api/tournaments?club=beta', body);
      expect(made.status).toBe(201);
      const id = made.body.id;
      expect(await server.accounts.clubOfTournament(id)).toBe('beta');
      const auth = { authorization: `Bearer ${made.body.organizerToken}` };
      // The organizer token alone (no session) still works; with a session of a non-member it does not.
      expect((await call({ base: server.url, token: made.body.organizerToken }, 'POST', `/api/tournaments/${id}/players`, { players: [{ nickname: 'Л11' }] })).status).toBe(200);
      expect((await stranger.call('POST', `/api/tournaments/${id}/players`, { players: [{ nickname: 'М12' }] }, auth)).body['code']).toBe('forbidden');
      expect((await owner.call('POST', `/api/tournaments/${id}/players`, { players: [{ nickname: 'М12' }] }, auth)).status).toBe(200);
      const audit = (await owner.call<{ audit: { action: string; target: string; byToken?: true }[] }>('GET', '/api/club-admin/beta')).body.audit;
      // Every change is in the log: the organizer token's alone too (no account to name: byToken).
      expect(audit.slice(0, 3).map((e) => [e.action, e.target, e.byToken ?? false])).toEqual([
        ['tournament.players', id, false],
        ['tournament.players', id, true],
        ['tournament.create', id, false],
      ]);
      // Asking for a game's correction is a player's right (a seat's token): a signed-in player outside the club is not refused by the club.
      const flag = await stranger.call('POST', `/api/tournaments/${id}/games/1/1/flags`, { reason: 'счёт неверный' }, auth);
      expect(flag.body['code']).not.toBe('forbidden');
      // A guest's tournament, with or without a session, is untouched by clubs.
      const guest = await createTournament(server.url, body);
      expect((await stranger.call('POST', `/api/tournaments/${guest.id}/players`, { players: [{ nickname: 'Н13' }] }, { authorization: `Bearer ${guest.api.token}` })).status).toBe(200);
    });
  });

  describe('claim codes, merge, export and delete', () => {
    it('a claim code is used once', async () => {
      const owner = await signUp('Хозяин');
      await owner.call('POST', '/api/club-admin', { id: 'gamma', name: 'Гамма' });
      const made = await owner.call<{ id: string; tournament: { players: { id: string; nickname: string }[] } }>('POST', '/api/tournaments?club=gamma', {
        name: 'Гамма-кубок',
        players: ['Игрок1', 'Игрок2', 'Игрок3', 'Игрок4', 'Игрок5', 'Игрок6', 'Игрок7', 'Игрок8', 'Игрок9', 'Игрок10'].map((nickname) => ({ nickname })),
      });
      const p = made.body.tournament.players[0]!;
      const code = (await owner.call<{ code: string }>('POST', '/api/club-admin/gamma/claim-codes', { tournament: made.body.id, player: p.id })).body.code;
      expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      const real = await signUp('Настоящий');
      expect((await real.call('POST', '/api/me/claim', { code: code.toLowerCase() })).body).toEqual({ tournament: made.body.id, player: p.id, nickname: p.nickname });
      const thief = await signUp('Второй');
      expect((await thief.call('POST', '/api/me/claim', { code })).body['code']).toBe('badCode');
      expect((await real.call('POST', '/api/me/claim', { code })).body['code']).toBe('badCode');
      const pub = (await new Jar(server.url).call<{ players: unknown[] }>('GET', `/api/accounts/${encodeURIComponent('Настоящий')}`)).body;
      expect(pub.players).toEqual([{ tournament: made.body.id, player: p.id, nickname: p.nickname }]);
      const audit = (await owner.call<{ audit: { action: string }[] }>('GET', '/api/club-admin/gamma')).body.audit;
      expect(audit[0]!.action).toBe('claim.code');
    });

    it('a club owner merges two accounts of one person, once both accounts consented; their bans follow', async () => {
      const owner = await signUp('Глава');
      const old = await signUp('Старый');
      const fresh = await signUp('Новый');
      await owner.call('POST', '/api/club-admin', { id: 'delta', name: 'Дельта' });
      expect((await owner.call('POST', '/api/club-admin/delta/merge', { from: 'Старый', into: 'Новый' })).body['code']).toBe('forbidden');
      await owner.call('POST', '/api/club-admin/delta/members', { nickname: 'Старый', role: 'member' });
      await owner.call('POST', '/api/club-admin/delta/members', { nickname: 'Новый', role: 'member' });
      await owner.call('POST', '/api/club-admin/delta/bans', { nickname: 'Старый', season: 'Весна' });
      expect((await owner.call('POST', '/api/club-admin/delta/merge', { from: 'Старый', into: 'Новый' })).body['code']).toBe('mergeNotConsented');
      expect((await old.call('POST', '/api/me/merge-consent', { nickname: 'новый' })).status).toBe(200);
      // One side's word is not enough either.
      expect((await owner.call('POST', '/api/club-admin/delta/merge', { from: 'Старый', into: 'Новый' })).body['code']).toBe('mergeNotConsented');
      expect((await fresh.call('POST', '/api/me/merge-consent', { nickname: 'Старый' })).status).toBe(200);
      expect((await fresh.call<{ mergeConsents: unknown[] }>('GET', '/api/me/export')).body.mergeConsents).toEqual([{ nickname: 'Старый', until: expect.any(Number) }]);
      expect((await owner.call('POST', '/api/club-admin/delta/merge', { from: 'Старый', into: 'Новый' })).status).toBe(200);
      expect((await old.call('GET', '/api/me')).status).toBe(401);
      const pub = (await new Jar(server.url).call<{ nicknames: string[] }>('GET', `/api/accounts/${encodeURIComponent('Новый')}`)).body;
      expect(pub.nicknames).toEqual(['Старый', 'Новый']);
      // The season ban of the old account is the person's: the surviving account carries it.
      expect(await server.accounts.banned('delta', (await server.accounts.byNickname('Новый'))!.id, 'Весна')).toBe(true);
      expect((await fresh.call<{ mergeConsents: unknown[] }>('GET', '/api/me/export')).body.mergeConsents).toEqual([]);
    });

    it('a club owner cannot merge a member who did not consent into an account of their own (seat takeover)', async () => {
      const attacker = await signUp('Захватчик');
      const victim = await signUp('Жертва');
      const t = (await victim.call<{ id: string; seats: { seat: number; token: string }[] }>('POST', '/api/tables', { preset: 'classic', bots: [2, 3, 4, 5, 6, 7, 8, 9, 10] })).body;
      expect((await victim.call('POST', '/api/me/seats', { token: t.seats[0]!.token })).status).toBe(200);
      await attacker.call('POST', '/api/club-admin', { id: 'trap', name: 'Ловушка' });
      expect((await attacker.call('POST', '/api/club-admin/trap/members', { nickname: 'Жертва', role: 'member' })).status).toBe(200);
      // The attacker consents on its own side; the victim never did.
      await attacker.call('POST', '/api/me/merge-consent', { nickname: 'Жертва' });
      const merge = await attacker.call('POST', '/api/club-admin/trap/merge', { from: 'Жертва', into: 'Захватчик' });
      expect([merge.status, merge.body['code']]).toEqual([409, 'mergeNotConsented']);
      expect((await attacker.call('GET', `/api/me/seats/${t.id}`)).status).toBe(404);
      expect((await victim.call<{ token: string }>('GET', `/api/me/seats/${t.id}`)).body.token).toBe(t.seats[0]!.token);
      expect((await victim.call('GET', '/api/me')).status).toBe(200);
      expect((await victim.call('POST', '/api/me/merge-consent', { nickname: 'Нет такого' })).body['code']).toBe('accountNotFound');
      expect((await victim.call('POST', '/api/me/merge-consent', { nickname: 'жертва' })).body['code']).toBe('sameAccount');
    });

    it('exports everything as JSON with no secret, and deletes the account under a pseudonym', async () => {
      const a = await signUp('Уходящий');
      const t = (await a.call<{ id: string; seats: { seat: number; token: string }[] }>('POST', '/api/tables', { preset: 'classic', bots: [2, 3, 4, 5, 6, 7, 8, 9, 10] })).body;
      await a.call('POST', '/api/me/seats', { token: t.seats[0]!.token });
      const exp = await a.call<Record<string, unknown>>('GET', '/api/me/export');
      expect(exp.body['format']).toBe('gorod-account-export/1');
      expect(exp.body['seats']).toEqual([expect.objectContaining({ table: t.id, seat: 1 })]);
      const text = JSON.stringify(exp.body);
      expect(text).not.toContain('scrypt$');
      expect(text).not.toContain(t.seats[0]!.token);
      const del = await a.call<{ pseudonym: string }>('DELETE', '/api/me');
      expect(del.status).toBe(200);
      expect((await a.call('GET', '/api/me')).status).toBe(401);
      expect((await new Jar(server.url).call('POST', '/api/auth/signin', { nickname: 'Уходящий', password: 'correct horse battery' })).status).toBe(401);
      expect((await new Jar(server.url).call('GET', `/api/accounts/${encodeURIComponent('Уходящий')}`)).status).toBe(404);
      // The table's record is untouched; the nickname is free again.
      expect(server.hub.tables.get(t.id)!.row.seats[0]!.name).toBe('Уходящий');
      expect((await new Jar(server.url).call('POST', '/api/auth/signup', { nickname: 'Уходящий', password: 'correct horse battery' })).status).toBe(201);
    });

    it("deleting a banned account is no way out: a new account under its nickname (any case) inherits the season's ban; an unban lifts it for the name too", async () => {
      const owner = await signUp('Старейшина');
      const banned = await signUp('Беглец');
      await owner.call('POST', '/api/club-admin', { id: 'omega', name: 'Омега' });
      await owner.call('POST', '/api/club-admin/omega/bans', { nickname: 'Беглец', season: 'Весна', reason: 'неявки' });
      expect((await banned.call('DELETE', '/api/me')).status).toBe(200);
      await signUp('беглец');
      const again = (await server.accounts.byNickname('Беглец'))!;
      expect(await server.accounts.banned('omega', again.id, 'Весна')).toBe(true);
      expect(await server.accounts.banned('omega', again.id, 'Осень')).toBe(false);
      // A forum season of the club refuses the new account's seat, as it did the old one's.
      const season = await owner.call<{ id: string }>('POST', '/api/forum/seasons', { name: 'Весна 2027', club: 'omega', clubSeason: 'Весна' });
      const bots = Array.from({ length: 9 }, (_, i) => ({ name: `Бот ${i + 1}`, bot: true }));
      const refused = await new Jar(server.url).call<{ error?: { code: string } }>('POST', '/api/forum/games', { title: 'Стол', players: [{ name: 'Беглец' }, ...bots], seasonId: season.body.id });
      expect(refused.body.error?.code).toBe('clubBanned');
      // Lifted: neither this account nor a later one under the name is banned.
      await owner.call('POST', '/api/club-admin/omega/unban', { nickname: 'Беглец', season: 'Весна' });
      expect(await server.accounts.banned('omega', again.id, 'Весна')).toBe(false);
    });
  });
});

// The account store's guarded writes, on SQLite and on PostgreSQL, with two store objects on one
// database standing for two server processes: a nickname, a claim code, a session rotation and a
// seat each go to exactly one of two racing writers, and failed sign-ins count across both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresAccountStore, SqliteAccountStore, type AccountStore } from '../../src/server/index.js';
import { PgScratch, pgUnavailable } from '../support/pg.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-accounts-'));
const pg = new PgScratch();
const noPg = await pgUnavailable();
if (noPg) console.warn(`account-store.test.ts: the postgres store skipped: ${noPg}`);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg.close();
});

let n = 0;
/**
 * Two stores ("processes") on one new database. SQLite: one store object twice: its transactions
 * hold the file's write lock across awaits, and a second connection in the same process would
 * wait for that lock synchronously, on the very thread that must finish the first (between
 * processes, BEGIN IMMEDIATE and the busy timeout serialize them). The store's own queue is what
 * two requests in one process race through.
 */
type Pair = () => Promise<[AccountStore, AccountStore]>;
const backends: [string, Pair][] = [
  [
    'sqlite',
    async () => {
      const s = new SqliteAccountStore(join(dir, `a${++n}.sqlite`));
      return [s, s];
    },
  ],
  ...(noPg
    ? []
    : [
        [
          'postgres',
          async () => {
            const schema = `pair${++n}`;
            return [new PostgresAccountStore(await pg.pool(schema)), new PostgresAccountStore(await pg.pool(schema))];
          },
        ] as [string, Pair],
      ]),
];

describe.each(backends)('%s account store', (_name, pair) => {
  it('two sign-ups racing for one nickname (any case): one account, the other told it is taken', async () => {
    const [a, b] = await pair();
    const r = await Promise.all([a.createAccount('u1', 'Анна', null, 1), b.createAccount('u2', 'анна ', null, 1)]);
    expect(r.filter((x) => x !== null)).toHaveLength(1);
    expect((await a.byNickname('АННА'))?.id).toBe(r.find((x) => x)!.id);
    expect(await a.rename('u1', 'Боря', 2).catch(() => 'threw')).not.toBe('threw');
    await Promise.all([a.close(), b.close()]);
  });

  it('a claim code used at once by two processes goes to one account', async () => {
    const [a, b] = await pair();
    await a.createAccount('u1', 'Анна', null, 1);
    await a.createAccount('u2', 'Вера', null, 1);
    await a.addClaimCode('h', { tournamentId: 'c1', playerId: 'p1', playerName: 'Анна', createdBy: 'u1' }, 1);
    const r = await Promise.all([a.useClaimCode('h', 'u1', 2), b.useClaimCode('h', 'u2', 2)]);
    expect(r.filter((x) => x !== null)).toHaveLength(1);
    const owners = [...(await a.playersOf('u1')), ...(await a.playersOf('u2'))];
    expect(owners.map((p) => p.playerId)).toEqual(['p1']);
    await Promise.all([a.close(), b.close()]);
  });

  it('a session is rotated once: the second cut finds it cut already', async () => {
    const [a, b] = await pair();
    await a.createSession('t', { accountId: 'u1', csrf: 'c', createdAt: 0, expiresAt: 1000 });
    const r = await Promise.all([a.expireSession('t', 100), b.expireSession('t', 100)]);
    expect(r.filter(Boolean)).toHaveLength(1);
    expect((await b.session('t'))?.expiresAt).toBe(100);
    expect(await a.expireSession('t', 500)).toBe(false); // never lengthened
    await Promise.all([a.close(), b.close()]);
  });

  it('a passkey ceremony opened on one process is finished on another, once; an expired one is refused and swept', async () => {
    const [a, b] = await pair();
    await a.openPasskeyFlow('f1', { challenge: 'c1', expiresAt: 1000, userId: 'u1', nickname: 'Анна' }, 0);
    await a.openPasskeyFlow('f2', { challenge: 'c2', expiresAt: 1000 }, 0);
    const r = await Promise.all([b.takePasskeyFlow('f1', 10), a.takePasskeyFlow('f1', 10)]);
    expect(r.filter((x) => x !== null)).toEqual([{ challenge: 'c1', expiresAt: 1000, userId: 'u1', nickname: 'Анна' }]);
    expect(await b.takePasskeyFlow('f1', 20)).toBeNull(); // a replayed verify
    expect(await b.takePasskeyFlow('f2', 1000)).toBeNull(); // expired
    await a.openPasskeyFlow('f3', { challenge: 'c3', expiresAt: 2000, accountId: 'u1' }, 1500);
    await a.openPasskeyFlow('f4', { challenge: 'c4', expiresAt: 5000 }, 2500); // sweeps f3
    expect(await b.takePasskeyFlow('f3', 0)).toBeNull();
    expect((await b.takePasskeyFlow('f4', 2600))?.challenge).toBe('c4');
    await Promise.all([a.close(), b.close()]);
  });

  it('failed sign-ins count across processes; the window passes; success clears them', async () => {
    const [a, b] = await pair();
    await Promise.all([a.failAttempt('k', 0, 100), b.failAttempt('k', 0, 100), a.failAttempt('k', 1, 100), b.failAttempt('k', 1, 100)]);
    expect(await a.attempts('k', 50)).toBe(4);
    expect(await b.attempts('k', 100)).toBe(0);
    expect(await b.failAttempt('k', 100, 100)).toBe(1); // a new window
    await a.clearAttempts('k');
    expect(await b.attempts('k', 101)).toBe(0);
    await Promise.all([a.close(), b.close()]);
  });

  it("a seat bound to one account is refused to another; the owner's token is refreshed", async () => {
    const [a, b] = await pair();
    const r = await Promise.all([a.bindSeat('T', 3, 'u1', 'x', 1), b.bindSeat('T', 3, 'u2', 'y', 1)]);
    expect(r.filter(Boolean)).toHaveLength(1);
    const winner = r[0] ? 'u1' : 'u2';
    expect(await a.bindSeat('T', 3, winner, 'z', 2)).toBe(true);
    expect((await b.seatsOfTable('T')).map((s) => [s.accountId, s.token])).toEqual([[winner, 'z']]);
    await Promise.all([a.close(), b.close()]);
  });

  it('clubs: one creator per id; a merge keeps the surviving account’s role; bans, audit and nickname history read back', async () => {
    const [a, b] = await pair();
    for (const [id, nick] of [
      ['u1', 'Анна'],
      ['u2', 'Вера'],
      ['u3', 'Гена'],
    ] as const)
      await a.createAccount(id, nick, null, 1);
    const r = await Promise.all([a.createClub('alpha', 'Альфа', 'u1', 1), b.createClub('alpha', 'Другой', 'u2', 1)]);
    expect(r.filter(Boolean)).toHaveLength(1);
    const owner = r[0] ? 'u1' : 'u2';
    const other = owner === 'u1' ? 'u2' : 'u1';
    await a.setRole('alpha', 'u3', 'judge', 2);
    await a.setRole('alpha', other, 'member', 3);
    // A merge needs both accounts' live consent; two processes merging the same pair make one merge.
    expect(await a.merge(other, 'u3', 4)).toBe(false);
    await a.consentMerge(other, 'u3', 10);
    expect(await a.merge(other, 'u3', 4)).toBe(false);
    await b.consentMerge('u3', other, 3);
    expect(await a.merge(other, 'u3', 4)).toBe(false); // u3's word lapsed at 3
    await b.consentMerge('u3', other, 10);
    expect((await Promise.all([a.merge(other, 'u3', 4), b.merge(other, 'u3', 4)])).filter(Boolean)).toHaveLength(1);
    expect(await a.role('alpha', 'u3')).toBe('judge');
    expect(await a.role('alpha', other)).toBeNull();
    await a.ban('alpha', 'u3', 'Осень', 'неявка', 5);
    expect(await b.banned('alpha', 'u3', 'Осень')).toBe(true);
    expect((await b.bans('alpha')).map((x) => [x.nickname, x.reason])).toEqual([['Гена', 'неявка']]);
    await a.audit({ at: 6, actorId: owner, club: 'alpha', action: 'season.ban', target: 'Гена', detail: { season: 'Осень' } });
    await a.audit({ at: 7, actorId: owner, club: 'alpha', action: 'member.role', target: 'Гена' });
    expect((await b.auditOf({ club: 'alpha' })).map((e) => [e.action, e.detail])).toEqual([
      ['member.role', null],
      ['season.ban', { season: 'Осень' }],
    ]);
    await a.rename('u3', 'Гена2', 1);
    // The merged account's names came along (the merge moves the history).
    expect((await b.nicknames('u3')).map((x) => x.nickname)).toEqual([other === 'u1' ? 'Анна' : 'Вера', 'Гена', 'Гена2']);
    await Promise.all([a.close(), b.close()]);
  });
});

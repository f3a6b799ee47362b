// The tournament store contract, for the in-memory and the SQLite store alike; SQLite migrations
// run once each and are recorded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { validateTournament, type Tournament } from '../tournament/index.js';
import type { GameVersionRow, TournamentRow, TournamentStore } from './tournament-store.js';
import { MemoryTournamentStore } from './tournament-store-memory.js';
import { migrate, SqliteTournamentStore, TOURNAMENT_MIGRATIONS } from './tournament-store-sqlite.js';
import { PostgresTournamentStore } from './tournament-store-pg.js';
import { PgScratch, pgUnavailable } from '../../test/support/pg.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-tstore-'));
const pg = new PgScratch();
const noPg = await pgUnavailable();
if (noPg) console.warn(`tournament-store.test.ts: the postgres store skipped: ${noPg}`);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pg.close();
});

const doc = (name: string): Tournament => {
  const v = validateTournament({ name, players: [{ id: 'p1', nickname: 'Анна' }] });
  if (!v.ok) throw new Error('doc');
  return v.value;
};
const row = (id: string, at: number): TournamentRow => ({ id, createdAt: at, updatedAt: at, revision: 1, tokenHash: 'ab'.repeat(32), data: doc(`T ${id}`) });
const version = (v: number, round = 1): GameVersionRow => ({
  tournamentId: 'c1',
  round,
  table: 2,
  version: v,
  at: 1000 + v,
  by: { kind: 'judge', name: 'Судья Олег' },
  source: 'upload',
  ...(v > 1 ? { reason: 'a vote was entered wrong' } : {}),
  record: { format: 'gorod-record/1', preset: 'classic', commands: [] },
});

const stores: [string, () => TournamentStore | Promise<TournamentStore>][] = [
  ['memory', () => new MemoryTournamentStore()],
  ['sqlite', () => new SqliteTournamentStore(join(dir, `s${Math.random()}.sqlite`))],
  ...(noPg ? [] : [['postgres', async () => new PostgresTournamentStore(await pg.pool())] as [string, () => Promise<TournamentStore>]]),
];

describe.each(stores)('%s tournament store', (_name, make) => {
  it('stamps: newest first, and a tournament’s stamp moves with its revision and its record versions only', async () => {
    const s: TournamentStore = await make();
    await s.create(row('c1', 1));
    await s.create(row('c2', 2));
    const first = await s.stamps(10);
    expect(first.map((x) => [x.id, x.createdAt])).toEqual([
      ['c2', 2],
      ['c1', 1],
    ]);
    await s.addGameVersion(version(1));
    const afterRecord = new Map((await s.stamps(10)).map((x) => [x.id, x.stamp]));
    expect(afterRecord.get('c1')).not.toBe(first[1]!.stamp);
    expect(afterRecord.get('c2')).toBe(first[0]!.stamp);
    expect(await s.update('c2', 1, doc('T c2 renamed'), 5)).toBe(true);
    const afterUpdate = new Map((await s.stamps(10)).map((x) => [x.id, x.stamp]));
    expect(afterUpdate.get('c2')).not.toBe(first[0]!.stamp);
    expect(afterUpdate.get('c1')).toBe(afterRecord.get('c1'));
    expect(await s.stamps(1)).toHaveLength(1);
    await s.close();
  });

  it('creates, reads, lists newest first', async () => {
    const s: TournamentStore = await make();
    await s.create(row('c1', 1));
    await s.create(row('c2', 2));
    expect(await s.get('c1')).toEqual(row('c1', 1));
    expect(await s.get('nope')).toBeNull();
    expect((await s.list(10)).map((r) => r.id)).toEqual(['c2', 'c1']);
    await expect(s.create(row('c1', 3))).rejects.toThrow();
    await s.close();
  });

  it('an update needs the revision it was made from', async () => {
    const s = await make();
    await s.create(row('c1', 1));
    expect(await s.update('c1', 1, doc('Renamed'), 5)).toBe(true);
    expect(await s.update('c1', 1, doc('Lost update'), 6)).toBe(false);
    const got = await s.get('c1');
    expect([got?.revision, got?.data.name, got?.updatedAt]).toEqual([2, 'Renamed', 5]);
    await s.close();
  });

  it('record versions are kept, in order; a version number is never written twice', async () => {
    const s = await make();
    await s.addGameVersion(version(2));
    await s.addGameVersion(version(1));
    await s.addGameVersion(version(1, 3));
    await expect(s.addGameVersion(version(2))).rejects.toThrow();
    expect(await s.gameVersions('c1')).toEqual([version(1), version(2), version(1, 3)]);
    expect(await s.gameVersions('c2')).toEqual([]);
    await s.close();
  });

  it('table bindings by tournament and by table', async () => {
    const s = await make();
    const b = { tableId: 't1', tournamentId: 'c1', round: 1, table: 2, mode: 'online' as const, createdAt: 7 };
    await s.bindTable(b);
    expect(await s.bindings('c1')).toEqual([b]);
    expect(await s.bindingOf('t1')).toEqual(b);
    expect(await s.bindingOf('t2')).toBeNull();
    await s.close();
  });
});

describe('SQLite migrations', () => {
  it('each runs once and is recorded; reopening the file keeps the data', async () => {
    const file = join(dir, 'm.sqlite');
    const a = new SqliteTournamentStore(file);
    await a.create(row('c1', 1));
    await a.close();
    const db = new Database(file);
    expect(migrate(db)).toEqual([]);
    expect((db.prepare('SELECT id FROM tournament_migrations').all() as { id: number }[]).map((r) => r.id)).toEqual(TOURNAMENT_MIGRATIONS.map((m) => m.id));
    db.close();
    const b = new SqliteTournamentStore(file);
    expect((await b.get('c1'))?.data.name).toBe('T c1');
    await b.close();
  });
});

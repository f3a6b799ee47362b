// Forum games and seasons in SQL, once for SQLite (their own file beside the tables', index.ts
// forumPath: a forum write never waits on the tables' worker) and PostgreSQL: a game is a small
// document written whole on each change (a few hundred times a day at most), with a revision that
// makes each write conditional on the one it was made from (store.ts).
import type pg from 'pg';
import { FORUM_PG_MIGRATIONS } from '../pg-migrations.js';
import { pgSql } from '../pg-pool.js';
import { SqliteSql, type Sql, type SqlRow } from '../sql.js';
import { FORUM_MIGRATIONS } from './schema.js';
import type { ForumStore, Stored } from './store.js';
import type { ForumGameDoc, Season } from './types.js';

function stored<T>(r: SqlRow): Stored<T> {
  return { doc: JSON.parse(r['body'] as string) as T, revision: Number(r['revision']) };
}

/** A season's number is its column's (unique; migration 3 renumbered two that shared one). */
function season(r: SqlRow): Stored<Season> {
  const s = stored<Season>(r);
  if (r['number'] !== null && r['number'] !== undefined) s.doc.number = Number(r['number']);
  return s;
}

export class SqlForumStore implements ForumStore {
  constructor(protected sql: Sql) {}

  async createGame(doc: ForumGameDoc): Promise<void> {
    await this.sql.run('INSERT INTO forum_games (id, created_at, status, body, revision) VALUES (?, ?, ?, ?, 1)', [doc.id, doc.createdAt, doc.status, JSON.stringify(doc)]);
  }
  async getGame(id: string): Promise<Stored<ForumGameDoc> | null> {
    const r = await this.sql.one('SELECT body, revision FROM forum_games WHERE id = ?', [id]);
    return r ? stored<ForumGameDoc>(r) : null;
  }
  async updateGame(doc: ForumGameDoc, expected: number): Promise<boolean> {
    const n = await this.sql.run('UPDATE forum_games SET status = ?, body = ?, revision = revision + 1 WHERE id = ? AND revision = ?', [doc.status, JSON.stringify(doc), doc.id, expected]);
    return n === 1;
  }
  async openGames(): Promise<Stored<ForumGameDoc>[]> {
    return (await this.sql.all("SELECT body, revision FROM forum_games WHERE status <> 'finished'")).map((r) => stored<ForumGameDoc>(r));
  }
  async openRevisions(): Promise<{ id: string; revision: number }[]> {
    return (await this.sql.all("SELECT id, revision FROM forum_games WHERE status <> 'finished'")).map((r) => ({ id: String(r['id']), revision: Number(r['revision']) }));
  }
  async listGames(limit: number): Promise<ForumGameDoc[]> {
    return (await this.sql.all('SELECT body, revision FROM forum_games ORDER BY created_at DESC LIMIT ?', [limit])).map((r) => stored<ForumGameDoc>(r).doc);
  }
  async createSeason(s: Season): Promise<boolean> {
    const n = await this.sql.run('INSERT INTO forum_seasons (id, created_at, body, revision, number) VALUES (?, ?, ?, 1, ?) ON CONFLICT (number) DO NOTHING', [s.id, s.createdAt, JSON.stringify(s), s.number]);
    return n === 1;
  }
  async getSeason(id: string): Promise<Stored<Season> | null> {
    const r = await this.sql.one('SELECT body, revision, number FROM forum_seasons WHERE id = ?', [id]);
    return r ? season(r) : null;
  }
  async updateSeason(s: Season, expected: number): Promise<boolean> {
    return (await this.sql.run('UPDATE forum_seasons SET body = ?, revision = revision + 1 WHERE id = ? AND revision = ?', [JSON.stringify(s), s.id, expected])) === 1;
  }
  async listSeasons(): Promise<Season[]> {
    return (await this.sql.all('SELECT body, revision, number FROM forum_seasons ORDER BY number, created_at')).map((r) => season(r).doc);
  }
  close(): Promise<void> {
    return this.sql.close();
  }
}

export class SqliteForumStore extends SqlForumStore {
  constructor(file: string) {
    super(SqliteSql.open(file, 'forum_migrations', FORUM_MIGRATIONS));
  }
}

/** Forum games in PostgreSQL (DATABASE_URL=postgres://…), on the process's shared pool. */
export class PostgresForumStore extends SqlForumStore {
  constructor(pool: pg.Pool) {
    super(pgSql(pool, 'forum_migrations', FORUM_PG_MIGRATIONS));
  }
}

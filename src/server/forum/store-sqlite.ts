// Forum games and seasons in SQLite (better-sqlite3, WAL), in their own file beside the tables'
// (index.ts forumPath): a synchronous write here never waits on the tables' worker's lock. A game
// is a small document written whole on each change (a few hundred times a day at most).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { ForumStore } from './store.js';
import type { ForumGameDoc, Season } from './types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS forum_games (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  status TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS forum_games_status ON forum_games (status);
CREATE TABLE IF NOT EXISTS forum_seasons (
  id TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL,
  body TEXT NOT NULL
);`;

export class SqliteForumStore implements ForumStore {
  private db: Database.Database;
  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(SCHEMA);
  }
  putGame(doc: ForumGameDoc): Promise<void> {
    this.db
      .prepare('INSERT INTO forum_games (id, created_at, status, body) VALUES (?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET status = excluded.status, body = excluded.body')
      .run(doc.id, doc.createdAt, doc.status, JSON.stringify(doc));
    return Promise.resolve();
  }
  getGame(id: string): Promise<ForumGameDoc | null> {
    const r = this.db.prepare('SELECT body FROM forum_games WHERE id = ?').get(id) as { body: string } | undefined;
    return Promise.resolve(r ? (JSON.parse(r.body) as ForumGameDoc) : null);
  }
  openGames(): Promise<ForumGameDoc[]> {
    const rows = this.db.prepare("SELECT body FROM forum_games WHERE status <> 'finished'").all() as { body: string }[];
    return Promise.resolve(rows.map((r) => JSON.parse(r.body) as ForumGameDoc));
  }
  listGames(limit: number): Promise<ForumGameDoc[]> {
    const rows = this.db.prepare('SELECT body FROM forum_games ORDER BY created_at DESC LIMIT ?').all(limit) as { body: string }[];
    return Promise.resolve(rows.map((r) => JSON.parse(r.body) as ForumGameDoc));
  }
  putSeason(s: Season): Promise<void> {
    this.db.prepare('INSERT INTO forum_seasons (id, created_at, body) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body').run(s.id, s.createdAt, JSON.stringify(s));
    return Promise.resolve();
  }
  getSeason(id: string): Promise<Season | null> {
    const r = this.db.prepare('SELECT body FROM forum_seasons WHERE id = ?').get(id) as { body: string } | undefined;
    return Promise.resolve(r ? (JSON.parse(r.body) as Season) : null);
  }
  listSeasons(): Promise<Season[]> {
    const rows = this.db.prepare('SELECT body FROM forum_seasons ORDER BY created_at').all() as { body: string }[];
    return Promise.resolve(rows.map((r) => JSON.parse(r.body) as Season));
  }
  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}

// The forum store's tables, as numbered migrations (portable SQL: SQLite's, and PostgreSQL's by
// pg-migrations.ts). Never edit a migration that shipped: add the next one.
import type { Migration } from '../sqlite-open.js';

/** SQLite: migration 1 is the schema files made before migrations had a ledger (IF NOT EXISTS keeps them). */
export const FORUM_MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'forum games and seasons',
    sql: `
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
);`,
  },
  {
    id: 2,
    name: 'a revision per document: writes conditional on the one they were made from',
    sql: `
ALTER TABLE forum_games ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE forum_seasons ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;`,
  },
];

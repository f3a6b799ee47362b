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
  {
    id: 3,
    // Two processes creating a season at the same moment both read n seasons and both took n+1:
    // the number is a column with a unique key, so the second insert is refused and redone
    // (service.ts). Seasons made before are numbered in the order they were made, which is what
    // their bodies say unless that very race gave two of them one number.
    name: 'a season number is unique',
    sql: `
ALTER TABLE forum_seasons ADD COLUMN number INTEGER;
UPDATE forum_seasons SET number = (
  SELECT COUNT(*) FROM forum_seasons o
  WHERE o.created_at < forum_seasons.created_at OR (o.created_at = forum_seasons.created_at AND o.id <= forum_seasons.id)
);
CREATE UNIQUE INDEX forum_seasons_number ON forum_seasons (number);`,
  },
];

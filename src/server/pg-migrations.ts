import { ACCOUNT_MIGRATIONS } from './accounts/schema.js';
import { FORUM_MIGRATIONS } from './forum/schema.js';
import type { Migration } from './sqlite-open.js';
import { TOURNAMENT_MIGRATIONS } from './tournament-store-sqlite.js';

// The PostgreSQL schema as numbered migrations: each runs once, in order, in one transaction,
// under an advisory lock (three processes starting together migrate once). Never edit a
// migration that shipped: add the next one.
export const PG_MIGRATIONS: string[] = [
  // 1: tables, the command log (unique (table, seq): two writers can never both append the same
  // move), the running timers, the judge's edits, and the token index for many processes.
  `
  CREATE TABLE game_tables (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL,
    mode TEXT NOT NULL,
    finished_at BIGINT,
    fence BIGINT NOT NULL DEFAULT 0,
    body JSONB NOT NULL
  );
  CREATE INDEX game_tables_finished ON game_tables (finished_at DESC) WHERE status = 'finished';
  CREATE INDEX game_tables_live ON game_tables (created_at) WHERE status IN ('lobby', 'playing');
  CREATE TABLE game_commands (
    table_id TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    sender TEXT NOT NULL,
    nonce TEXT,
    body JSONB NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seq)
  );
  CREATE UNIQUE INDEX game_commands_nonce ON game_commands (table_id, sender, nonce);
  CREATE TABLE game_deadlines (
    table_id TEXT PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
    stage_key INTEGER NOT NULL,
    at BIGINT NOT NULL,
    left_ms BIGINT,
    extended_ms BIGINT
  );
  CREATE TABLE game_edits (
    table_id TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    at BIGINT NOT NULL,
    kind TEXT NOT NULL,
    seq INTEGER NOT NULL,
    body JSONB NOT NULL,
    meta JSONB
  );
  CREATE INDEX game_edits_table ON game_edits (table_id);
  CREATE TABLE game_tokens (
    token TEXT NOT NULL,
    table_id TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    PRIMARY KEY (token, table_id)
  );
  CREATE INDEX game_tokens_table ON game_tokens (table_id);
  `,
];

// The other stores' schemas on PostgreSQL, each with its own ledger (tournament_migrations,
// account_migrations, forum_migrations, like their SQLite files), made from their SQLite
// migrations: the SQL is portable, so each schema is written once. Documents stay TEXT holding
// JSON, as in SQLite, so one row mapping serves both databases (tournament-store-sql.ts,
// accounts/store-sql.ts, forum/store-sql.ts).

/**
 * A store's SQLite migrations as PostgreSQL's, one for one (the same numbers in the ledger):
 * SQLite's autoincrement key becomes a BIGSERIAL; `extra` adds what only PostgreSQL needs.
 */
function fromSqlite(migrations: readonly Migration[], extra: Record<number, string> = {}): string[] {
  return migrations.map((m) => m.sql.replace(/INTEGER PRIMARY KEY AUTOINCREMENT/g, 'BIGSERIAL PRIMARY KEY') + (extra[m.id] ?? ''));
}

export const TOURNAMENT_PG_MIGRATIONS: string[] = fromSqlite(TOURNAMENT_MIGRATIONS);

export const ACCOUNT_PG_MIGRATIONS: string[] = fromSqlite(ACCOUNT_MIGRATIONS, {
  // The nickname history in the order taken (SQLite orders by its rowid, which PostgreSQL has not),
  // and a passkey's signature counter, an unsigned 32-bit number (PostgreSQL's INTEGER is signed).
  1: `
ALTER TABLE account_nicknames ADD COLUMN n BIGSERIAL;
ALTER TABLE account_passkeys ALTER COLUMN counter TYPE BIGINT;
`,
});

export const FORUM_PG_MIGRATIONS: string[] = fromSqlite(FORUM_MIGRATIONS);

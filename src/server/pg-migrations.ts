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

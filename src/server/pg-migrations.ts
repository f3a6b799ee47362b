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
// account_migrations, forum_migrations, like their SQLite files). Documents stay TEXT holding
// JSON, as in SQLite, so one row mapping serves both databases (tournament-store-sql.ts,
// accounts/store-sql.ts, forum/store-sql.ts).

/** Tournaments (tournament-store-sql.ts): the SQLite schema, unchanged. */
export const TOURNAMENT_PG_MIGRATIONS: string[] = [
  `
  CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    revision INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    name TEXT NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX tournaments_created ON tournaments (created_at);
  CREATE TABLE tournament_games (
    tournament_id TEXT NOT NULL,
    round_no INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    version INTEGER NOT NULL,
    at BIGINT NOT NULL,
    by_kind TEXT NOT NULL,
    by_name TEXT,
    source TEXT NOT NULL,
    reason TEXT,
    table_id TEXT,
    record TEXT NOT NULL,
    PRIMARY KEY (tournament_id, round_no, table_no, version)
  );
  CREATE TABLE tournament_tables (
    table_id TEXT PRIMARY KEY,
    tournament_id TEXT NOT NULL,
    round_no INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    mode TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE INDEX tournament_tables_tournament ON tournament_tables (tournament_id);
  `,
];

/**
 * Accounts (accounts/store-sql.ts): SQLite's migrations 1 and 2 in one. Two differences: the
 * audit log's id is a BIGSERIAL (SQLite's AUTOINCREMENT), and the nickname history has its own
 * serial `n` where SQLite orders by rowid.
 */
export const ACCOUNT_PG_MIGRATIONS: string[] = [
  `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    nickname TEXT NOT NULL,
    nickname_key TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    password_hash TEXT,
    deleted_at BIGINT,
    merged_into TEXT
  );
  CREATE TABLE account_nicknames (
    n BIGSERIAL PRIMARY KEY,
    account_id TEXT NOT NULL,
    nickname TEXT NOT NULL,
    since BIGINT NOT NULL
  );
  CREATE INDEX account_nicknames_account ON account_nicknames (account_id);
  CREATE TABLE account_sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    csrf TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
  );
  CREATE INDEX account_sessions_account ON account_sessions (account_id);
  CREATE TABLE account_passkeys (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL,
    public_key TEXT NOT NULL,
    counter BIGINT NOT NULL,
    transports TEXT,
    created_at BIGINT NOT NULL,
    used_at BIGINT
  );
  CREATE INDEX account_passkeys_account ON account_passkeys (account_id);
  CREATE TABLE account_seats (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    account_id TEXT NOT NULL,
    token TEXT,
    bound_at BIGINT NOT NULL,
    PRIMARY KEY (table_id, seat)
  );
  CREATE INDEX account_seats_account ON account_seats (account_id);
  CREATE TABLE clubs (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE club_members (
    club_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    role TEXT NOT NULL,
    since BIGINT NOT NULL,
    PRIMARY KEY (club_id, account_id)
  );
  CREATE INDEX club_members_account ON club_members (account_id);
  CREATE TABLE club_tournaments (
    tournament_id TEXT PRIMARY KEY,
    club_id TEXT NOT NULL
  );
  CREATE TABLE club_bans (
    club_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    season TEXT NOT NULL,
    reason TEXT,
    at BIGINT NOT NULL,
    PRIMARY KEY (club_id, account_id, season)
  );
  CREATE TABLE audit_log (
    id BIGSERIAL PRIMARY KEY,
    at BIGINT NOT NULL,
    actor_id TEXT NOT NULL,
    club_id TEXT,
    action TEXT NOT NULL,
    target TEXT,
    detail TEXT
  );
  CREATE INDEX audit_log_club ON audit_log (club_id, at);
  CREATE TABLE claim_codes (
    code_hash TEXT PRIMARY KEY,
    tournament_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    player_name TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT,
    used_by TEXT
  );
  CREATE TABLE account_players (
    tournament_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    player_name TEXT NOT NULL,
    claimed_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
  );
  CREATE INDEX account_players_account ON account_players (account_id);
  CREATE TABLE account_attempts (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    until BIGINT NOT NULL
  );
  `,
];

/** Forum games and seasons (forum/store-sql.ts): SQLite's migrations 1 and 2 in one. */
export const FORUM_PG_MIGRATIONS: string[] = [
  `
  CREATE TABLE forum_games (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL,
    body TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1
  );
  CREATE INDEX forum_games_status ON forum_games (status);
  CREATE TABLE forum_seasons (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    body TEXT NOT NULL,
    revision INTEGER NOT NULL DEFAULT 1
  );
  `,
];

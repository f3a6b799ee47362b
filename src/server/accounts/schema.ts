// The account store's tables (SQLite beside the game tables; portable SQL: TEXT, BIGINT, INTEGER).
// What each column is for is in docs/accounts.md. Secrets are stored only as hashes: session
// tokens and claim codes as SHA-256, passwords as scrypt.
import type { Migration } from '../sqlite-open.js';

export const ACCOUNT_MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'accounts, sessions, passkeys, seats, clubs, audit, claim codes',
    sql: `
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
  counter INTEGER NOT NULL,
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
  id INTEGER PRIMARY KEY AUTOINCREMENT,
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
`,
  },
  {
    id: 2,
    name: 'failed sign-ins per account, shared by every process on the database',
    sql: `
CREATE TABLE account_attempts (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  until BIGINT NOT NULL
);
`,
  },
  {
    id: 3,
    name: 'merge consents: both accounts of a merge say they are one person',
    sql: `
CREATE TABLE merge_consents (
  account_id TEXT NOT NULL,
  other_id TEXT NOT NULL,
  until BIGINT NOT NULL,
  PRIMARY KEY (account_id, other_id)
);
`,
  },
  {
    id: 4,
    name: 'passkey ceremonies between options and verify, shared by every process on the database',
    sql: `
CREATE TABLE passkey_flows (
  id TEXT PRIMARY KEY,
  challenge TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  user_id TEXT,
  nickname TEXT,
  account_id TEXT
);
CREATE INDEX passkey_flows_expires ON passkey_flows (expires_at);
`,
  },
  {
    id: 5,
    name: "a deleted account's season bans in force, by its nickname: a new account under that nickname inherits them",
    sql: `
CREATE TABLE banned_names (
  nickname_key TEXT NOT NULL,
  club_id TEXT NOT NULL,
  season TEXT NOT NULL,
  reason TEXT,
  at BIGINT NOT NULL,
  PRIMARY KEY (nickname_key, club_id, season)
);
`,
  },
];

// Tournaments in SQLite (better-sqlite3, WAL), in the server's database file (its own
// connection): the schema (numbered migrations, applied once each, in a transaction, recorded in
// tournament_migrations) and the store, whose SQL and row mapping it shares with PostgreSQL's
// (tournament-store-sql.ts). The SQL is portable (TEXT, BIGINT, INTEGER).
import type Database from 'better-sqlite3';
import { SqliteSql } from './sql.js';
import { applyMigrations, openSqlite, type Migration } from './sqlite-open.js';
import { SqlTournamentStore } from './tournament-store-sql.js';

export const TOURNAMENT_MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'tournaments, game record versions, table bindings',
    sql: `
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
  },
];

/** Apply the migrations this database has not had yet. */
export function migrate(db: Database.Database): number[] {
  return applyMigrations(db, 'tournament_migrations', TOURNAMENT_MIGRATIONS);
}

/** Tournaments in a SQLite file (the default, beside the tables); the SQL is SqlTournamentStore's. */
export class SqliteTournamentStore extends SqlTournamentStore {
  constructor(file: string) {
    const db = openSqlite(file);
    migrate(db);
    super(new SqliteSql(db));
  }
}

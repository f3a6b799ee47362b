// Tournaments in PostgreSQL (DATABASE_URL=postgres://…), on the process's shared pool: the same
// SQL and row mapping as SQLite's (tournament-store-sql.ts), the schema in pg-migrations.ts.
import type pg from 'pg';
import { TOURNAMENT_PG_MIGRATIONS } from './pg-migrations.js';
import { pgSql } from './pg-pool.js';
import { SqlTournamentStore } from './tournament-store-sql.js';

export class PostgresTournamentStore extends SqlTournamentStore {
  constructor(pool: pg.Pool) {
    super(pgSql(pool, 'tournament_migrations', TOURNAMENT_PG_MIGRATIONS));
  }
}

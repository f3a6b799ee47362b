// Tournaments in SQLite (better-sqlite3, WAL), in the server's database file (its own
// connection). The SQL is portable (TEXT, BIGINT, INTEGER; no SQLite-only syntax in the schema)
// so a Postgres store can run the same migrations. Migrations are numbered and applied once each,
// in a transaction, and recorded in tournament_migrations.
import type Database from 'better-sqlite3';
import { applyMigrations, openSqlite, type Migration } from './sqlite-open.js';
import type { GameVersionRow, TableBinding, TournamentRow, TournamentStore } from './tournament-store.js';

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

interface TournamentDbRow {
  id: string;
  created_at: number;
  updated_at: number;
  revision: number;
  token_hash: string;
  body: string;
}
interface GameDbRow {
  tournament_id: string;
  round_no: number;
  table_no: number;
  version: number;
  at: number;
  by_kind: string;
  by_name: string | null;
  source: string;
  reason: string | null;
  table_id: string | null;
  record: string;
}
interface BindingDbRow {
  table_id: string;
  tournament_id: string;
  round_no: number;
  table_no: number;
  mode: string;
  created_at: number;
}

/** Apply the migrations this database has not had yet. */
export function migrate(db: Database.Database): number[] {
  return applyMigrations(db, 'tournament_migrations', TOURNAMENT_MIGRATIONS);
}

export class SqliteTournamentStore implements TournamentStore {
  private db: Database.Database;
  private st: Record<string, Database.Statement>;

  constructor(file: string) {
    this.db = openSqlite(file);
    migrate(this.db);
    this.st = {
      insert: this.db.prepare('INSERT INTO tournaments (id, created_at, updated_at, revision, token_hash, name, body) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      get: this.db.prepare('SELECT * FROM tournaments WHERE id = ?'),
      list: this.db.prepare('SELECT * FROM tournaments ORDER BY created_at DESC LIMIT ?'),
      update: this.db.prepare('UPDATE tournaments SET body = ?, name = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND revision = ?'),
      addGame: this.db.prepare(
        'INSERT INTO tournament_games (tournament_id, round_no, table_no, version, at, by_kind, by_name, source, reason, table_id, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      games: this.db.prepare('SELECT * FROM tournament_games WHERE tournament_id = ? ORDER BY round_no, table_no, version'),
      bind: this.db.prepare('INSERT INTO tournament_tables (table_id, tournament_id, round_no, table_no, mode, created_at) VALUES (?, ?, ?, ?, ?, ?)'),
      bindings: this.db.prepare('SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY created_at'),
      bindingOf: this.db.prepare('SELECT * FROM tournament_tables WHERE table_id = ?'),
    };
  }

  async create(row: TournamentRow): Promise<void> {
    this.st.insert!.run(row.id, row.createdAt, row.updatedAt, row.revision, row.tokenHash, row.data.name, JSON.stringify(row.data));
  }

  async get(id: string): Promise<TournamentRow | null> {
    const r = this.st.get!.get(id) as TournamentDbRow | undefined;
    return r ? toRow(r) : null;
  }

  async list(limit: number): Promise<TournamentRow[]> {
    return (this.st.list!.all(limit) as TournamentDbRow[]).map(toRow);
  }

  async update(id: string, expected: number, data: TournamentRow['data'], at: number): Promise<boolean> {
    return this.st.update!.run(JSON.stringify(data), data.name, at, id, expected).changes === 1;
  }

  async addGameVersion(v: GameVersionRow): Promise<void> {
    this.st.addGame!.run(v.tournamentId, v.round, v.table, v.version, v.at, v.by.kind, v.by.name ?? null, v.source, v.reason ?? null, v.tableId ?? null, JSON.stringify(v.record));
  }

  async gameVersions(tournamentId: string): Promise<GameVersionRow[]> {
    return (this.st.games!.all(tournamentId) as GameDbRow[]).map((r) => {
      const v: GameVersionRow = {
        tournamentId: r.tournament_id,
        round: r.round_no,
        table: r.table_no,
        version: r.version,
        at: r.at,
        by: { kind: r.by_kind as GameVersionRow['by']['kind'], ...(r.by_name !== null ? { name: r.by_name } : {}) },
        source: r.source as GameVersionRow['source'],
        record: JSON.parse(r.record),
      };
      if (r.reason !== null) v.reason = r.reason;
      if (r.table_id !== null) v.tableId = r.table_id;
      return v;
    });
  }

  async bindTable(b: TableBinding): Promise<void> {
    this.st.bind!.run(b.tableId, b.tournamentId, b.round, b.table, b.mode, b.createdAt);
  }

  async bindings(tournamentId: string): Promise<TableBinding[]> {
    return (this.st.bindings!.all(tournamentId) as BindingDbRow[]).map(toBinding);
  }

  async bindingOf(tableId: string): Promise<TableBinding | null> {
    const r = this.st.bindingOf!.get(tableId) as BindingDbRow | undefined;
    return r ? toBinding(r) : null;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

function toRow(r: TournamentDbRow): TournamentRow {
  return { id: r.id, createdAt: r.created_at, updatedAt: r.updated_at, revision: r.revision, tokenHash: r.token_hash, data: JSON.parse(r.body) };
}

function toBinding(r: BindingDbRow): TableBinding {
  return { tableId: r.table_id, tournamentId: r.tournament_id, round: r.round_no, table: r.table_no, mode: r.mode as TableBinding['mode'], createdAt: r.created_at };
}

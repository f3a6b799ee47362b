// The tournament store's SQL and row mapping, once for SQLite and PostgreSQL (the `Sql` seam,
// sql.ts): the documents with their revision, every version of every game's record, and the
// table bindings. The schemas are in tournament-store-sqlite.ts and pg-migrations.ts.
import { num, str, type Sql, type SqlRow } from './sql.js';
import type { GameVersionRow, TableBinding, TournamentRow, TournamentStamp, TournamentStore } from './tournament-store.js';

export class SqlTournamentStore implements TournamentStore {
  constructor(protected sql: Sql) {}

  async create(row: TournamentRow): Promise<void> {
    await this.sql.run('INSERT INTO tournaments (id, created_at, updated_at, revision, token_hash, name, body) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      row.id,
      row.createdAt,
      row.updatedAt,
      row.revision,
      row.tokenHash,
      row.data.name,
      JSON.stringify(row.data),
    ]);
  }

  async get(id: string): Promise<TournamentRow | null> {
    const r = await this.sql.one('SELECT * FROM tournaments WHERE id = ?', [id]);
    return r ? toRow(r) : null;
  }

  async list(limit: number): Promise<TournamentRow[]> {
    return (await this.sql.all('SELECT * FROM tournaments ORDER BY created_at DESC LIMIT ?', [limit])).map(toRow);
  }

  async update(id: string, expected: number, data: TournamentRow['data'], at: number): Promise<boolean> {
    const n = await this.sql.run('UPDATE tournaments SET body = ?, name = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND revision = ?', [
      JSON.stringify(data),
      data.name,
      at,
      id,
      expected,
    ]);
    return n === 1;
  }

  async addGameVersion(v: GameVersionRow): Promise<void> {
    await this.sql.run(
      'INSERT INTO tournament_games (tournament_id, round_no, table_no, version, at, by_kind, by_name, source, reason, table_id, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [v.tournamentId, v.round, v.table, v.version, v.at, v.by.kind, v.by.name ?? null, v.source, v.reason ?? null, v.tableId ?? null, JSON.stringify(v.record)],
    );
  }

  async gameVersions(tournamentId: string): Promise<GameVersionRow[]> {
    return (await this.sql.all('SELECT * FROM tournament_games WHERE tournament_id = ? ORDER BY round_no, table_no, version', [tournamentId])).map(toVersion);
  }

  async bindTable(b: TableBinding): Promise<void> {
    await this.sql.run('INSERT INTO tournament_tables (table_id, tournament_id, round_no, table_no, mode, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      b.tableId,
      b.tournamentId,
      b.round,
      b.table,
      b.mode,
      b.createdAt,
    ]);
  }

  async bindings(tournamentId: string): Promise<TableBinding[]> {
    return (await this.sql.all('SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY created_at', [tournamentId])).map(toBinding);
  }

  async bindingOf(tableId: string): Promise<TableBinding | null> {
    const r = await this.sql.one('SELECT * FROM tournament_tables WHERE table_id = ?', [tableId]);
    return r ? toBinding(r) : null;
  }

  async stamps(limit: number): Promise<TournamentStamp[]> {
    const rows = await this.sql.all(
      'SELECT t.id, t.created_at, t.revision, COUNT(g.version) AS games FROM tournaments t LEFT JOIN tournament_games g ON g.tournament_id = t.id GROUP BY t.id, t.created_at, t.revision ORDER BY t.created_at DESC LIMIT ?',
      [limit],
    );
    return rows.map((r) => ({ id: str(r['id']), createdAt: num(r['created_at']), stamp: `${num(r['revision'])}/${num(r['games'])}` }));
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}

const opt = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));

function toRow(r: SqlRow): TournamentRow {
  return { id: str(r['id']), createdAt: num(r['created_at']), updatedAt: num(r['updated_at']), revision: num(r['revision']), tokenHash: str(r['token_hash']), data: JSON.parse(str(r['body'])) };
}

function toVersion(r: SqlRow): GameVersionRow {
  const name = opt(r['by_name']);
  const reason = opt(r['reason']);
  const tableId = opt(r['table_id']);
  const v: GameVersionRow = {
    tournamentId: str(r['tournament_id']),
    round: num(r['round_no']),
    table: num(r['table_no']),
    version: num(r['version']),
    at: num(r['at']),
    by: { kind: str(r['by_kind']) as GameVersionRow['by']['kind'], ...(name !== null ? { name } : {}) },
    source: str(r['source']) as GameVersionRow['source'],
    record: JSON.parse(str(r['record'])),
  };
  if (reason !== null) v.reason = reason;
  if (tableId !== null) v.tableId = tableId;
  return v;
}

function toBinding(r: SqlRow): TableBinding {
  return { tableId: str(r['table_id']), tournamentId: str(r['tournament_id']), round: num(r['round_no']), table: num(r['table_no']), mode: str(r['mode']) as TableBinding['mode'], createdAt: num(r['created_at']) };
}

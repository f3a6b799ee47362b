// In-memory tournament store (tests, `memory:` databases). Values are copied in and out so that
// callers can never change what is stored by holding a reference.
import type { GameVersionRow, TableBinding, TournamentRow, TournamentStamp, TournamentStore } from './tournament-store.js';

const copy = <T>(x: T): T => structuredClone(x);

export class MemoryTournamentStore implements TournamentStore {
  private rows = new Map<string, TournamentRow>();
  private versions = new Map<string, GameVersionRow[]>();
  private tables = new Map<string, TableBinding>();

  async create(row: TournamentRow): Promise<void> {
    if (this.rows.has(row.id)) throw new Error(`tournament ${row.id} exists`);
    this.rows.set(row.id, copy(row));
  }

  async get(id: string): Promise<TournamentRow | null> {
    const r = this.rows.get(id);
    return r ? copy(r) : null;
  }

  async list(limit: number): Promise<TournamentRow[]> {
    return [...this.rows.values()]
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map(copy);
  }

  async update(id: string, expected: number, data: TournamentRow['data'], at: number): Promise<boolean> {
    const r = this.rows.get(id);
    if (!r || r.revision !== expected) return false;
    this.rows.set(id, { ...r, data: copy(data), revision: expected + 1, updatedAt: at });
    return true;
  }

  async addGameVersion(row: GameVersionRow): Promise<void> {
    const list = this.versions.get(row.tournamentId) ?? [];
    if (list.some((v) => v.round === row.round && v.table === row.table && v.version === row.version)) throw new Error('version exists');
    list.push(copy(row));
    list.sort((a, b) => a.round - b.round || a.table - b.table || a.version - b.version);
    this.versions.set(row.tournamentId, list);
  }

  async gameVersions(tournamentId: string): Promise<GameVersionRow[]> {
    return (this.versions.get(tournamentId) ?? []).map(copy);
  }

  async bindTable(b: TableBinding): Promise<void> {
    this.tables.set(b.tableId, copy(b));
  }

  async bindings(tournamentId: string): Promise<TableBinding[]> {
    return [...this.tables.values()].filter((b) => b.tournamentId === tournamentId).sort((a, b) => a.createdAt - b.createdAt).map(copy);
  }

  async bindingOf(tableId: string): Promise<TableBinding | null> {
    const b = this.tables.get(tableId);
    return b ? copy(b) : null;
  }

  async stamps(limit: number): Promise<TournamentStamp[]> {
    return [...this.rows.values()]
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit)
      .map((r) => ({ id: r.id, createdAt: r.createdAt, stamp: `${r.revision}/${this.versions.get(r.id)?.length ?? 0}` }));
  }

  async close(): Promise<void> {}
}

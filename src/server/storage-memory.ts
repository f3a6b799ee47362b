// In-memory storage for tests: same contract as SQLite, nothing survives the process.
import type { CommandRow, Deadline, EditRow, Storage, TablePatch, TableRow } from './storage.js';

export class MemoryStorage implements Storage {
  private tables = new Map<string, TableRow>();
  private logs = new Map<string, CommandRow[]>();
  private editLog = new Map<string, EditRow[]>();

  async createTable(row: TableRow): Promise<void> {
    if (this.tables.has(row.id)) throw new Error(`table ${row.id} exists`);
    this.tables.set(row.id, structuredClone(row));
    this.logs.set(row.id, []);
  }

  async updateTable(id: string, patch: TablePatch): Promise<void> {
    const t = this.tables.get(id);
    if (!t) throw new Error(`no table ${id}`);
    Object.assign(t, structuredClone(patch));
  }

  async setDeadline(id: string, deadline: Deadline | null): Promise<void> {
    const t = this.tables.get(id);
    if (!t) throw new Error(`no table ${id}`);
    t.deadline = deadline ? { ...deadline } : null;
  }

  async getTable(id: string): Promise<TableRow | null> {
    const t = this.tables.get(id);
    return t ? structuredClone(t) : null;
  }

  async unfinishedTables(): Promise<TableRow[]> {
    return [...this.tables.values()].filter((t) => t.status !== 'finished').map((t) => structuredClone(t));
  }

  async finishedTables(limit: number): Promise<TableRow[]> {
    return [...this.tables.values()]
      .filter((t) => t.status === 'finished')
      .sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0))
      .slice(0, limit)
      .map((t) => structuredClone(t));
  }

  async appendCommand(tableId: string, row: CommandRow): Promise<void> {
    const log = this.logs.get(tableId);
    if (!log) throw new Error(`no table ${tableId}`);
    const last = log[log.length - 1];
    if (row.seq !== (last ? last.seq + 1 : 0)) throw new Error(`seq ${row.seq} out of order`);
    if (row.nonce !== null && log.some((c) => c.sender === row.sender && c.nonce === row.nonce)) throw new Error('duplicate nonce');
    log.push(structuredClone(row));
  }

  async commands(tableId: string): Promise<CommandRow[]> {
    return structuredClone(this.logs.get(tableId) ?? []);
  }

  async commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>> {
    const out = new Map<string, CommandRow[]>();
    for (const id of tableIds) out.set(id, await this.commands(id));
    return out;
  }

  async undoCommand(tableId: string, seq: number, edit: EditRow): Promise<void> {
    const log = this.logs.get(tableId);
    const last = log?.[log.length - 1];
    if (!log || !last || last.seq !== seq) throw new Error('undo: not the last command');
    log.pop();
    const e = this.editLog.get(tableId) ?? [];
    e.push(structuredClone(edit));
    this.editLog.set(tableId, e);
  }

  async edits(tableId: string): Promise<EditRow[]> {
    return structuredClone(this.editLog.get(tableId) ?? []);
  }

  async close(): Promise<void> {}
}

// In-memory storage (tests, `DATABASE_URL=memory:`): the same contract as SQLite
// (test/server/storage-contract.ts), nothing survives the process. Every call answers in a later
// turn, as a real database would, and hands out copies.
import { storageError, type LobbyCursor, type CommandRow, type Deadline, type EditRow, type Storage, type TablePatch, type TableRow } from './storage.js';

const LIVE = new Set(['lobby', 'playing']);

/** Whether `t` comes after `c` in the lobby's order (newest first, then by id). */
function beforeCursor(t: LobbyCursor, c: LobbyCursor): boolean {
  return t.createdAt < c.createdAt || (t.createdAt === c.createdAt && t.id < c.id);
}

export class MemoryStorage implements Storage {
  private tables = new Map<string, TableRow>();
  private logs = new Map<string, CommandRow[]>();
  private editLog = new Map<string, EditRow[]>();

  private async table(id: string): Promise<TableRow> {
    await Promise.resolve();
    const t = this.tables.get(id);
    if (!t) throw storageError('GOROD_NOT_FOUND', `no table ${id}`);
    return t;
  }

  async createTable(row: TableRow, commands: CommandRow[] = []): Promise<void> {
    await Promise.resolve();
    if (this.tables.has(row.id)) throw Object.assign(new Error(`table ${row.id} exists`), { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    const log: CommandRow[] = [];
    for (const c of commands) this.check(log, c);
    this.tables.set(row.id, structuredClone({ ...row, deadline: null }));
    this.logs.set(row.id, structuredClone(log));
  }

  async updateTable(id: string, patch: TablePatch): Promise<void> {
    Object.assign(await this.table(id), structuredClone(patch));
  }

  async setDeadline(id: string, deadline: Deadline | null): Promise<void> {
    (await this.table(id)).deadline = deadline ? { ...deadline } : null;
  }

  async getTable(id: string): Promise<TableRow | null> {
    await Promise.resolve();
    const t = this.tables.get(id);
    return t ? structuredClone(t) : null;
  }

  async unfinishedTables(): Promise<TableRow[]> {
    await Promise.resolve();
    return [...this.tables.values()]
      .filter((t) => LIVE.has(t.status))
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((t) => structuredClone(t));
  }

  async lobbyTables(limit: number, before?: LobbyCursor): Promise<TableRow[]> {
    await Promise.resolve();
    return [...this.tables.values()]
      .filter((t) => LIVE.has(t.status) && t.mode === 'online' && (!before || beforeCursor(t, before)))
      .sort((a, b) => (beforeCursor(a, b) ? 1 : -1))
      .slice(0, limit)
      .map((t) => structuredClone(t));
  }

  async finishedTables(limit: number, before = Number.MAX_SAFE_INTEGER): Promise<TableRow[]> {
    await Promise.resolve();
    return [...this.tables.values()]
      .filter((t) => t.status === 'finished' && (t.finishedAt ?? 0) < before)
      .sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0))
      .slice(0, limit)
      .map((t) => structuredClone(t));
  }

  /** The same refusals as the SQL constraints: seq in order, a sender's nonce once. */
  private check(log: CommandRow[], row: CommandRow): void {
    const last = log[log.length - 1];
    if (row.seq !== (last ? last.seq + 1 : 0)) throw storageError('GOROD_CONFLICT', `seq ${row.seq} out of order`);
    if (row.nonce !== null && log.some((c) => c.sender === row.sender && c.nonce === row.nonce)) throw Object.assign(new Error('duplicate nonce'), { code: 'SQLITE_CONSTRAINT_UNIQUE' });
    log.push(row);
  }

  async appendCommand(tableId: string, row: CommandRow): Promise<void> {
    await this.table(tableId);
    const log = this.logs.get(tableId)!;
    this.check(log, structuredClone(row));
  }

  async commands(tableId: string): Promise<CommandRow[]> {
    await Promise.resolve();
    return structuredClone(this.logs.get(tableId) ?? []);
  }

  async commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>> {
    const out = new Map<string, CommandRow[]>();
    for (const id of tableIds) out.set(id, await this.commands(id));
    return out;
  }

  async undoCommand(tableId: string, seq: number, edit: EditRow): Promise<void> {
    await this.table(tableId);
    const log = this.logs.get(tableId)!;
    const last = log[log.length - 1];
    if (!last || last.seq !== seq) throw storageError('GOROD_CONFLICT', 'undo: not the last command');
    log.pop();
    const e = this.editLog.get(tableId) ?? [];
    e.push(structuredClone(edit));
    this.editLog.set(tableId, e);
  }

  async edits(tableId: string): Promise<EditRow[]> {
    await Promise.resolve();
    return structuredClone(this.editLog.get(tableId) ?? []);
  }

  async close(): Promise<void> {}
}

// A Storage that fails on demand (tests): wraps a real one and rejects the operations a predicate
// picks, as a locked or full database would. Everything else goes through.
import type { LobbyCursor, CommandRow, Deadline, EditRow, Storage, TablePatch, TableRow } from '../../src/server/storage.js';

export type Op = keyof Storage;

export class FaultyStorage implements Storage {
  /** Which calls fail (null: none). */
  fail: ((op: Op, args: unknown[]) => boolean) | null = null;
  /** Which calls do their work and then fail anyway, as when the reply is lost with its connection. */
  lose: ((op: Op, args: unknown[]) => boolean) | null = null;
  /** How many calls failed so far. */
  failures = 0;

  constructor(private inner: Storage) {}

  private guard<T>(op: Op, args: unknown[], run: () => Promise<T>): Promise<T> {
    if (this.fail?.(op, args)) {
      this.failures++;
      return Promise.reject(Object.assign(new Error(`injected ${op} fault`), { code: 'SQLITE_FULL' }));
    }
    if (this.lose?.(op, args)) {
      this.failures++;
      return run().then(() => Promise.reject(Object.assign(new Error(`injected ${op} reply lost`), { code: 'ECONNRESET' })));
    }
    return run();
  }

  createTable(row: TableRow, commands?: CommandRow[]): Promise<void> {
    return this.guard('createTable', [row, commands], () => this.inner.createTable(row, commands));
  }
  updateTable(id: string, patch: TablePatch): Promise<void> {
    return this.guard('updateTable', [id, patch], () => this.inner.updateTable(id, patch));
  }
  setDeadline(id: string, deadline: Deadline | null): Promise<void> {
    return this.guard('setDeadline', [id, deadline], () => this.inner.setDeadline(id, deadline));
  }
  getTable(id: string): Promise<TableRow | null> {
    return this.guard('getTable', [id], () => this.inner.getTable(id));
  }
  unfinishedTables(): Promise<TableRow[]> {
    return this.guard('unfinishedTables', [], () => this.inner.unfinishedTables());
  }
  lobbyTables(limit: number, before?: LobbyCursor): Promise<TableRow[]> {
    return this.guard('lobbyTables', [limit, before], () => this.inner.lobbyTables(limit, before));
  }
  finishedTables(limit: number, before?: number): Promise<TableRow[]> {
    return this.guard('finishedTables', [limit, before], () => this.inner.finishedTables(limit, before));
  }
  appendCommand(tableId: string, row: CommandRow): Promise<void> {
    return this.guard('appendCommand', [tableId, row], () => this.inner.appendCommand(tableId, row));
  }
  commands(tableId: string): Promise<CommandRow[]> {
    return this.guard('commands', [tableId], () => this.inner.commands(tableId));
  }
  commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>> {
    return this.guard('commandsOf', [tableIds], () => this.inner.commandsOf(tableIds));
  }
  undoCommand(tableId: string, seq: number, edit: EditRow): Promise<void> {
    return this.guard('undoCommand', [tableId, seq, edit], () => this.inner.undoCommand(tableId, seq, edit));
  }
  edits(tableId: string): Promise<EditRow[]> {
    return this.guard('edits', [tableId], () => this.inner.edits(tableId));
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

// SQLite storage for the server: a worker thread owns the database (sqlite-worker.ts over
// sqlite-db.ts) and this class forwards each call to it. A locked, slow or full database then
// delays or fails the calls that need it, while the event loop goes on serving every table and
// the HTTP API. The queue to the worker is bounded: past `maxPending` calls in flight, a call
// fails at once (the command is not acknowledged and the client retries) instead of piling up.
// The calls of one event-loop turn travel in one message (and their answers in one back): a
// message costs a wake-up of the other thread, which costs more than the call.
import { Worker } from 'node:worker_threads';
import type { SqliteOptions } from './sqlite-db.js';
import { LAZY_MS, type LobbyCursor, type CommandRow, type Deadline, type EditRow, type Storage, type TablePatch, type TableRow } from './storage.js';

export interface SqliteStorageOptions extends SqliteOptions {
  /** Calls in flight to the worker before new ones are refused (default 10,000). */
  maxPending?: number;
  /** A commit starts at least this long after the one before (group commit under load; default 0). */
  commitGapMs?: number;
}

interface Waiter {
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string; code?: string } };
interface Request {
  id: number;
  op: string;
  args: unknown[];
}

const HERE = import.meta.url;

function failure(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

export class SqliteStorage implements Storage {
  private worker: Worker | null = null;
  private pending = new Map<number, Waiter>();
  private next = 0;
  private closing: Promise<void> | null = null;
  private readonly maxPending: number;
  /** Calls of this turn, sent together at its end. */
  private outbox: Request[] = [];

  constructor(
    private file: string,
    private opts: SqliteStorageOptions = {},
  ) {
    this.maxPending = opts.maxPending ?? 10_000;
    this.worker = this.spawn();
  }

  private spawn(): Worker {
    const data = { gorodSqlite: { file: this.file, opts: { sync: this.opts.sync, busyMs: this.opts.busyMs, commitGapMs: this.opts.commitGapMs } } };
    // From the TypeScript sources the worker needs its own tsx loader (sqlite-worker-boot.mjs).
    const w = HERE.endsWith('.ts')
      ? new Worker(new URL('./sqlite-worker-boot.mjs', HERE), { workerData: { ...data, entry: new URL('./sqlite-worker.ts', HERE).href } })
      : new Worker(new URL('./sqlite-worker.js', HERE), { workerData: data });
    w.unref();
    w.on('message', (replies: Reply[]) => {
      for (const r of replies) {
        const p = this.pending.get(r.id);
        if (!p) continue;
        this.pending.delete(r.id);
        if (r.ok) p.resolve(r.value);
        else p.reject(Object.assign(new Error(r.error.message), r.error.code ? { code: r.error.code } : {}));
      }
      // While closing, the worker stays referenced until it exits: close() awaits that exit, and a
      // script whose last await it is would otherwise end with an unsettled promise (exit code 13).
      if (this.pending.size === 0 && !this.closing) w.unref();
    });
    const dead = (why: string): void => {
      if (this.worker !== w) return;
      this.worker = null;
      // Whatever was in flight did not happen or is not known to have: fail it. The next call
      // starts a new worker (a table rebuilds from what is stored).
      const lost = [...this.pending.values()];
      this.pending.clear();
      // The batch not sent yet was for this worker (its calls are failed here): dropped, with its
      // timer, so that calls to the next worker start a batch of their own — else they would join
      // it and be dropped with it, never answered.
      this.dropOutbox();
      for (const p of lost) p.reject(failure(`storage worker stopped: ${why}`, 'GOROD_WORKER'));
    };
    w.on('error', (e) => dead(e.message));
    w.on('exit', (code) => dead(`exit ${code}`));
    return w;
  }

  private call<T>(op: string, ...args: unknown[]): Promise<T> {
    return this.callWith<T>(false, op, args);
  }

  private callWith<T>(lazy: boolean, op: string, args: unknown[]): Promise<T> {
    if (this.closing) return Promise.reject(failure('storage closed', 'GOROD_CLOSED'));
    if (this.pending.size >= this.maxPending) return Promise.reject(failure('storage queue full', 'GOROD_BUSY'));
    const w = (this.worker ??= this.spawn());
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (this.pending.size === 1) w.ref();
      this.post(w, { id, op, args }, lazy);
    });
  }

  /** The outbox leaves at the end of this turn (setImmediate), or for lazy calls alone within LAZY_MS. */
  private sendNow: NodeJS.Immediate | null = null;
  private sendLater: NodeJS.Timeout | null = null;
  /**
   * With a commit gap, an append waits for the gap since the last batch left before it leaves
   * too: the worker would hold its commit that long anyway, and the appends of several turns then
   * cost one message each way (a wake-up of each thread) instead of one per turn.
   */
  private sendHeld: NodeJS.Timeout | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;

  private dropOutbox(): void {
    if (this.sendNow) clearImmediate(this.sendNow);
    if (this.sendLater) clearTimeout(this.sendLater);
    if (this.sendHeld) clearTimeout(this.sendHeld);
    this.sendNow = null;
    this.sendLater = null;
    this.sendHeld = null;
    this.outbox = [];
  }

  private post(w: Worker, r: Request, lazy = false): void {
    this.outbox.push(r);
    if (this.sendNow) return;
    const send = (): void => {
      const batch = this.outbox;
      this.dropOutbox();
      this.lastSent = performance.now();
      // A worker that died meanwhile has failed these calls already (spawn's `dead`).
      if (this.worker === w) w.postMessage(batch);
    };
    if (lazy) {
      this.sendLater ??= setTimeout(send, LAZY_MS);
      return;
    }
    const gap = this.opts.commitGapMs ?? 0;
    const wait = gap > 0 && r.op === 'appendCommand' ? this.lastSent + gap - performance.now() : 0;
    if (wait > 0) this.sendHeld ??= setTimeout(send, wait);
    else this.sendNow = setImmediate(send);
  }

  createTable(row: TableRow, commands: CommandRow[] = []): Promise<void> {
    return this.call('createTable', row, commands);
  }
  updateTable(id: string, patch: TablePatch): Promise<void> {
    return this.call('updateTable', id, patch);
  }
  /**
   * Lazy: a stage's deadline (written after the command that changed the stage, and awaited by
   * no client) waits up to LAZY_MS for the next call to ride with, so that it shares that call's
   * commit and fsync instead of making its own; at W2p's pace that halved the commits, and a
   * command no longer waits behind another table's deadline-only commit (issue 19).
   */
  setDeadline(id: string, deadline: Deadline | null): Promise<void> {
    return this.callWith(true, 'setDeadline', [id, deadline]);
  }
  getTable(id: string): Promise<TableRow | null> {
    return this.call('getTable', id);
  }
  unfinishedTables(): Promise<TableRow[]> {
    return this.call('unfinishedTables');
  }
  lobbyTables(limit: number, before?: LobbyCursor): Promise<TableRow[]> {
    return this.call('lobbyTables', limit, before);
  }
  finishedTables(limit: number, before?: number): Promise<TableRow[]> {
    return this.call('finishedTables', limit, before);
  }
  appendCommand(tableId: string, row: CommandRow): Promise<void> {
    return this.call('appendCommand', tableId, row);
  }
  commands(tableId: string): Promise<CommandRow[]> {
    return this.call('commands', tableId);
  }
  commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>> {
    return this.call('commandsOf', tableIds);
  }
  undoCommand(tableId: string, seq: number, edit: EditRow): Promise<void> {
    return this.call('undoCommand', tableId, seq, edit);
  }
  edits(tableId: string): Promise<EditRow[]> {
    return this.call('edits', tableId);
  }

  /** journal_mode and synchronous of the connection (tests and diagnostics). */
  settings(): Promise<{ journalMode: string; synchronous: number }> {
    return this.call('settings');
  }

  /** Calls in flight to the worker. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Commits what was sent, closes the database and stops the worker. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      const w = this.worker;
      if (!w) return;
      const exited = new Promise<void>((res) => w.once('exit', () => res()));
      const id = ++this.next;
      const done = new Promise<void>((resolve, reject) => this.pending.set(id, { resolve: () => resolve(), reject }));
      w.ref();
      this.post(w, { id, op: 'close', args: [] });
      await done.catch(() => undefined);
      await exited;
    })();
    return this.closing;
  }
}

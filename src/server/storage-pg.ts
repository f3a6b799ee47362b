// PostgreSQL storage (DATABASE_URL=postgres://…): the same Storage contract as SQLite, for one
// database shared by many server processes. Client: `pg` (node-postgres) — see docs/scale-out.md.
// Writes to one table are chained (each waits for the one before), so a table's commands reach
// the log in the order the table issued them. The hot writes — command appends and timer
// deadlines — of all tables in one moment are committed together, one statement and one commit
// for the lot (group commit: pg-group-commit.ts); the rare ones (create, patch, undo) use the
// pool's connections side by side, each its own transaction. Every write to a table may carry its owner's fencing number (fenced()): the
// write locks the table's row, checks the number and fails with GOROD_FENCED when a newer
// owner has taken the table, so a process that lost its lease can never append a move.
import pg from 'pg';
import { PgGroupCommit, type GroupCommitOptions, type GroupCommitStats } from './pg-group-commit.js';
import { PG_MIGRATIONS } from './pg-migrations.js';
import { inTransaction, pgPool, runPgMigrations } from './pg-pool.js';
import { storageError, type LobbyCursor, type CommandRow, type Deadline, type EditRow, type Storage, type TablePatch, type TableRow } from './storage.js';

export interface PostgresStorageOptions {
  /** Connections in the pool (default 10). */
  poolSize?: number;
  /** Writes in flight before new ones are refused with GOROD_BUSY (default 10,000). */
  maxPending?: number;
  /** The process's shared pool (pg-pool.ts; the other stores use it too): then close() leaves it open. */
  pool?: pg.Pool;
  /** Group commit's batches in flight and rows per batch (pg-group-commit.ts). */
  groupCommit?: GroupCommitOptions;
}

const SELECT =
  'SELECT t.body AS body, d.stage_key AS stage_key, d.at AS at, d.left_ms AS left_ms, d.extended_ms AS extended_ms FROM game_tables t LEFT JOIN game_deadlines d ON d.table_id = t.id';
const LIVE = "t.status IN ('lobby', 'playing')";

interface TableDbRow {
  body: TableRow;
  stage_key: number | null;
  at: number | null;
  left_ms: number | null;
  extended_ms: number | null;
}
interface CommandDbRow {
  table_id: string;
  seq: number;
  sender: string;
  nonce: string | null;
  body: CommandRow['command'];
  at: number;
}

function tokensOf(row: Pick<TableRow, 'hostToken' | 'spectatorToken' | 'seats'>): string[] {
  return [row.hostToken, row.spectatorToken, ...row.seats.map((s) => s.token).filter((t): t is string => t !== null)];
}

export class PostgresStorage implements Storage {
  private pool: pg.Pool;
  private ready: Promise<void>;
  /** The last write of each table: the next one waits for it. */
  private chains = new Map<string, Promise<unknown>>();
  private pending = 0;
  private closing: Promise<void> | null = null;
  private readonly maxPending: number;
  private readonly ownPool: boolean;
  /** The appends and deadlines of a moment, committed together (pg-group-commit.ts). */
  private readonly group: PgGroupCommit;

  constructor(url: string, opts: PostgresStorageOptions = {}) {
    this.ownPool = !opts.pool;
    this.pool = opts.pool ?? pgPool(url, opts.poolSize ?? 10);
    this.maxPending = opts.maxPending ?? 10_000;
    this.ready = this.migrate();
    this.ready.catch(() => undefined);
    this.group = new PgGroupCommit(this.pool, () => this.ready, opts.groupCommit);
  }

  /** Runs the migrations not yet applied (pg-migrations.ts). */
  private migrate(): Promise<void> {
    return runPgMigrations(this.pool, 'gorod_migrations', PG_MIGRATIONS);
  }

  private async q<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    await this.ready;
    return this.pool.query<R>(sql, params);
  }

  private async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.ready;
    return inTransaction(this.pool, fn);
  }

  /**
   * A write to a table, after the table's write before it (issue order is log order). `fn` is
   * told whether a later write of the table waits behind it: a lazy deadline then goes at once
   * (and a write arriving behind a deadline already waiting sends it), so no command waits LAZY_MS.
   */
  private write<T>(tableId: string, fn: (followed: () => boolean) => Promise<T>, lazy = false): Promise<T> {
    if (this.closing) return Promise.reject(storageError2('storage closed', 'GOROD_CLOSED'));
    if (this.pending >= this.maxPending) return Promise.reject(storageError2('storage queue full', 'GOROD_BUSY'));
    this.pending++;
    const before = this.chains.get(tableId) ?? Promise.resolve();
    if (this.chains.has(tableId) && !lazy) this.group.hurry();
    const go = (): Promise<T> => fn(() => this.chains.get(tableId) !== tail);
    const p = before.then(go, go).finally(() => {
      this.pending--;
      if (this.chains.get(tableId) === tail) this.chains.delete(tableId);
    });
    const tail = p.catch(() => undefined);
    this.chains.set(tableId, tail);
    return p;
  }

  /**
   * Locks the table's row (FOR SHARE: a new owner's takeFence waits for this write to commit, and
   * this write waits for a new owner's takeFence and then sees its number) and checks the fence.
   */
  private async lockFence(c: pg.PoolClient, tableId: string, fence: number | undefined): Promise<void> {
    const r = await c.query<{ fence: number }>('SELECT fence FROM game_tables WHERE id = $1 FOR SHARE', [tableId]);
    if (!r.rows[0]) throw storageError('GOROD_NOT_FOUND', `no table ${tableId}`);
    if (fence !== undefined && r.rows[0].fence !== fence) throw storageError('GOROD_FENCED', `table ${tableId}: fence ${fence} is not ${r.rows[0].fence}`);
  }

  private async insertCommand(c: pg.PoolClient, tableId: string, row: CommandRow): Promise<void> {
    const r = await c.query(
      `INSERT INTO game_commands (table_id, seq, sender, nonce, body, at)
       SELECT $1, $2, $3, $4, $5, $6
       WHERE $2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM game_commands WHERE table_id = $1)`,
      [tableId, row.seq, row.sender, row.nonce, JSON.stringify(row.command), row.at],
    );
    if (r.rowCount === 0) throw storageError('GOROD_CONFLICT', `seq ${row.seq} out of order`);
  }

  createTable(row: TableRow, commands: CommandRow[] = []): Promise<void> {
    return this.write(row.id, () =>
      this.tx(async (c) => {
        await c.query('INSERT INTO game_tables (id, created_at, status, mode, finished_at, body) VALUES ($1, $2, $3, $4, $5, $6)', [
          row.id,
          row.createdAt,
          row.status,
          row.mode,
          row.finishedAt,
          JSON.stringify({ ...row, deadline: null }),
        ]);
        for (const cmd of commands) await this.insertCommand(c, row.id, cmd);
        await c.query('INSERT INTO game_tokens (token, table_id) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING', [tokensOf(row), row.id]);
      }),
    );
  }

  updateTable(id: string, patch: TablePatch, fence?: number): Promise<void> {
    return this.write(id, () =>
      this.tx(async (c) => {
        await this.lockFence(c, id, fence);
        // jsonb || merges the patch's keys over the row's, in the database.
        const r = await c.query<{ body: TableRow }>(
          `UPDATE game_tables SET body = body || $2::jsonb, status = COALESCE($3, status), finished_at = CASE WHEN $4::boolean THEN $5 ELSE finished_at END
           WHERE id = $1 RETURNING body`,
          [id, JSON.stringify({ ...patch, deadline: null }), patch.status ?? null, 'finishedAt' in patch, patch.finishedAt ?? null],
        );
        if (patch.seats && r.rows[0]) {
          // A relinked seat's old token stops opening the table.
          await c.query('DELETE FROM game_tokens WHERE table_id = $1', [id]);
          await c.query('INSERT INTO game_tokens (token, table_id) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING', [tokensOf(r.rows[0].body), id]);
        }
      }),
    );
  }

  /**
   * Group commit (pg-group-commit.ts): the deadline rides with the appends of this moment (or of
   * the next LAZY_MS), checking the table's fence in the same statement.
   */
  setDeadline(id: string, d: Deadline | null, fence?: number): Promise<void> {
    return this.write(id, (followed) => this.group.deadline(id, d, fence, !followed()), true);
  }

  /** Group commit: one statement with the other tables' appends of this moment, settled after its commit. */
  appendCommand(tableId: string, row: CommandRow, fence?: number): Promise<void> {
    return this.write(tableId, () => this.group.append(tableId, row, fence));
  }

  undoCommand(tableId: string, seq: number, edit: EditRow, fence?: number): Promise<void> {
    return this.write(tableId, () =>
      this.tx(async (c) => {
        await this.lockFence(c, tableId, fence);
        const last = (await c.query<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM game_commands WHERE table_id = $1', [tableId])).rows[0]!.seq;
        if (last !== seq) throw storageError('GOROD_CONFLICT', 'undo: not the last command');
        await c.query('DELETE FROM game_commands WHERE table_id = $1 AND seq = $2', [tableId, seq]);
        const meta = edit.nonce !== undefined || edit.undone ? JSON.stringify({ nonce: edit.nonce, undone: edit.undone }) : null;
        await c.query('INSERT INTO game_edits (table_id, at, kind, seq, body, meta) VALUES ($1, $2, $3, $4, $5, $6)', [
          tableId,
          edit.at,
          edit.kind,
          edit.seq,
          JSON.stringify(edit.command),
          meta,
        ]);
      }),
    );
  }

  async takeFence(tableId: string): Promise<number> {
    // The fencing numbers come from the database itself: they grow even if Redis (which holds
    // the leases) lost everything.
    const r = await this.q<{ fence: number }>('UPDATE game_tables SET fence = fence + 1 WHERE id = $1 RETURNING fence', [tableId]);
    if (!r.rows[0]) throw storageError('GOROD_NOT_FOUND', `no table ${tableId}`);
    return r.rows[0].fence;
  }

  fenced(tableId: string, fence: number): Storage {
    // Writes to this table carry the fence; everything else is this storage's.
    return Object.assign(Object.create(this) as PostgresStorage, {
      updateTable: (id: string, patch: TablePatch) => this.updateTable(id, patch, id === tableId ? fence : undefined),
      setDeadline: (id: string, d: Deadline | null) => this.setDeadline(id, d, id === tableId ? fence : undefined),
      appendCommand: (id: string, row: CommandRow) => this.appendCommand(id, row, id === tableId ? fence : undefined),
      undoCommand: (id: string, seq: number, edit: EditRow) => this.undoCommand(id, seq, edit, id === tableId ? fence : undefined),
    });
  }

  async tableOfToken(token: string): Promise<string | null> {
    const r = await this.q<{ table_id: string }>('SELECT table_id FROM game_tokens WHERE token = $1 LIMIT 1', [token]);
    return r.rows[0]?.table_id ?? null;
  }

  async getTable(id: string): Promise<TableRow | null> {
    const r = await this.q<TableDbRow>(`${SELECT} WHERE t.id = $1`, [id]);
    return r.rows[0] ? toTable(r.rows[0]) : null;
  }

  async unfinishedTables(): Promise<TableRow[]> {
    return (await this.q<TableDbRow>(`${SELECT} WHERE ${LIVE} ORDER BY t.created_at`)).rows.map(toTable);
  }

  async lobbyTables(limit: number, before?: LobbyCursor): Promise<TableRow[]> {
    // Ids compared byte by byte (COLLATE "C"), as the cursor is everywhere else.
    const at = before?.createdAt ?? Number.MAX_SAFE_INTEGER;
    const r = await this.q<TableDbRow>(
      `${SELECT} WHERE ${LIVE} AND t.mode = 'online' AND (t.created_at < $1 OR (t.created_at = $1 AND t.id COLLATE "C" < $2))
       ORDER BY t.created_at DESC, t.id COLLATE "C" DESC LIMIT $3`,
      [at, before?.id ?? '', limit],
    );
    return r.rows.map(toTable);
  }

  async finishedTables(limit: number, before?: number): Promise<TableRow[]> {
    const r = await this.q<TableDbRow>(`${SELECT} WHERE t.status = 'finished' AND t.finished_at < $1 ORDER BY t.finished_at DESC LIMIT $2`, [
      before ?? Number.MAX_SAFE_INTEGER,
      limit,
    ]);
    return r.rows.map(toTable);
  }

  async commands(tableId: string): Promise<CommandRow[]> {
    return (await this.q<CommandDbRow>('SELECT * FROM game_commands WHERE table_id = $1 ORDER BY seq', [tableId])).rows.map(toCommand);
  }

  async commandsOf(tableIds: string[]): Promise<Map<string, CommandRow[]>> {
    const out = new Map<string, CommandRow[]>();
    for (const id of tableIds) out.set(id, []);
    const r = await this.q<CommandDbRow>('SELECT * FROM game_commands WHERE table_id = ANY($1::text[]) ORDER BY table_id, seq', [tableIds]);
    for (const row of r.rows) out.get(row.table_id)?.push(toCommand(row));
    return out;
  }

  async edits(tableId: string): Promise<EditRow[]> {
    const r = await this.q<{ at: number; kind: 'undo'; seq: number; body: EditRow['command']; meta: Pick<EditRow, 'nonce' | 'undone'> | null }>(
      'SELECT * FROM game_edits WHERE table_id = $1 ORDER BY at, seq',
      [tableId],
    );
    return r.rows.map((row) => {
      const e: EditRow = { at: row.at, kind: row.kind, seq: row.seq, command: row.body };
      if (row.meta?.nonce !== undefined && row.meta.nonce !== null) e.nonce = row.meta.nonce;
      if (row.meta?.undone) e.undone = row.meta.undone;
      return e;
    });
  }

  /** Group commit's statements and the rows they carried so far (tests, benchmarks). */
  get commitStats(): GroupCommitStats {
    return { ...this.group.stats };
  }

  /** Waits for the writes issued so far, then closes the pool. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.group.hurry();
      await Promise.all([...this.chains.values()]);
      await this.ready.catch(() => undefined);
      if (this.ownPool) await this.pool.end();
    })();
    return this.closing;
  }
}

function storageError2(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

function toTable(r: TableDbRow): TableRow {
  const row = r.body;
  row.deadline = null;
  if (r.stage_key !== null && r.at !== null) {
    row.deadline = { key: r.stage_key, at: r.at };
    if (r.left_ms !== null) row.deadline.left = r.left_ms;
    if (r.extended_ms !== null) row.deadline.extended = r.extended_ms;
  }
  return row;
}

function toCommand(r: CommandDbRow): CommandRow {
  return { seq: r.seq, sender: r.sender, nonce: r.nonce, command: r.body, at: r.at };
}

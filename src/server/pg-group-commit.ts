// Group commit for PostgreSQL (issue 19): the command appends and timer deadlines that many
// tables issue in the same moment travel to the database as ONE statement — one round trip, one
// transaction, one WAL flush — instead of one each. A commit's fsync costs the same for one row as
// for a hundred, so at W2p's pace the commits per command fall with the number of tables that write
// together, as they do on SQLite (storage-sqlite.ts batches a turn's calls on its worker).
//
// Each caller's promise settles only after that commit (synchronous_commit stays on: an
// acknowledged command is on disk). The statement checks every row on its own: a table whose
// fence moved, whose seq is taken or out of order, or whose nonce was used, fails alone
// (INSERT … ON CONFLICT DO NOTHING, rows that did not land reported back), the others land.
// A connection lost mid-batch fails every caller of that batch with GOROD_UNAVAILABLE (whether
// it committed is unknown: the tables read their logs back, table.ts), and nothing acknowledged.
import pg from 'pg';
import { LAZY_MS, storageError, type CommandRow, type Deadline } from './storage.js';

interface Item {
  tableId: string;
  fence: number | undefined;
  /** An append, or a deadline (null: clear it). */
  append?: CommandRow;
  deadline?: Deadline | null;
  resolve(): void;
  reject(e: unknown): void;
}

export interface GroupCommitStats {
  /** Statements sent (each one round trip and one commit). */
  batches: number;
  /** Appends and deadlines they carried. */
  rows: number;
}

// One statement for the whole batch. `t` locks each table's row FOR SHARE (in id order: two
// batches never wait on each other in a cycle) — a new owner's takeFence waits for this commit, and
// this batch waits for its takeFence and then sees the new number — and yields its fence. A row
// lands only if its table exists and its fence matches; an append also only if its seq is the
// next (MAX + 1) and no unique key refuses it (ON CONFLICT DO NOTHING). The result names, per
// table, its fence and whether its append landed: what did not land is explained from that.
const BATCH = {
  name: 'gorod_group_commit',
  text: `WITH a AS (
  SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::jsonb[], $6::bigint[], $7::bigint[])
    AS a(table_id, seq, sender, nonce, body, at, fence)
), d AS (
  SELECT * FROM unnest($8::text[], $9::int[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::boolean[])
    AS d(table_id, stage_key, at, left_ms, extended_ms, fence, clear)
), t AS MATERIALIZED (
  SELECT id, fence FROM game_tables WHERE id = ANY($1::text[] || $8::text[]) ORDER BY id FOR SHARE
), ins AS (
  INSERT INTO game_commands (table_id, seq, sender, nonce, body, at)
  SELECT a.table_id, a.seq, a.sender, a.nonce, a.body, a.at FROM a JOIN t ON t.id = a.table_id
  WHERE (a.fence IS NULL OR a.fence = t.fence)
    AND a.seq = (SELECT COALESCE(MAX(c.seq) + 1, 0) FROM game_commands c WHERE c.table_id = a.table_id)
  ON CONFLICT DO NOTHING
  RETURNING table_id
), up AS (
  INSERT INTO game_deadlines (table_id, stage_key, at, left_ms, extended_ms)
  SELECT d.table_id, d.stage_key, d.at, d.left_ms, d.extended_ms FROM d JOIN t ON t.id = d.table_id
  WHERE NOT d.clear AND (d.fence IS NULL OR d.fence = t.fence)
  ON CONFLICT (table_id) DO UPDATE SET stage_key = excluded.stage_key, at = excluded.at, left_ms = excluded.left_ms, extended_ms = excluded.extended_ms
), del AS (
  DELETE FROM game_deadlines g USING d JOIN t ON t.id = d.table_id
  WHERE g.table_id = d.table_id AND d.clear AND (d.fence IS NULL OR d.fence = t.fence)
)
SELECT t.id, t.fence, EXISTS (SELECT 1 FROM ins WHERE ins.table_id = t.id) AS appended FROM t`,
};

/**
 * Whether the statement failed in the database and was rolled back as a whole (an ERROR with a
 * SQLSTATE that is not about the connection), so that its rows may be tried again one by one;
 * else (a cut connection, a terminated backend, a timeout) whether it committed is unknown.
 */
function rolledBack(e: unknown): boolean {
  if (!(e instanceof pg.DatabaseError) || e.severity !== 'ERROR' || typeof e.code !== 'string') return false;
  return !e.code.startsWith('08') && !e.code.startsWith('57');
}

export interface GroupCommitOptions {
  /** Batches in flight at once (default 2): while they commit, the next batch gathers. */
  inFlight?: number;
  /** Rows per batch at most (default 500). */
  maxRows?: number;
}

export class PgGroupCommit {
  private queue: Item[] = [];
  private running = 0;
  private now: NodeJS.Immediate | null = null;
  private later: NodeJS.Timeout | null = null;
  private readonly inFlight: number;
  private readonly maxRows: number;
  readonly stats: GroupCommitStats = { batches: 0, rows: 0 };

  constructor(
    private pool: pg.Pool,
    private ready: () => Promise<void>,
    opts: GroupCommitOptions = {},
  ) {
    this.inFlight = opts.inFlight ?? 2;
    this.maxRows = opts.maxRows ?? 500;
  }

  /** Commits `row` as the table's next command, with the others of this moment. */
  append(tableId: string, row: CommandRow, fence: number | undefined): Promise<void> {
    return this.add({ tableId, fence, append: row }, false);
  }

  /** `lazy`: waits up to LAZY_MS for an append to share its commit with (a deadline awaits no client). */
  deadline(tableId: string, d: Deadline | null, fence: number | undefined, lazy = true): Promise<void> {
    return this.add({ tableId, fence, deadline: d }, lazy);
  }

  /** Sends what waits at the end of this turn, the lazy items too (a write of theirs waits behind them). */
  hurry(): void {
    if (this.queue.length > 0) this.now ??= setImmediate(() => this.flush());
  }

  private add(item: Omit<Item, 'resolve' | 'reject'>, lazy: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ ...item, resolve, reject });
      if (!lazy) this.hurry();
      else this.later ??= setTimeout(() => this.flush(), LAZY_MS);
    });
  }

  private flush(): void {
    if (this.now) clearImmediate(this.now);
    if (this.later) clearTimeout(this.later);
    this.now = null;
    this.later = null;
    while (this.queue.length > 0 && this.running < this.inFlight) {
      // One item per table in a batch (a table's writes are chained, so there is one; this keeps
      // the statement right whatever calls it): the rest wait for the next batch.
      const batch: Item[] = [];
      const rest: Item[] = [];
      const seen = new Set<string>();
      for (const it of this.queue) {
        if (batch.length < this.maxRows && !seen.has(it.tableId)) {
          seen.add(it.tableId);
          batch.push(it);
        } else rest.push(it);
      }
      this.queue = rest;
      this.running++;
      void this.send(batch).finally(() => {
        this.running--;
        // What gathered meanwhile leaves now (the lazy items with it: a commit is going anyway).
        if (this.queue.length > 0) this.flush();
      });
    }
  }

  private async send(batch: Item[]): Promise<void> {
    try {
      await this.ready();
      this.stats.batches++;
      this.stats.rows += batch.length;
      const r = await this.pool.query<{ id: string; fence: number; appended: boolean }>({ ...BATCH, values: params(batch) });
      const tables = new Map(r.rows.map((row) => [row.id, row]));
      for (const it of batch) {
        const t = tables.get(it.tableId);
        if (!t) it.reject(storageError('GOROD_NOT_FOUND', `no table ${it.tableId}`));
        else if (it.fence !== undefined && t.fence !== it.fence) it.reject(storageError('GOROD_FENCED', `table ${it.tableId}: fence ${it.fence} is not ${t.fence}`));
        else if (it.append && !t.appended) it.reject(storageError('GOROD_CONFLICT', `table ${it.tableId}: seq ${it.append.seq} out of order, taken, or its nonce used`));
        else it.resolve();
      }
    } catch (e) {
      if (batch.length > 1 && rolledBack(e)) {
        // Nothing of it landed (a deadlock with another process, a row the database refused):
        // each row again on its own, so that one bad row fails only its own caller.
        await Promise.all(batch.map((it) => this.send([it])));
        return;
      }
      const err = rolledBack(e) ? e : storageError('GOROD_UNAVAILABLE', `storage unavailable: ${String(e)}`, e);
      for (const it of batch) it.reject(err);
    }
  }
}

function params(batch: Item[]): unknown[] {
  const a = batch.filter((it) => it.append);
  const d = batch.filter((it) => it.deadline !== undefined);
  return [
    a.map((it) => it.tableId),
    a.map((it) => it.append!.seq),
    a.map((it) => it.append!.sender),
    a.map((it) => it.append!.nonce),
    a.map((it) => JSON.stringify(it.append!.command)),
    a.map((it) => it.append!.at),
    a.map((it) => it.fence ?? null),
    d.map((it) => it.tableId),
    d.map((it) => it.deadline?.key ?? 0),
    d.map((it) => it.deadline?.at ?? 0),
    d.map((it) => it.deadline?.left ?? null),
    d.map((it) => it.deadline?.extended ?? null),
    d.map((it) => it.fence ?? null),
    d.map((it) => it.deadline === null),
  ];
}

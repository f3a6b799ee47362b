// The storage worker thread: owns the SQLite connection (sqlite-db.ts) and answers the main
// thread's requests (storage-sqlite.ts) in arrival order; requests come in batches and each
// flush answers in one message. Writes that arrive together share one
// transaction (group commit); when that transaction fails because of one write (a duplicate
// nonce, a stale seq), each write is tried on its own so that only the bad one fails; when it
// fails for the database (locked, full, I/O), every write of the group fails with it.
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { SqliteDb, type SqliteOptions } from './sqlite-db.js';
import { PERF, span, startPerfReport } from './perf-trace.js';
import { CHECKPOINT_MS } from './sqlite-checkpointer.js';

const HERE = import.meta.url;
/** With the checkpoints on their own thread, a commit checkpoints only past this many WAL pages (~64 MB). */
const BACKSTOP_PAGES = 16_384;

/** The checkpoint thread (sqlite-checkpointer.ts) for `file`; from the TypeScript sources through the tsx boot. */
function startCheckpointer(file: string, sync: 'normal' | 'full'): Worker {
  const data = { gorodCheckpoint: { file, everyMs: CHECKPOINT_MS, sync } };
  const w = HERE.endsWith('.ts')
    ? new Worker(new URL('./sqlite-worker-boot.mjs', HERE), { workerData: { ...data, entry: new URL('./sqlite-checkpointer.ts', HERE).href } })
    : new Worker(new URL('./sqlite-checkpointer.js', HERE), { workerData: data });
  w.unref();
  // A checkpointer that fails leaves the writer's backstop auto-checkpoint doing the work.
  w.on('error', () => undefined);
  return w;
}

const WRITES = new Set(['createTable', 'updateTable', 'setDeadline', 'appendCommand', 'undoCommand']);
const READS = new Set(['getTable', 'unfinishedTables', 'lobbyTables', 'finishedTables', 'commands', 'commandsOf', 'edits', 'settings']);

interface Request {
  id: number;
  op: string;
  args: unknown[];
}
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string; code?: string } };

/** A failure caused by the write itself, not by the database: the others of its group may commit. */
function ownFault(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code.startsWith('GOROD_'));
}

function failure(id: number, e: unknown): Reply {
  const code = (e as { code?: unknown }).code;
  return { id, ok: false, error: { message: e instanceof Error ? e.message : String(e), ...(typeof code === 'string' ? { code } : {}) } };
}

const data = workerData as { gorodSqlite?: { file: string; opts: SqliteOptions & { commitGapMs?: number } } } | null;
if (parentPort && data?.gorodSqlite) {
  const port = parentPort;
  const { file, opts } = data.gorodSqlite;
  const background = file !== ':memory:' && opts.walAutocheckpoint === undefined;
  const db = new SqliteDb(file, background ? { ...opts, walAutocheckpoint: BACKSTOP_PAGES } : opts);
  const checkpointer = background ? startCheckpointer(file, opts.sync ?? 'full') : null;
  startPerfReport('sqlite-worker');
  const call = (r: Request): unknown => {
    if (PERF) span(`op.${r.op}`, 0);
    return (db as unknown as Record<string, (...a: unknown[]) => unknown>)[r.op]!(...r.args);
  };
  let queue: Request[] = [];
  let closing: Request | null = null;
  let closed = false;
  let replies: Reply[] = [];
  // Group commit over time as well as per turn: a commit starts at least commitGapMs after the
  // one before started, so writes that come faster share one (PostgreSQL's commit_delay, but only
  // under load: a write after a quiet spell commits at once). With synchronous=FULL each commit's
  // fsync costs ~0.5 ms of CPU on this VM however few rows it holds; at W2p's pace most commits
  // held one or two commands (issue 19).
  const gapMs = Math.max(0, opts.commitGapMs ?? 0);
  let lastCommit = -Infinity;
  let timer: NodeJS.Timeout | null = null;
  const answer = (r: Reply): void => void replies.push(r);

  const commit = (group: Request[]): void => {
    if (group.length === 0) return;
    lastCommit = performance.now();
    try {
      const t0 = PERF ? performance.now() : 0;
      db.transaction(() => {
        for (const r of group) call(r);
      });
      if (PERF) {
        span('commit', performance.now() - t0);
        span('group', group.length);
      }
      for (const r of group) answer({ id: r.id, ok: true, value: undefined });
    } catch (e) {
      if (!ownFault(e)) {
        for (const r of group) answer(failure(r.id, e));
        return;
      }
      for (const r of group) {
        try {
          db.transaction(() => call(r));
          answer({ id: r.id, ok: true, value: undefined });
        } catch (e2) {
          answer(failure(r.id, e2));
        }
      }
    }
  };

  // Everything that arrived in one turn, in order: runs of writes are committed together, reads
  // see every write before them.
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (closed) return;
    const batch = queue;
    queue = [];
    let group: Request[] = [];
    for (const r of batch) {
      if (WRITES.has(r.op)) {
        group.push(r);
        continue;
      }
      commit(group);
      group = [];
      try {
        answer({ id: r.id, ok: true, value: call(r) });
      } catch (e) {
        answer(failure(r.id, e));
      }
    }
    commit(group);
    const out = replies;
    replies = [];
    if (out.length) port.postMessage(out);
    if (closing && queue.length === 0) {
      closed = true;
      void shutdown(closing);
    }
  };

  // The checkpointer closes first, so that this connection is the last one: its close checkpoints
  // the whole WAL and removes it.
  const shutdown = async (r: Request): Promise<void> => {
    if (checkpointer) {
      const exited = new Promise<void>((res) => checkpointer.once('exit', () => res()));
      checkpointer.postMessage('close');
      await Promise.race([exited, new Promise<void>((res) => setTimeout(res, 2000).unref())]);
    }
    db.close();
    port.postMessage([{ id: r.id, ok: true, value: undefined }]);
    port.close();
  };

  port.on('message', (batch: Request[]) => {
    const was = queue.length;
    let read = false;
    for (const r of batch) {
      if (r.op === 'close') closing = r;
      else if (!WRITES.has(r.op) && !READS.has(r.op)) answer(failure(r.id, new Error(`unknown storage op ${r.op}`)));
      else {
        queue.push(r);
        if (READS.has(r.op)) read = true;
      }
    }
    // Reads and the close do not wait for the gap; nor does a queue that waits already.
    const wait = read || closing ? 0 : lastCommit + gapMs - performance.now();
    if (wait > 0) {
      if (was === 0) timer = setTimeout(flush, wait);
    } else if (was === 0 || timer || closing) setImmediate(flush);
  });
}

// The WAL's checkpoints, off the write path (issue 19). SQLite's auto-checkpoint runs inside the
// commit that crosses 1,000 WAL pages: that commit copies the pages into the database and fsyncs
// it (synchronous=FULL), hundreds of ms on a busy disk, and every command waiting on the storage
// worker waits with it (W2p at 250 tables: append p99 ~400 ms every ~2 s). This thread holds its
// own connection and runs PASSIVE checkpoints on a timer: a PASSIVE checkpoint never blocks the
// writer (WAL lets a writer append while pages are copied), and the writer restarts the WAL from
// its start once a checkpoint has copied all of it. Durability is the writer's: a commit is
// acknowledged after its WAL fsync, whatever this thread does. Started by sqlite-worker.ts.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { PERF, span, startPerfReport } from './perf-trace.js';

/** How often a checkpoint runs (ms): at W2p's 1,000 tables the WAL stays under ~25 MB. */
export const CHECKPOINT_MS = 1000;
/** Passes in a row while commits keep landing during them. */
const MAX_PASSES = 8;

const data = workerData as { gorodCheckpoint?: { file: string; everyMs: number; sync: 'normal' | 'full' } } | null;
if (parentPort && data?.gorodCheckpoint) {
  const port = parentPort;
  const { file, everyMs, sync } = data.gorodCheckpoint;
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  // The checkpoint's fsyncs follow synchronous: FULL (the default) fsyncs the WAL before copying
  // it and the database after, so nothing is dropped from the WAL that the database does not hold.
  db.pragma(`synchronous = ${sync === 'normal' ? 'NORMAL' : 'FULL'}`);
  db.pragma('wal_autocheckpoint = 0');
  startPerfReport('sqlite-checkpointer');
  // The writer starts the WAL over (writes it from its first page again, in place) only when a
  // transaction begins with every frame copied. Commits that land during a pass leave frames
  // behind, and a WAL that is never quite caught up grows: each growth changes the file's size,
  // and a commit that must journal that waits on the filesystem (hundreds of ms on a busy disk).
  // So a pass that left frames behind is followed at once by another (each copies only what came
  // during the one before), a few times.
  const checkpoint = (): { log: number; checkpointed: number } => {
    const r = (db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[])[0];
    return r ?? { log: 0, checkpointed: 0 };
  };
  const timer = setInterval(() => {
    const t0 = PERF ? performance.now() : 0;
    try {
      let r = checkpoint();
      if (PERF) span('walFrames', r.log);
      for (let pass = 1; pass < MAX_PASSES && r.checkpointed < r.log; pass++) r = checkpoint();
      if (PERF) {
        span('checkpoint', performance.now() - t0);
        span('behind', r.log - r.checkpointed);
      }
    } catch {
      // A locked or failing checkpoint is tried again on the next tick; the writer's own
      // auto-checkpoint (sqlite-db.ts, at a far larger WAL) is the backstop.
    }
  }, everyMs);
  port.on('message', (m: unknown) => {
    if (m !== 'close') return;
    clearInterval(timer);
    db.close();
    port.close();
  });
}

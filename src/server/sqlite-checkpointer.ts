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

/** How often a checkpoint runs (ms): at W2p's rate the WAL then stays well under a megabyte. */
export const CHECKPOINT_MS = 250;

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
  const timer = setInterval(() => {
    const t0 = PERF ? performance.now() : 0;
    try {
      const r = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
      if (PERF && r[0] && r[0].checkpointed > 0) {
        span('checkpoint', performance.now() - t0);
        span('walFrames', r[0].log);
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

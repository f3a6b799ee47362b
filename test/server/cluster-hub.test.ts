// Many processes, at the hub (issue 19): two hubs on one fresh PostgreSQL database and a directory
// of leases they share (in memory here; Redis in production, cluster-directory.ts). A process
// runs a table only under a lease and a fencing number: when another process took the table while
// this one had not noticed (paused, cut off from Redis), this one stops running it at its first
// refused write, and a new table whose lease was lost before its fencing number is never run
// without one. Skipped, with the reason printed, when no PostgreSQL answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lease, TableDirectory } from '../../src/server/directory.js';
import { Hub } from '../../src/server/hub.js';
import { PostgresStorage } from '../../src/server/storage-pg.js';
import { freshDatabase, pgUnavailable, type TestDatabase } from '../support/pg.js';

const why = await pgUnavailable();
if (why) console.warn(`cluster-hub.test.ts skipped: ${why}`);

/** Leases in one map shared by the hubs' directories. */
class Leases {
  owners = new Map<string, string>();
  /** The next acquire of a lease its process holds already finds it gone to `nobody` (lost meanwhile). */
  stealOnReacquire = false;
}

class SharedDirectory implements TableDirectory {
  constructor(
    readonly self: string,
    private leases: Leases,
  ) {}
  async acquire(tableId: string): Promise<Lease | null> {
    const l = this.leases;
    const owner = l.owners.get(tableId);
    if (owner === this.self && l.stealOnReacquire) {
      l.owners.set(tableId, 'nobody');
      l.stealOnReacquire = false;
      return null;
    }
    if (owner !== undefined && owner !== this.self) return null;
    l.owners.set(tableId, this.self);
    return { tableId, fence: 0 };
  }
  async release(tableId: string): Promise<void> {
    if (this.leases.owners.get(tableId) === this.self) this.leases.owners.delete(tableId);
  }
  async ownerOf(tableId: string): Promise<string | null> {
    return this.leases.owners.get(tableId) ?? null;
  }
  holds(tableId: string): boolean {
    return this.leases.owners.get(tableId) === this.self;
  }
  onLost(): void {}
  async close(): Promise<void> {}
}

const log = { warn: () => undefined, error: () => undefined };
let db: TestDatabase;
const opened: { hub: Hub; storage: PostgresStorage }[] = [];

function hub(self: string, leases: Leases): Hub {
  const storage = new PostgresStorage(db.url, { poolSize: 2 });
  const h = new Hub({
    storage,
    timeScale: 0.01,
    finishedTtlMs: 60_000,
    log,
    unstartedTtlMs: 3600_000,
    judgeUnstartedTtlMs: 3600_000,
    extendMaxSeconds: 600,
    directory: new SharedDirectory(self, leases),
  });
  opened.push({ hub: h, storage });
  return h;
}

beforeAll(async () => {
  if (!why) db = await freshDatabase('gorod_cluster_hub');
});
afterAll(async () => {
  for (const o of opened) {
    o.hub.close();
    await o.storage.close();
  }
  await db?.drop();
});

describe.skipIf(why !== null)('a table runs only under its lease and fencing number', () => {
  it('a process whose table was taken over while it had not noticed stops running it at its first refused write', async () => {
    const leases = new Leases();
    const a = hub('a', leases);
    const b = hub('b', leases);
    const made = await a.create({ preset: 'classic', mode: 'online', autoStart: false });
    expect(a.tables.has(made.id)).toBe(true);
    // a's lease runs out unnoticed (a was paused); b's sweep takes the table with a newer fence.
    leases.owners.delete(made.id);
    expect(await b.sweep()).toBe(1);
    expect(leases.owners.get(made.id)).toBe('b');
    // a still believes it runs the table: its start is refused, and a lets the table go.
    expect(await a.tables.get(made.id)!.start()).toMatchObject({ code: 'storage' });
    expect(a.tables.has(made.id)).toBe(false);
    // b runs it.
    expect(await b.tables.get(made.id)!.start()).toBeNull();
    expect((await b.storage.getTable(made.id))!.status).toBe('playing');
  });

  it('a new table whose lease was lost before its fencing number is left to a sweep, never run without a fence', async () => {
    const leases = new Leases();
    const a = hub('a2', leases);
    const b = hub('b2', leases);
    // Once the table is stored, a asks again for its lease before taking a fencing number: gone.
    leases.stealOnReacquire = true;
    const made = await a.create({ preset: 'classic', mode: 'online', autoStart: false });
    expect(a.tables.has(made.id)).toBe(false);
    expect((await a.storage.getTable(made.id))!.status).toBe('lobby');
    // The lease holder went away; a sweep takes the table from the log, under a fence.
    leases.owners.delete(made.id);
    expect(await b.sweep()).toBeGreaterThanOrEqual(1);
    expect(await b.tables.get(made.id)!.start()).toBeNull();
  });
});

// Who is connected at a table, as its owner tells the other processes' lobbies (cluster-presence.ts):
// a table the owner lets go (finished and evicted, expired) leaves no one shown connected behind.
import { describe, expect, it } from 'vitest';
import type { Here, Presence } from './cluster-presence.js';
import { Hub } from './hub.js';
import { MemoryStorage } from './storage-memory.js';

/** The last thing written for each table. */
class Recorded implements Presence {
  last = new Map<string, Here>();
  set(tableId: string, here: Here): void {
    this.last.set(tableId, here);
  }
  async of(): Promise<Map<string, Here>> {
    return new Map();
  }
}

const log = { warn: () => undefined, error: () => undefined };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('presence of a table let go', () => {
  it('a finished table evicted while a player still watched its final view is shown with nobody connected', async () => {
    const presence = new Recorded();
    const hub = new Hub({ storage: new MemoryStorage(), timeScale: 0.001, finishedTtlMs: 50, log, unstartedTtlMs: 3600_000, judgeUnstartedTtlMs: 3600_000, extendMaxSeconds: 600, presence });
    try {
      const done = new Promise<void>((res) => hub.onFinished(() => res()));
      const made = await hub.create({ preset: 'classic', mode: 'online', bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], botPolicy: 'random', botDelayMs: 0, autoStart: true });
      const t = hub.tables.get(made.id)!;
      await done;
      // A player comes back to see the final view: the owner says seat 1 is connected.
      t.attach({ role: { kind: 'seat', seat: 1 }, viewer: { kind: 'seat', seat: 1 }, send: () => undefined });
      await sleep(5);
      expect(presence.last.get(made.id)).toEqual({ seats: [1], degraded: false });
      // Evicted: nobody is connected there any more, for every process's lobby.
      for (let i = 0; i < 100 && hub.tables.has(made.id); i++) await sleep(10);
      expect(hub.tables.has(made.id)).toBe(false);
      await sleep(5);
      expect(presence.last.get(made.id)).toEqual({ seats: [], degraded: false });
    } finally {
      hub.close();
    }
  });
});

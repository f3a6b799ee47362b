// Patch frames (docs/protocol.md): a client that asks for them (frames=patch) gets after each
// command only the view's fields that changed, and its legal commands when they changed. Folded,
// they must give exactly what a client of whole views holds at every step — and carry nothing
// but view() (R18, the canary scan). Each seat and the spectator here hold both kinds of socket on
// one token, so the two forms of one frame (viewers.ts) are compared side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, GameView, Viewer } from '../../src/engine/index.js';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { loadExample } from '../support/examples.js';
import { scanFrames } from './canary.js';
import { Client, createTable, joinAll, settle } from './helpers.js';

const rec = loadExample('classic-black-win.json') as unknown as { players: string[]; deal: string[]; commands: Command[] };

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, fixedDeals: true, hostClock: true });
});
afterAll(async () => {
  await server.close();
});

const withoutLog = (v: GameView | null): Omit<GameView, 'log'> | null => {
  if (!v) return null;
  const { log: _log, ...rest } = v;
  return rest;
};

describe('R18 patch frames', () => {
  it('folded, they hold what whole views hold after every command, and pass the canary scan', async () => {
    const t = await createTable(server.url, { preset: 'classic', names: rec.players, deal: rec.deal, options: { nightEnds: 'allActed' }, clock: { auto: false } });
    const table = server.hub.tables.get(t.id)!;
    const whole = await joinAll(server.url, t);
    const patched = await joinAll(server.url, t, { patches: true });
    const all = [...whole.all, ...patched.all];
    await settle(table, all);
    const pairs: [Client, Client, Viewer][] = [
      [whole.spectator, patched.spectator, { kind: 'public' }],
      ...whole.seats.map((c, i): [Client, Client, Viewer] => [c, patched.seats[i]!, { kind: 'seat', seat: i + 1 }]),
    ];
    const compare = (step: string): void => {
      for (const [w, p] of pairs) {
        expect(withoutLog(p.view), `${p.name} ${step}`).toEqual(withoutLog(w.view));
        expect(p.legal, `${p.name} ${step}`).toEqual(w.legal);
        expect(p.lastEvent, `${p.name} ${step}`).toBe(w.lastEvent);
        expect([...p.events.values()], `${p.name} ${step}`).toEqual([...w.events.values()]);
      }
    };
    compare('at the start');
    for (const [i, c] of rec.commands.entries()) {
      const { by, ...rest } = c as Command & { by: number | string };
      const who = typeof by === 'number' ? patched.seats[by - 1]! : patched.host;
      const r = await who.command(rest);
      expect(r.type, `${JSON.stringify(c)}: ${JSON.stringify(r)}`).toBe('ack');
      await settle(table, all);
      compare(`after command ${i}`);
    }
    for (const c of all) await c.wait((f) => f.type === 'final');
    compare('at the end');

    const state = table.state;
    for (const [w, p, v] of pairs) {
      const patches = p.frames.filter((f) => f.type === 'events' && f['patch']);
      expect(patches.length, p.name).toBeGreaterThan(0);
      // Every events frame after the welcome is a patch: each socket holds the version patched.
      expect(p.frames.filter((f) => f.type === 'events' && f['view']), p.name).toEqual([]);
      expect(patches.every((f) => !('options' in (f['patch'] as object))), p.name).toBe(true);
      const bytes = (c: Client): number => c.raw.reduce((a, r) => a + r.length, 0);
      expect(bytes(p), p.name).toBeLessThan(bytes(w));
      const secrets = { strings: [t.hostToken, t.spectatorToken, ...t.seats.map((s) => s.token!)] };
      expect(scanFrames(p.raw, p.frames, v, secrets, state), p.name).toEqual([]);
    }
    for (const c of all) await c.close();
  }, 60_000);
});

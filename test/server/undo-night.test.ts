// R18 and the judge's undo (issue 12, item 6): taking back a hidden night action tells only those
// who could see it. A civilian and the table's display receive nothing — not a resync, not a
// frame — while the black team, who saw the shot, get a resync without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { Client, createTable, settle, sleep } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, limits: { ws: { socket: { burst: 1000, perSecond: 1000 }, credential: { burst: 1000, perSecond: 1000 } } } });
});
afterAll(async () => server.close());

const DEAL = ['civilian', 'mafia', 'civilian', 'sheriff', 'civilian', 'don', 'civilian', 'mafia', 'civilian', 'civilian'];

describe('the judge undoes a hidden night action (R18)', () => {
  it('only the viewers who saw the undone event notice the undo', async () => {
    const t = await createTable(server.url, { preset: 'classic', mode: 'judge', deal: DEAL });
    const table = server.hub.tables.get(t.id)!;
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    const civilian = await Client.open(server.url, t.seats[0]!.token!, 'seat1');
    const mafia = await Client.open(server.url, t.seats[1]!.token!, 'seat2');
    const display = await Client.open(server.url, t.spectatorToken, 'display');
    const all = [judge, civilian, mafia, display];
    for (const c of all) await c.wait((f) => f.type === 'welcome');
    const started = judge.waitNew((f) => f.type === 'table');
    judge.send({ type: 'start' });
    await started;
    const must = async (command: Record<string, unknown>): Promise<void> => {
      expect(await judge.command(command), JSON.stringify(command)).toMatchObject({ type: 'ack' });
      await settle(table, all);
    };
    // The introduction night, a silent day 1, and night 2 begins.
    await must({ do: 'endNight', by: 'clock' });
    while (table.state.phase === 'day') await must({ do: 'endSpeech', by: (table.state.stage as { seat: number }).seat });
    expect(table.state.stage).toMatchObject({ kind: 'night', intro: false });
    // The black team shoots: the mafia at seat 2 sees it, the civilian and the display do not.
    await must({ do: 'shoot', by: 2, target: 5 });
    await sleep(100);
    const mark = { civilian: civilian.raw.length, display: display.raw.length, mafia: mafia.raw.length };
    const resync = mafia.waitNew((f) => f.type === 'resync');
    const acked = judge.waitNew((f) => f.type === 'ack' && f['nonce'] === 'u1');
    judge.send({ type: 'undo', nonce: 'u1' });
    await acked;
    expect((await resync)['reason']).toBe('undo');
    await sleep(200);
    // Nothing at all reached the civilian or the display.
    expect(civilian.raw.slice(mark.civilian)).toEqual([]);
    expect(display.raw.slice(mark.display)).toEqual([]);
    expect(mafia.raw.length).toBeGreaterThan(mark.mafia);
    // A civilian reconnecting with its last event resumes without a resync either.
    const again = await Client.open(server.url, t.seats[0]!.token!, 'seat1b', { lastEvent: civilian.lastEvent });
    await again.wait((f) => f.type === 'welcome');
    await sleep(100);
    expect(again.frames.map((f) => f.type)).not.toContain('resync');
    // The night goes on: the shot entered again reaches those who may see it.
    await must({ do: 'shoot', by: 2, target: 7 });
    for (const c of [...all, again]) await c.close();
  });
});

// Slow clients (issue 12, item 4): a socket that never reads its frames is dropped once too much
// waits for it, so the server's memory stays bounded whatever clients do; it reconnects and
// resumes from its last event. The table and its other sockets play on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { Client, sleep, type Created } from './helpers.js';

const MAX_BUFFERED = 256 * 1024;
const FAST = { burst: 100_000, perSecond: 100_000 };
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    storage: new MemoryStorage(),
    logLevel: false,
    webDir: null,
    limits: { ws: { maxBufferedBytes: MAX_BUFFERED, socket: FAST, credential: FAST, address: FAST } },
  });
});
afterAll(async () => server.close());

/** A judge game imported with long speeches: every full view carries about 50 KB of log. */
function longGame(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{ do: 'endNight', by: 'clock' }];
  for (let seat = 1; seat <= 10; seat++) {
    for (let k = 0; k < 5; k++) out.push({ do: 'say', by: seat, text: `${seat}:${k} ` + 'слово '.repeat(160) });
    out.push({ do: 'endSpeech', by: seat });
  }
  return out;
}

describe('a client that does not read', () => {
  it('is dropped before the server holds more than the limit for it; the others play on; it resumes on reconnect', async () => {
    const deal = ['civilian', 'mafia', 'civilian', 'sheriff', 'civilian', 'don', 'civilian', 'mafia', 'civilian', 'civilian'];
    // Made in-process: the game is larger than a request body may be.
    const t = (await server.hub.create({ preset: 'classic', mode: 'judge', deal, commands: longGame() } as Parameters<typeof server.hub.create>[0])) as Created;
    const judge = await Client.open(server.url, t.hostToken, 'judge');
    const slow = await Client.open(server.url, t.spectatorToken, 'slow');
    const fine = await Client.open(server.url, t.spectatorToken, 'fine');
    for (const c of [judge, slow, fine]) await c.wait((f) => f.type === 'welcome');
    const last = slow.lastEvent;
    // The slow client stops reading and asks for the whole log again and again (each answer
    // about 50 KB): without a bound the server would queue it all.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let i = 0; i < 600 && !slow.closed; i++) {
      slow.send({ type: 'resume', lastEvent: -1 });
      if (i % 50 === 49) await sleep(20);
    }
    // Its socket is cut (no close frame: it would only queue behind the rest).
    const deadline = Date.now() + 10_000;
    while (!slow.closed && Date.now() < deadline) await sleep(50);
    expect(slow.closed?.code).toBe(1006);
    // The table and its other sockets go on.
    expect(await judge.command({ do: 'foul', target: 3, reason: 'шум' })).toMatchObject({ type: 'ack' });
    await fine.waitEvent(slow.lastEvent + 1);
    // Reconnecting with its last event, it gets what it missed.
    const back = await Client.open(server.url, t.spectatorToken, 'back', { lastEvent: last });
    await back.wait((f) => f.type === 'welcome');
    await back.waitEvent(fine.lastEvent);
    for (const c of [judge, fine, back]) await c.close();
  });
});

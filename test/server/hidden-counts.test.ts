// R18 R13: nobody learns from the server that hidden events happened — not from an event number,
// a frame, or an acknowledgement. Two tables play the same game except that on night 2 the don
// checks at one of them and not at the other: a civilian and a spectator get byte-identical frames.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '../../src/engine/index.js';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { createTable, joinAll, settle, type Client } from './helpers.js';

const rec = JSON.parse(readFileSync(new URL('../../examples/records/classic-black-win.json', import.meta.url), 'utf8')) as {
  players: string[];
  deal: string[];
  commands: Command[];
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, fixedDeals: true, hostClock: true });
});
afterAll(async () => {
  await server.close();
});

/** Plays the record's commands through the seats' own sockets (the host's for the clock). */
async function playTable(night2: Command[], patches: boolean): Promise<{ civilian: Client; spectator: Client; nightFrames: number }> {
  const t = await createTable(server.url, { preset: 'classic', names: rec.players, deal: rec.deal, options: { nightEnds: 'allActed' }, clock: { auto: false } });
  const table = server.hub.tables.get(t.id)!;
  const { host, spectator, seats, all } = await joinAll(server.url, t, { patches });
  await settle(table, all);
  const civilian = seats[2]!; // seat 3: a civilian alive until night 3
  const send = async (c: Command): Promise<void> => {
    const { by, ...rest } = c as Command & { by: number | string };
    const who = typeof by === 'number' ? seats[by - 1]! : host;
    const r = await who.command(rest);
    expect(r.type, `${JSON.stringify(c)}: ${JSON.stringify(r)}`).toBe('ack');
    await settle(table, all);
  };
  const shots = 26; // up to night 2's three shots at seat 2
  for (const c of rec.commands.slice(0, 23)) await send(c);
  const before = civilian.frames.length;
  for (const c of [...rec.commands.slice(23, shots), ...night2]) await send(c);
  const nightFrames = civilian.frames.length - before;
  await send({ by: 'clock', do: 'endNight' } as Command);
  for (const c of rec.commands.slice(28)) await send(c);
  await civilian.wait((f) => f.type === 'final');
  await spectator.wait((f) => f.type === 'final');
  for (const c of all) await c.close();
  return { civilian, spectator, nightFrames };
}

/** Frames a viewer got, without the connection notices (who is online), which differ by timing. */
function content(c: Client): string[] {
  return c.raw
    .filter((r) => !r.startsWith('{"type":"table"'))
    .map((r) =>
      r
        .replace(/"nonce":"[^"]*"/, '')
        .replace(/t[0-9a-f]{16}/g, 'TABLE')
        .replace(/"commitment":"[0-9a-f]{64}"/, '')
        .replace(/"createdAt":\d+/, '')
        .replace(/"connected":(true|false)/g, ''),
    );
}

describe('R18 hidden events leave no trace for those who may not see them', () => {
  // Whole views (older clients) and patch frames (docs/protocol.md): neither may differ.
  it.each([['whole views', false], ['patch frames', true]] as const)('a civilian and a spectator receive byte-identical frames whether or not the don checked (%s)', async (_name, patches) => {
    const busy = await playTable([rec.commands[26]!], patches); // the don checks seat 2
    const quiet = await playTable([], patches);
    expect(busy.nightFrames).toBe(0); // three shots and a check: not one frame to a civilian
    expect(content(busy.civilian)).toEqual(content(quiet.civilian));
    expect(content(busy.spectator)).toEqual(content(quiet.spectator));
    expect(busy.civilian.lastEvent).toBe(quiet.civilian.lastEvent);
  });
});

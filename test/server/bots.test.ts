// Bot seats play through the same command path as players, with policies from src/bots by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../src/engine/index.js';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { Client, createTable, getJson } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, timeScale: 0.01 });
});
afterAll(async () => server.close());

describe('bots', () => {
  it.each(['random', 'club'])('a table of %s bots plays to the end; a spectator watches', async (policy) => {
    const t = await createTable(server.url, { preset: 'classic', bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], botPolicy: policy, botDelayMs: 0 });
    const spectator = await Client.open(server.url, t.spectatorToken, 'spectator');
    const fin = await spectator.wait((f) => f.type === 'final', 60_000);
    expect((fin['view'] as { finished: boolean }).finished).toBe(true);
    const rec = await getJson(server.url, `/api/games/${t.id}/record`);
    const r = replay(rec.body);
    expect(r.ok && r.value.rejected.length === 0 && r.value.state.finished).toBe(true);
    await spectator.close();
  });
  it('an unknown policy is refused at creation', async () => {
    const r = await fetch(`${server.url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ preset: 'classic', bots: [1], botPolicy: 'nope' }) });
    expect(r.status).toBe(400);
  });
});

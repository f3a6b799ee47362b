// A client that resets its connection in the middle of the WebSocket upgrade (refused or not)
// must not take the server down: the socket's error is the client's, not the process's.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { createTable, sleep } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, limits: { ws: { connectionsPerAddress: 5 } } });
});
afterAll(async () => server.close());

function upgradeThenReset(path: string, extra = ''): Promise<void> {
  return new Promise((resolve) => {
    const s = net.connect(server.port, '127.0.0.1', () => {
      s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`);
      setImmediate(() => s.resetAndDestroy());
    });
    s.on('error', () => undefined);
    s.on('close', () => resolve());
  });
}

describe('an upgrade reset by the client', () => {
  it('refused (404, 403, 429) or accepted, then reset: the server goes on serving', async () => {
    const t = await createTable(server.url, { preset: 'classic', autoStart: false });
    for (let i = 0; i < 60; i++) {
      await Promise.all([
        upgradeThenReset('/nope'),
        upgradeThenReset('/ws', 'Origin: http://evil.example\r\n'),
        ...Array.from({ length: 8 }, () => upgradeThenReset(`/ws?token=${t.spectatorToken}`)),
      ]);
    }
    await sleep(100);
    const r = await fetch(`${server.url}/api/tables`);
    expect(r.status).toBe(200);
  });
});

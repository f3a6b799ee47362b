// The rest of issue 12 (item 8), in-process: security headers, the Host allow-list against DNS
// rebinding, and names and texts normalised (NFC) with control, bidi and zero-width characters
// refused. Tokens in logs and the graceful shutdown are in lifecycle.test.ts (a server process).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { Client, createTable } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, allowedHosts: ['mafia.example.org', '*.club.example'] });
});
afterAll(async () => server.close());

/** A GET with a Host header of our choosing (fetch does not let one set it). */
function get(path: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((res, rej) => {
    const u = new URL(server.url);
    const req = request({ host: u.hostname, port: u.port, path, headers: { host } }, (r) => {
      let body = '';
      r.on('data', (d: Buffer) => (body += d.toString()));
      r.on('end', () => res({ status: r.statusCode ?? 0, headers: r.headers, body }));
    });
    req.on('error', rej);
    req.end();
  });
}

function upgrade(host: string): Promise<number> {
  return new Promise((res) => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { host } });
    ws.on('unexpected-response', (_req, r) => res(r.statusCode ?? 0));
    ws.on('open', () => {
      res(101);
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

describe('security headers', () => {
  it('a strict content security policy, no framing, no sniffing, no referrer (seat tokens travel in links)', async () => {
    for (const path of ['/api/health', '/api/tables', '/no-such-page']) {
      const r = await get(path, `127.0.0.1:${server.port}`);
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('the Host allow-list (DNS rebinding)', () => {
  it('answers IP addresses, localhost and the listed names; refuses any other name, over HTTP and WebSocket', async () => {
    const port = server.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'mafia.example.org', `a.club.example:${port}`]) {
      expect((await get('/api/health', host)).status, host).toBe(200);
      expect(await upgrade(host), host).toBe(101);
    }
    for (const host of [`evil.example:${port}`, 'mafia.example.org.evil.example', 'club.example.evil', 'xclub.example']) {
      const r = await get('/api/health', host);
      expect(r.status, host).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ code: 'badHost', message: { ru: expect.any(String), en: expect.any(String) } });
      expect(await upgrade(host), host).toBe(403);
    }
  });
});

describe('names and texts', () => {
  const forbidden = ['\u202e', '\u2066', '\u200b', '\u200d', '\ufeff', '\u0007', '\u0000', '\u2028', '\u061c', '\u200f'];

  it('nicknames are normalised to NFC; control, bidi and zero-width characters are refused (badText)', async () => {
    const decomposed = 'Йожик'.normalize('NFD');
    const t = await createTable(server.url, { preset: 'classic', names: [decomposed], open: true, reserve: [1] });
    const info = (await (await fetch(`${server.url}/api/tables/${t.id}`)).json()) as { seats: { name: string }[] };
    expect(info.seats[0]!.name).toBe('Йожик'.normalize('NFC'));
    for (const ch of forbidden) {
      const name = `Аня${ch}Боря`;
      expect(await post('/api/tables', { preset: 'classic', names: [name] }), JSON.stringify(ch)).toMatchObject({ status: 400, body: { code: 'badText', message: { ru: expect.any(String), en: expect.any(String) } } });
      expect((await post(`/api/tables/${t.id}/claim`, { nickname: name })).body['code']).toBe('badText');
      expect((await post(`/api/tables/${t.id}/seats/1/name`, { token: t.hostToken, nickname: name })).body['code']).toBe('badText');
    }
    // One line: no line break in a name.
    expect((await post(`/api/tables/${t.id}/claim`, { nickname: 'Аня\nБоря' })).body['code']).toBe('badText');
    expect((await post(`/api/tables/${t.id}/claim`, { nickname: 'Аня Боря' })).status).toBe(200);
  });

  it('a speech may hold line breaks, never a forbidden character; nothing is applied when refused', async () => {
    const t = await createTable(server.url, { preset: 'classic', options: { nightEnds: 'allActed' }, clock: { introNightSeconds: 0 } });
    const seats: Client[] = [];
    for (const s of t.seats) seats.push(await Client.open(server.url, s.token!, `seat${s.seat}`));
    await seats[0]!.waitNew(() => seats[0]!.view?.phase === 'day');
    const table = server.hub.tables.get(t.id)!;
    const before = table.state.log.length;
    for (const ch of forbidden.slice(0, 6)) expect(await seats[0]!.command({ do: 'say', text: `я мирный${ch}` })).toMatchObject({ type: 'error', code: 'badText' });
    expect(table.state.log.length).toBe(before);
    expect(await seats[0]!.command({ do: 'say', text: 'я мирный.\nголосую за 4' })).toMatchObject({ type: 'ack' });
    for (const c of seats) await c.close();
  });
});

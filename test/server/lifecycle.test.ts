// A server process (issue 12, item 8): no token ever reaches its logs, even at debug level; on
// SIGTERM it stops taking connections and commands, answers and stores every command already
// queued, closes the sockets with 1012 (reconnect) and exits cleanly.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, createTable, type Frame } from './helpers.js';
import { activate, freePort, kill9, spawnStandby, type Proc } from './process.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-life-'));
let server: Proc | null = null;
afterAll(async () => {
  if (server) await kill9(server);
  rmSync(dir, { recursive: true, force: true });
});

async function post(base: string, path: string, body: unknown): Promise<number> {
  return (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
}

describe('a server process', () => {
  it('logs no token at debug level, and stops gracefully on SIGTERM', async () => {
    const db = join(dir, 'db.sqlite');
    const child = spawnStandby(await freePort(), db, { LOG_LEVEL: 'debug' });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    server = await activate(child);
    const url = server.url;
    const t = await createTable(url, { preset: 'classic', mode: 'judge', names: ['Аня'] });
    const open = await createTable(url, { preset: 'classic', open: true });
    const secrets = [t.hostToken, t.spectatorToken, ...t.seats.map((s) => s.token!), open.hostToken];
    // Tokens in URLs (the web app's links, the WebSocket), in bodies, and refused ones.
    await fetch(`${url}/play/${t.id}?token=${t.seats[1]!.token}&seat=2`);
    await fetch(`${url}/display/${t.id}?token=${t.spectatorToken}`);
    expect(await post(url, `/api/tables/${t.id}/seats/1/name`, { token: t.seats[0]!.token, nickname: 'Борис' })).toBe(200);
    expect(await post(url, `/api/tables/${t.id}/judge/record`, { token: t.seats[2]!.token })).toBe(403);
    const claimed = await (await fetch(`${url}/api/tables/${open.id}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nickname":"Гость"}' })).json();
    secrets.push((claimed as { token: string }).token);
    const viaHello = await Client.open(url, null, 'hello');
    viaHello.send({ type: 'hello', token: t.seats[3]!.token });
    await viaHello.wait((f) => f.type === 'welcome');
    const stranger = await Client.open(url, '0123456789abcdef0123456789abcdef', 'stranger');
    await stranger.wait((f) => f.type === 'error');

    const judge = await Client.open(url, t.hostToken, 'judge');
    await judge.wait((f) => f.type === 'welcome');
    const started = judge.waitNew((f) => f.type === 'table');
    judge.send({ type: 'start' });
    await started;

    // Commands on their way, then SIGTERM: each gets its answer before the socket closes with
    // 1012, and what was acknowledged is stored.
    const answers: Promise<Frame>[] = [];
    const nonces = ['c1', 'c2', 'c3', 'c4', 'c5'];
    const cmds = [{ do: 'endNight', by: 'clock' }, ...[1, 2, 3, 4].map((seat) => ({ do: 'endSpeech', by: seat }))];
    cmds.forEach((c, i) => answers.push(judge.command(c, nonces[i])));
    const closed = new Promise<number>((res) => judge.ws.once('close', (code) => res(code)));
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    child.kill('SIGTERM');
    const got = await Promise.all(answers);
    for (const a of got) expect(a.type === 'ack' || (a.type === 'error' && a['code'] === 'shuttingDown'), JSON.stringify(a)).toBe(true);
    expect(await closed).toBe(1012);
    expect(await exited).toBe(0);
    server = null;
    const sql = new Database(db, { readonly: true });
    const stored = (sql.prepare('SELECT nonce FROM game_commands WHERE table_id = ? ORDER BY seq').all(t.id) as { nonce: string }[]).map((r) => r.nonce);
    sql.close();
    expect(stored).toEqual(got.filter((a) => a.type === 'ack').map((a) => a['nonce']));

    // The logs said things (requests at debug level), but never a token.
    expect(out).toContain('"url"');
    for (const s of secrets) expect(out.includes(s), `token ${s.slice(0, 6)}… in the log`).toBe(false);
  }, 60_000);
});

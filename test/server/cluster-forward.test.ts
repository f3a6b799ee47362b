// Many processes over HTTP (docs/scale-out.md): two servers on one PostgreSQL database, each with
// the Redis of this test. A host seating a registered player (POST /api/accounts/seat) names the
// table in the body, not the URL; sent to the process that does not run the table, it is
// forwarded to the owner and succeeds there, as a request to /api/tables/:id/… is. Skipped, with
// the reason printed, when no PostgreSQL answers or no redis-server is installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOfRequest } from '../../src/server/cluster.js';
import { PostgresAccountStore, PostgresStorage, startServer, type RunningServer } from '../../src/server/index.js';
import { PgScratch, pgUnavailable } from '../support/pg.js';
import { Jar } from './account-client.js';
import { freePort } from './process.js';

const pgWhy = await pgUnavailable();
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const why = pgWhy ?? (hasRedis ? null : 'no redis-server binary (apt-get install redis-server)');
if (why) console.warn(`cluster-forward.test.ts skipped: ${why}`);

const pg = new PgScratch('gorod_cluster_forward');
let redis: ChildProcess | undefined;
let redisUrl = '';
const servers: RunningServer[] = [];

/** A redis-server of the test's own, without persistence. */
async function startRedis(port: number): Promise<ChildProcess> {
  const r = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((res, rej) => {
    const t = setTimeout(() => rej(new Error('redis-server did not start')), 10_000);
    r.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready to accept connections')) {
        clearTimeout(t);
        res();
      }
    });
  });
  return r;
}

/** One server process (in this test's process) on the shared schema and the test's Redis. */
async function server(): Promise<RunningServer> {
  const pool = await pg.pool('shared');
  const s = await startServer({
    port: 0,
    logLevel: false,
    webDir: null,
    scrypt: { N: 1024, r: 8, p: 1 },
    storage: new PostgresStorage('postgres://unused', { pool }),
    accountStore: new PostgresAccountStore(pool),
    redisUrl,
  });
  servers.push(s);
  return s;
}

beforeAll(async () => {
  if (why) return;
  const port = await freePort();
  redisUrl = `redis://127.0.0.1:${port}`;
  redis = await startRedis(port);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await pg.close();
  redis?.kill('SIGKILL');
});

describe('which requests are forwarded to the process that runs their table', () => {
  it('a table in the URL, or in the body of a host seating a registered player; not a session-cookie request', () => {
    expect(tableOfRequest('/api/tables/t1/start', {})).toBe('t1');
    expect(tableOfRequest('/api/accounts/seat', { table: 't2', seat: 1 })).toBe('t2');
    expect(tableOfRequest('/api/accounts/seat?x=1', { table: 't2' })).toBe('t2');
    expect(tableOfRequest('/api/accounts/seat', { table: 5 })).toBeNull();
    expect(tableOfRequest('/api/accounts/seat', null)).toBeNull();
    expect(tableOfRequest('/api/me/seats', { token: 'x'.repeat(16) })).toBeNull();
  });
});

describe.skipIf(why !== null)('two server processes on PostgreSQL and Redis', () => {
  it('a host seats a registered player by nickname through the process that does not run the table', async () => {
    const a = await server();
    const b = await server();
    // The player signs up on b (accounts are in the shared database).
    const player = new Jar(b.url);
    expect((await player.call('POST', '/api/auth/signup', { nickname: 'Гость кластера', password: 'correct horse battery' })).status).toBe(201);
    // The table is made on a, and runs there.
    const host = new Jar(a.url);
    const created = (await host.call<{ id: string; hostToken: string }>('POST', '/api/tables', { preset: 'classic', bots: [3, 4, 5, 6, 7, 8, 9, 10] })).body;
    expect(a.hub.tables.has(created.id)).toBe(true);
    expect(b.hub.tables.has(created.id)).toBe(false);

    // The host's request reaches b: forwarded to a, where the table and the host token are.
    const onB = new Jar(b.url);
    const r = await onB.call('POST', '/api/accounts/seat', { table: created.id, seat: 2, token: created.hostToken, nickname: 'гость кластера' });
    expect(r).toEqual({ status: 200, body: { table: created.id, seat: 2, nickname: 'Гость кластера' } });
    expect(b.hub.tables.has(created.id)).toBe(false);
    // A wrong host token is still refused (by the owner).
    expect((await onB.call('POST', '/api/accounts/seat', { table: created.id, seat: 2, token: 'f'.repeat(32), nickname: 'гость кластера' })).body['code']).toBe('notHost');

    // The seat is the player's: its link, read at the owner, is a live seat of the table.
    const mine = (await onPlayerAt(a.url, player).call<{ token: string; seat: number }>('GET', `/api/me/seats/${created.id}`)).body;
    expect(mine.seat).toBe(2);
    expect(a.hub.lookup(mine.token)?.role).toEqual({ kind: 'seat', seat: 2 });
  });
});

/** The player's session (cookies) used at another process. */
function onPlayerAt(url: string, j: Jar): Jar {
  const c = new Jar(url);
  for (const [k, v] of j.cookies) c.cookies.set(k, v);
  return c;
}

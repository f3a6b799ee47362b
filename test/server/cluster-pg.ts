// Two or more server processes (in the test's process) on one fresh PostgreSQL database and a
// redis-server of the test's own on a free port, for the cluster tests over HTTP and WebSocket.
// `why` says why the test is skipped (no PostgreSQL answers, no redis-server installed).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { PostgresAccountStore, PostgresStorage, PostgresTournamentStore, startServer, type RunningServer } from '../../src/server/index.js';
import { PgScratch, pgUnavailable } from '../support/pg.js';
import { startRedis } from '../support/redis.js';
import { Jar } from './account-client.js';
import { freePort } from './process.js';

export interface PgCluster {
  why: string | null;
  /** One more server process on the shared schema and the test's Redis; closed after the file. */
  server(): Promise<RunningServer>;
}

/** Registers the file's beforeAll/afterAll; `file` names the skip line, `db` the scratch databases' prefix. */
export async function pgCluster(file: string, db: string, opts: { tournaments?: boolean } = {}): Promise<PgCluster> {
  const pgWhy = await pgUnavailable();
  const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
  const why = pgWhy ?? (hasRedis ? null : 'no redis-server binary (apt-get install redis-server)');
  if (why) console.warn(`${file} skipped: ${why}`);

  const pg = new PgScratch(db);
  let redis: ChildProcess | undefined;
  let redisUrl = '';
  const servers: RunningServer[] = [];

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

  return {
    why,
    async server() {
      const pool = await pg.pool('shared');
      const s = await startServer({
        port: 0,
        logLevel: false,
        webDir: null,
        scrypt: { N: 1024, r: 8, p: 1 },
        storage: new PostgresStorage('postgres://unused', { pool }),
        accountStore: new PostgresAccountStore(pool),
        ...(opts.tournaments ? { tournamentStore: new PostgresTournamentStore(pool) } : {}),
        redisUrl,
      });
      servers.push(s);
      return s;
    },
  };
}

/** The same session (cookies) used at another process. */
export function sameSessionAt(url: string, j: Jar): Jar {
  const c = new Jar(url);
  for (const [k, v] of j.cookies) c.cookies.set(k, v);
  return c;
}

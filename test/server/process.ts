// A server as its own process (`node --import tsx src/server/main.ts`), for the tests that want
// the real thing: environment, port, stdout handshake, kill -9.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface Proc {
  child: ChildProcess;
  url: string;
}

export function freePort(): Promise<number> {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });
}

/** A server process that has loaded its modules and waits on stdin before opening the database. */
export function spawnStandby(port: number, db: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: db, LOG_LEVEL: 'error', GOROD_STANDBY: '1', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Opens a standby server; resolves with its URL once it listens. */
export async function activate(child: ChildProcess): Promise<Proc> {
  const url = await new Promise<string>((res, rej) => {
    let buf = '';
    const timer = setTimeout(() => rej(new Error('server did not start')), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /"listening":"([^"]+)"/.exec(buf);
      if (m) {
        clearTimeout(timer);
        res(m[1]!);
      }
    });
    child.once('exit', (code) => rej(new Error(`server exited ${code}`)));
    child.stdin!.write('go\n');
  });
  return { child, url };
}

export function kill9(p: Proc): Promise<void> {
  return new Promise((res) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return res();
    p.child.once('exit', () => res());
    p.child.kill('SIGKILL');
  });
}

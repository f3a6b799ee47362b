// A redis-server of a test's own on a free port it was given, without persistence (a restart forgets
// every key): tests never touch the machine's Redis, and may kill their own.
import { spawn, type ChildProcess } from 'node:child_process';

export async function startRedis(port: number): Promise<ChildProcess> {
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

// Test helpers: a real WebSocket client that keeps every frame it receives, and table setup.
import WebSocket from 'ws';
import type { Command, GameEvent, GameView, Viewer } from '../../src/engine/index.js';
import type { Table } from '../../src/server/table.js';

export type Frame = Record<string, unknown> & { type: string };

export class Client {
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  lastEvent = -1;
  view: GameView | null = null;
  /** Who the server says this connection is (from the welcome). */
  viewer: Viewer | null = null;
  legal: Command[] = [];
  events = new Map<number, GameEvent>();
  closed: { code: number; reason: string } | null = null;
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void; reject: (e: Error) => void }[] = [];
  private n = 0;

  private constructor(
    readonly ws: WebSocket,
    readonly name: string,
  ) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      const f = JSON.parse(text) as Frame;
      this.frames.push(f);
      // A timer riding in an events frame is seen by tests as its own timer frame.
      if (f.type === 'events' && f['timer']) this.frames.push({ type: 'timer', ...(f['timer'] as Record<string, unknown>) });
      this.absorb(f);
      const got = f.type === 'events' && f['timer'] ? [f, this.frames[this.frames.length - 1]!] : [f];
      for (const g of got)
        for (const w of this.waiters.slice()) {
          if (w.test(g)) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve(g);
          }
        }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const w of this.waiters.splice(0)) w.reject(new Error(`${this.name} closed ${code}`));
    });
  }

  /** `patches`: ask for patch frames (docs/protocol.md), as the web app and the bots do. */
  static async open(base: string, token: string | null, name = 'client', opts: { lastEvent?: number; headers?: Record<string, string>; patches?: boolean } = {}): Promise<Client> {
    const u = new URL('/ws', base.replace(/^http/, 'ws'));
    if (token) u.searchParams.set('token', token);
    if (opts.patches) u.searchParams.set('frames', 'patch');
    if (opts.lastEvent !== undefined) u.searchParams.set('lastEvent', String(opts.lastEvent));
    const ws = new WebSocket(u, opts.headers ? { headers: opts.headers } : {});
    const c = new Client(ws, name);
    await new Promise<void>((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', rej);
      ws.once('unexpected-response', (_req, resp) => rej(new Error(`HTTP ${resp.statusCode}`)));
    });
    return c;
  }

  private absorb(f: Frame): void {
    if (f.type === 'welcome' || f.type === 'resync' || f.type === 'events' || f.type === 'final') {
      // A patch frame (frames=patch) names the view's fields that changed: folded into the view held.
      const v = f['patch'] ? ({ ...this.view!, ...(f['patch'] as Partial<GameView>), log: [] } as GameView) : (f['view'] as GameView);
      this.view = v;
      if (f.type === 'welcome') this.viewer = f['viewer'] as Viewer;
      if (f.type !== 'events' && f.type !== 'final') this.events.clear();
      for (const e of v.log) this.events.set(e.n, e);
      for (const e of (f['events'] as GameEvent[] | undefined) ?? []) this.events.set(e.n, e);
      if (typeof f['lastEvent'] === 'number') this.lastEvent = f['lastEvent'];
      if (Array.isArray(f['legal'])) this.legal = f['legal'] as Command[];
    }
  }

  wait(test: (f: Frame) => boolean, ms = 10_000): Promise<Frame> {
    const have = this.frames.find(test);
    if (have) return Promise.resolve(have);
    return this.waitNew(test, ms);
  }

  /** Wait for a frame that arrives from now on. */
  waitNew(test: (f: Frame) => boolean, ms = 10_000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: timeout waiting`)), ms);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Send a command and wait for its ack or error. */
  async command(command: Record<string, unknown>, nonce = `${this.name}-${++this.n}`): Promise<Frame> {
    const p = this.waitNew((f) => (f.type === 'ack' || f.type === 'error') && f['nonce'] === nonce);
    this.send({ type: 'command', nonce, command });
    return p;
  }

  async waitEvent(lastEvent: number, ms = 10_000): Promise<void> {
    if (this.lastEvent >= lastEvent) return;
    await this.waitNew(() => this.lastEvent >= lastEvent, ms);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((res) => {
      this.ws.once('close', () => res());
      this.ws.close();
    });
  }
}

/**
 * Wait until every client holds everything the table has for its viewer. Event numbers are per
 * viewer, so the test asks the server's state for each viewer's last one.
 */
export async function settle(table: Table, clients: Client[], ms = 10_000): Promise<void> {
  for (const c of clients) if (!c.closed && c.viewer) await c.waitEvent(table.lastEventFor(c.viewer), ms);
}

export interface Created {
  id: string;
  hostToken: string;
  spectatorToken: string;
  commitment: string;
  seats: { seat: number; token: string | null; bot: boolean }[];
}

export async function createTable(base: string, body: Record<string, unknown>): Promise<Created> {
  const r = await fetch(`${base}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
  return (await r.json()) as Created;
}

/** The host's, the spectator's and every seat's sockets of a table, once its game has started (`patches`: patch frames). */
export async function joinAll(base: string, t: Created, opts: { patches?: boolean } = {}): Promise<{ host: Client; spectator: Client; seats: Client[]; all: Client[] }> {
  const host = await Client.open(base, t.hostToken, 'host', opts);
  const spectator = await Client.open(base, t.spectatorToken, 'spectator', opts);
  const seats: Client[] = [];
  for (const s of t.seats) seats.push(await Client.open(base, s.token!, `seat${s.seat}`, opts));
  await host.wait((f) => f.type === 'table' && (f['table'] as { status: string }).status === 'playing');
  return { host, spectator, seats, all: [host, spectator, ...seats] };
}

export async function getJson(base: string, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(base + path);
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

/** Strip `by`: a seat's command goes out without it (the token decides). */
export function bare(c: Command): Record<string, unknown> {
  const out: Record<string, unknown> = { ...c };
  delete out['by'];
  return out;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

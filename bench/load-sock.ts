// One player's WebSocket in the W2 load generator (bench/server-load.ts): frames kept as received,
// parsed only when looked at, so that the figures are the server's and not the generator's.
import WebSocket from 'ws';
import type { GameView } from '../src/engine/index.js';
import type { ServerFrame } from '../src/protocol/index.js';

const EVENTS_HEAD = '{"type":"events","lastEvent":';
const noMask = (): void => undefined;

/**
 * One player's connection. State frames are kept as received and parsed only when the coordinator
 * looks at this player's view (most frames of a table are never looked at): the load generator
 * stays cheap, so the figures are the server's. It asks for patch frames, as the web app and the
 * bots do (BENCH_FRAMES=full: whole views, as older clients get them); patches are folded then.
 */
export class Sock {
  /** Events frames since the view was last parsed: a whole one resets the list. */
  private raw: Buffer[] = [];
  private parsed: GameView | null = null;
  lastEvent = -1;
  status = 'lobby';
  closed = false;
  you: { seat: number; role: string; team: string } | null = null;
  private acks = new Map<string, (f: { type: string; code?: string }) => void>();
  private eventWaiters: { n: number; resolve: () => void }[] = [];
  private opened: Promise<void>;

  constructor(url: string, token: string, localAddress: string, onError: (e: string) => void, patches: boolean) {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${token}${patches ? '&frames=patch' : ''}`, {
      localAddress,
      perMessageDeflate: false,
      // The server's frames are its own JSON: no UTF-8 check on each. A client must mask its
      // frames, but the key's randomness protects proxies, not this loopback test: a fixed
      // all-zero key (ws then skips the masking pass) instead of a random one per frame.
      skipUTF8Validation: true,
      generateMask: noMask,
    });
    this.ws = ws;
    this.opened = new Promise((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', (e) => rej(e));
    });
    ws.on('error', (e) => onError(String(e)));
    ws.on('close', () => {
      this.closed = true;
      for (const r of this.acks.values()) r({ type: 'error', code: 'closed' });
      this.acks.clear();
    });
    ws.on('message', (data: Buffer) => {
      // The server writes an events frame as {"type":"events","lastEvent":N,…}: read N from the head.
      if (data.length > EVENTS_HEAD.length && data.toString('latin1', 0, EVENTS_HEAD.length) === EVENTS_HEAD) {
        this.lastEvent = parseInt(data.toString('latin1', EVENTS_HEAD.length, EVENTS_HEAD.length + 12), 10);
        if (!patches) this.raw.length = 0;
        this.raw.push(data);
        this.wake();
        return;
      }
      // Typed by the shared protocol (src/protocol/), not validated: the generator stays cheap.
      const f = JSON.parse(data.toString()) as ServerFrame;
      switch (f.type) {
        case 'welcome':
          this.you = f.view.you ?? null;
          this.status = f.table.status;
          this.raw.length = 0;
          this.parsed = f.view;
          this.lastEvent = f.lastEvent;
          this.wake();
          break;
        case 'events':
          this.raw.push(data);
          this.lastEvent = f.lastEvent;
          this.wake();
          break;
        case 'resync':
          this.raw.length = 0;
          this.parsed = f.view;
          this.lastEvent = f.lastEvent;
          this.wake();
          break;
        case 'final':
          this.raw.length = 0;
          this.parsed = f.view;
          this.wake();
          break;
        case 'table':
          this.status = f.table.status;
          if (this.status === 'playing') for (const w of this.eventWaiters.splice(0)) w.resolve();
          break;
        case 'ack':
        case 'error': {
          const r = f.nonce === undefined ? undefined : this.acks.get(f.nonce);
          if (r) {
            this.acks.delete(f.nonce!);
            r(f as { type: string; code?: string });
          }
          break;
        }
      }
    });
  }
  readonly ws: WebSocket;

  get view(): GameView {
    for (const data of this.raw) {
      const f = JSON.parse(data.toString()) as { view?: GameView; patch?: Partial<GameView> };
      this.parsed = f.view ?? { ...this.parsed!, ...f.patch };
    }
    this.raw.length = 0;
    return this.parsed!;
  }

  private wake(): void {
    if (this.eventWaiters.length === 0) return;
    const ready = this.eventWaiters.filter((w) => w.n <= this.lastEvent);
    this.eventWaiters = this.eventWaiters.filter((w) => w.n > this.lastEvent);
    for (const w of ready) w.resolve();
  }

  open(): Promise<void> {
    return this.opened;
  }

  /** Resolves when this socket has seen its event n (its own numbering: the server's per viewer). */
  sync(n: number): Promise<void> {
    if (this.lastEvent >= n) return Promise.resolve();
    return new Promise((resolve) => this.eventWaiters.push({ n, resolve }));
  }

  waitPlaying(): Promise<void> {
    if (this.status === 'playing') return Promise.resolve();
    return new Promise((resolve) => this.eventWaiters.push({ n: Number.POSITIVE_INFINITY, resolve }));
  }

  command(nonce: string, command: Record<string, unknown>): Promise<{ type: string; code?: string; lastEvent?: number }> {
    return new Promise((resolve) => {
      if (this.closed) return resolve({ type: 'error', code: 'closed' });
      this.acks.set(nonce, resolve);
      this.ws.send(JSON.stringify({ type: 'command', nonce, command }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

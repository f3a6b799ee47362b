// A bot that plays one seat over the game socket, as a person's browser would: it speaks the
// shared protocol (src/protocol/), sends each command with a nonce and keeps it until it is
// acknowledged, and when its socket closes it reconnects (to whichever server `next()` names),
// resumes from its last event and resends what was not acknowledged under the same nonce (the
// server applies it once). The cluster test plays with it across killed processes.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import type { Command } from '../engine/index.js';
import { parseServerFrame, type ServerFrame } from '../protocol/index.js';

export interface SeatBotOptions {
  token: string;
  /** A server's base URL (http://…) to connect to: asked again at every reconnect. */
  next(): string;
  /** Picks a command among the legal ones (default: a random one that needs no text). */
  choose?(legal: Command[]): Command | null;
  /** Pause before a reconnect (ms). */
  retryMs?: number;
}

export interface SeatBotResult {
  /** Nonces the server acknowledged (not duplicates) and the command each stood for. */
  acked: Map<string, Command>;
  /** Acknowledgements that said "duplicate": a resend after a reconnect. */
  duplicates: number;
  reconnects: number;
  /** Servers this bot's sockets were connected to. */
  servers: Set<string>;
}

const plain = (c: Command): boolean => c.do !== 'say';

export class SeatBot {
  private ws: WebSocket | null = null;
  private lastEvent: number | undefined;
  private legal: Command[] = [];
  private pending: { nonce: string; command: Command } | null = null;
  private finished = false;
  private stopped = false;
  readonly result: SeatBotResult = { acked: new Map(), duplicates: 0, reconnects: 0, servers: new Set() };
  private done: Promise<void>;
  private resolveDone!: () => void;

  constructor(private opts: SeatBotOptions) {
    this.done = new Promise((r) => (this.resolveDone = r));
    this.connect();
  }

  /** Resolves once the game is over (the `final` frame). */
  finishedGame(): Promise<void> {
    return this.done;
  }

  stop(): void {
    this.stopped = true;
    this.ws?.terminate();
  }

  private connect(): void {
    const base = this.opts.next();
    this.result.servers.add(base);
    const url = new URL('/ws', base.replace(/^http/, 'ws'));
    url.searchParams.set('token', this.opts.token);
    if (this.lastEvent !== undefined) url.searchParams.set('lastEvent', String(this.lastEvent));
    // Patch frames: after a command only what changed (a bot reads no more than its legal commands).
    url.searchParams.set('frames', 'patch');
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.on('message', (data: Buffer) => {
      const f = parseServerFrame(data.toString('utf8'));
      if (f) this.onFrame(f);
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.ws !== ws || this.stopped || this.finished) return;
      this.result.reconnects++;
      setTimeout(() => this.connect(), this.opts.retryMs ?? 150);
    });
  }

  private onFrame(f: ServerFrame): void {
    switch (f.type) {
      case 'welcome':
        this.lastEvent = f.lastEvent;
        this.legal = f.legal ?? [];
        // What was sent and never answered goes again, under its nonce.
        if (this.pending) this.send(this.pending);
        else this.act();
        return;
      case 'events':
        this.lastEvent = f.lastEvent;
        // A patch frame carries legal commands only when they changed.
        this.legal = f.view ? (f.legal ?? []) : (f.legal ?? this.legal);
        this.act();
        return;
      case 'resync':
        this.lastEvent = f.lastEvent;
        this.legal = f.legal ?? [];
        this.act();
        return;
      case 'ack':
        if (this.pending?.nonce !== f.nonce) return;
        if (f.duplicate) this.result.duplicates++;
        this.result.acked.set(f.nonce, this.pending.command);
        this.pending = null;
        this.act();
        return;
      case 'error':
        if (f.nonce === undefined || this.pending?.nonce !== f.nonce) return;
        // Refused (the moment passed, storage busy): choose again at the next frame.
        this.pending = null;
        return;
      case 'final':
        this.finished = true;
        this.ws?.close();
        this.resolveDone();
        return;
      default:
        return;
    }
  }

  private act(): void {
    if (this.pending || this.finished) return;
    const choose = this.opts.choose ?? ((legal: Command[]) => {
      const ok = legal.filter(plain);
      return ok.length ? ok[Math.floor(Math.random() * ok.length)]! : null;
    });
    const c = choose(this.legal);
    if (!c) return;
    this.pending = { nonce: randomBytes(8).toString('hex'), command: c };
    this.send(this.pending);
  }

  private send(p: { nonce: string; command: Command }): void {
    const { by: _by, ...body } = p.command as Command & { by?: unknown };
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'command', nonce: p.nonce, command: body }));
  }
}

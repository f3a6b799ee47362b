// Sockets across processes, over Redis pub/sub. A client may connect to any process; when its
// table runs at another one, the process it connected to (the origin) relays its messages to the
// owner and the owner's frames back. At the owner such a client is a RemoteSocket that ws.ts
// serves exactly like a socket of its own (same checks, same frames): the table's Broadcaster
// sends to it as to any connection, and its frames are published to the origin's channel.
// One channel per process (`gorod:to:<process>`); a message is `kind NUL connection NUL body`:
//   O open (body: origin NUL hello JSON)  M a client's message  C the client left   (origin → owner)
//   F a frame                             E close (body: code NUL reason)          (owner → origin)
// Pub/sub keeps the order of one publisher's messages on a channel, which is all the protocol needs:
// a client's messages reach the owner in the order it sent them, its frames come back in order.
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { CLOSE_RESTART } from '../protocol/index.js';
import type { RedisDirectory } from './cluster-directory.js';

const SEP = '\u0000';
const channel = (proc: string): string => `gorod:to:${proc}`;

export interface RemoteHello {
  token: string;
  lastEvent?: number;
  address: string;
  /** The client folds patch frames (docs/protocol.md). */
  frames?: 'patch';
}

/** A client connected to another process, as the owner's ws.ts sees it (the subset of ws's WebSocket it uses). */
export class RemoteSocket extends EventEmitter {
  readonly OPEN = 1;
  readonly CLOSED = 3;
  readyState = 1;
  readonly bufferedAmount = 0;
  readonly remote = true;

  constructor(
    private relay: ClusterRelay,
    readonly id: string,
    readonly origin: string,
  ) {
    super();
  }

  send(data: string | Buffer): void {
    if (this.readyState !== this.OPEN) return;
    this.relay.publish(this.origin, 'F', this.id, typeof data === 'string' ? data : data.toString('utf8'));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState !== this.OPEN) return;
    this.relay.publish(this.origin, 'E', this.id, `${code}${SEP}${reason}`);
    this.gone();
  }

  terminate(): void {
    this.close(CLOSE_RESTART, 'terminated');
  }

  ping(): void {}

  /** The client left (or its process died): ws.ts detaches it from its table. */
  gone(): void {
    if (this.readyState !== this.OPEN) return;
    this.readyState = this.CLOSED;
    this.relay.forget(this.id);
    this.emit('close');
  }
}

/** The origin's end: what to do with the owner's frames for its client. */
export interface RelayedClient {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export class ClusterRelay {
  /** At the owner: relayed clients by connection id. */
  private remotes = new Map<string, RemoteSocket>();
  /** At the origin: its clients whose table runs elsewhere. */
  private clients = new Map<string, { client: RelayedClient; owner: string; tableId: string }>();
  private n = 0;
  private timer: NodeJS.Timeout | null = null;
  private accept: (s: RemoteSocket, hello: RemoteHello) => void = (s) => s.close(CLOSE_RESTART, 'not ready');

  constructor(
    private pub: Redis,
    private sub: Redis,
    private dir: RedisDirectory,
    private log: { warn(o: object, msg: string): void },
  ) {}

  async start(checkMs = 1000): Promise<void> {
    this.sub.on('message', (_ch: string, msg: string) => this.receive(msg));
    await this.sub.subscribe(channel(this.dir.self));
    this.timer = setInterval(() => void this.check().catch((e: unknown) => this.log.warn({ err: String(e) }, 'relay check failed')), checkMs);
    this.timer.unref();
  }

  /** What the owner does with a relayed client (ws.ts serves it). */
  onAccept(fn: (s: RemoteSocket, hello: RemoteHello) => void): void {
    this.accept = fn;
  }

  /** Relayed connections: this process's clients served elsewhere, and other processes' clients served here. */
  get counts(): { outgoing: number; incoming: number } {
    return { outgoing: this.clients.size, incoming: this.remotes.size };
  }

  publish(to: string, kind: string, id: string, body: string): void {
    this.pub.publish(channel(to), `${kind}${SEP}${id}${SEP}${body}`).catch((e: unknown) => this.log.warn({ err: String(e) }, 'relay publish failed'));
  }

  forget(id: string): void {
    this.remotes.delete(id);
  }

  /** At the origin: relay a client to its table's owner. */
  open(owner: string, tableId: string, client: RelayedClient, hello: RemoteHello): { forward(text: string): void; close(): void } {
    const id = `${this.dir.self}:${++this.n}`;
    this.clients.set(id, { client, owner, tableId });
    this.publish(owner, 'O', id, `${this.dir.self}${SEP}${JSON.stringify(hello)}`);
    return {
      forward: (text) => this.clients.has(id) && this.publish(owner, 'M', id, text),
      close: () => {
        if (this.clients.delete(id)) this.publish(owner, 'C', id, '');
      },
    };
  }

  private receive(msg: string): void {
    const a = msg.indexOf(SEP);
    const b = msg.indexOf(SEP, a + 1);
    if (a < 0 || b < 0) return;
    const kind = msg.slice(0, a);
    const id = msg.slice(a + 1, b);
    const body = msg.slice(b + 1);
    switch (kind) {
      case 'O': {
        const c = body.indexOf(SEP);
        const s = new RemoteSocket(this, id, body.slice(0, c));
        this.remotes.set(id, s);
        try {
          this.accept(s, JSON.parse(body.slice(c + 1)) as RemoteHello);
        } catch (e) {
          this.log.warn({ err: String(e) }, 'relayed client not accepted');
          s.close(CLOSE_RESTART, 'not accepted');
        }
        return;
      }
      case 'M':
        this.remotes.get(id)?.emit('message', Buffer.from(body, 'utf8'), false);
        return;
      case 'C':
        this.remotes.get(id)?.gone();
        return;
      case 'F':
        this.clients.get(id)?.client.send(body);
        return;
      case 'E': {
        const c = this.clients.get(id);
        if (!c) return;
        this.clients.delete(id);
        const s = body.indexOf(SEP);
        c.client.close(Number(body.slice(0, s)) || CLOSE_RESTART, body.slice(s + 1));
        return;
      }
    }
  }

  /**
   * Once a second: a relayed client whose table changed hands (its owner died or gave it up) is
   * told to reconnect (1012; it resumes from its last event wherever it lands); a client of a
   * process that died is detached at the owner.
   */
  private async check(): Promise<void> {
    const entries = [...this.clients.entries()];
    if (entries.length) {
      const tables = [...new Set(entries.map(([, c]) => c.tableId))];
      const owners = await this.dir.ownersOf(tables);
      const ownerOf = new Map(tables.map((t, i) => [t, owners[i]]));
      for (const [id, c] of entries) {
        if (ownerOf.get(c.tableId) === c.owner) continue;
        this.clients.delete(id);
        c.client.close(CLOSE_RESTART, 'table moved');
      }
    }
    const origins = [...new Set([...this.remotes.values()].map((s) => s.origin))];
    for (const o of origins) {
      if (await this.dir.urlOf(o)) continue;
      for (const s of [...this.remotes.values()]) if (s.origin === o) s.gone();
    }
  }

  /** Every relayed client is told to reconnect (this process stops). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    for (const s of [...this.remotes.values()]) s.close(CLOSE_RESTART, 'server restart');
    for (const [id, c] of [...this.clients.entries()]) {
      this.clients.delete(id);
      this.publish(c.owner, 'C', id, '');
      c.client.close(CLOSE_RESTART, 'server restart');
    }
  }
}

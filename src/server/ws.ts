// The WebSocket endpoint: one connection = one viewer (from its token). Frames over 16 KiB close
// with 1009 (ws maxPayload), floods with 1008; every other bad message gets a typed error.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { reject, type Command } from '../engine/index.js';
import type { Hub } from './hub.js';
import { ClientMessage, CommandBody, serverError, zodDetail, type ErrorMessage } from './messages.js';
import { relayTimer } from './judge.js';
import { keepAlive } from './keepalive.js';
import { originAllowed } from './origin.js';
import { viewerOf, type Conn, type Role, type Table } from './table.js';

export const MAX_FRAME = 16 * 1024;
export const RATE = { burst: 40, perSecond: 20 };
const HELLO_TIMEOUT_MS = 10_000;
export const CLOSE_UNAUTHORIZED = 4401;

interface Logger {
  warn(o: object, msg: string): void;
  debug(o: object, msg: string): void;
}

/** Token bucket per connection. */
class Bucket {
  private tokens: number;
  private at = Date.now();
  constructor(
    private burst: number,
    private rate: number,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

function errorFrame(e: ErrorMessage): string {
  return JSON.stringify(e);
}

const CLOCK_VERBS = new Set(['endSpeech', 'closeVote', 'endNight']);

/** Which `by` a command gets from this connection, or the error that refuses it. */
export function actorFor(role: Role, body: CommandBody, nonce: string): { by: Command['by']; sender: string } | ErrorMessage {
  switch (role.kind) {
    case 'spectator':
      return serverError('readOnly', undefined, nonce);
    case 'seat':
      if (body.by !== undefined && body.by !== role.seat) {
        const r = reject('badActor', undefined, 'a seat acts only for itself');
        return { type: 'error', nonce, code: r.code, message: r.message, detail: r.detail! };
      }
      return { by: role.seat, sender: `seat:${role.seat}` };
    case 'host':
      if (!CLOCK_VERBS.has(body.do) || (body.by !== undefined && body.by !== 'clock'))
        return serverError('readOnly', 'the host of an online table may only run the clock', nonce);
      return { by: 'clock', sender: 'host' };
    case 'judge':
      return { by: body.by ?? 'judge', sender: 'judge' };
  }
}

export function attachWebSocket(
  server: import('node:http').Server,
  hub: Hub,
  opts: {
    origins: string[];
    log: Logger;
    rate?: { burst: number; perSecond: number };
    /** Other WebSocket endpoints by path (tournaments-ws.ts), behind the same origin check. */
    upgrades?: Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => void>;
  },
): { wss: WebSocketServer; close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME });
  const rate = opts.rate ?? RATE;

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const other = url.pathname === '/ws' ? undefined : opts.upgrades?.[url.pathname];
    if (url.pathname !== '/ws' && !other) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!originAllowed(req.headers.origin, req.headers.host, opts.origins)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (other) {
      other(req, socket, head, url);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, url, socket));
  });

  const heartbeat = keepAlive(wss);

  function onConnection(ws: WebSocket, url: URL, socket: Duplex): void {
    heartbeat.track(ws);
    const bucket = new Bucket(rate.burst, rate.perSecond);
    let bound: { table: Table; role: Role; conn: Conn } | null = null;
    // Frames of one turn (a command's update and its ack, a welcome and its events) leave in one
    // write: the socket is corked at the first frame and uncorked once the turn's promise
    // continuations have run (a tick queued from a microtask runs after the microtask queue).
    let corked = false;
    const uncork = (): void => {
      corked = false;
      socket.uncork();
    };
    const send = (data: string | Buffer): void => {
      if (ws.readyState !== ws.OPEN) return;
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      ws.send(data, { binary: false });
    };
    const bind = (token: string, lastEvent: number | undefined): void => {
      const found = hub.lookup(token);
      if (!found) {
        send(errorFrame(serverError('unauthorized')));
        ws.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      const conn: Conn = { role: found.role, viewer: viewerOf(found.role), send };
      bound = { table: found.table, role: found.role, conn };
      found.table.attach(conn, lastEvent);
    };
    const helloTimer = setTimeout(() => {
      if (!bound) ws.close(CLOSE_UNAUTHORIZED, 'no hello');
    }, HELLO_TIMEOUT_MS);
    ws.on('close', () => {
      clearTimeout(helloTimer);
      if (bound) bound.table.detach(bound.conn);
    });
    ws.on('error', () => undefined);

    const qToken = url.searchParams.get('token');
    if (qToken !== null) {
      const le = url.searchParams.get('lastEvent');
      const n = le === null ? undefined : Number(le);
      bind(qToken, n !== undefined && Number.isInteger(n) && n >= -1 ? n : undefined);
    }

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (!bucket.take()) {
        ws.close(1008, 'rate limit');
        return;
      }
      if (isBinary) {
        send(errorFrame(serverError('badMessage', 'binary frame')));
        return;
      }
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        send(errorFrame(serverError('badJson')));
        return;
      }
      const parsed = ClientMessage.safeParse(json);
      if (!parsed.success) {
        const nonce = typeof json === 'object' && json !== null && typeof (json as { nonce?: unknown }).nonce === 'string' ? (json as { nonce: string }).nonce.slice(0, 64) : undefined;
        send(errorFrame(serverError('badMessage', zodDetail(parsed.error), nonce)));
        return;
      }
      const msg = parsed.data;
      if (msg.type === 'ping') {
        send('{"type":"pong"}');
        return;
      }
      if (msg.type === 'hello') {
        if (bound) {
          send(errorFrame(serverError('badMessage', 'already identified')));
          return;
        }
        bind(msg.token, msg.lastEvent);
        return;
      }
      if (!bound) {
        send(errorFrame(serverError('unauthorized')));
        return;
      }
      const { table, role, conn } = bound;
      switch (msg.type) {
        case 'resume':
          table.resume(conn, msg.lastEvent);
          return;
        case 'start':
          if (role.kind !== 'host' && role.kind !== 'judge') {
            send(errorFrame(serverError('notHost')));
            return;
          }
          void table.start().then((e) => e && send(errorFrame(e)));
          return;
        case 'undo':
          if (role.kind !== 'judge') {
            send(errorFrame(serverError('notJudge', undefined, msg.nonce)));
            return;
          }
          if (msg.nonce !== undefined) {
            const nonce = msg.nonce;
            void table.undoOnce(nonce).then((r) => {
              if (r.ok) send(JSON.stringify({ type: 'ack', nonce, lastEvent: r.lastEvent, duplicate: r.duplicate }));
              else send(errorFrame({ ...r.error, nonce }));
            });
            return;
          }
          void table.undo().then((e) => e && send(errorFrame(e)));
          return;
        case 'timer': {
          if (role.kind !== 'judge') {
            send(errorFrame(serverError('notJudge')));
            return;
          }
          const { type: _t, ...body } = msg;
          const e = relayTimer(table, conn, body);
          if (e) send(errorFrame(serverError('badMessage', e)));
          return;
        }
        case 'command': {
          const who = actorFor(role, msg.command, msg.nonce);
          if ('type' in who) {
            send(errorFrame(who));
            return;
          }
          const cmd = { ...msg.command, by: who.by } as Command;
          void table.submit(who.sender, cmd, msg.nonce, conn.viewer).then((r) => {
            if (r.ok) send(JSON.stringify({ type: 'ack', nonce: msg.nonce, lastEvent: r.lastEvent, duplicate: r.duplicate }));
            else send(errorFrame({ ...r.error, nonce: msg.nonce }));
          });
          return;
        }
      }
    });
  }

  return {
    wss,
    close(): void {
      heartbeat.stop();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

// The WebSocket endpoint: one connection = one viewer (from its token). The limits (ws-guard.ts,
// numbers in limits.ts): frames over maxFrameBytes close with 1009; floods — per socket, per
// credential, per address — with 1008; too many sockets of one address are refused at the
// upgrade (429), of one credential the oldest is closed (4409); a socket that does not read its
// frames is dropped once too much waits for it (it reconnects and resumes). Every other bad
// message gets a typed error. A draining server (shutdown) takes no new socket or command and
// closes the open ones with 1012, which tells clients to reconnect.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { reject, type Command } from '../engine/index.js';
import type { Hub } from './hub.js';
import type { Limits } from './limits.js';
import { CLOSE_RESTART, ClientMessage, CommandBody, plainCommand, serverError, zodCode, zodDetail, type ErrorMessage } from './messages.js';
import { relayTimer } from './judge.js';
import { keepAlive } from './keepalive.js';
import { clientAddress, hostAllowed, originAllowed } from './origin.js';
import { CLOSE_UNAUTHORIZED, viewerOf, type Conn, type Role, type Table } from './table.js';
import { CLOSE_RATE, WsGuard } from './ws-guard.js';
import type { RemoteHello, RemoteSocket } from './cluster-relay.js';

export { CLOSE_UNAUTHORIZED };
/** Close code telling a client the server is restarting: reconnect (RFC 6455 "Service Restart"). */
export { CLOSE_RESTART };

interface Logger {
  warn(o: object, msg: string): void;
  debug(o: object, msg: string): void;
}

export interface WsOptions {
  origins: string[];
  allowedHosts: string[];
  trustedHops: number;
  limits: Pick<Limits, 'ws' | 'say'>;
  /** The online host may end speeches, votes and nights (benchmarks: W1 leaves them to the driver). */
  hostClock: boolean;
  log: Logger;
  /** Other WebSocket endpoints by path (tournaments-ws.ts), behind the same Host and origin checks. */
  upgrades?: Record<string, (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => void>;
  /** Many processes (cluster.ts): where a token's table runs, and the relay to reach it there. */
  cluster?: WsCluster;
}

/** What ws.ts needs of a cluster: a token's table here (`local`) or at another process. */
export interface WsCluster {
  route(token: string): Promise<{ kind: 'local' } | { kind: 'remote'; owner: string; tableId: string } | null>;
  relay: {
    open(owner: string, tableId: string, client: { send(text: string): void; close(code: number, reason: string): void }, hello: RemoteHello): { forward(text: string): void; close(): void };
    onAccept(fn: (s: RemoteSocket, hello: RemoteHello) => void): void;
  };
}

/** A relayed client needs no corking: its frames are published, not written to a socket. */
const NO_CORK = { cork: () => undefined, uncork: () => undefined } as unknown as Duplex;

function errorFrame(e: ErrorMessage): string {
  return JSON.stringify(e);
}

const CLOCK_VERBS = new Set(['endSpeech', 'closeVote', 'endNight']);

/**
 * Which `by` a command gets from this connection, or the error that refuses it. The host of an
 * online table is often a player: the clock is the server's, and the host may only pause, resume
 * or extend it (the `clock` message), unless `hostClock` (a benchmark server).
 */
export function actorFor(role: Role, body: CommandBody, nonce: string, hostClock = false): { by: Command['by']; sender: string } | ErrorMessage {
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
        return serverError('readOnly', 'the host of an online table does not play', nonce);
      if (!hostClock) return serverError('hostClock', undefined, nonce);
      return { by: 'clock', sender: 'host' };
    case 'judge':
      return { by: body.by ?? 'judge', sender: 'judge' };
  }
}

/** A client's socket error is the client's: the socket closes, the process goes on. */
const ignoreSocketError = (): void => undefined;

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function attachWebSocket(
  server: import('node:http').Server,
  hub: Hub,
  opts: WsOptions,
): { wss: WebSocketServer; drain(): void; close(graceMs?: number): Promise<void> } {
  const limits = opts.limits;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.ws.maxFrameBytes });
  const guard = new WsGuard(limits);
  let draining = false;

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands an upgrade's socket over without its own error handler: a client that resets
    // the connection while it is refused (socket.end below) or being upgraded would otherwise
    // raise an unhandled ECONNRESET and take the whole process down with every table on it.
    socket.on('error', ignoreSocketError);
    const url = new URL(req.url ?? '/', 'http://x');
    const other = url.pathname === '/ws' ? undefined : opts.upgrades?.[url.pathname];
    if (url.pathname !== '/ws' && !other) return refuse(socket, '404 Not Found');
    if (!hostAllowed(req.headers.host, opts.allowedHosts) || !originAllowed(req.headers.origin, req.headers.host, opts.origins)) return refuse(socket, '403 Forbidden');
    if (draining) return refuse(socket, '503 Service Unavailable');
    // Sockets per address count every endpoint's.
    const address = clientAddress(req, opts.trustedHops);
    if (!guard.admit(address)) return refuse(socket, '429 Too Many Requests');
    socket.once('close', () => guard.left(address));
    if (other) return other(req, socket, head, url);
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, url, socket, address));
  });

  const heartbeat = keepAlive();

  // A client of another process whose table runs here: served like a socket of this process.
  opts.cluster?.relay.onAccept((remote, hello) => {
    const url = new URL('/ws', 'http://x');
    url.searchParams.set('token', hello.token);
    if (hello.lastEvent !== undefined) url.searchParams.set('lastEvent', String(hello.lastEvent));
    if (hello.frames) url.searchParams.set('frames', hello.frames);
    onConnection(remote as unknown as WebSocket, url, NO_CORK, hello.address, true);
  });

  function onConnection(ws: WebSocket, url: URL, socket: Duplex, address: string, remote = false): void {
    if (!remote) heartbeat.track(ws);
    /** Cluster: the token's table runs at another process; messages go there (cluster-relay.ts). */
    let relayed: { forward(text: string): void; close(): void } | null = null;
    /** Cluster: messages that came while the token's table was being looked up. */
    let routing: string[] | null = null;
    const bucket = guard.socketBucket();
    let bound: { table: Table; role: Role; conn: Conn; token: string } | null = null;
    /** The client folds patch frames (docs/protocol.md): from the URL, or its hello. */
    let patches = url.searchParams.get('frames') === 'patch';
    const guarded = { close: (code: number, reason: string) => ws.close(code, reason) };
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
      // A client that does not read its frames would make the server hold them all: past the
      // limit it is dropped, and reconnects to resume from its last event.
      if (guard.overBuffered(ws.bufferedAmount)) {
        opts.log.debug({ address }, 'socket dropped: it does not read');
        ws.terminate();
        return;
      }
      if (!corked) {
        corked = true;
        socket.cork();
        process.nextTick(uncork);
      }
      ws.send(data, { binary: false });
    };
    const reply = (p: Promise<ErrorMessage | null>): void => {
      p.then((e) => e && send(errorFrame(e)), () => send(errorFrame(serverError('storage'))));
    };
    const bind = (token: string, lastEvent: number | undefined, routed = false): void => {
      const found = hub.lookup(token);
      // Many processes: a token this process does not know may open a table that runs elsewhere
      // (or that nobody runs: then this process takes it). A relayed client whose table left
      // this process meanwhile is told to reconnect, never that its token is wrong.
      if (!found && (remote || routed)) {
        ws.close(CLOSE_RESTART, 'table moved');
        return;
      }
      if (!found && opts.cluster && routing === null) {
        routing = [];
        opts.cluster.route(token).then(
          (r) => {
            const queued = routing ?? [];
            routing = null;
            if (ws.readyState !== ws.OPEN) return;
            if (r === null) {
              send(errorFrame(serverError('unauthorized')));
              ws.close(CLOSE_UNAUTHORIZED, 'unauthorized');
              return;
            }
            if (r.kind === 'local') bind(token, lastEvent, true);
            else {
              const hello: RemoteHello = { token, address };
              if (lastEvent !== undefined) hello.lastEvent = lastEvent;
              if (patches) hello.frames = 'patch';
              relayed = opts.cluster!.relay.open(r.owner, r.tableId, { send, close: (code, reason) => ws.close(code, reason) }, hello);
            }
            for (const text of queued) receive(text);
          },
          (e: unknown) => {
            opts.log.warn({ err: String(e) }, 'route failed');
            ws.close(CLOSE_RESTART, 'try again');
          },
        );
        return;
      }
      if (!found) {
        send(errorFrame(serverError('unauthorized')));
        ws.close(CLOSE_UNAUTHORIZED, 'unauthorized');
        return;
      }
      const conn: Conn = { role: found.role, viewer: viewerOf(found.role), send, close: guarded.close };
      if (patches) conn.patches = { ver: 0 };
      bound = { table: found.table, role: found.role, conn, token };
      // The spectator token is public: its sockets count per address only.
      if (found.role.kind !== 'spectator') guard.bind(token, guarded);
      found.table.attach(conn, lastEvent);
    };
    const helloTimer = setTimeout(() => {
      if (!bound && !relayed && routing === null) ws.close(CLOSE_UNAUTHORIZED, 'no hello');
    }, limits.ws.helloTimeoutMs);
    ws.on('close', () => {
      clearTimeout(helloTimer);
      relayed?.close();
      if (!bound) return;
      bound.table.detach(bound.conn);
      guard.unbind(bound.token, guarded);
    });
    ws.on('error', () => undefined);

    const qToken = url.searchParams.get('token');
    if (qToken !== null) {
      const le = url.searchParams.get('lastEvent');
      const n = le === null ? undefined : Number(le);
      bind(qToken, n !== undefined && Number.isInteger(n) && n >= -1 ? n : undefined);
    }

    ws.on('message', (data: RawData, isBinary: boolean) => {
      const credential = bound && bound.role.kind !== 'spectator' ? bound.token : null;
      if (!guard.message(bucket, address, credential)) {
        ws.close(CLOSE_RATE, 'rate limit');
        return;
      }
      if (isBinary) {
        send(errorFrame(serverError('badMessage', 'binary frame')));
        return;
      }
      // A Buffer (ws's default binaryType) is decoded where it lies: Buffer.from would copy it first.
      receive(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8'));
    });

    function receive(text: string): void {
      if (relayed) return relayed.forward(text);
      if (routing) {
        routing.push(text);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        send(errorFrame(serverError('badJson')));
        return;
      }
      // Most messages are plain commands: checked by hand (protocol/client.ts), else by the schema.
      let msg: ClientMessage | null = plainCommand(json);
      if (!msg) {
        const parsed = ClientMessage.safeParse(json);
        if (!parsed.success) {
          const nonce = typeof json === 'object' && json !== null && typeof (json as { nonce?: unknown }).nonce === 'string' ? (json as { nonce: string }).nonce.slice(0, 64) : undefined;
          send(errorFrame(serverError(zodCode(parsed.error), zodDetail(parsed.error), nonce)));
          return;
        }
        msg = parsed.data;
      }
      if (msg.type === 'ping') {
        send('{"type":"pong"}');
        return;
      }
      if (draining) {
        send(errorFrame(serverError('shuttingDown', undefined, 'nonce' in msg ? msg.nonce : undefined)));
        return;
      }
      if (msg.type === 'hello') {
        if (bound) {
          send(errorFrame(serverError('badMessage', 'already identified')));
          return;
        }
        if (msg.frames === 'patch') patches = true;
        bind(msg.token, msg.lastEvent);
        return;
      }
      if (!bound) {
        send(errorFrame(serverError('unauthorized', undefined, 'nonce' in msg ? msg.nonce : undefined)));
        return;
      }
      dispatch(msg, bound, send, reply);
    }
  }

  function dispatch(
    msg: Exclude<ClientMessage, { type: 'ping' | 'hello' }>,
    bound: { table: Table; role: Role; conn: Conn; token: string },
    send: (data: string) => void,
    reply: (p: Promise<ErrorMessage | null>) => void,
  ): void {
    const { table, role, conn } = bound;
    const ack = (nonce: string, lastEvent: number, duplicate: boolean): void => send(JSON.stringify({ type: 'ack', nonce, lastEvent, duplicate }));
    switch (msg.type) {
      case 'resume':
        table.resume(conn, msg.lastEvent);
        return;
      case 'start':
        if (role.kind !== 'host' && role.kind !== 'judge') return send(errorFrame(serverError('notHost')));
        return reply(table.start());
      case 'undo': {
        if (role.kind !== 'judge') return send(errorFrame(serverError('notJudge', undefined, msg.nonce)));
        const nonce = msg.nonce;
        if (nonce === undefined) return reply(table.undo());
        table.undoOnce(nonce).then(
          (r) => (r.ok ? ack(nonce, r.lastEvent, r.duplicate) : send(errorFrame({ ...r.error, nonce }))),
          () => send(errorFrame(serverError('storage', undefined, nonce))),
        );
        return;
      }
      case 'timer': {
        if (role.kind !== 'judge') return send(errorFrame(serverError('notJudge')));
        const { type: _t, ...body } = msg;
        const e = relayTimer(table, conn, body);
        if (e) send(errorFrame(serverError('badMessage', e)));
        return;
      }
      case 'clock': {
        const nonce = msg.nonce;
        if (role.kind !== 'host' && role.kind !== 'judge') return send(errorFrame(serverError('notHost', undefined, nonce)));
        if (msg.action === 'extend' && msg.seconds === undefined) return send(errorFrame(serverError('badMessage', 'seconds: required to extend', nonce)));
        const action = msg.action === 'extend' ? { action: 'extend' as const, seconds: msg.seconds! } : { action: msg.action };
        table.clockControl(action).then(
          (e) => {
            if (e) send(errorFrame(nonce === undefined ? e : { ...e, nonce }));
            else if (nonce !== undefined) ack(nonce, table.lastEventFor(conn.viewer), false);
          },
          () => send(errorFrame(serverError('storage', undefined, nonce))),
        );
        return;
      }
      case 'command': {
        const who = actorFor(role, msg.command, msg.nonce, opts.hostClock);
        if ('type' in who) return send(errorFrame(who));
        if (msg.command.do === 'say' && !guard.say(bound.token, msg.command.text?.length ?? 0)) return send(errorFrame(serverError('rateLimited', 'say', msg.nonce)));
        const cmd = { ...msg.command, by: who.by } as Command;
        table.submit(who.sender, cmd, msg.nonce, conn.viewer).then(
          (r) => (r.ok ? ack(msg.nonce, r.lastEvent, r.duplicate) : send(errorFrame({ ...r.error, nonce: msg.nonce }))),
          () => send(errorFrame(serverError('storage', undefined, msg.nonce))),
        );
        return;
      }
    }
  }

  return {
    wss,
    /** Shutdown begins: no new socket, no new command (the queue still finishes). */
    drain(): void {
      draining = true;
    },
    /** Every socket is told to reconnect (1012); those that do not answer within `graceMs` are cut. */
    async close(graceMs = 1000): Promise<void> {
      draining = true;
      heartbeat.stop();
      guard.close();
      const open = [...wss.clients];
      const closed = open.map((ws) => new Promise<void>((r) => (ws.readyState === ws.CLOSED ? r() : ws.once('close', () => r()))));
      for (const ws of open) ws.close(CLOSE_RESTART, 'server restart');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(closed), new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

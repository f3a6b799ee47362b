// Who a table's frames go to. A table hands each frame to its broadcaster with the viewer it is
// for; the broadcaster knows the connections. Locally (one process) these are this process's
// sockets; in a cluster a connection may be a socket of another process, reached over Redis
// (cluster-relay.ts) — the table does not know the difference: a Conn is a Conn.
import type { Viewer } from '../engine/index.js';
import { viewerKey } from './viewers.js';

/** Who a token (or the server) acts as. */
export type Role = { kind: 'seat'; seat: number } | { kind: 'judge' } | { kind: 'host' } | { kind: 'spectator' };

export interface Conn {
  role: Role;
  viewer: Viewer;
  /** Sends one serialized frame (a text frame; a Buffer holds its UTF-8, shared by many sockets). */
  send(data: string | Buffer): void;
  /**
   * The client asked for patch frames (docs/protocol.md): `ver` is the version of its viewer's
   * view (viewers.ts) it holds, so that it gets a patch only against exactly that view.
   */
  patches?: { ver: number };
  /** Closes the connection (its credential was revoked). */
  close?(code: number, reason: string): void;
}

/**
 * A viewer's frame after a command, in two forms out of one view(): whole (for clients that did
 * not ask for patches, and for a connection that holds another version of the view than `from`),
 * and as a patch of version `from` (null: none). A connection holds version `to` after either.
 */
export interface ViewerFrame {
  full(): Buffer;
  patch: (() => Buffer) | null;
  from: number;
  to: number;
}

/** Sends a viewer's frame to one connection in the form it can read. */
export function sendFrame(conn: Conn, f: ViewerFrame): void {
  if (!conn.patches) return conn.send(f.full());
  conn.send(f.patch && conn.patches.ver === f.from ? f.patch() : f.full());
  conn.patches.ver = f.to;
}

export interface Broadcaster {
  readonly conns: ReadonlySet<Conn>;
  add(conn: Conn): void;
  /** Whether it was there. */
  delete(conn: Conn): boolean;
  /** The same frame to everyone. */
  all(data: string | Buffer): void;
  /**
   * One frame per viewer, made once per viewer however many connections share it (spectators, a
   * seat's second tab); null: no frame for that viewer.
   */
  perViewer(frame: (v: Viewer) => ViewerFrame | null): void;
  /** A frame made for each connection. */
  each(frame: (c: Conn) => string | Buffer | null): void;
}

export class LocalBroadcaster implements Broadcaster {
  readonly conns = new Set<Conn>();

  add(conn: Conn): void {
    this.conns.add(conn);
  }

  delete(conn: Conn): boolean {
    return this.conns.delete(conn);
  }

  all(data: string | Buffer): void {
    for (const c of this.conns) c.send(data);
  }

  perViewer(frame: (v: Viewer) => ViewerFrame | null): void {
    const cache = new Map<string, ViewerFrame | null>();
    for (const conn of this.conns) {
      const key = viewerKey(conn.viewer);
      let data = cache.get(key);
      if (data === undefined) {
        data = frame(conn.viewer);
        cache.set(key, data);
      }
      if (data) sendFrame(conn, data);
    }
  }

  each(frame: (c: Conn) => string | Buffer | null): void {
    for (const c of this.conns) {
      const data = frame(c);
      if (data) c.send(data);
    }
  }
}

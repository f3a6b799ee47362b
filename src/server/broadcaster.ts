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
  /** Closes the connection (its credential was revoked). */
  close?(code: number, reason: string): void;
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
  perViewer(frame: (v: Viewer) => string | Buffer | null): void;
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

  perViewer(frame: (v: Viewer) => string | Buffer | null): void {
    const cache = new Map<string, string | Buffer | null>();
    for (const conn of this.conns) {
      const key = viewerKey(conn.viewer);
      let data = cache.get(key);
      if (data === undefined) {
        data = frame(conn.viewer);
        cache.set(key, data);
      }
      if (data) conn.send(data);
    }
  }

  each(frame: (c: Conn) => string | Buffer | null): void {
    for (const c of this.conns) {
      const data = frame(c);
      if (data) c.send(data);
    }
  }
}

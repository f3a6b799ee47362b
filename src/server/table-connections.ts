// A table's connections and what they are sent: welcomes, each viewer's new events and view after
// a command, resyncs, presence (`table` frames), the final view. Everything sent comes out of
// view()/visibleEvents() — or is their JSON made once for many viewers (viewers.ts eventsJson,
// view-parts.ts; view-parts.test.ts checks it is the same text); what each viewer has been sent
// is kept in viewers.ts; frames go out through a Broadcaster (broadcaster.ts: this process's
// sockets, or relayed ones in a cluster).
// The table actor (table.ts) calls these in its queue.
import { legalCommands, view, visibleEvents, type Command, type GameState, type Viewer } from '../engine/index.js';
import { LocalBroadcaster, type Broadcaster, type Conn } from './broadcaster.js';
import { CLOSE_UNAUTHORIZED, serverError } from './messages.js';
import type { Here } from './table-env.js';
import type { TableRow } from './storage.js';
import { eventsJson, viewerKey, ViewerFrames } from './viewers.js';

/**
 * A table's public info (`GET /api/tables/:id`, the `table` frame, the lobby's entry): made from
 * its row and who is connected, the same way wherever the table runs (in a cluster another
 * process knows who is connected from the owner's presence, cluster-presence.ts).
 */
export function tableInfo(r: TableRow, here: Here): Record<string, unknown> {
  const connected = new Set(here.seats);
  const out: Record<string, unknown> = {
    id: r.id,
    preset: r.setup.preset,
    mode: r.mode,
    status: r.status,
    size: r.seats.length,
    seats: r.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, connected: s.bot || connected.has(s.seat) })),
    commitment: r.commitment || null,
    createdAt: r.createdAt,
  };
  if (r.dealSource && r.dealSource !== 'server') out['dealSource'] = r.dealSource;
  if (r.status === 'finished') out['winner'] = r.winner;
  // Storage failed and the server is retrying what it owes the table (retry.ts).
  if (here.degraded) out['degraded'] = true;
  return out;
}

/** What the connections need of their table. */
export interface ConnectionsHost {
  row(): TableRow;
  state(): GameState;
  closed(): boolean;
  /** Storage failed and the server is retrying what it owes the table (retry.ts). */
  degraded(): boolean;
  /** The running timer for a welcome (the server's, else the judge's relayed one), or null. */
  timer(): Record<string, unknown> | null;
  /** A seat's link was opened: its hold becomes `bound` (table-seats.ts). */
  bindSeat(seat: number): void;
  /** A seat connected (a lobby whose people are all here may start by itself). */
  seatJoined(): void;
  /** Who is connected, or the storage's state, changed (many processes: the other lobbies learn it). */
  presence?(here: Here): void;
}

export class TableConnections {
  private out: Broadcaster;
  /** After a judge undo, log entries at or above this were rewritten: resumes past it get a resync. */
  cutAt = Number.POSITIVE_INFINITY;
  private frames: ViewerFrames;
  private infoPending = false;
  private everConnected = new Set<number>();
  private gone = new WeakSet<Conn>();

  constructor(
    private host: ConnectionsHost,
    broadcaster?: () => Broadcaster,
  ) {
    this.out = broadcaster ? broadcaster() : new LocalBroadcaster();
    this.frames = new ViewerFrames(
      () => host.state(),
      (v) => this.legalFor(v),
    );
  }

  /** The table's connections (this process's and, in a cluster, other processes' sockets). */
  get conns(): ReadonlySet<Conn> {
    return this.out.conns;
  }

  /** Every connection's frame, built once per viewer (`frame` null: nothing for that one). */
  each(frame: (c: Conn) => string | null): void {
    this.out.each(frame);
  }

  /** The number of the last event this viewer may see, in its own numbering (view.ts). */
  lastEventFor(v: Viewer): number {
    return this.frames.lastEvent(v);
  }

  renumbered(v: Viewer, lastEvent: number): boolean {
    return this.frames.renumbered(v, lastEvent, this.cutAt);
  }

  /** The seats with a connection, in order. */
  connectedSeats(): number[] {
    const connected = new Set<number>();
    for (const c of this.conns) if (c.role.kind === 'seat') connected.add(c.role.seat);
    return [...connected].sort((a, b) => a - b);
  }

  info(): Record<string, unknown> {
    return tableInfo(this.host.row(), { seats: this.connectedSeats(), degraded: this.host.degraded() });
  }

  legalFor(v: Viewer): Command[] | undefined {
    if (this.host.row().status !== 'playing') return v.kind === 'public' ? undefined : [];
    if (v.kind === 'seat') return legalCommands(this.host.state(), v.seat);
    if (v.kind === 'judge') return legalCommands(this.host.state(), 'judge');
    return undefined;
  }

  /** A new connection (in the table's queue: nobody sees the events of a command before it is stored). */
  attach(conn: Conn, lastEvent?: number): void {
    if (this.gone.has(conn)) return; // closed before its turn came
    if (this.host.row().status === 'expired') {
      // It expired while this connection waited its turn: its links are gone.
      conn.send(JSON.stringify(serverError('unauthorized')));
      conn.close?.(CLOSE_UNAUTHORIZED, 'expired');
      return;
    }
    this.out.add(conn);
    const v = conn.viewer;
    const incremental = lastEvent !== undefined && !this.renumbered(v, lastEvent);
    const welcome: Record<string, unknown> = {
      type: 'welcome',
      table: this.info(),
      viewer: v,
      view: view(this.host.state(), v, incremental ? { log: false } : {}),
      lastEvent: this.lastEventFor(v),
      timer: this.host.timer(),
      you: {
        canCommand: conn.role.kind !== 'spectator',
        judge: conn.role.kind === 'judge',
        host: conn.role.kind === 'host' || conn.role.kind === 'judge',
      },
    };
    const legal = this.legalFor(v);
    if (legal) welcome['legal'] = legal;
    conn.send(JSON.stringify(welcome));
    if (incremental) this.sendSince(conn, lastEvent);
    else this.holds(conn, this.frames.sent(v));
    if (this.host.row().status === 'finished') this.sendFinal(conn);
    if (conn.role.kind === 'seat') {
      this.everConnected.add(conn.role.seat);
      this.host.bindSeat(conn.role.seat);
      this.presenceChanged();
      this.host.seatJoined();
    }
  }

  detach(conn: Conn): void {
    this.gone.add(conn);
    if (!this.out.delete(conn)) return;
    if (conn.role.kind === 'seat' && !this.host.closed()) this.presenceChanged();
  }

  humansAllJoined(): boolean {
    return this.host.row().seats.every((s) => s.bot || this.everConnected.has(s.seat));
  }

  /** A reconnecting client: exactly the events after `lastEvent` for its viewer, or a resync. */
  resume(conn: Conn, lastEvent: number): void {
    if (this.renumbered(conn.viewer, lastEvent)) {
      conn.send(this.frames.resync(conn.viewer, 'resume'));
      this.holds(conn, this.frames.version(conn.viewer));
      return;
    }
    this.sendSince(conn, lastEvent);
  }

  private sendSince(conn: Conn, lastEvent: number): void {
    const v = conn.viewer;
    const msg: Record<string, unknown> = {
      type: 'events',
      events: visibleEvents(this.host.state(), v, lastEvent + 1),
      view: view(this.host.state(), v, { log: false }),
      lastEvent: this.lastEventFor(v),
    };
    const legal = this.legalFor(v);
    if (legal) msg['legal'] = legal;
    conn.send(JSON.stringify(msg));
    this.holds(conn, this.frames.sent(v));
  }

  /** A connection was sent its viewer's whole view: the version later patches apply to. */
  private holds(conn: Conn, ver: number): void {
    if (conn.patches) conn.patches.ver = ver;
  }

  /**
   * Per applied command: each viewer's new visible events and view, serialized (and encoded to
   * UTF-8) once per viewer and form (whole, or a patch: viewers.ts), however many sockets share it
   * (spectators, a seat's second tab).
   * A timer that the command started or stopped rides in the same frame. A viewer with no new
   * event, the same view and legal commands and no timer gets no frame at all: a frame would tell
   * them that something they may not see just happened (R18).
   */
  broadcastSince(from: number, timer: Record<string, unknown> | null = null): void {
    this.out.perViewer(this.frames.since(from, timer));
  }

  broadcastResync(reason: 'names'): void {
    this.out.each((c) => {
      const text = this.frames.resync(c.viewer, reason);
      this.holds(c, this.frames.version(c.viewer));
      return text;
    });
  }

  /** After a judge's undo: only the viewers who could see what was taken back notice (R18; viewers.ts). */
  broadcastUndo(old: GameState): void {
    this.out.perViewer((v) => this.frames.afterUndo(old, v));
  }

  /**
   * Who is connected changed: one `table` frame for all the changes of this turn. A table's ten
   * seats connecting (or coming back after a restart) would otherwise send each socket a frame per
   * connection.
   */
  presenceChanged(): void {
    if (this.infoPending) return;
    this.infoPending = true;
    setImmediate(() => {
      this.infoPending = false;
      if (this.host.closed()) return;
      this.broadcastInfo();
      this.host.presence?.({ seats: this.connectedSeats(), degraded: this.host.degraded() });
    });
  }

  broadcastInfo(): void {
    this.out.all(Buffer.from(JSON.stringify({ type: 'table', table: this.info() })));
  }

  broadcastRaw(msg: object): void {
    this.out.all(Buffer.from(JSON.stringify(msg)));
  }

  /**
   * The final frame: the viewer's whole view with its log — JSON.stringify of
   * { type: 'final', view: view(state, viewer), record } — its events' JSON made once per event
   * (viewers.ts eventsJson).
   */
  finalFrame(conn: Conn): string {
    const s = this.host.state();
    const v = view(s, conn.viewer, { log: false }) as unknown as Record<string, unknown>;
    let body = '';
    for (const k in v) {
      if (k === 'log') body += `,"log":${eventsJson(s, conn.viewer, 0, 0).json}`;
      else if (v[k] !== undefined) body += `,"${k}":${JSON.stringify(v[k])}`;
    }
    return `{"type":"final","view":{${body.slice(1)}},"record":${JSON.stringify(`/api/games/${this.host.row().id}/record`)}}`;
  }

  /** Every connection's final frame, made once per viewer. */
  broadcastFinal(): void {
    const made = new Map<string, string>();
    this.out.each((c) => {
      const key = viewerKey(c.viewer);
      let text = made.get(key);
      if (text === undefined) made.set(key, (text = this.finalFrame(c)));
      return text;
    });
  }

  sendFinal(conn: Conn): void {
    conn.send(this.finalFrame(conn));
  }
}

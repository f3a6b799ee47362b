// A table before its game: the start (the host's, or by itself once every person has joined an
// autoStart table; one that could not be stored is tried again) and the expiry of a lobby nobody
// started. Each runs in the table's queue (table.ts); the row changes only once storage has it.
import { serverError, type ErrorMessage } from './messages.js';
import type { Retries } from './retry.js';
import type { Storage, TableRow } from './storage.js';
import type { TableConnections } from './table-connections.js';

export interface LobbyHost {
  row(): TableRow;
  storage: Storage;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  retries: Retries;
  net: TableConnections;
  /** The table's start, queued. */
  start(): Promise<ErrorMessage | null>;
  /** The game began: timers and bots. */
  started(): void;
  /** The number of events so far (the start's frame sends what comes after). */
  lastEvent(): number;
}

export class TableLobby {
  constructor(private h: LobbyHost) {}

  async start(): Promise<ErrorMessage | null> {
    const row = this.h.row();
    if (row.status !== 'lobby') return serverError('alreadyStarted');
    try {
      await this.h.storage.updateTable(row.id, { status: 'playing' });
    } catch (e) {
      this.h.log.error({ err: String(e), table: row.id }, 'start not stored');
      return serverError('storage');
    }
    row.status = 'playing';
    this.h.net.broadcastInfo();
    this.h.net.broadcastSince(this.h.lastEvent());
    this.h.started();
    return null;
  }

  /**
   * A lobby nobody started and nobody is connected to (checked again in the queue, so that a
   * start or a connection that came meanwhile keeps it): stored as expired.
   */
  async expireIfIdle(): Promise<boolean> {
    const row = this.h.row();
    if (row.status !== 'lobby' || this.h.net.conns.size > 0) return false;
    try {
      await this.h.storage.updateTable(row.id, { status: 'expired' });
    } catch (e) {
      this.h.log.warn({ table: row.id, err: String(e) }, 'expiry not stored');
      return false;
    }
    row.status = 'expired';
    return true;
  }

  /** A start nobody asked for (an autoStart table whose people are all here); one not stored is tried again. */
  startIfAllHere(): void {
    const row = this.h.row();
    if (row.status !== 'lobby' || !row.autoStart || !this.h.net.humansAllJoined()) return;
    void this.h.start().then((e) => {
      if (e?.code === 'storage') this.h.retries.failed('start', () => this.startIfAllHere());
      else this.h.retries.ok('start');
    });
  }
}

// A table's seats at run time: nicknames, a seat bound when its link is first used, claims of
// free seats and the host's new links — each stored before anyone is told, one at a time in the
// table's queue (seats.ts has the transitions themselves).
import { rejection, serverError, type ErrorMessage } from './messages.js';
import { bindSeat, claimableSeats, claimSeat, freeSeat, reissueSeat } from './seats.js';
import type { SeatRow, Storage, TableRow } from './storage.js';

export interface SeatsHost {
  row(): TableRow;
  /** Runs in the table's queue. */
  run<T>(fn: () => Promise<T> | T): Promise<T>;
  storage: Storage;
  log: { error(o: object, msg: string): void };
  /** The new row is stored: make it the table's (new names rebuild its state and resync everyone). */
  stored(row: TableRow, renamed: boolean): void;
  /** Close the connections of a seat whose credential was revoked. */
  drop(seat: number): void;
}

export class TableSeats {
  /** Seats whose link was used and that wait to be stored as bound. */
  private binding = new Set<number>();

  constructor(private host: SeatsHost) {}

  /** A nickname before the start; `own`: the seat's own link was used, so the seat is bound too. */
  setName(seat: number, name: string, own = false): Promise<ErrorMessage | null> {
    return this.host.run(async () => {
      const row = this.host.row();
      if (row.status !== 'lobby') return serverError('alreadyStarted');
      const seats = (own ? bindSeat(row.seats, seat) : null) ?? row.seats;
      return this.store(seats.map((s) => (s.seat === seat ? { ...s, name } : s)));
    });
  }

  /** Store new seat rows, then make them the table's. A storage fault changes nothing: `storage`. */
  private async store(seats: SeatRow[]): Promise<ErrorMessage | null> {
    const row = this.host.row();
    const renamed = seats.some((s, i) => s.name !== row.seats[i]?.name);
    const setup = renamed ? { ...row.setup, players: seats.map((s) => s.name) } : row.setup;
    try {
      await this.host.storage.updateTable(row.id, renamed ? { seats, setup } : { seats });
    } catch (e) {
      this.host.log.error({ err: String(e), table: row.id }, 'seats not stored');
      return serverError('storage');
    }
    this.host.stored({ ...this.host.row(), seats, setup }, renamed);
    return null;
  }

  /**
   * A seat's own link was used (a connection): a reserved seat becomes bound, stored. The seats
   * of a table connecting together (its start, a restart) are stored in one write.
   */
  bind(seat: number): void {
    if (!bindSeat(this.host.row().seats, seat) || this.binding.has(seat)) return;
    this.binding.add(seat);
    if (this.binding.size > 1) return;
    void this.host.run(async () => {
      const before = this.host.row().seats;
      let seats = before;
      for (const s of this.binding) seats = bindSeat(seats, s) ?? seats;
      this.binding.clear();
      if (seats !== before) await this.store(seats); // a failure leaves them reserved: the next use tries again
    });
  }

  /** Seats a stranger may claim: the free seats of an open online table in the lobby. */
  free(): number[] {
    return claimableSeats(this.host.row());
  }

  /**
   * `POST /api/tables/:id/claim`: the lowest free seat, named, with the new credential `token`,
   * stored before the answer. In the table's queue, so two claims never get one seat.
   */
  claim(nickname: string, token: string): Promise<{ seat: number } | ErrorMessage> {
    return this.host.run(async () => {
      if (this.host.row().status !== 'lobby') return serverError('alreadyStarted');
      const c = this.free().length ? claimSeat(this.host.row().seats, nickname, token) : null;
      if (!c) return serverError('noFreeSeat');
      return (await this.store(c.seats)) ?? { seat: c.seat };
    });
  }

  /**
   * The host's new link for a seat (`token`), or (`token` null) an open table's seat given back to
   * the lobby. The old credential stops working and its connections are closed. An online table's
   * host may do it only in the lobby: later the link would show it that seat's role. A judge may
   * at any time (the judge sees every role anyway).
   */
  relink(seat: number, token: string | null): Promise<{ old: string | null } | ErrorMessage> {
    return this.host.run(async () => {
      const row = this.host.row();
      if (row.mode === 'online' && row.status !== 'lobby') return serverError('alreadyStarted');
      if (row.status === 'finished') return rejection('gameOver');
      if (token === null && (row.mode !== 'online' || row.open !== true)) return serverError('notOpen');
      const r = token === null ? freeSeat(row.seats, seat) : reissueSeat(row.seats, seat, token);
      if (!r) return rejection('badTarget');
      const e = await this.store(r.seats);
      if (e) return e;
      this.host.drop(seat);
      return { old: r.old };
    });
  }
}

// Who holds each human seat, and how that changes (SeatHold in storage.ts). Pure functions over
// a table's seat rows: the table stores what they return before anyone is told, so a restart
// keeps every seat as it was. A claim only takes a free seat and gets a credential of its own;
// the host hands out, revokes and reissues links.
import type { SeatHold, SeatRow, TableRow } from './storage.js';

/** A seat's hold; null for a bot. Rows made before holds existed are read as they behaved. */
export function holdOf(s: SeatRow): SeatHold | null {
  if (s.bot) return null;
  if (s.hold) return s.hold;
  if (s.claimed) return 'claimed';
  return s.token ? 'reserved' : 'free';
}

/**
 * The seats of a new table. At a closed table every human seat's link goes to the host. At an
 * open table the host gets links only for the seats it keeps for people it invites (`reserve`);
 * the others are free, and no credential exists for them until someone claims one.
 */
export function newSeats(names: string[], bots: Set<number>, open: boolean, reserve: Set<number>, token: () => string): SeatRow[] {
  return names.map((name, i) => {
    const seat = i + 1;
    if (bots.has(seat)) return { seat, name, bot: true, token: null };
    if (open && !reserve.has(seat)) return { seat, name, bot: false, token: null, hold: 'free' };
    return { seat, name, bot: false, token: token(), hold: 'reserved' };
  });
}

export function freeSeats(seats: SeatRow[]): number[] {
  return seats.filter((s) => holdOf(s) === 'free').map((s) => s.seat);
}

/** The seats a stranger may claim now: free seats of an open online table nobody started. */
export function claimableSeats(r: Pick<TableRow, 'mode' | 'open' | 'status' | 'seats'>): number[] {
  if (r.mode !== 'online' || r.open !== true || r.status !== 'lobby') return [];
  return freeSeats(r.seats);
}

function replace(seats: SeatRow[], seat: number, next: (s: SeatRow) => SeatRow): SeatRow[] {
  return seats.map((s) => (s.seat === seat ? next(s) : s));
}

/** A stranger takes the lowest free seat under a nickname, with a new credential; null if none is free. */
export function claimSeat(seats: SeatRow[], nickname: string, token: string): { seats: SeatRow[]; seat: number } | null {
  const seat = freeSeats(seats)[0];
  if (seat === undefined) return null;
  return { seat, seats: replace(seats, seat, (s) => ({ seat: s.seat, bot: false, name: nickname, token, hold: 'claimed' })) };
}

/** A player opened the host's link: the seat is bound (no longer the host's to revoke quietly). Null: no change. */
export function bindSeat(seats: SeatRow[], seat: number): SeatRow[] | null {
  const s = seats.find((x) => x.seat === seat);
  if (!s || holdOf(s) !== 'reserved') return null;
  return replace(seats, seat, (x) => ({ ...x, hold: 'bound' }));
}

/** The host's new link for a seat (any human seat): the old credential stops working. */
export function reissueSeat(seats: SeatRow[], seat: number, token: string): { seats: SeatRow[]; old: string | null } | null {
  const s = seats.find((x) => x.seat === seat);
  if (!s || s.bot) return null;
  const { claimed: _c, ...rest } = s;
  return { old: s.token, seats: replace(seats, seat, () => ({ ...rest, token, hold: 'reserved' })) };
}

/** An open table's seat given back to the lobby: no credential, its default name. */
export function freeSeat(seats: SeatRow[], seat: number): { seats: SeatRow[]; old: string | null } | null {
  const s = seats.find((x) => x.seat === seat);
  if (!s || s.bot) return null;
  return { old: s.token, seats: replace(seats, seat, () => ({ seat, bot: false, name: `${seat}`, token: null, hold: 'free' })) };
}

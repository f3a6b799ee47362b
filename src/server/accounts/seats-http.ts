// Seats bound to accounts. A signed-in player who opens a seat link (or claims a seat) hands the
// link's token to POST /api/me/seats: the seat becomes the account's, and from then on
// GET /api/me/seats/:table gives the token back to that account's sessions on any device (the web
// app takes it out of the address bar). A host seats a registered player by nickname. Guests'
// links work exactly as before: nothing here is needed to play.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub.js';
import { holdOf } from '../seats.js';
import type { Table } from '../table.js';
import { handle, need, parse, type AccountsContext } from './context.js';
import { AccountError } from './errors.js';

const TokenOnly = z.strictObject({ token: z.string().min(8).max(128) });
const HostSeat = z.strictObject({ table: z.string().min(1).max(64), seat: z.number().int().min(1).max(64), token: z.string().min(8).max(128), nickname: z.string().min(1).max(64) });

/**
 * What a player's list shows of a table they sat at (no secret: the public info). Read from the
 * database's row, never from this process's tables: in a cluster the table may run at another
 * process, and every process must give the same list (and no command log is read for it).
 */
export async function seatSummary(hub: Hub, tableId: string, seat: number): Promise<Record<string, unknown>> {
  const row = await hub.storage.getTable(tableId).catch(() => null);
  if (!row) return { table: tableId, seat, status: 'gone' };
  return { table: tableId, seat, status: row.status, preset: row.setup.preset, mode: row.mode, name: row.seats.find((s) => s.seat === seat)?.name ?? null, winner: row.winner, createdAt: row.createdAt, finishedAt: row.finishedAt };
}

/** The seat's credential if it is still the one the table knows (a host's new link revokes it). */
function liveToken(hub: Hub, t: Table | null | undefined, seat: number, token: string | null): string | null {
  if (!t || !token) return null;
  const who = hub.lookup(token);
  return who?.table === t && who.role.kind === 'seat' && who.role.seat === seat ? token : null;
}

export function registerSeatsHttp(app: FastifyInstance, ctx: AccountsContext): void {
  const { store, hub } = ctx;

  app.post(
    '/api/me/seats',
    handle(async (req) => {
      const me = need(req);
      const { token } = parse(TokenOnly, req.body);
      const who = hub.lookup(token);
      if (!who || who.role.kind !== 'seat') throw new AccountError(400, 'notSeatLink');
      const seat = who.role.seat;
      const t = who.table;
      // A binding whose link the host revoked (a new link, or the seat back in the lobby) holds the
      // seat no longer: the new link's holder binds it, and it leaves the old account's games.
      const held = (await store.seatsOfTable(t.row.id)).find((s) => s.seat === seat);
      if (held && held.accountId !== me.account.id && !liveToken(hub, t, seat, held.token)) await store.unbindSeat(t.row.id, seat);
      if (!(await store.bindSeat(t.row.id, seat, me.account.id, token, Date.now()))) throw new AccountError(409, 'seatTaken');
      // In the lobby the seat takes the account's nickname (the player can still change it there).
      if (t.row.status === 'lobby') await t.seats.setName(seat, me.account.nickname, true);
      return { table: t.row.id, seat };
    }),
  );

  app.get(
    '/api/me/seats',
    handle(async (req) => {
      const me = need(req);
      return Promise.all((await store.seatsOf(me.account.id)).map((s) => seatSummary(hub, s.tableId, s.seat)));
    }),
  );

  /** The account's seat at a table, with its credential (to this account's own sessions only). */
  app.get<{ Params: { table: string } }>(
    '/api/me/seats/:table',
    handle(async (req) => {
      const me = need(req);
      const s = await store.seatOf(req.params.table, me.account.id);
      const t = s ? await hub.find(s.tableId) : undefined;
      const token = s ? liveToken(hub, t, s.seat, s.token) : null;
      if (!s || !token) throw new AccountError(404, 'seatNotYours');
      return { table: s.tableId, seat: s.seat, token };
    }),
  );

  /** The host (or judge) seats a registered player: the seat's link becomes that account's. */
  app.post(
    '/api/accounts/seat',
    handle(async (req) => {
      const body = parse(HostSeat, req.body);
      const t = hub.tables.get(body.table);
      const host = hub.lookup(body.token);
      if (!t || host?.table !== t || (host.role.kind !== 'host' && host.role.kind !== 'judge')) throw new AccountError(403, 'notHost');
      const player = await store.byNickname(body.nickname);
      if (!player) throw new AccountError(404, 'accountNotFound');
      const row = t.row.seats.find((s) => s.seat === body.seat);
      if (!row || row.bot) throw new AccountError(400, 'notSeatLink');
      const bound = (await store.seatsOfTable(t.row.id)).find((s) => s.seat === body.seat);
      let token = holdOf(row) === 'reserved' ? row.token : null;
      if (!token || (bound && bound.accountId !== player.id)) {
        const r = await hub.relink(t.row.id, body.seat, body.token, false);
        token = 'token' in r ? r.token : null;
      }
      if (!token) throw new AccountError(409, 'seatTaken');
      // The host's new link replaced whoever held the seat: it is this player's now.
      await store.unbindSeat(t.row.id, body.seat);
      await store.bindSeat(t.row.id, body.seat, player.id, token, Date.now());
      if (t.row.status === 'lobby') await t.seats.setName(body.seat, player.nickname);
      return { table: t.row.id, seat: body.seat, nickname: player.nickname };
    }),
  );
}

// The lobby (GET /api/tables): online tables not finished, newest first, read from the database a
// page at a time (Storage.lobbyTables) with a cursor, never every table at once.
import type { Here, Presence } from './cluster-presence.js';
import { freeSeats } from './seats.js';
import type { LobbyCursor, Storage, TableRow } from './storage.js';
import type { Table } from './table.js';
import { watchPath } from './table-create.js';

/** The lobby's page cursor: a table's creation time (fixed width) and id, as the `next` of a page. */
export function lobbyCursor(r: Pick<TableRow, 'createdAt' | 'id'>): string {
  return `${String(r.createdAt).padStart(15, '0')}:${r.id}`;
}

/** A cursor given back (?before=); anything else starts from the newest table. */
export function parseCursor(c: string | undefined): LobbyCursor | undefined {
  const m = c === undefined ? null : /^(\d{1,15}):([\w-]{1,64})$/.exec(c);
  return m ? { createdAt: Number(m[1]), id: m[2]! } : undefined;
}

/**
 * The lobby as GET /api/tables serves it: online tables not finished, newest first, a page at a
 * time (`before`: the `next` cursor of the previous page), read from the database — never every
 * table at once, and in a cluster every process's tables. Each carries what a visitor needs: the
 * public spectator token and the link to watch (`watch`), whether the table is open and how many
 * seats can be claimed, who is connected. Every process gives the same entry: who is connected is
 * known where a table runs, so a table this process does not run is read from its owner's
 * presence (`presence`, cluster-presence.ts); without one (a single process) every table runs here.
 */
export async function listLobby(
  storage: Storage,
  tables: ReadonlyMap<string, Table>,
  limit: number,
  before?: string,
  presence?: Presence,
): Promise<{ tables: Record<string, unknown>[]; next: string | null }> {
  const rows = await storage.lobbyTables(limit + 1, parseCursor(before));
  const page = rows.slice(0, limit);
  const elsewhere = presence ? await presence.of(page.filter((r) => !tables.has(r.id)).map((r) => r.id)) : new Map<string, Here>();
  return {
    tables: page.map((r) => {
      const live = tables.get(r.id);
      return lobbyEntry(live ? live.row : r, live ? live.here() : (elsewhere.get(r.id) ?? { seats: [], degraded: false }));
    }),
    next: rows.length > limit ? lobbyCursor(page[page.length - 1]!) : null,
  };
}

/** A table's lobby entry, made the same way wherever the table runs. */
function lobbyEntry(r: TableRow, here: Here): Record<string, unknown> {
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
  if (here.degraded) out['degraded'] = true;
  out['open'] = r.open === true;
  out['freeSeats'] = r.mode === 'online' && r.open === true && r.status === 'lobby' ? freeSeats(r.seats).length : 0;
  out['spectatorToken'] = r.spectatorToken;
  out['watch'] = watchPath(r);
  return out;
}

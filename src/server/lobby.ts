// The lobby (GET /api/tables): online tables not finished, newest first, read from the database a
// page at a time (Storage.lobbyTables) with a cursor, never every table at once.
import type { Here, Presence } from './cluster-presence.js';
import { claimableSeats } from './seats.js';
import { tableInfo } from './table-connections.js';
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

/**
 * A table's public info (GET /api/tables/:id), the same from every process: where the table runs
 * elsewhere, its row from the database and who is connected from its owner's presence.
 */
export async function tableInfoOf(storage: Storage, tables: ReadonlyMap<string, Table>, id: string, presence?: Presence): Promise<Record<string, unknown> | null> {
  const t = tables.get(id);
  if (t) return t.info();
  const row = await storage.getTable(id);
  if (!row) return null;
  return tableInfo(row, (await presence?.of([id]))?.get(id) ?? { seats: [], degraded: false });
}

/** A table's lobby entry: its info (the same wherever it runs), whether strangers may sit, how to watch. */
function lobbyEntry(r: TableRow, here: Here): Record<string, unknown> {
  return {
    ...tableInfo(r, here),
    open: r.open === true,
    freeSeats: claimableSeats(r).length,
    spectatorToken: r.spectatorToken,
    watch: watchPath(r),
  };
}

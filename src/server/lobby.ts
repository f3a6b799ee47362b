// The lobby (GET /api/tables): online tables not finished, newest first, read from the database a
// page at a time (Storage.lobbyTables) with a cursor, never every table at once.
import { holdOf } from './seats.js';
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
 * seats can be claimed. Who is connected is known only where a table runs: a table this process
 * does not run shows its bots as connected and its people as not.
 */
export async function listLobby(
storage: Storage,
tables: ReadonlyMap<string, Table>,
limit: number,
before?: string,
): Promise<{ tables: Record<string, unknown>[]; next: string | null }> {
  const rows = await storage.lobbyTables(limit + 1, parseCursor(before));
  const page = rows.slice(0, limit);
  return {
    tables: page.map((r) => {
      const live = tables.get(r.id);
      if (live) return { ...live.info(), open: live.row.open === true, freeSeats: live.seats.free().length, spectatorToken: r.spectatorToken, watch: watchPath(r) };
      return {
        id: r.id,
        preset: r.setup.preset,
        mode: r.mode,
        status: r.status,
        size: r.seats.length,
        seats: r.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, connected: s.bot })),
        commitment: r.commitment || null,
        createdAt: r.createdAt,
        open: r.open === true,
        freeSeats: r.open && r.status === 'lobby' ? r.seats.filter((s) => holdOf(s) === 'free').length : 0,
        spectatorToken: r.spectatorToken,
        watch: watchPath(r),
      };
    }),
    next: rows.length > limit ? lobbyCursor(page[page.length - 1]!) : null,
  };
}


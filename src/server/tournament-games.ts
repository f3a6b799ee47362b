// Games of a tournament on the server: server tables bound to slots (their seats are the slot's
// players), records attached to slots as new versions (checked against the slot; an upload
// repeated changes nothing; a correction needs a reason), and a finished table's record attached
// by itself — also after a restart that came in between.
import type { GameRecord } from '../engine/index.js';
import { checkSlotRecord, slotKey, slotOf, type GameFacts, type SlotRef } from '../tournament/index.js';
import type { Hub } from './hub.js';
import { closedTable, playPath, watchPath } from './table-create.js';
import type { CreateTableBody } from './messages.js';
import { refuse, TournamentApiError, type OpenTableBody } from './tournament-messages.js';
import type { Storage, TableStatus } from './storage.js';
import type { AttachedBy, GameVersionRow, RecordSource, TableBinding, TournamentStore } from './tournament-store.js';
import { slotSummary, type Loaded } from './tournament-views.js';
import type { Table } from './table.js';
import type { TournamentService, TournamentServiceOptions } from './tournaments.js';

/**
 * The status of the bound tables of slots without a record (a slot's last binding counts), read
 * from the database, not from this process's memory: in a cluster the table may run at another
 * process, and every process must show the same and refuse a second table for a running game.
 */
export async function boundTableStatuses(storage: Storage, bindings: TableBinding[], current: ReadonlyMap<string, GameVersionRow>): Promise<Map<string, TableStatus>> {
  const last = new Map<string, string>();
  for (const b of bindings) if (!current.has(slotKey(b))) last.set(slotKey(b), b.tableId);
  const out = new Map<string, TableStatus>();
  await Promise.all(
    [...new Set(last.values())].map(async (tableId) => {
      const row = await storage.getTable(tableId);
      if (row) out.set(tableId, row.status);
    }),
  );
  return out;
}

/** A server table opened for a slot: its tokens and each seat's player and link. */
export interface OpenedTable {
  tableId: string;
  mode: 'online' | 'judge';
  /** The host's (online) or the judge's (judge table) token. */
  hostToken: string;
  spectatorToken: string;
  commitment: string | null;
  /** The web app's link to watch the table. */
  watch?: string;
  seats: { seat: number; player: string; nickname: string; bot: boolean; token: string | null; play: string | null }[];
}

/** The organizer's copy of the tokens of the table bound to a slot. */
export interface SlotTable {
  tableId: string;
  mode: 'online' | 'judge';
  status: string;
  hostToken: string;
  spectatorToken: string;
  seats: { seat: number; name: string; bot: boolean; token: string | null }[];
}

export class SlotGames {
  constructor(
    private svc: TournamentService,
    private hub: Hub,
    private store: TournamentStore,
    private log: TournamentServiceOptions['log'],
    private now: () => number,
  ) {}

  /** A server table for a slot: its seats named and bound to the slot's players, in seat order. */
  openTable(id: string, ref: SlotRef, body: OpenTableBody): Promise<OpenedTable> {
    return this.svc.run(id, async () => {
      const l = await this.svc.load(id);
      const t = l.row.data;
      const slot = slotOf(t, ref);
      if (!slot) return refuse(404, 'noSuchSlot', `round ${ref.round}, table ${ref.table}`);
      if (l.current.has(slotKey(ref))) return refuse(409, 'tableOpen', 'the game has its record: attach a correction instead');
      const sum = slotSummary(l, ref, this.svc.facts);
      const live = sum.tableId ? l.tables.get(sum.tableId) : undefined;
      if ((live === 'lobby' || live === 'playing') && !body.replace) return refuse(409, 'tableOpen', `table ${sum.tableId} is playing this game (replace: true opens another)`);
      const nick = new Map(t.players.map((p) => [p.id, p.nickname]));
      const names = slot.seats.map((pid) => nick.get(pid) ?? pid);
      const allBots = body.bots !== undefined && slot.seats.every((_, i) => body.bots!.includes(i + 1));
      const create: CreateTableBody = {
        preset: t.options.preset,
        mode: body.mode,
        size: names.length,
        names,
        options: t.options.gameOptions as CreateTableBody['options'],
        // A table of bots only waits for its binding to be stored before it starts.
        ...(allBots ? { autoStart: false } : {}),
        ...(body.bots ? { bots: body.bots } : {}),
        ...(body.botPolicy ? { botPolicy: body.botPolicy } : {}),
        ...(body.botDelayMs !== undefined ? { botDelayMs: body.botDelayMs } : {}),
        ...(body.clock ? { clock: body.clock } : {}),
      };
      let made;
      try {
        made = await this.hub.create(create);
      } catch (e) {
        const err = e as { code?: string; detail?: string };
        return refuse(400, 'tableRefused', `${err.code ?? 'error'}: ${err.detail ?? String(e)}`);
      }
      await this.store.bindTable({ tableId: made.id, tournamentId: id, round: ref.round, table: ref.table, mode: body.mode, createdAt: this.now() });
      if (allBots) void this.hub.tables.get(made.id)?.start();
      this.svc.changed(id);
      const row = this.hub.tables.get(made.id)?.row;
      return {
        tableId: made.id,
        mode: body.mode,
        hostToken: made.hostToken,
        spectatorToken: made.spectatorToken,
        commitment: made.commitment,
        ...(row ? { watch: watchPath(row) } : {}),
        seats: made.seats.map((s, i) => ({ seat: s.seat, player: slot.seats[i]!, nickname: names[i]!, bot: s.bot, token: s.token, play: s.token ? playPath(made.id, s.token, s.seat) : null })),
      };
    });
  }

  /** The organizer's copy of the tokens of the table bound to a slot (a lost link); a closed table's seats without theirs. */
  async slotTable(id: string, ref: SlotRef): Promise<SlotTable> {
    const l = await this.svc.load(id);
    const b = l.bindings.filter((x) => x.round === ref.round && x.table === ref.table).at(-1);
    if (!b) return refuse(404, 'notFound', 'no table was opened for this game');
    const t = await this.hub.find(b.tableId);
    if (!t) return refuse(404, 'notFound', 'the table is gone');
    // A closed table's seat tokens are its players' credentials, which nobody needs to hand out any more.
    const closed = closedTable(t.row);
    return {
      tableId: t.id,
      mode: b.mode,
      status: t.row.status,
      hostToken: t.row.hostToken,
      spectatorToken: t.row.spectatorToken,
      seats: t.row.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, token: closed ? null : s.token })),
    };
  }

  /**
   * Attach a record to a slot: checked against the slot, stored as its next version. The same
   * record as the current version changes nothing (an upload repeated is idempotent). A slot
   * that has a record already takes a new one only as a correction with a reason.
   */
  async attach(id: string, ref: SlotRef, record: unknown, by: AttachedBy, source: RecordSource, extra: { reason?: string; tableId?: string } = {}): Promise<{ version: number; duplicate: boolean }> {
    const r = await this.stored(id, ref, record, by, source, extra);
    if (!r.duplicate) await this.svc.flags.afterAttach(id, ref, r.version, r.facts, extra.reason, by.name);
    return { version: r.version, duplicate: r.duplicate };
  }

  private stored(id: string, ref: SlotRef, record: unknown, by: AttachedBy, source: RecordSource, extra: { reason?: string; tableId?: string }): Promise<{ version: number; duplicate: boolean; facts: GameFacts | null }> {
    return this.svc.run(id, async () => {
      const l = await this.svc.load(id);
      const checked = checkSlotRecord(l.row.data, ref, record);
      if (!checked.ok) return refuse(checked.error.code === 'noSuchSlot' ? 404 : 422, checked.error.code, checked.error.detail);
      const cur = l.current.get(slotKey(ref));
      if (cur && canonical(cur.record) === canonical(record)) return { version: cur.version, duplicate: true, facts: null };
      if (cur && !extra.reason) return refuse(409, 'reasonRequired', `version ${cur.version} is attached; send a reason to correct it`);
      const row: GameVersionRow = { tournamentId: id, round: ref.round, table: ref.table, version: (cur?.version ?? 0) + 1, at: this.now(), by, source, record: record as GameRecord };
      if (extra.reason) row.reason = extra.reason;
      if (extra.tableId) row.tableId = extra.tableId;
      await this.store.addGameVersion(row);
      this.log.info({ tournament: id, slot: slotKey(ref), version: row.version, by: by.kind, source }, 'tournament game attached');
      this.svc.changed(id);
      return { version: row.version, duplicate: false, facts: checked.value.facts };
    });
  }

  /** A server table finished: if it plays a slot that has no record yet, its record attaches. */
  async onTableFinished(t: Table): Promise<void> {
    const b = await this.store.bindingOf(t.id);
    if (!b) return;
    await this.attachFromTable(b.tournamentId, b, t.record(), t.id);
  }

  private async attachFromTable(id: string, ref: SlotRef, record: GameRecord, tableId: string): Promise<void> {
    const l = await this.svc.load(id);
    // A table replaced by a newer one for the same game (replace: true) is abandoned.
    const latest = l.bindings.filter((b) => b.round === ref.round && b.table === ref.table).at(-1);
    if (latest?.tableId !== tableId) {
      this.log.warn({ tournament: id, slot: slotKey(ref), table: tableId }, 'a replaced table finished: not attached');
      return;
    }
    const cur = l.current.get(slotKey(ref));
    if (cur && cur.tableId !== tableId) {
      this.log.warn({ tournament: id, slot: slotKey(ref), table: tableId }, 'table finished, but the game has a record already: not attached');
      return;
    }
    try {
      await this.attach(id, ref, record, { kind: 'table' }, 'table', { tableId });
    } catch (e) {
      const why = e instanceof TournamentApiError ? e.message : String(e);
      this.log.warn({ tournament: id, slot: slotKey(ref), table: tableId, why }, 'finished table not attached');
      // The table's record fails the slot's check: the game waits for the organizer's correction.
      if (e instanceof TournamentApiError && e.status === 422) await this.svc.flags.raise(id, ref, { kind: 'badRecord', by: 'server', reason: e.error.code }).catch(() => undefined);
    }
  }

  /** Tables that finished while nobody attached them (a restart in between): attach them now. */
  async reconcile(l: Loaded): Promise<void> {
    for (const b of l.bindings) {
      if (l.current.has(slotKey(b))) continue;
      const t = await this.hub.find(b.tableId);
      if (t?.row.status === 'finished') await this.attachFromTable(l.row.id, b, t.record(), t.id);
    }
  }
}

/** A record's JSON with its keys in a fixed order (an upload compared with the stored version). */
function canonical(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v as object)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]))
      : v,
  );
}

// All tables of a server: creating them (the row itself: table-create.ts), the token index,
// loading after a restart, forgetting finished tables after a while (they stay in storage),
// expiring lobbies nobody started, the lobby (lobby.ts), free seats of open tables handed to
// strangers (claims) and the host's new seat links; in a cluster, which tables this process runs
// (leases, fencing numbers, taking over a dead process's tables).
import { onFenced } from './fenced-storage.js';
import type { TableDirectory } from './directory.js';
import type { HubOptions } from './hub-options.js';
import { listLobby, tableInfoOf } from './lobby.js';
import type { CreateTableBody } from './messages.js';
import { newToken } from './deal.js';
import type { Storage } from './storage.js';
import { Table, type Role, type TableEnv } from './table.js';
import { createResult, HubError, newTableRow, playPath, statusOf, type ClaimResult, type CreateResult } from './table-create.js';
import { CLOSE_RESTART } from '../protocol/index.js';

export type { HubOptions } from './hub-options.js';

export class Hub {
  readonly tables = new Map<string, Table>();
  private tokens = new Map<string, { table: Table; role: Role }>();
  private evictions = new Set<NodeJS.Timeout>();
  /** Uploads of local games by their idempotency key (create()). */
  private uploads = new Map<string, Promise<CreateResult>>();
  private env: TableEnv;
  private stopped = false;
  private sweeper: NodeJS.Timeout;
  private finishedListeners: ((t: Table) => void)[] = [];

  constructor(private opts: HubOptions) {
    this.env = {
      storage: opts.storage,
      timeScale: opts.timeScale,
      log: opts.log,
      onFinished: (t) => {
        opts.presence?.set(t.id, { seats: [], degraded: false });
        this.scheduleEviction(t);
        for (const l of this.finishedListeners) l(t);
      },
      extendMaxSeconds: opts.extendMaxSeconds,
      ...(opts.observe ? { observe: opts.observe } : {}),
      ...(opts.presence ? { presence: (id, here) => opts.presence!.set(id, here) } : {}),
    };
    opts.directory?.onLost((id) => this.lost(id));
    this.sweeper = setInterval(() => void this.expireStale(), Math.min(60_000, Math.max(1000, opts.unstartedTtlMs / 4)));
    this.sweeper.unref();
  }

  /** Called when a game of a table ends (tournaments attach its record to a slot). */
  onFinished(listener: (t: Table) => void): void {
    this.finishedListeners.push(listener);
  }

  get storage(): Storage {
    return this.opts.storage;
  }

  /** Whether tables are spread over many processes (a directory was given). */
  get clustered(): boolean {
    return this.opts.directory !== undefined;
  }

  /** Tables taken over from a process that died or stopped (metrics). */
  failovers = 0;
  private adopting = new Map<string, Promise<Table | null>>();

  /**
   * The environment of one table: in a cluster its writes carry the table's fencing number, and
   * a write refused for a newer number (another process took the table while this one was cut
   * off or paused) makes this process stop running it at once (fencedOut).
   */
  private envFor(id: string, fence: number | undefined): TableEnv {
    const s = this.opts.storage;
    if (fence === undefined || !s.fenced) return this.env;
    return { ...this.env, storage: onFenced(s.fenced(id, fence), () => this.fencedOut(id, fence)) };
  }

  /** The fencing number each table of this process runs under (cluster). */
  private fences = new Map<string, number>();

  /** A write of table `id` under `fence` was refused: a newer owner has it, this process lets it go. */
  private fencedOut(id: string, fence: number): void {
    if (this.fences.get(id) !== fence) return;
    this.opts.log.warn({ table: id, fence }, 'fenced out: another process runs the table now');
    this.lost(id);
  }

  /** A lease and a fencing number for a table this process is about to run (cluster only). */
  private async own(id: string): Promise<number | undefined> {
    const dir = this.opts.directory;
    if (!dir) return undefined;
    const lease = await dir.acquire(id);
    if (!lease) return undefined;
    return this.opts.storage.takeFence ? await this.opts.storage.takeFence(id) : lease.fence;
  }

  /**
   * Many processes: take a table nobody runs (its owner died or stopped) — its lease, a new
   * fencing number, then its state rebuilt from the log and its timers and bots resumed. Null
   * when another process holds it or it is gone (expired).
   */
  adopt(id: string, failover = true): Promise<Table | null> {
    const known = this.tables.get(id);
    if (known) return Promise.resolve(known);
    const busy = this.adopting.get(id);
    if (busy) return busy;
    const dir = this.opts.directory;
    if (!dir || this.stopped) return Promise.resolve(null);
    const p = (async (): Promise<Table | null> => {
      const lease = await dir.acquire(id);
      if (!lease) return null;
      try {
        // The fence first: a write of the old owner still in flight lands before it or fails.
        const fence = this.opts.storage.takeFence ? await this.opts.storage.takeFence(id) : lease.fence;
        const row = await this.opts.storage.getTable(id);
        if (!row || row.status === 'expired' || this.stopped) {
          await dir.release(id);
          return null;
        }
        const [commands, edits] = await Promise.all([this.opts.storage.commands(id), row.mode === 'judge' ? this.opts.storage.edits(id) : Promise.resolve([])]);
        const t = new Table(row, commands, this.envFor(id, fence), edits.length > 0);
        t.restoreEdits(edits);
        this.index(t);
        this.fences.set(id, fence);
        // Who was connected at the dead owner is not connected here (its clients reconnect).
        this.opts.presence?.set(id, { seats: [], degraded: false });
        // The lease may have been let go while the log was read (no renewal answered in time).
        if (dir.holds && !dir.holds(id)) {
          this.lost(id);
          return null;
        }
        if (row.status === 'finished') {
          t.close();
          t.resumed = true;
          this.scheduleEviction(t);
        } else {
          if (failover) this.failovers++;
          await this.resumeTable(t);
        }
        this.opts.log.warn({ table: id, fence, seq: commands.length }, 'table taken over');
        return t;
      } catch (e) {
        await dir.release(id).catch(() => undefined);
        throw e;
      }
    })().finally(() => this.adopting.delete(id));
    this.adopting.set(id, p);
    return p;
  }

  /**
   * Many processes: every live table that nobody holds is taken (its owner died: its lease ran
   * out). Called every second or so; the lease decides which process wins each table.
   */
  async sweep(): Promise<number> {
    const dir = this.opts.directory as (TableDirectory & { ownersOf?(ids: string[]): Promise<(string | null)[]> }) | undefined;
    if (!dir || this.stopped) return 0;
    // A table run here without its lease (let go while it was being taken, say) is let go now:
    // nothing renews its lease, so another process may run it already or soon.
    for (const id of [...this.tables.keys()]) if (dir.holds && !dir.holds(id) && !this.adopting.has(id)) this.lost(id);
    const ids = (await this.opts.storage.unfinishedTables()).map((r) => r.id).filter((id) => !this.tables.has(id));
    const owners = dir.ownersOf ? await dir.ownersOf(ids) : await Promise.all(ids.map((id) => dir.ownerOf(id)));
    let n = 0;
    for (let i = 0; i < ids.length; i++) {
      if (owners[i] !== null || this.stopped) continue;
      try {
        if (await this.adopt(ids[i]!)) n++;
      } catch (e) {
        this.opts.log.error({ table: ids[i], err: String(e) }, 'table not taken over');
      }
    }
    return n;
  }

  /** This process lost a table's lease (it was cut off from Redis too long): it stops running it. */
  private lost(id: string): void {
    const t = this.tables.get(id);
    if (!t) return;
    this.opts.log.warn({ table: id }, 'lease lost: the table runs elsewhere now');
    for (const c of [...t.conns]) {
      t.detach(c);
      c.close?.(CLOSE_RESTART, 'table moved');
    }
    // Its presence is the new owner's now: clearing it here could undo what the new owner wrote.
    this.forget(t, false);
  }

  /**
   * A graceful stop in a cluster: every table's queue is done and stored, its timers stopped,
   * then its lease given back, so another process takes it at its next sweep.
   */
  async handOver(): Promise<void> {
    const dir = this.opts.directory;
    if (!dir) return;
    await this.idle();
    await Promise.all([...this.tables.keys()].map((id) => dir.release(id).catch(() => undefined)));
  }

  lookup(token: string): { table: Table; role: Role } | undefined {
    const found = this.tokens.get(token);
    if (found && !found.table.resumed) void this.resumeTable(found.table).catch(() => undefined);
    return found;
  }

  private index(t: Table): void {
    const r = t.row;
    this.tables.set(r.id, t);
    this.tokens.set(r.hostToken, { table: t, role: r.mode === 'judge' ? { kind: 'judge' } : { kind: 'host' } });
    this.tokens.set(r.spectatorToken, { table: t, role: { kind: 'spectator' } });
    for (const s of r.seats) if (s.token) this.tokens.set(s.token, { table: t, role: { kind: 'seat', seat: s.seat } });
    if (r.uploadKey !== undefined) this.uploads.set(r.uploadKey, Promise.resolve(createResult(r)));
  }

  /** `letGo`: this process gives the table up (not lost to another), so who was connected here goes too. */
  private forget(t: Table, letGo = true): void {
    t.close();
    this.tables.delete(t.id);
    this.fences.delete(t.id);
    const r = t.row;
    this.tokens.delete(r.hostToken);
    this.tokens.delete(r.spectatorToken);
    for (const s of r.seats) if (s.token) this.tokens.delete(s.token);
    if (r.uploadKey !== undefined) this.uploads.delete(r.uploadKey);
    // Many processes: a table let go (finished and evicted, expired) is nobody's until asked for again.
    if (this.opts.directory && !this.stopped) void this.opts.directory.release(t.id).catch(() => undefined);
    // A closed table writes no more presence: the last one written (someone watching the final
    // view at eviction) would otherwise show them connected elsewhere until the key's TTL.
    if (letGo && !this.stopped) this.opts.presence?.set(t.id, { seats: [], degraded: false });
  }

  private scheduleEviction(t: Table): void {
    const h = setTimeout(() => {
      this.evictions.delete(h);
      for (const c of t.conns) t.detach(c);
      this.forget(t);
    }, this.opts.finishedTtlMs);
    h.unref();
    this.evictions.add(h);
  }

  /**
   * A create with an `uploadKey` (the judge console's upload of a local game) is idempotent: the
   * same key gets the same table, also when the first answer was lost or the button was pressed
   * twice. The key is a client's random secret: whoever holds it made the table.
   */
  create(body: CreateTableBody): Promise<CreateResult> {
    const key = body.uploadKey;
    if (key === undefined) return this.createNew(body);
    const known = this.uploads.get(key);
    // The answer as the table is now: a repeat after the game ended carries no seat's token.
    if (known)
      return known.then((r) => {
        const t = this.tables.get(r.id);
        return t ? createResult(t.row) : r;
      });
    const p = this.createNew(body);
    this.uploads.set(key, p);
    p.catch(() => this.uploads.delete(key));
    return p;
  }

  private async createNew(body: CreateTableBody): Promise<CreateResult> {
    const { row, imported } = newTableRow(body, { fixedDeals: this.opts.fixedDeals === true, hostClock: this.opts.hostClock === true });
    const id = row.id;
    let fence: number | undefined;
    const dir = this.opts.directory;
    try {
      // In a cluster the lease comes first: no other process's sweep takes the new table.
      if (dir && !(await dir.acquire(id))) throw new Error('new table held elsewhere');
      await this.opts.storage.createTable(row, imported?.rows ?? []);
    } catch (e) {
      this.opts.log.error({ err: String(e) }, 'table not stored');
      // A lease kept for a table that is not run here would be renewed for ever.
      if (dir) await dir.release(id).catch(() => undefined);
      throw new HubError(503, 'storage');
    }
    if (dir) {
      // Stored: the table exists whatever happens next. Without its lease and fencing number
      // (this process paused past the lease, Redis or the database failed a moment) it is not
      // run here, never without a fence: a sweep (here or elsewhere) takes it from the log.
      fence = await this.own(id).catch(() => undefined);
      if (fence === undefined) {
        await dir.release(id).catch(() => undefined);
        this.opts.log.warn({ table: id }, 'new table left to a sweep');
        return createResult(row);
      }
    }
    const t = new Table(row, imported?.rows ?? [], this.envFor(id, fence));
    t.resumed = true;
    this.index(t);
    if (fence !== undefined) this.fences.set(id, fence);
    if (row.status === 'finished') {
      t.close();
      this.scheduleEviction(t);
    } else t.resumeService(); // an all-bot table with autoStart starts now
    return createResult(row);
  }

  /**
   * After a restart: index every unfinished table (its tokens work at once; its state is rebuilt
   * from the log on first use). Call warmAll() afterwards to rebuild the rest and resume timers.
   */
  async loadAll(): Promise<number> {
    // Many processes: tables are taken one by one by sweeps (sweep()), never all at once.
    if (this.opts.directory) return this.sweep();
    const rows = await this.opts.storage.unfinishedTables();
    const logs = await this.opts.storage.commandsOf(rows.map((r) => r.id));
    for (const row of rows) {
      const edits = row.mode === 'judge' ? await this.opts.storage.edits(row.id) : [];
      const t = new Table(row, logs.get(row.id) ?? [], this.env, edits.length > 0);
      t.restoreEdits(edits);
      this.index(t);
    }
    // Tables that finished recently stay reachable for their players (final view) until evicted.
    const since = Date.now() - this.opts.finishedTtlMs;
    for (const row of await this.opts.storage.finishedTables(1000)) {
      if ((row.finishedAt ?? 0) < since || this.tables.has(row.id)) continue;
      const t = new Table(row, await this.opts.storage.commands(row.id), this.env);
      t.close();
      this.index(t);
      const h = setTimeout(() => {
        this.evictions.delete(h);
        this.forget(t);
      }, row.finishedAt! + this.opts.finishedTtlMs - Date.now());
      h.unref();
      this.evictions.add(h);
    }
    return rows.length;
  }

  /** Rebuild every loaded table and resume its timers and bots, yielding between tables. */
  async warmAll(): Promise<void> {
    for (const t of [...this.tables.values()]) {
      if (this.stopped) return;
      if (!this.tables.has(t.id)) continue;
      try {
        await this.resumeTable(t);
      } catch (e) {
        this.opts.log.error({ table: t.id, err: String(e) }, 'table not resumed');
        this.forget(t);
      }
      await new Promise((r) => setImmediate(r));
    }
  }

  /** A table looked up before warmAll reached it is resumed on the spot. */
  async resumeTable(t: Table): Promise<void> {
    if (t.resumed) return;
    t.resumed = true;
    // A log that is over in a row that is not: the process died between the two. Finishing it
    // stores the row (retried) and schedules the eviction.
    if (!t.finishIfOver()) t.resumeService();
  }

  /** A table in memory, or a finished one read back from storage (for records). */
  async find(id: string): Promise<Table | null> {
    const t = this.tables.get(id);
    if (t) return t;
    const row = await this.opts.storage.getTable(id);
    if (!row) return null;
    const t2 = new Table(row, await this.opts.storage.commands(id), this.env);
    t2.close();
    return t2;
  }

  /** A table's public info (GET /api/tables/:id), the same from every process (lobby.ts). */
  info(id: string): Promise<Record<string, unknown> | null> {
    return tableInfoOf(this.opts.storage, this.tables, id, this.opts.presence);
  }

  /** The lobby as GET /api/tables serves it, a page at a time from the database (lobby.ts). */
  listLobby(limit: number, before?: string): Promise<{ tables: Record<string, unknown>[]; next: string | null }> {
    return listLobby(this.opts.storage, this.tables, limit, before, this.opts.presence);
  }

  /** `POST /api/tables/:id/claim`: one free seat of an open table for a stranger, with a credential of its own. */
  async claim(id: string, nickname: string): Promise<ClaimResult> {
    const t = this.tables.get(id);
    if (!t) throw new HubError(404, 'tableNotFound');
    if (t.row.mode !== 'online' || !t.row.open) throw new HubError(403, 'notOpen');
    const token = newToken();
    const r = await t.seats.claim(nickname, token);
    if ('type' in r) throw new HubError(statusOf(r.code), r.code);
    this.tokens.set(token, { table: t, role: { kind: 'seat', seat: r.seat } });
    return { id, seat: r.seat, token, play: playPath(id, token, r.seat) };
  }

  /**
   * The host's new link for a seat, or (`free`) an open table's seat given back to the lobby
   * (Table.relink): the old credential stops working at once.
   */
  async relink(id: string, seat: number, hostToken: string, free: boolean): Promise<ClaimResult | { id: string; seat: number }> {
    const t = this.tables.get(id);
    if (!t) throw new HubError(404, 'tableNotFound');
    const who = this.tokens.get(hostToken);
    if (who?.table !== t || (who.role.kind !== 'host' && who.role.kind !== 'judge')) throw new HubError(403, 'notHost');
    const token = free ? null : newToken();
    const r = await t.seats.relink(seat, token);
    if ('type' in r) throw new HubError(statusOf(r.code), r.code);
    if (r.old) this.tokens.delete(r.old);
    if (!token) return { id, seat };
    this.tokens.set(token, { table: t, role: { kind: 'seat', seat } });
    return { id, seat, token, play: playPath(id, token, seat) };
  }

  /**
   * Lobbies nobody started in time and nobody is connected to expire: stored as `expired` (never
   * loaded again) and forgotten, so a lobby that spam filled empties by itself.
   */
  async expireStale(now = Date.now()): Promise<number> {
    let n = 0;
    for (const t of [...this.tables.values()]) {
      if (t.row.status !== 'lobby' || t.conns.size > 0) continue;
      const ttl = t.row.mode === 'judge' ? this.opts.judgeUnstartedTtlMs : this.opts.unstartedTtlMs;
      if (now - t.row.createdAt < ttl) continue;
      if (!(await t.expireIfIdle())) continue;
      this.forget(t);
      n++;
    }
    return n;
  }

  /** Resolves once every table's queued work has run (a graceful shutdown waits for it). */
  async idle(): Promise<void> {
    await Promise.all([...this.tables.values()].map((t) => t.idle()));
  }

  close(): void {
    this.stopped = true;
    clearInterval(this.sweeper);
    for (const h of this.evictions) clearTimeout(h);
    this.evictions.clear();
    for (const t of this.tables.values()) t.close();
  }
}

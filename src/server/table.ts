// The table actor: its state (always the replay of its stored log), its queue (commands run one
// at a time; each is acknowledged only after the storage has it), its nonces, the judge's undo and
// the end of the game. Connections and their frames are table-connections.ts (through a
// Broadcaster), the lobby's start and expiry table-lobby.ts, timers the clock (table-clock.ts over
// clock-service.ts), bot moves the bot runner (table-bots.ts), seats table-seats.ts.
import {
  apply,
  normalizeCommand,
  type Command,
  type GameRecord,
  type GameState,
  type Viewer,
} from '../engine/index.js';
import type { Conn, Role } from './broadcaster.js';
import { systemClock } from './clock-service.js';
import { BotRunner } from './table-bots.js';
import { CLOSE_UNAUTHORIZED, serverError, type ErrorMessage } from './messages.js';
import { Retries } from './retry.js';
import type { CommandRow, EditRow, TableRow } from './storage.js';
import { TableClock, timerBody } from './table-clock.js';
import { TableConnections } from './table-connections.js';
import { TableLobby } from './table-lobby.js';
import type { ClockAction, Here, SubmitResult, TableEnv } from './table-env.js';
import { publishedRecord, replayLog } from './table-record.js';
import { TableSeats } from './table-seats.js';
import { PERF, span } from './perf-trace.js';

export type { Conn, Role };
export { viewerOf, type ClockAction, type SubmitResult, type TableEnv } from './table-env.js';

/** The close code for a connection whose credential no longer works (revoked, unknown). */
export { CLOSE_UNAUTHORIZED };

export class Table {
  /** Built from the log on first use, so a restarted server serves before every table is rebuilt. */
  private built: GameState | null = null;
  commands: CommandRow[];
  private nonces = new Map<string, number>();
  private tail: Promise<unknown> = Promise.resolve();
  private clock: TableClock;
  /** Seats: nicknames, claims, the host's links (table-seats.ts), in this table's queue. */
  readonly seats: TableSeats;
  /** What the server owes this table and could not store yet: retried; the table is degraded meanwhile. */
  private retries: Retries;
  private bots: BotRunner;
  /** Connections and their frames (table-connections.ts). */
  private net: TableConnections;
  private lobby: TableLobby;
  private closed = false;
  /** Timers and bots resumed after a (re)load. */
  resumed = false;
  /** Nonces of the judge's applied undos (a resent undo is a duplicate). */
  private undoNonces = new Set<string>();
  /** The judge's own timer relayed to displays (judge.ts), shown in welcomes when no server timer runs. */
  relayTimer: Record<string, unknown> | null = null;

  constructor(
    public row: TableRow,
    commands: CommandRow[],
    private env: TableEnv,
    hadEdits = false,
  ) {
    this.commands = commands;
    for (const c of commands) if (c.nonce !== null) this.nonces.set(`${c.sender}|${c.nonce}`, c.seq);
    // Retry pauses are timers too: TIME_SCALE shortens them with the rest (tests).
    this.retries = new Retries(() => this.net.presenceChanged(), 200 * env.timeScale, 10_000 * env.timeScale);
    this.net = new TableConnections(
      {
        row: () => this.row,
        state: () => this.state,
        closed: () => this.closed,
        degraded: () => this.retries.degraded,
        timer: () => (this.clock.running ? timerBody(this.clock.message()) : this.relayTimer ? timerBody(this.relayTimer) : null),
        bindSeat: (seat) => this.seats.bind(seat),
        seatJoined: () => this.lobby.startIfAllHere(),
        ...(env.presence ? { presence: (here: Here) => env.presence!(this.row.id, here) } : {}),
      },
      env.broadcaster,
    );
    if (hadEdits) this.net.cutAt = 0;
    this.lobby = new TableLobby({
      row: () => this.row,
      storage: env.storage,
      log: env.log,
      retries: this.retries,
      net: this.net,
      start: () => this.start(),
      started: () => this.afterChange(),
      lastEvent: () => this.state.log.length,
    });
    this.bots = new BotRunner({
      row: () => this.row,
      state: () => this.state,
      active: () => !this.closed && this.row.status === 'playing',
      submit: (sender, cmd) => this.submit(sender, cmd, null),
      clock: env.clock ?? systemClock,
      timeScale: env.timeScale,
      log: env.log,
    });
    const table = this; // eslint-disable-line @typescript-eslint/no-this-alias -- the clock reads the table's current row and state
    this.clock = new TableClock({
      get row() {
        return table.row;
      },
      get state() {
        return table.state;
      },
      storage: env.storage,
      timeScale: env.timeScale,
      extendMaxMs: (env.extendMaxSeconds ?? 600) * 1000 * env.timeScale,
      retries: this.retries,
      log: env.log,
      broadcast: (m) => this.net.broadcastRaw(m),
      submit: (command, key) => this.submit('clock', command, `clock:${key}`),
    });
    this.seats = new TableSeats({
      row: () => this.row,
      run: (fn) => this.run(fn),
      storage: env.storage,
      log: env.log,
      stored: (next, renamed) => {
        this.row = next;
        if (!renamed) return;
        this.state = replayLog(this.row, this.commands);
        this.net.broadcastInfo();
        this.net.broadcastResync('names');
      },
      drop: (seat) => {
        for (const c of [...this.conns]) {
          if (c.role.kind !== 'seat' || c.role.seat !== seat) continue;
          this.detach(c);
          c.close?.(CLOSE_UNAUTHORIZED, 'revoked');
        }
      },
    });
  }

  /** After a restart: the undos already applied and the nonces of the commands they removed. */
  restoreEdits(edits: EditRow[]): void {
    for (const e of edits) {
      if (e.nonce !== undefined) this.undoNonces.add(e.nonce);
      if (e.undone && e.undone.nonce !== null) this.nonces.set(`${e.undone.sender}|${e.undone.nonce}`, -1);
    }
  }

  /** The table's connections (this process's and, in a cluster, other processes' sockets). */
  get conns(): ReadonlySet<Conn> {
    return this.net.conns;
  }

  get state(): GameState {
    if (!this.built) this.built = replayLog(this.row, this.commands);
    return this.built;
  }

  /**
   * A rebuilt state whose log is a prefix of what viewers were sent (a command not stored, new
   * names): what each viewer holds stays counted (viewers.ts).
   */
  set state(s: GameState) {
    this.built = s;
  }

  /** Whether the state has been rebuilt from the log yet. */
  get warm(): boolean {
    return this.built !== null;
  }

  get id(): string {
    return this.row.id;
  }

  /** The judge's last event number (the log's); see lastEventFor for anyone else. */
  get lastEvent(): number {
    return this.state.log.length - 1;
  }

  /** The number of the last event this viewer may see, in its own numbering (view.ts). */
  lastEventFor(v: Viewer): number {
    return this.net.lastEventFor(v);
  }

  /** Run table work one piece at a time, in arrival order. */
  private run<T>(fn: () => Promise<T> | T): Promise<T> {
    const p = this.tail.then(fn);
    this.tail = p.catch(() => undefined);
    return p;
  }

  /** Resolves once everything queued so far has run (a graceful shutdown waits for it). */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  // ---- public info and connections (table-connections.ts) -----------------------------------

  info(): Record<string, unknown> {
    return this.net.info();
  }

  /** Who is connected, and whether storage is failing: the lobby's word on the table. */
  here(): Here {
    return { seats: this.net.connectedSeats(), degraded: this.retries.degraded };
  }

  /**
   * A new connection. Queued behind commands in flight, so that nobody sees the events of a
   * command before it is stored.
   */
  attach(conn: Conn, lastEvent?: number): void {
    void this.run(() => this.net.attach(conn, lastEvent));
  }

  detach(conn: Conn): void {
    this.net.detach(conn);
  }

  /** A reconnecting client: exactly the events after `lastEvent` for its viewer, or a resync. */
  resume(conn: Conn, lastEvent: number): void {
    void this.run(() => this.net.resume(conn, lastEvent));
  }

  // ---- lobby (table-lobby.ts) ------------------------------------------------------------------

  start(): Promise<ErrorMessage | null> {
    return this.run(() => this.lobby.start());
  }

  expireIfIdle(): Promise<boolean> {
    return this.run(() => this.lobby.expireIfIdle());
  }

  /** After a restart: timers and bots pick up where the log stopped; a lobby whose people are all here starts. */
  resumeService(): void {
    if (this.row.status === 'playing') this.afterChange();
    else this.lobby.startIfAllHere();
  }

  // ---- commands --------------------------------------------------------------------------------

  submit(sender: string, cmd: Command, nonce: string | null, viewer: Viewer = { kind: 'judge' }): Promise<SubmitResult> {
    const observe = this.env.observe;
    if (!observe) return this.run(() => this.perform(sender, cmd, nonce, viewer));
    const t0 = performance.now();
    return this.run(() => this.perform(sender, cmd, nonce, viewer)).then((r) => {
      if (r.ok && !r.duplicate) observe(performance.now() - t0);
      if (PERF) span('submit', performance.now() - t0);
      return r;
    });
  }

  private async perform(sender: string, cmd: Command, nonce: string | null, viewer: Viewer): Promise<SubmitResult> {
    if (nonce !== null) {
      const seen = this.nonces.get(`${sender}|${nonce}`);
      if (seen !== undefined) return { ok: true, lastEvent: this.lastEventFor(viewer), duplicate: true };
    }
    if (this.row.status === 'lobby') return { ok: false, error: serverError('notStarted') };
    const from = this.state.log.length;
    const res = apply(this.state, cmd);
    if (!res.ok) {
      const e: ErrorMessage = { type: 'error', code: res.error.code, message: res.error.message };
      if (res.error.rule !== undefined) e.rule = res.error.rule;
      if (res.error.detail !== undefined) e.detail = res.error.detail;
      return { ok: false, error: e };
    }
    const row: CommandRow = { seq: this.commands.length, sender, nonce, command: normalizeCommand(cmd as unknown as Record<string, unknown>), at: Date.now() };
    try {
      const t0 = PERF ? performance.now() : 0;
      await this.env.storage.appendCommand(this.row.id, row);
      if (PERF) span('append', performance.now() - t0);
    } catch (e) {
      // Not acknowledged, so not applied here: rebuild the state from the log as this table knows
      // it. Whether the write landed is unknown (a reply lost with its connection): before the
      // bots choose again and the clock re-arms, the stored log is read back (reloadLog), else a
      // command stored without our knowing would make every later append conflict, for ever.
      this.env.log.error({ err: String(e), table: this.row.id }, 'append failed');
      this.state = replayLog(this.row, this.commands);
      this.recover();
      return { ok: false, error: serverError('storage') };
    }
    this.retries.ok('store');
    this.commands.push(row);
    if (nonce !== null) this.nonces.set(`${sender}|${nonce}`, row.seq);
    try {
      if (this.state.finished) {
        this.net.broadcastSince(from);
        this.finish();
      } else {
        const timer = this.clock.arm(false);
        this.net.broadcastSince(from, timer);
        this.bots.schedule();
      }
    } catch (e) {
      // The command is stored, so it is acknowledged; what failed after is a bug to log, and the
      // viewers catch up on their next frame or resume.
      this.env.log.error({ err: e instanceof Error ? e.stack : String(e), table: this.row.id, seq: row.seq }, 'after a stored command');
    }
    return { ok: true, lastEvent: this.lastEventFor(viewer), duplicate: false };
  }

  /** After a failed append: read the stored log back (retried while storage fails), then carry on. */
  private recover(): void {
    this.retries.failed('store', () => {
      this.run(() => this.reloadLog()).then(
        () => {
          this.retries.ok('store');
          this.afterChange();
        },
        (e: unknown) => {
          this.env.log.error({ err: String(e), table: this.row.id }, 'log not read back');
          this.recover();
        },
      );
    });
  }

  /**
   * The stored log is the game: commands stored that this table did not know of (an append whose
   * reply was lost) are taken in, applied and sent to the viewers like any command.
   */
  private async reloadLog(): Promise<void> {
    if (this.closed) return;
    const stored = await this.env.storage.commands(this.row.id);
    if (stored.length <= this.commands.length) return;
    this.env.log.warn({ table: this.row.id, known: this.commands.length, stored: stored.length }, 'stored commands taken in');
    const from = this.state.log.length;
    for (const c of stored.slice(this.commands.length)) {
      this.commands.push(c);
      if (c.nonce !== null) this.nonces.set(`${c.sender}|${c.nonce}`, c.seq);
    }
    this.state = replayLog(this.row, this.commands);
    if (this.state.finished) {
      this.net.broadcastSince(from);
      this.finish();
    } else this.net.broadcastSince(from, this.clock.arm(false));
  }

  undo(): Promise<ErrorMessage | null> {
    return this.run(() => this.undoNow());
  }

  /** An undo with a nonce: acknowledged like a command; a resent nonce is not applied twice. */
  undoOnce(nonce: string): Promise<SubmitResult> {
    return this.run(async () => {
      if (this.undoNonces.has(nonce)) return { ok: true as const, lastEvent: this.lastEvent, duplicate: true };
      const e = await this.undoNow(nonce);
      if (e) return { ok: false as const, error: e };
      return { ok: true as const, lastEvent: this.lastEvent, duplicate: false };
    });
  }

  private async undoNow(nonce?: string): Promise<ErrorMessage | null> {
    if (this.row.status === 'finished') return serverError('nothingToUndo', 'the game is over');
    const last = this.commands[this.commands.length - 1];
    if (!last) return serverError('nothingToUndo');
    const edit: EditRow = { at: Date.now(), kind: 'undo', seq: last.seq, command: last.command, undone: { sender: last.sender, nonce: last.nonce } };
    if (nonce !== undefined) edit.nonce = nonce;
    try {
      await this.env.storage.undoCommand(this.row.id, last.seq, edit);
    } catch (e) {
      this.env.log.error({ err: String(e), table: this.row.id }, 'undo not stored');
      return serverError('storage');
    }
    this.commands.pop();
    // The undone command's nonce stays known: a late resend of it must not apply it again.
    if (last.nonce !== null) this.nonces.set(`${last.sender}|${last.nonce}`, -1);
    if (nonce !== undefined) this.undoNonces.add(nonce);
    const old = this.state;
    // The replay of the shorter log: the old log's prefix.
    this.state = replayLog(this.row, this.commands);
    this.net.cutAt = Math.min(this.net.cutAt, this.state.log.length);
    this.net.broadcastUndo(old);
    this.afterChange();
    return null;
  }

  /**
   * The game is over in the stored log, so the table is finished now: everyone gets the final
   * view at once, and marking the row finished is retried until it is stored (after a restart
   * a table whose log is over is finished on load anyway).
   */
  private finish(): void {
    this.clock.clear();
    this.bots.clear();
    this.row.status = 'finished';
    this.row.winner = this.state.winner ?? 'draw';
    this.row.finishedAt = Date.now();
    this.row.deadline = null;
    this.net.broadcastFinal();
    this.storeFinished();
    this.env.onFinished(this);
  }

  private storeFinished(): void {
    const { id, winner, finishedAt } = this.row;
    Promise.all([this.env.storage.updateTable(id, { status: 'finished', winner, finishedAt }), this.env.storage.setDeadline(id, null)]).then(
      () => {
        // Stored as over: nothing else is owed to this table.
        for (const key of ['finish', 'deadline', 'clock', 'store']) this.retries.ok(key);
      },
      (e: unknown) => {
        this.env.log.error({ err: String(e), table: id }, 'finish not stored');
        this.retries.failed('finish', () => this.storeFinished());
      },
    );
  }

  /** Loaded after a restart with a log that is over but a row that is not (the process died in between). */
  finishIfOver(): boolean {
    if (!this.state.finished || this.row.status === 'finished') return false;
    this.finish();
    return true;
  }

  /** The finished game's record with the R60 publication (deal and salt). */
  record(): GameRecord {
    return publishedRecord(this.row, this.commands);
  }

  // ---- timers and bots ---------------------------------------------------------------------

  private afterChange(): void {
    if (this.closed || this.row.status !== 'playing') return;
    this.clock.arm();
    this.bots.schedule();
  }

  /** The host's pause, resume or extension of the server's clock (the stage itself never ends by it). */
  clockControl(c: ClockAction): Promise<ErrorMessage | null> {
    return this.run(() => {
      if (this.row.status !== 'playing') return serverError('noTimer');
      if (c.action === 'pause') return this.clock.pause();
      if (c.action === 'resume') return this.clock.resume();
      return this.clock.extend(c.seconds * 1000 * this.env.timeScale);
    });
  }

  /** Stop timers and bots (server shutdown or eviction); connections are closed by the caller. */
  close(): void {
    this.closed = true;
    this.clock.close();
    this.bots.clear();
    this.retries.close();
  }
}

// One table at run time: its state (always the replay of its stored log), its connections,
// timer and bots. Commands of a table run one at a time; each is acknowledged only after the
// storage has it. Everything sent to a connection comes out of view()/visibleEvents(); what each
// viewer has been sent is kept in viewers.ts.
import { randomInt } from 'node:crypto';
import {
  apply,
  legalCommands,
  mulberry32,
  normalizeCommand,
  startGame,
  toRecord,
  view,
  visibleEvents,
  type Command,
  type GameRecord,
  type GameState,
  type Viewer,
} from '../engine/index.js';
import type { Policy } from '../bots/policy.js';
import { makePolicies } from './bots.js';
import { ViewerFrames, viewerKey } from './viewers.js';
import { stageKey, timerFor, type TimerSpec } from './clock.js';
import { serverError, type ErrorMessage } from './messages.js';
import type { CommandRow, EditRow, SeatRow, Storage, TableRow } from './storage.js';

/** Who a token (or the server) acts as. */
export type Role = { kind: 'seat'; seat: number } | { kind: 'judge' } | { kind: 'host' } | { kind: 'spectator' };

export interface Conn {
  role: Role;
  viewer: Viewer;
  /** Sends one serialized frame (a text frame; a Buffer holds its UTF-8, shared by many sockets). */
  send(data: string | Buffer): void;
}

/** `lastEvent` is in the submitter's own numbering (the judge's for the server's own commands). */
export type SubmitResult = { ok: true; lastEvent: number; duplicate: boolean } | { ok: false; error: ErrorMessage };

export interface TableEnv {
  storage: Storage;
  timeScale: number;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  onFinished(t: Table): void;
}

export function viewerOf(role: Role): Viewer {
  if (role.kind === 'seat') return { kind: 'seat', seat: role.seat };
  if (role.kind === 'judge') return { kind: 'judge' };
  return { kind: 'public' };
}

/** A timer message without its `type`, as it rides inside an `events` frame. */
function timerBody(m: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = m;
  return rest;
}

export class Table {
  /** Built from the log on first use, so a restarted server serves before every table is rebuilt. */
  private built: GameState | null = null;
  commands: CommandRow[];
  readonly conns = new Set<Conn>();
  private nonces = new Map<string, number>();
  private tail: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private warnTimer: NodeJS.Timeout | null = null;
  private current: { spec: TimerSpec; deadline: number; key: number } | null = null;
  private botTimers = new Map<number, NodeJS.Timeout>();
  private policies: Map<number, Policy>;
  private rand: () => number = mulberry32(randomInt(2 ** 32));
  /** After a judge undo, log entries at or above this were rewritten: resumes past it get a resync. */
  private cutAt = Number.POSITIVE_INFINITY;
  private frames = new ViewerFrames(
    () => this.state,
    (v) => this.legalFor(v),
  );
  private infoPending = false;
  private everConnected = new Set<number>();
  /** Seats whose token was presented (a connection or an HTTP call): not free for strangers. */
  private touched = new Set<number>();
  private gone = new WeakSet<Conn>();
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
    if (hadEdits) this.cutAt = 0;
    this.policies = makePolicies(
      row.botPolicy,
      row.seats.filter((s) => s.bot).map((s) => s.seat),
    );
  }

  /** After a restart: the undos already applied and the nonces of the commands they removed. */
  restoreEdits(edits: EditRow[]): void {
    for (const e of edits) {
      if (e.nonce !== undefined) this.undoNonces.add(e.nonce);
      if (e.undone && e.undone.nonce !== null) this.nonces.set(`${e.undone.sender}|${e.undone.nonce}`, -1);
    }
  }

  get state(): GameState {
    if (!this.built) this.built = Table.rebuild(this.row, this.commands);
    return this.built;
  }

  set state(s: GameState) {
    this.built = s;
    this.frames.reset();
  }

  /** Whether the state has been rebuilt from the log yet. */
  get warm(): boolean {
    return this.built !== null;
  }

  static rebuild(row: TableRow, commands: CommandRow[]): GameState {
    const state = startGame(row.setup);
    for (const c of commands) {
      const r = apply(state, c.command);
      // A stored command was accepted once; the engine is deterministic, so it is accepted again.
      if (!r.ok) throw new Error(`table ${row.id}: stored command ${c.seq} rejected on replay: ${r.error.code}`);
    }
    return state;
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
    return this.frames.lastEvent(v);
  }

  private renumbered(v: Viewer, lastEvent: number): boolean {
    return this.frames.renumbered(v, lastEvent, this.cutAt);
  }

  /** Run table work one piece at a time, in arrival order. */
  private run<T>(fn: () => Promise<T> | T): Promise<T> {
    const p = this.tail.then(fn);
    this.tail = p.catch(() => undefined);
    return p;
  }

  // ---- public info (no game content) -------------------------------------------------------

  info(): Record<string, unknown> {
    const connected = new Set<number>();
    for (const c of this.conns) if (c.role.kind === 'seat') connected.add(c.role.seat);
    const out: Record<string, unknown> = {
      id: this.row.id,
      preset: this.row.setup.preset,
      mode: this.row.mode,
      status: this.row.status,
      size: this.row.seats.length,
      seats: this.row.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, connected: s.bot || connected.has(s.seat) })),
      commitment: this.row.commitment || null,
      createdAt: this.row.createdAt,
    };
    if (this.row.dealSource && this.row.dealSource !== 'server') out['dealSource'] = this.row.dealSource;
    if (this.row.status === 'finished') out['winner'] = this.row.winner;
    return out;
  }

  private timerMsg(warning = false): Record<string, unknown> {
    const c = this.current;
    if (!c) return { type: 'timer', kind: null };
    // leftMs and totalMs let a client count from its own clock: a 60-second speech shows 1:00 at
    // its start even when the client's clock runs ahead of the server's.
    const m: Record<string, unknown> = { type: 'timer', kind: c.spec.kind, deadline: c.deadline, leftMs: Math.max(0, c.deadline - Date.now()), totalMs: c.spec.ms, warning };
    if (c.spec.seat !== undefined) m['seat'] = c.spec.seat;
    return m;
  }

  private legalFor(v: Viewer): Command[] | undefined {
    if (this.row.status !== 'playing') return v.kind === 'public' ? undefined : [];
    if (v.kind === 'seat') return legalCommands(this.state, v.seat);
    if (v.kind === 'judge') return legalCommands(this.state, 'judge');
    return undefined;
  }

  // ---- connections ---------------------------------------------------------------------------

  /**
   * A new connection. Queued behind commands in flight, so that nobody sees the events of a
   * command before it is stored.
   */
  attach(conn: Conn, lastEvent?: number): void {
    void this.run(() => this.attachNow(conn, lastEvent));
  }

  private attachNow(conn: Conn, lastEvent?: number): void {
    if (this.gone.has(conn)) return; // closed before its turn came
    this.conns.add(conn);
    const v = conn.viewer;
    const incremental = lastEvent !== undefined && !this.renumbered(v, lastEvent);
    const welcome: Record<string, unknown> = {
      type: 'welcome',
      table: this.info(),
      viewer: v,
      view: view(this.state, v, incremental ? { log: false } : {}),
      lastEvent: this.lastEventFor(v),
      timer: this.current ? this.timerMsg() : this.relayTimer ? timerBody(this.relayTimer) : null,
      you: {
        canCommand: conn.role.kind !== 'spectator',
        judge: conn.role.kind === 'judge',
        host: conn.role.kind === 'host' || conn.role.kind === 'judge',
      },
    };
    const legal = this.legalFor(v);
    if (legal) welcome['legal'] = legal;
    conn.send(JSON.stringify(welcome));
    if (incremental) this.sendSince(conn, lastEvent);
    if (this.row.status === 'finished') this.sendFinal(conn);
    if (conn.role.kind === 'seat') {
      this.everConnected.add(conn.role.seat);
      this.presenceChanged();
      if (this.row.status === 'lobby' && this.row.autoStart && this.humansAllJoined()) void this.start().catch(() => undefined);
    }
  }

  detach(conn: Conn): void {
    this.gone.add(conn);
    if (!this.conns.delete(conn)) return;
    if (conn.role.kind === 'seat' && !this.closed) this.presenceChanged();
  }

  private humansAllJoined(): boolean {
    return this.row.seats.every((s) => s.bot || this.everConnected.has(s.seat));
  }

  /** A reconnecting client: exactly the events after `lastEvent` for its viewer, or a resync. */
  resume(conn: Conn, lastEvent: number): void {
    void this.run(() => this.resumeNow(conn, lastEvent));
  }

  private resumeNow(conn: Conn, lastEvent: number): void {
    if (this.renumbered(conn.viewer, lastEvent)) {
      conn.send(this.frames.resync(conn.viewer, 'resume'));
      return;
    }
    this.sendSince(conn, lastEvent);
  }

  private sendSince(conn: Conn, lastEvent: number): void {
    const v = conn.viewer;
    const msg: Record<string, unknown> = {
      type: 'events',
      events: visibleEvents(this.state, v, lastEvent + 1),
      view: view(this.state, v, { log: false }),
      lastEvent: this.lastEventFor(v),
    };
    const legal = this.legalFor(v);
    if (legal) msg['legal'] = legal;
    conn.send(JSON.stringify(msg));
  }

  /**
   * Per applied command: each viewer's new visible events and view, serialized (and encoded to
   * UTF-8) once per viewer, however many sockets share it (spectators, a seat's second tab).
   * A timer that the command started or stopped rides in the same frame. A viewer with no new
   * event, the same view and legal commands and no timer gets no frame at all: a frame would tell
   * them that something they may not see just happened (R18).
   */
  private broadcastSince(from: number, timer: Record<string, unknown> | null = null): void {
    const cache = new Map<string, Buffer | null>();
    for (const conn of this.conns) {
      const v = conn.viewer;
      const key = viewerKey(v);
      let data = cache.get(key);
      if (data === undefined) {
        data = this.frames.frameSince(v, from, timer);
        cache.set(key, data);
      }
      if (data) conn.send(data);
    }
  }

  private broadcastResync(reason: 'undo' | 'names'): void {
    for (const conn of this.conns) conn.send(this.frames.resync(conn.viewer, reason));
  }

  /**
   * Who is connected changed: one `table` frame for all the changes of this turn. A table's ten
   * seats connecting (or coming back after a restart) would otherwise send each socket a frame per
   * connection.
   */
  private presenceChanged(): void {
    if (this.infoPending) return;
    this.infoPending = true;
    setImmediate(() => {
      this.infoPending = false;
      if (!this.closed) this.broadcastInfo();
    });
  }

  private broadcastInfo(): void {
    const data = Buffer.from(JSON.stringify({ type: 'table', table: this.info() }));
    for (const conn of this.conns) conn.send(data);
  }

  private broadcastRaw(msg: object): void {
    const data = Buffer.from(JSON.stringify(msg));
    for (const conn of this.conns) conn.send(data);
  }

  private sendFinal(conn: Conn): void {
    conn.send(JSON.stringify({ type: 'final', view: view(this.state, conn.viewer), record: `/api/games/${this.row.id}/record` }));
  }

  // ---- lobby -----------------------------------------------------------------------------------

  setName(seat: number, name: string): Promise<ErrorMessage | null> {
    return this.run(async () => {
      if (this.row.status !== 'lobby') return serverError('alreadyStarted');
      await this.storeSeats(this.row.seats.map((s) => (s.seat === seat ? { ...s, name } : s)));
      return null;
    });
  }

  private async storeSeats(seats: SeatRow[]): Promise<void> {
    const setup = { ...this.row.setup, players: seats.map((s) => s.name) };
    await this.env.storage.updateTable(this.row.id, { seats, setup });
    this.row = { ...this.row, seats, setup };
    this.state = Table.rebuild(this.row, this.commands);
    this.broadcastInfo();
    this.broadcastResync('names');
  }

  /** A seat's own link was used (a connection, a rename): the seat is not free for strangers. */
  touch(seat: number): void {
    this.touched.add(seat);
  }

  /**
   * Seats a stranger may take at an open online table in the lobby: human seats nobody claimed
   * and whose link nobody has used since this process started (a link opened before a restart and
   * not since is not known; docs/protocol.md).
   */
  freeSeats(): number[] {
    const r = this.row;
    if (r.mode !== 'online' || r.open !== true || r.status !== 'lobby') return [];
    const connected = new Set<number>();
    for (const c of this.conns) if (c.role.kind === 'seat') connected.add(c.role.seat);
    return r.seats.filter((s) => !s.bot && s.token !== null && !s.claimed && !this.everConnected.has(s.seat) && !this.touched.has(s.seat) && !connected.has(s.seat)).map((s) => s.seat);
  }

  /**
   * `POST /api/tables/:id/claim`: the lowest free seat, named and marked claimed, stored before
   * the answer. In the table's queue, so two claims never get one seat.
   */
  claim(nickname: string): Promise<{ seat: number; token: string } | ErrorMessage> {
    return this.run(async () => {
      if (this.row.status !== 'lobby') return serverError('alreadyStarted');
      const seat = this.freeSeats()[0];
      const row = this.row.seats.find((s) => s.seat === seat);
      if (seat === undefined || !row?.token) return serverError('noFreeSeat');
      await this.storeSeats(this.row.seats.map((s) => (s.seat === seat ? { ...s, name: nickname, claimed: true } : s)));
      return { seat, token: row.token };
    });
  }

  start(): Promise<ErrorMessage | null> {
    return this.run(async () => {
      if (this.row.status !== 'lobby') return serverError('alreadyStarted');
      await this.env.storage.updateTable(this.row.id, { status: 'playing' });
      this.row.status = 'playing';
      this.broadcastInfo();
      this.broadcastSince(this.state.log.length);
      this.afterChange();
      return null;
    });
  }

  /** After a restart: timers and bots pick up where the log stopped. */
  resumeService(): void {
    if (this.row.status === 'playing') this.afterChange();
    else if (this.row.status === 'lobby' && this.row.autoStart && this.humansAllJoined()) void this.start().catch(() => undefined);
  }

  // ---- commands --------------------------------------------------------------------------------

  submit(sender: string, cmd: Command, nonce: string | null, viewer: Viewer = { kind: 'judge' }): Promise<SubmitResult> {
    return this.run(() => this.perform(sender, cmd, nonce, viewer));
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
      await this.env.storage.appendCommand(this.row.id, row);
    } catch (e) {
      // Not stored, so not applied: rebuild the state from the stored log.
      this.env.log.error({ err: String(e), table: this.row.id }, 'append failed');
      this.state = Table.rebuild(this.row, this.commands);
      return { ok: false, error: serverError('storage') };
    }
    this.commands.push(row);
    if (nonce !== null) this.nonces.set(`${sender}|${nonce}`, row.seq);
    if (this.state.finished) {
      this.broadcastSince(from);
      await this.finish();
    } else {
      const timer = this.armTimer(false);
      this.broadcastSince(from, timer);
      this.scheduleBots();
    }
    return { ok: true, lastEvent: this.lastEventFor(viewer), duplicate: false };
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
    this.state = Table.rebuild(this.row, this.commands);
    this.cutAt = Math.min(this.cutAt, this.state.log.length);
    this.broadcastResync('undo');
    this.afterChange();
    return null;
  }

  private async finish(): Promise<void> {
    this.clearTimer();
    this.clearBots();
    const winner = this.state.winner ?? 'draw';
    const finishedAt = Date.now();
    await this.env.storage.updateTable(this.row.id, { status: 'finished', winner, finishedAt });
    await this.env.storage.setDeadline(this.row.id, null);
    this.row.status = 'finished';
    this.row.winner = winner;
    this.row.finishedAt = finishedAt;
    for (const conn of this.conns) this.sendFinal(conn);
    this.env.onFinished(this);
  }

  /** The finished game's record with the R60 publication (deal and salt). */
  record(): GameRecord {
    return toRecord(
      this.row.setup,
      this.commands.map((c) => c.command),
      this.recordExtra(),
    );
  }

  /** R60 publication and meta; a deal nobody committed to ('cards') says so instead. */
  private recordExtra(): Partial<GameRecord> {
    const meta: Record<string, unknown> = { tableId: this.row.id, mode: this.row.mode, createdAt: this.row.createdAt };
    if (this.row.dealSource && this.row.dealSource !== 'server') meta['dealSource'] = this.row.dealSource;
    if (this.row.commitTableId) meta['commitTableId'] = this.row.commitTableId;
    if (!this.row.commitment) return { meta };
    return { commitment: this.row.commitment, salt: this.row.salt, meta };
  }

  // ---- timers and bots ---------------------------------------------------------------------

  private afterChange(): void {
    if (this.closed || this.row.status !== 'playing') return;
    this.armTimer();
    this.scheduleBots();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.warnTimer) clearTimeout(this.warnTimer);
    this.timer = null;
    this.warnTimer = null;
    this.current = null;
  }

  /** (Re)arm the stage's timer; returns what changed for clients (sent now, or by the caller). */
  private armTimer(send = true): Record<string, unknown> | null {
    if (this.closed || this.row.status !== 'playing') return null;
    const key = stageKey(this.state);
    if (this.current && this.current.key === key) return null;
    const hadTimer = this.current !== null;
    this.clearTimer();
    const spec = this.row.clock.auto ? timerFor(this.state, this.row.clock, this.env.timeScale) : null;
    if (!spec) {
      if (this.row.deadline) {
        this.row.deadline = null;
        void this.env.storage.setDeadline(this.row.id, null).catch(() => undefined);
      }
      if (!hadTimer) return null;
      const none = { type: 'timer', kind: null };
      if (send) this.broadcastRaw(none);
      return timerBody(none);
    }
    let deadline: number;
    if (this.row.deadline && this.row.deadline.key === key) {
      deadline = this.row.deadline.at; // a restart resumes the stored deadline
    } else {
      deadline = Date.now() + spec.ms;
      this.row.deadline = { key, at: deadline };
      void this.env.storage.setDeadline(this.row.id, this.row.deadline).catch((e) => this.env.log.error({ err: String(e) }, 'deadline not stored'));
    }
    this.current = { spec, deadline, key };
    const left = deadline - Date.now();
    this.timer = setTimeout(() => this.fire(key), Math.max(0, left));
    if (spec.warnMs > 0 && left > spec.warnMs) this.warnTimer = setTimeout(() => this.broadcastRaw(this.timerMsg(true)), left - spec.warnMs);
    const msg = this.timerMsg();
    if (send) this.broadcastRaw(msg);
    return timerBody(msg);
  }

  private fire(key: number): void {
    const cur = this.current;
    if (!cur || cur.key !== key || this.closed) return;
    // The nonce ties the clock command to its stage: after a restart it is not applied twice.
    void this.submit('clock', cur.spec.command, `clock:${key}`).then((r) => {
      if (!r.ok) this.env.log.warn({ table: this.row.id, code: r.error.code }, 'clock command refused');
    });
  }

  private clearBots(): void {
    for (const t of this.botTimers.values()) clearTimeout(t);
    this.botTimers.clear();
  }

  private scheduleBots(): void {
    for (const [seat] of this.policies) {
      if (this.botTimers.has(seat)) continue;
      if (legalCommands(this.state, seat).length === 0) continue;
      const t = setTimeout(() => this.botMove(seat), this.row.botDelayMs * this.env.timeScale);
      this.botTimers.set(seat, t);
    }
  }

  private botMove(seat: number): void {
    this.botTimers.delete(seat);
    if (this.closed || this.row.status !== 'playing') return;
    const legal = legalCommands(this.state, seat);
    if (legal.length === 0) return;
    const policy = this.policies.get(seat)!;
    let decision;
    try {
      decision = policy({ view: view(this.state, { kind: 'seat', seat }), legal, rand: this.rand });
    } catch (e) {
      this.env.log.warn({ table: this.row.id, seat, err: String(e) }, 'bot failed');
      return;
    }
    if (!decision) return;
    const cmd = { ...decision.command, by: seat };
    void this.submit(`bot:${seat}`, cmd, null).then((r) => {
      if (!r.ok) this.env.log.warn({ table: this.row.id, seat, code: r.error.code }, 'bot command refused');
    });
  }

  /** Stop timers and bots (server shutdown or eviction); connections are closed by the caller. */
  close(): void {
    this.closed = true;
    this.clearTimer();
    this.clearBots();
  }
}

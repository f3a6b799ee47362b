// A table's server clock (R2): the timer of the current stage (clock.ts says which), its stored
// deadline (a restart resumes it), the 10-s warning, and when it runs out the clock's command.
// At an online table the clock is the server's: the host may pause it, resume it and add time
// (bounded per stage), never end a stage (ws.ts actorFor). A pause is stored like a deadline.
import type { Command, GameState } from '../engine/index.js';
import { stageKey, timerFor, type TimerSpec } from './clock.js';
import { serverError, type ErrorMessage } from './messages.js';
import type { Retries } from './retry.js';
import type { Deadline, Storage, TableRow } from './storage.js';

export interface ClockHost {
  readonly row: TableRow;
  readonly state: GameState;
  readonly storage: Storage;
  readonly timeScale: number;
  readonly extendMaxMs: number;
  readonly retries: Retries;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  /** Send a frame to every connection of the table. */
  broadcast(msg: Record<string, unknown>): void;
  /** Submit the clock's command for the stage `key` (nonce `clock:key`: never applied twice). */
  submit(command: Command, key: number): Promise<{ ok: true } | { ok: false; error: ErrorMessage }>;
}

interface Running {
  spec: TimerSpec;
  key: number;
  /** null while paused. */
  deadline: number | null;
  /** While paused: ms left. */
  left: number;
  /** ms the host added to this stage. */
  extended: number;
}

/** A timer message without its `type`, as it rides inside an `events` frame. */
export function timerBody(m: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = m;
  return rest;
}

export class TableClock {
  private current: Running | null = null;
  private timer: NodeJS.Timeout | null = null;
  private warnTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private host: ClockHost) {}

  get running(): boolean {
    return this.current !== null;
  }

  /** The `timer` frame for the current stage ({kind: null} when none runs). */
  message(warning = false): Record<string, unknown> {
    const c = this.current;
    if (!c) return { type: 'timer', kind: null };
    // leftMs and totalMs let a client count from its own clock: a 60-second speech shows 1:00 at
    // its start even when the client's clock runs ahead of the server's.
    const m: Record<string, unknown> = { type: 'timer', kind: c.spec.kind };
    if (c.deadline === null) Object.assign(m, { running: false, leftMs: c.left, totalMs: c.spec.ms, warning: false });
    else Object.assign(m, { deadline: c.deadline, leftMs: Math.max(0, c.deadline - Date.now()), totalMs: c.spec.ms, warning });
    if (c.spec.seat !== undefined) m['seat'] = c.spec.seat;
    return m;
  }

  private stopTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.warnTimer) clearTimeout(this.warnTimer);
    this.timer = null;
    this.warnTimer = null;
  }

  clear(): void {
    this.stopTimers();
    this.current = null;
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  /** Store the deadline as it is now; a failed write is retried (the latest value wins). */
  private persist(): void {
    const h = this.host;
    const d = h.row.deadline;
    h.storage.setDeadline(h.row.id, d).then(
      () => h.retries.ok('deadline'),
      (e: unknown) => {
        h.log.error({ table: h.row.id, err: String(e) }, 'deadline not stored');
        h.retries.failed('deadline', () => this.persist());
      },
    );
  }

  private setStored(d: Deadline | null): void {
    this.host.row.deadline = d;
    this.persist();
  }

  private schedule(): void {
    const c = this.current;
    this.stopTimers();
    if (!c || c.deadline === null) return;
    const left = c.deadline - Date.now();
    const key = c.key;
    this.timer = setTimeout(() => this.fire(key), Math.max(0, left));
    if (c.spec.warnMs > 0 && left > c.spec.warnMs) this.warnTimer = setTimeout(() => this.host.broadcast(this.message(true)), left - c.spec.warnMs);
  }

  /**
   * (Re)arm the stage's timer after a change; returns what changed for clients (sent now when
   * `send`, or by the caller inside the command's frame), or null when nothing did.
   */
  arm(send = true): Record<string, unknown> | null {
    const h = this.host;
    if (this.closed || h.row.status !== 'playing') return null;
    const key = stageKey(h.state);
    if (this.current && this.current.key === key) return null;
    const hadTimer = this.current !== null;
    this.clear();
    h.retries.ok('clock'); // a command owed to the stage before is owed no more
    const spec = h.row.clock.auto ? timerFor(h.state, h.row.clock, h.timeScale) : null;
    if (!spec) {
      if (h.row.deadline) this.setStored(null);
      if (!hadTimer) return null;
      const none = { type: 'timer', kind: null };
      if (send) h.broadcast(none);
      return timerBody(none);
    }
    const stored = h.row.deadline && h.row.deadline.key === key ? h.row.deadline : null;
    if (stored) {
      // A restart resumes the stored deadline (or pause).
      this.current = { spec, key, deadline: stored.left !== undefined ? null : stored.at, left: stored.left ?? 0, extended: stored.extended ?? 0 };
    } else {
      this.current = { spec, key, deadline: Date.now() + spec.ms, left: 0, extended: 0 };
      this.setStored({ key, at: this.current.deadline! });
    }
    this.schedule();
    const msg = this.message();
    if (send) h.broadcast(msg);
    return timerBody(msg);
  }

  private fire(key: number): void {
    const c = this.current;
    if (!c || c.key !== key || c.deadline === null || this.closed) return;
    void this.host.submit(c.spec.command, key).then((r) => {
      if (r.ok) this.host.retries.ok('clock');
      else if (r.error.code === 'storage') this.host.retries.failed('clock', () => this.fire(key));
      else this.host.log.warn({ table: this.host.row.id, code: r.error.code }, 'clock command refused');
    });
  }

  private stored(c: Running): Deadline {
    const d: Deadline = { key: c.key, at: c.deadline ?? 0 };
    if (c.deadline === null) d.left = c.left;
    if (c.extended > 0) d.extended = c.extended;
    return d;
  }

  private changed(c: Running): null {
    this.setStored(this.stored(c));
    this.schedule();
    this.host.broadcast(this.message());
    return null;
  }

  pause(): ErrorMessage | null {
    const c = this.current;
    if (!c) return serverError('noTimer');
    if (c.deadline === null) return serverError('alreadyPaused');
    c.left = Math.max(0, c.deadline - Date.now());
    c.deadline = null;
    return this.changed(c);
  }

  resume(): ErrorMessage | null {
    const c = this.current;
    if (!c) return serverError('noTimer');
    if (c.deadline !== null) return serverError('notPaused');
    c.deadline = Date.now() + c.left;
    c.left = 0;
    return this.changed(c);
  }

  extend(ms: number): ErrorMessage | null {
    const c = this.current;
    if (!c) return serverError('noTimer');
    if (c.extended + ms > this.host.extendMaxMs) return serverError('extendLimit');
    c.extended += ms;
    if (c.deadline === null) c.left += ms;
    else c.deadline += ms;
    return this.changed(c);
  }
}

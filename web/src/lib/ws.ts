// The WebSocket client of docs/protocol.md: connects with a token, keeps the view current,
// reconnects by itself (backoff up to 5 s) resuming from the last event it saw, and resends
// commands that were not acknowledged with their original nonces (the server applies a nonce once).
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Command, GameEvent, GameView, Viewer } from '../../../src/engine/index.js';
import { foldEvents } from '../../../src/protocol/fold.js';
import type { ClientCommand, ServerMessage, TableInfo, Timer, You } from './protocol.js';

export type ConnStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface CommandError {
  code: string;
  message: { ru: string; en: string };
  rule?: string;
  detail?: string;
}

export interface GameSnapshot {
  status: ConnStatus;
  /** How many times the connection was lost and re-established (0 on the first connect). */
  reconnects: number;
  table: TableInfo | null;
  viewer: Viewer | null;
  view: GameView | null;
  you: You | null;
  legal: Command[];
  lastEvent: number;
  timer: Timer | null;
  /** The last error the server sent (a refused command or a bad token). */
  error: CommandError | null;
  /** The finished game's record URL, once the server sends "final". */
  recordUrl: string | null;
}

interface Pending {
  msg: string;
  resolve: (r: { ok: true } | { ok: false; error: CommandError }) => void;
}

export interface GameClientOptions {
  token: string;
  /** ws:// or wss:// URL of /ws; defaults to this page's origin. */
  url?: string;
  WebSocketImpl?: typeof WebSocket;
}

function defaultUrl(): string {
  const loc = globalThis.location;
  const proto = loc?.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${loc?.host ?? 'localhost'}/ws`;
}

let nonceSeq = 0;
function freshNonce(): string {
  nonceSeq++;
  const rnd = Math.random().toString(36).slice(2, 10);
  return `c-${Date.now().toString(36)}-${rnd}-${nonceSeq}`;
}

/** Before the first welcome (and for a component without a client). */
const EMPTY: GameSnapshot = {
  status: 'connecting',
  reconnects: 0,
  table: null,
  viewer: null,
  view: null,
  you: null,
  legal: [],
  lastEvent: -1,
  timer: null,
  error: null,
  recordUrl: null,
};

export class GameClient {
  private ws: WebSocket | null = null;
  private listeners = new Set<() => void>();
  private pending = new Map<string, Pending>();
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  private everOpen = false;
  private snap: GameSnapshot = EMPTY;

  constructor(private readonly opts: GameClientOptions) {
    this.connect();
  }

  get snapshot(): GameSnapshot {
    return this.snap;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): GameSnapshot => this.snap;

  private set(patch: Partial<GameSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const fn of this.listeners) fn();
  }

  private connect(): void {
    if (this.stopped) return;
    const Impl = this.opts.WebSocketImpl ?? WebSocket;
    const base = this.opts.url ?? defaultUrl();
    // frames=patch: after a command the server sends only what changed in the view (foldEvents).
    const q = new URLSearchParams({ token: this.opts.token, frames: 'patch' });
    // With a view in hand, ask only for what we missed; the server resyncs if it cannot.
    if (this.snap.view && this.snap.lastEvent >= 0) q.set('lastEvent', String(this.snap.lastEvent));
    let ws: WebSocket;
    try {
      ws = new Impl(`${base}?${q.toString()}`);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.raw({ type: 'ping' }), 25_000);
    };
    ws.onmessage = (m) => {
      let msg: ServerMessage;
      try {
        msg = JSON.parse(typeof m.data === 'string' ? m.data : '') as ServerMessage;
      } catch {
        return;
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = null;
      // A refused token (4401) does not get better by retrying; nor does a link opened in more
      // places than allowed (4409: the newest stay), which would otherwise take turns forever.
      if (this.stopped || ev.code === 4401 || ev.code === 4409 || this.snap.error?.code === 'unauthorized') {
        const patch: Partial<GameSnapshot> = { status: 'closed' };
        if (ev.code === 4409) patch.error = { code: 'replaced', message: { ru: 'Эта ссылка открыта в другой вкладке или на другом устройстве', en: 'This link is open in another tab or on another device' } };
        this.set(patch);
        return;
      }
      this.scheduleReconnect();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.set({ status: this.everOpen ? 'reconnecting' : 'connecting' });
    const delay = Math.min(5000, 300 * 2 ** this.retry);
    this.retry++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private onMessage(msg: ServerMessage): void {
    switch (msg.type) {
      case 'welcome': {
        const reconnect = this.everOpen;
        this.everOpen = true;
        // A welcome after a resume carries the view without its log; events follow.
        const keepLog = reconnect && this.snap.view && msg.view.log.length === 0 ? this.snap.view.log : msg.view.log;
        this.set({
          status: 'open',
          reconnects: reconnect ? this.snap.reconnects + 1 : 0,
          table: msg.table,
          viewer: msg.viewer,
          view: { ...msg.view, log: keepLog },
          you: msg.you,
          legal: msg.legal ?? [],
          lastEvent: msg.lastEvent,
          timer: msg.timer && msg.timer.kind ? timerOf(msg.timer) : null,
          error: null,
        });
        // Commands sent while we were away go again with the same nonces.
        for (const p of this.pending.values()) this.ws?.send(p.msg);
        break;
      }
      case 'events': {
        const base = this.snap.view;
        // The server's view (whole, or the fields that changed: a patch frame) is authoritative for
        // everything but the log, which grows by the new events (an event already held is not added
        // twice; the log stays in event order).
        const folded = foldEvents({ view: base, legal: this.snap.legal }, msg);
        const view: GameView = { ...folded.view, log: base ? mergeLog(base.log, msg.events) : msg.events };
        const patch: Partial<GameSnapshot> = { view, lastEvent: Math.max(this.snap.lastEvent, msg.lastEvent), legal: folded.legal };
        // A timer started or stopped by this command rides in the same frame.
        if (msg.timer) patch.timer = msg.timer.kind ? timerOf(msg.timer) : null;
        this.set(patch);
        break;
      }
      case 'resync':
        this.set({ view: msg.view, lastEvent: msg.lastEvent, legal: msg.legal ?? this.snap.legal });
        break;
      case 'final':
        this.set({ view: msg.view, recordUrl: msg.record, timer: null, legal: [] });
        break;
      case 'table':
        this.set({ table: msg.table });
        break;
      case 'timer':
        this.set({ timer: msg.kind ? timerOf(msg) : null });
        break;
      case 'ack': {
        const p = this.pending.get(msg.nonce);
        this.pending.delete(msg.nonce);
        p?.resolve({ ok: true });
        break;
      }
      case 'error': {
        const error: CommandError = { code: msg.code, message: msg.message };
        if (msg.rule !== undefined) error.rule = msg.rule;
        if (msg.detail !== undefined) error.detail = msg.detail;
        if (msg.nonce) {
          const p = this.pending.get(msg.nonce);
          this.pending.delete(msg.nonce);
          p?.resolve({ ok: false, error });
        }
        this.set({ error });
        break;
      }
      default:
        break;
    }
  }

  private raw(x: unknown): void {
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(x));
  }

  /**
   * Send a command; resolves on its ack or error (resent after a reconnect until answered). A
   * caller that keeps its own nonces across reloads (the judge's outbox) passes them in.
   */
  send(command: ClientCommand, nonce: string = freshNonce()): Promise<{ ok: true } | { ok: false; error: CommandError }> {
    return this.request(nonce, JSON.stringify({ type: 'command', nonce, command }));
  }

  private request(nonce: string, msg: string): Promise<{ ok: true } | { ok: false; error: CommandError }> {
    const had = this.pending.get(nonce);
    return new Promise((resolve) => {
      // The same nonce sent again while unanswered: both callers get the one answer.
      this.pending.set(nonce, { msg, resolve: had ? (r) => (had.resolve(r), resolve(r)) : resolve });
      if (this.ws && this.ws.readyState === 1) this.ws.send(msg);
    });
  }

  /** Judge: take back the last command, acknowledged by nonce (a resend is not applied twice). */
  undoAck(nonce: string = freshNonce()): Promise<{ ok: true } | { ok: false; error: CommandError }> {
    return this.request(nonce, JSON.stringify({ type: 'undo', nonce }));
  }

  /** Judge: relay the console's speech timer to the table's displays (null: no timer). */
  sendTimer(t: { seat: number | null; running: boolean; leftMs: number; totalMs?: number } | null): void {
    this.raw(t ? { type: 'timer', ...t, leftMs: Math.max(0, Math.round(t.leftMs)) } : { type: 'timer', kind: null });
  }

  /** The host of an online table: pause, resume or add time to the server's clock. */
  clock(action: 'pause' | 'resume' | 'extend', seconds?: number): void {
    this.raw({ type: 'clock', action, ...(seconds !== undefined ? { seconds } : {}) });
  }

  /** Host: start the game. */
  start(): void {
    this.raw({ type: 'start' });
  }

  /** Judge: take back the last command. */
  undo(): void {
    this.raw({ type: 'undo' });
  }

  clearError(): void {
    this.set({ error: null });
  }

  /** Drop the connection as if the network failed (tests and the "reconnect" button use it). */
  dropConnection(): void {
    this.ws?.close();
  }

  close(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.ws?.close();
    this.ws = null;
    this.set({ status: 'closed' });
  }
}

/**
 * A server timer (no `running`) counts down from `leftMs` on this device's clock, taken when the
 * frame arrives: the server's deadline on a clock a second ahead would start a minute at 0:59.
 */
export function timerOf(t: Timer, now = Date.now()): Timer {
  const deadline = t.running === undefined && t.leftMs !== undefined ? now + t.leftMs : t.deadline;
  const out: Timer = { kind: t.kind, seat: t.seat, deadline, warning: t.warning };
  if (t.running !== undefined) out.running = t.running;
  if (t.leftMs !== undefined) out.leftMs = t.leftMs;
  if (t.totalMs !== undefined) out.totalMs = t.totalMs;
  return out;
}

/** One client per token for the component's lifetime. */
export function useGameClient(token: string | null): GameClient | null {
  const [client, setClient] = useState<GameClient | null>(null);
  useEffect(() => {
    if (!token) return;
    const c = new GameClient({ token });
    setClient(c);
    return () => c.close();
  }, [token]);
  return client;
}

const noop = (): (() => void) => () => {};

export function useGameSnapshot(client: GameClient | null): GameSnapshot {
  return useSyncExternalStore(client ? client.subscribe : noop, client ? client.getSnapshot : () => EMPTY, () => EMPTY);
}

/** Seconds left on a deadline, ticking every 250 ms. */
export function useCountdown(deadline: number | undefined): number | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === undefined) return;
    const id = setInterval(() => setTick((x) => x + 1), 250);
    return () => clearInterval(id);
  }, [deadline]);
  if (deadline === undefined) return null;
  // The clock is read at render time: a tick from before the deadline arrived would show 1:01.
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** The log held plus the events pushed, each once, in event order (the client keeps no evolve of its own). */
export function mergeLog(held: readonly GameEvent[], pushed: readonly GameEvent[]): GameEvent[] {
  const have = new Set<number>();
  for (const e of held) have.add(e.n);
  const out = held.slice();
  for (const e of pushed) if (!have.has(e.n)) {
    have.add(e.n);
    out.push(e);
  }
  out.sort((a, b) => a.n - b.n);
  return out;
}

// Heartbeat for a WebSocket server: every 30 s each socket is pinged; one that did not answer the
// last ping is dropped. Returns the tracker and the timer's stop.
// The sockets are spread over slots pinged one after another (one slot every 100 ms), not all
// pinged in one turn: at 1,000 tables (11,000 sockets) one turn of pings held the event loop
// for hundreds of ms every 30 s, and every command in flight waited (issue 19, W2p).
// A socket that sent a message since its last turn is alive without asking: it is not pinged
// that turn (a ping and its pong cost a write and a read on each side; at W2p's pace nearly
// every player's socket sends within 30 s). One that neither sent nor answered is dropped.
import type { WebSocket } from 'ws';
import { PERF, span } from './perf-trace.js';

export const HEARTBEAT_MS = 30_000;
/** How often a slot of sockets is pinged. */
const SLOT_MS = 100;

export function keepAlive(everyMs = HEARTBEAT_MS): { track(ws: WebSocket): void; stop(): void } {
  const slots: Set<WebSocket>[] = Array.from({ length: Math.max(1, Math.round(everyMs / SLOT_MS)) }, () => new Set());
  const alive = new WeakSet<WebSocket>();
  /** Sockets that sent a message since their slot's last turn. */
  const heard = new WeakSet<WebSocket>();
  let due = 0;
  let next = 0;
  const timer = setInterval(() => {
    const t0 = PERF ? performance.now() : 0;
    const slot = slots[due]!;
    due = (due + 1) % slots.length;
    for (const ws of slot) {
      if (heard.has(ws)) {
        heard.delete(ws);
        alive.add(ws);
        continue;
      }
      if (!alive.has(ws)) {
        slot.delete(ws);
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
    if (PERF) span('keepalive', performance.now() - t0);
  }, everyMs / slots.length);
  timer.unref();
  return {
    track(ws) {
      // Round robin: each slot gets an equal share, whatever order sockets come and go in.
      const slot = slots[next]!;
      next = (next + 1) % slots.length;
      slot.add(ws);
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      ws.on('message', () => heard.add(ws));
      ws.once('close', () => slot.delete(ws));
    },
    stop: () => clearInterval(timer),
  };
}

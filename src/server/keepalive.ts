// Heartbeat for a WebSocket server: every 30 s each socket is pinged; one that did not answer the
// last ping is dropped. Returns the timer's stop.
import type { WebSocket, WebSocketServer } from 'ws';

export const HEARTBEAT_MS = 30_000;

export function keepAlive(wss: WebSocketServer, everyMs = HEARTBEAT_MS): { track(ws: WebSocket): void; stop(): void } {
  const alive = new WeakSet<WebSocket>();
  const timer = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, everyMs);
  timer.unref();
  return {
    track(ws) {
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
    },
    stop: () => clearInterval(timer),
  };
}

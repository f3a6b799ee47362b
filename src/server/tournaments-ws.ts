// Live standings over WebSocket: `/ws/tournament?id=…` gets the tournament's public snapshot at
// once and a new one after every change (a record attached, a table opened, the seating …).
// Watchers only listen: a ping is answered, anything else gets an error, a flood closes.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { keepAlive } from './keepalive.js';
import { apiError } from './tournament-messages.js';
import type { TournamentService } from './tournaments.js';

export const TOURNAMENT_WS_PATH = '/ws/tournament';
const MAX_MESSAGES_PER_MINUTE = 60;
export const CLOSE_NOT_FOUND = 4404;

export function tournamentWebSocket(svc: TournamentService): { upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => void; close(): void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const heartbeat = keepAlive();

  const onConnection = (ws: WebSocket, id: string): void => {
    heartbeat.track(ws);
    ws.on('error', () => undefined);
    let stop: (() => void) | null = null;
    let closed = false;
    ws.on('close', () => {
      closed = true;
      stop?.();
    });
    let count = 0;
    const window = setInterval(() => (count = 0), 60_000);
    window.unref();
    ws.on('close', () => clearInterval(window));
    ws.on('message', (data) => {
      if (++count > MAX_MESSAGES_PER_MINUTE) {
        ws.close(1008, 'rate limit');
        return;
      }
      const text = data.toString();
      if (text === '{"type":"ping"}') ws.send('{"type":"pong"}');
      else ws.send(JSON.stringify({ type: 'error', ...apiError('badMessage', 'watchers only listen (and may ping)') }));
    });
    svc
      .watch(id, (frame) => {
        if (ws.readyState === ws.OPEN) ws.send(frame);
      })
      .then((unwatch) => {
        if (closed) unwatch();
        else stop = unwatch;
      })
      .catch(() => {
        ws.send(JSON.stringify({ type: 'error', ...apiError('tournamentNotFound') }));
        ws.close(CLOSE_NOT_FOUND, 'no such tournament');
      });
  };

  return {
    upgrade(req, socket, head, url) {
      const id = url.searchParams.get('id') ?? '';
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, id));
    },
    close() {
      heartbeat.stop();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

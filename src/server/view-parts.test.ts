// The frames' shortcuts (view-parts.ts, viewers.ts) say exactly what view() and visibleEventsAt()
// say: the shared fields are the same in every viewer's view, and the events' JSON made once per
// command is each viewer's own.
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../test/support/random-game.js';
import { view, visibleCount, visibleEventsAt, type GameState, type Viewer } from '../engine/index.js';
import { SHARED_FIELDS, SharedFields } from './view-parts.js';
import { eventsJson } from './viewers.js';
import { TableConnections } from './table-connections.js';
import type { TableRow } from './storage.js';

function viewersOf(s: GameState): Viewer[] {
  return [{ kind: 'public' }, { kind: 'judge' }, ...s.seats.map((x) => ({ kind: 'seat' as const, seat: x.seat }))];
}

describe('frames built once per command', () => {
  it('R18 the shared fields of every viewer’s view are the public view’s, and the events’ JSON is visibleEventsAt’s', () => {
    let checked = 0;
    for (let g = 0; g < 8; g++) {
      const preset = (['classic', 'club', 'tournament', 'forum'] as const)[g % 4]!;
      let at = 0;
      let step = 0;
      playRandom({ preset, seed: `vp${g}` }, g + 7, {
        onStep: (s, _cmd, ok) => {
          // Every third step: the events since the last check make one "command" of several events.
          if (!ok || step++ % 3 !== 0) return;
          const pub = view(s, { kind: 'public' }, { log: false }) as unknown as Record<string, unknown>;
          const shared = new SharedFields().take(s);
          for (const v of viewersOf(s)) {
            const own = view(s, v, { log: false });
            const mine = own as unknown as Record<string, unknown>;
            for (const k of SHARED_FIELDS) expect(mine[k], k).toEqual(pub[k]);
            // into() changes nothing a client reads.
            const before = JSON.stringify(own);
            expect(JSON.parse(shared.objectJson(shared.into(own) as unknown as Record<string, unknown>))).toEqual(JSON.parse(before));
            const first = visibleCount(s, v, at);
            const e = eventsJson(s, v, at, first);
            const want = visibleEventsAt(s, v, at, first);
            expect(e.json).toBe(JSON.stringify(want));
            expect(e.count).toBe(want.length);
            checked++;
          }
          at = s.log.length;
        },
      });
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('the final frame', () => {
  it('R18 is JSON.stringify of the viewer’s whole view, its log included', () => {
    for (let g = 0; g < 4; g++) {
      const preset = (['classic', 'club', 'tournament', 'forum'] as const)[g]!;
      const { state } = playRandom({ preset, seed: `fin${g}` }, g + 3);
      const row = { id: `t${g}`, status: 'finished' } as unknown as TableRow;
      const net = new TableConnections({ row: () => row, state: () => state, closed: () => false, degraded: () => false, timer: () => null, bindSeat: () => undefined, seatJoined: () => undefined });
      for (const v of viewersOf(state)) {
        const conn = { role: { kind: 'spectator' as const }, viewer: v, send: () => undefined };
        expect(net.finalFrame(conn)).toBe(JSON.stringify({ type: 'final', view: view(state, v), record: `/api/games/t${g}/record` }));
      }
    }
  });
});

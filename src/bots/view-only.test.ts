// A bot's decision depends only on its view: the same view with different hidden state (other
// seats' roles swapped, with the events that deal them) gives the same decision.
import { describe, expect, it } from 'vitest';
import { cloneState, legalCommands, mulberry32, view, type GameState, type PresetId } from '../engine/index.js';
import { decideClub } from './club.js';
import { playGame } from './play.js';
import { getPolicy } from './registry.js';

/** Swap two seats' roles everywhere the seat `me` cannot see; null if they look the same to it. */
function hiddenTwin(s: GameState, me: number, a: number, b: number): GameState | null {
  const t = cloneState(s);
  const x = t.seats[a - 1]!;
  const y = t.seats[b - 1]!;
  if (x.role === y.role) return null;
  [x.role, y.role] = [y.role, x.role];
  [x.team, y.team] = [y.team, x.team];
  t.log = t.log.map((e) => {
    if (e.t === 'roleDealt' && (e.seat === a || e.seat === b)) return { ...e, role: e.seat === a ? x.role : y.role };
    if (e.t === 'teamRevealed') return { ...e, members: t.seats.filter((z) => z.team === 'black').map((z) => ({ seat: z.seat, role: z.role })) };
    return e;
  });
  const same = JSON.stringify(view(s, { kind: 'seat', seat: me })) === JSON.stringify(view(t, { kind: 'seat', seat: me }));
  return same ? t : null;
}

describe('bot decisions depend only on the view', () => {
  for (const preset of ['classic', 'club', 'tournament'] as PresetId[]) {
    it(`${preset}: same view, different hidden roles → same decision`, () => {
      let compared = 0;
      for (let g = 0; g < 4; g++) {
        const snapshots: GameState[] = [];
        let live: GameState | null = null;
        const club = getPolicy('club');
        playGame({
          preset,
          seed: 4242,
          game: g,
          policies: { red: club, black: club, neutral: club },
          stateHook: (s) => (live = s),
          onDecision: () => {
            if (live && snapshots.length < 60) snapshots.push(cloneState(live));
          },
        });
        for (const s of snapshots) {
          const st = s.stage;
          const seats = st.kind === 'speech' ? [st.seat] : s.seats.filter((x) => x.alive).map((x) => x.seat);
          for (const me of seats) {
            const legal = legalCommands(s, me);
            if (legal.length === 0) continue;
            const others = s.seats.filter((x) => x.seat !== me).map((x) => x.seat);
            for (let k = 0; k + 1 < others.length; k += 2) {
              const twin = hiddenTwin(s, me, others[k]!, others[k + 1]!);
              if (!twin) continue;
              const d1 = decideClub({ view: view(s, { kind: 'seat', seat: me }), legal, rand: mulberry32(7) }, 'en');
              const d2 = decideClub({ view: view(twin, { kind: 'seat', seat: me }), legal: legalCommands(twin, me), rand: mulberry32(7) }, 'en');
              expect(d2).toEqual(d1);
              compared++;
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(50);
    });
  }
});

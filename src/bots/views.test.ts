// SeatViews hands a bot exactly what view(state, seat) would: same content, every step.
import { describe, expect, it } from 'vitest';
import { PRESET_DEFS, view, type PresetId } from '../engine/index.js';
import { playGame } from './play.js';
import { getPolicy } from './registry.js';
import type { Policy, PolicyDef } from './policy.js';

describe('bots see exactly view(state, seat)', () => {
  for (const preset of Object.keys(PRESET_DEFS) as PresetId[]) {
    it(`${preset}: the incremental view equals view(state, seat) at every decision`, () => {
      for (let g = 0; g < 3; g++) {
        let checked = 0;
        // A spy policy: every input it gets is compared with a fresh view of the real state.
        let current: ReturnType<typeof playGame>['state'] | null = null;
        const club = getPolicy('club');
        const spy: PolicyDef = {
          name: 'spy',
          doc: '',
          create: (o) => {
            const inner: Policy = club.create(o);
            return (input) => {
              if (current && input.view.you) {
                const fresh = view(current, { kind: 'seat', seat: input.view.you.seat });
                expect(JSON.parse(JSON.stringify(input.view))).toEqual(JSON.parse(JSON.stringify(fresh)));
                checked++;
              }
              return inner(input);
            };
          },
        };
        // playGame owns the state; catch it through the first decision's hook.
        const r = playGame({
          preset,
          seed: 99,
          game: g,
          policies: { red: spy, black: spy, neutral: spy },
          maxCommands: 400,
          onDecision: () => undefined,
          stateHook: (s) => (current = s),
        });
        expect(r.rejected).toEqual([]);
        expect(checked).toBeGreaterThan(5);
      }
    });
  }
});

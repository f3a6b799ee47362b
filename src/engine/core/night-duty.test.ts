// R18: the night ends by itself once every living seat has made the choices its role owes. Without
// a preset's `owes` hook (classic, fiim) the engine tells it by counting (night.ts nightDuty): these
// tests hold the count to the plain reading — every owed ability against tonight's actions.
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../../test/support/random-game.js';
import { evolve } from './evolve.js';
import { cloneState } from './game.js';
import { legalCommands } from './legal.js';
import { mulberry32 } from './rng.js';
import { allActed, allActedByScan, nightDuty } from './night.js';
import { roleDef, type RoleDef } from './roles.js';
import { rulesOf } from './rules.js';
import type { Setup } from './setup.js';

describe('R18 night duties, counted', () => {
  it('the classic four owe: civilian nothing, mafia the shot, don the shot and the check, sheriff the check (or its slot-mate)', () => {
    expect(nightDuty(roleDef('civilian'))).toBe(0);
    expect(nightDuty(roleDef('mafia'))).toBe(1);
    expect(nightDuty(roleDef('don'))).toBe(2);
    // The club option's shot shares the sheriff's slot with the check (R13, docs/rules/club.md).
    expect(nightDuty(roleDef('sheriff'))).toBe(1);
  });

  it('a role with a night ability that owes nothing cannot be counted (its use is no owed choice)', () => {
    const role: RoleDef = {
      id: 'doctor',
      team: 'red',
      title: { ru: 'Доктор', en: 'Doctor' },
      abilities: [{ verb: 'heal', when: 'night', stage: 'protect', effect: { kind: 'protect' } }],
    } as RoleDef;
    expect(nightDuty(role)).toBe(-1);
  });

  const SETUPS: Setup[] = [{ preset: 'classic' }, { preset: 'fiim' }, { preset: 'fiim', options: { shotAtOut: 'miss' } }];

  it("classic and fiim (shots at the out too): the night's choices and removals in any order — the count agrees with the scan at every point (R6, R18)", () => {
    // Night states of seeded random games, then choices and removals applied by evolve alone (no
    // advance), so that states where everyone has acted, and where a removed seat had acted, occur.
    let done = 0;
    let withDead = 0;
    for (const setup of SETUPS)
      for (let seed = 1; seed <= 30; seed++) {
        const rand = mulberry32(seed);
        playRandom({ ...setup, seed: `duty-${seed}` }, seed, {
          onStep: (state) => {
            if (state.stage.kind !== 'night' || state.stage.intro || state.finished || rand() < 0.5) return;
            const s = cloneState(state);
            for (let k = 0; k < 8; k++) {
              const living = s.seats.filter((x) => x.alive);
              if (rand() < 0.2) {
                const x = living[Math.floor(rand() * living.length)]!;
                evolve(s, { t: 'eliminated', seat: x.seat, cause: 'removal', lastWord: false, n: s.log.length, vis: 'public', rule: 'R6', phase: s.phase, number: s.number });
              } else {
                const moves = living.flatMap((x) => legalCommands(s, x.seat)).filter((c) => c.do === 'shoot' || c.do === 'check');
                const m = moves[Math.floor(rand() * moves.length)];
                if (!m) break;
                evolve(s, { t: 'nightAction', seat: m.by as number, verb: m.do, target: m.target ?? null, n: s.log.length, vis: [m.by as number], rule: 'R12', phase: s.phase, number: s.number });
              }
              const rules = rulesOf(s);
              const scan = allActedByScan(s, rules);
              expect(allActed(s, rules)).toBe(scan);
              if (scan) done++;
              if (s.actions.some((a) => !s.seats[a.seat - 1]!.alive)) withDead++;
            }
          },
        });
      }
    expect(done).toBeGreaterThan(100);
    expect(withDead).toBeGreaterThan(100);
  });
});

// Checks the claim «a new role in an existing preset is one entry plus its texts»
// (DEVELOPERS.md «Add a role») with a role no source has: a red watchman who freezes a player
// each night, as the putana does (R23). The test adds him at run time in the three places a real
// addition writes — the role id (core/vocab.ts ROLES), his entry (core/roles.ts ROLE_DEFS) and the
// club's pool (core/presets.ts PRESET_DEFS.club.roles) — and nothing else: the deal check, the
// legal moves, the night's wait, the resolver and the describer follow from the data. A real
// addition adds his name to web/src/i18n/ru.json and en.json (`role.watchman`) and a line to
// docs/rules/club.md besides: three source files, two text files, one doc.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Table } from '../../../../test/support/scenario.js';
import { describeEvent, legalCommands, PRESET_DEFS, ROLE_DEFS, ROLES, validateSetup, type Command, type RoleDef, type RoleId } from '../../index.js';

const WATCHMAN = 'watchman' as RoleId;
const DEF: RoleDef = {
  id: WATCHMAN,
  team: 'red',
  title: { ru: 'Сторож', en: 'Watchman' },
  abilities: [{ verb: 'block', when: 'night', stage: 'block', required: true, effect: { kind: 'block' } }],
};

// Seats: 1 don, 2 mafia, 3 sheriff, 4 doctor, 5 watchman, 6–10 civilians.
const DEAL = ['don', 'mafia', 'sheriff', 'doctor', WATCHMAN, 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'] as RoleId[];

beforeAll(() => {
  (ROLES as unknown as string[]).push(WATCHMAN);
  (ROLE_DEFS as Record<string, RoleDef>)[WATCHMAN] = DEF;
  (PRESET_DEFS.club!.roles as RoleId[]).push(WATCHMAN);
});

afterAll(() => {
  (ROLES as unknown as string[]).pop();
  delete (ROLE_DEFS as Record<string, RoleDef>)[WATCHMAN];
  (PRESET_DEFS.club!.roles as RoleId[]).pop();
});

function night(block: number): Command[] {
  return [
    { by: 1, do: 'shoot', target: 7 },
    { by: 2, do: 'shoot', target: 7 },
    { by: 1, do: 'check', target: 8 },
    { by: 3, do: 'check', target: 9 },
    { by: 4, do: 'heal', target: 7 },
    { by: 5, do: 'block', target: block },
  ];
}

function toNight2(): Table {
  const t = Table.deal('club', DEAL);
  t.night([]);
  t.speeches();
  expect(t.state.stage).toEqual({ kind: 'night', intro: false });
  return t;
}

describe('a made-up club role from data alone (DEVELOPERS.md «Add a role»)', () => {
  it('R20 the club deals him once he is in its pool', () => {
    expect(validateSetup({ preset: 'club', deal: DEAL }).ok).toBe(true);
  });

  it('R22 his block is a legal move, and the night waits for it', () => {
    const t = toNight2();
    expect(legalCommands(t.state, 5).some((c) => c.do === 'block')).toBe(true);
    const list = night(8);
    for (const a of list.slice(0, -1)) t.do(a);
    expect(t.state.phase).toBe('night');
    t.do(list[list.length - 1]!);
    expect(t.state.phase).toBe('day');
  });

  it('R23 the resolver freezes whom he chose: a frozen doctor heals no one, and the shot kills', () => {
    const t = toNight2();
    t.night(night(4));
    expect(t.events('frozen')).toEqual([expect.objectContaining({ seat: 4, vis: [4] })]);
    expect(t.events('healed')).toEqual([]);
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([7]);
    expect(t.replays()).toBe(true);
  });

  it('R23 unfrozen, the doctor saves the one shot', () => {
    const t = toNight2();
    t.night(night(8));
    expect(t.events('eliminated')).toEqual([]);
    expect(t.events('healed')).toEqual([expect.objectContaining({ seat: 7, saved: ['shot'] })]);
  });

  it('the one describer names him in both languages', () => {
    const t = toNight2();
    const dealt = t.state.log.find((e) => e.t === 'roleDealt' && e.seat === 5)!;
    expect(describeEvent(dealt, 'ru')).toContain('Сторож');
    expect(describeEvent(dealt, 'en')).toContain('Watchman');
  });
});

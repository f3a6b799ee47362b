// Two club roles that the sources do not name and clubs play (docs/rules/club.md «Телохранитель»,
// «Вооружённый шериф»): each is one role entry (roles.ts) resolved by the shared night resolver
// (night-resolve.ts) in the club's order freeze → heal → kills → checks (R22, R23).
import { describe, expect, it } from 'vitest';
import { Table } from '../../../../test/support/scenario.js';
import { legalCommands, validateSetup, view, type Command, type RoleId } from '../../index.js';

// Seats: 1 don, 2 putana, 3 mafia, 4 sheriff, 5 doctor, 6 bodyguard, 7–10 civilians.
const GUARDED: RoleId[] = ['don', 'putana', 'mafia', 'sheriff', 'doctor', 'bodyguard', 'civilian', 'civilian', 'civilian', 'civilian'];
// Seats: 1 don, 2 putana, 3 mafia, 4 sheriff, 5 doctor, 6 maniac, 7–10 civilians.
const ARMED: RoleId[] = ['don', 'putana', 'mafia', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian', 'civilian', 'civilian'];

function toNight2(t: Table): Table {
  t.night([]);
  t.speeches();
  expect(t.state.stage).toEqual({ kind: 'night', intro: false });
  return t;
}

function guardNight(o: { shoot?: number | null; block?: number; heal?: number; guard?: number }): Command[] {
  const shoot = o.shoot === undefined ? null : o.shoot;
  return [
    { by: 1, do: 'shoot', target: shoot },
    { by: 3, do: 'shoot', target: shoot },
    { by: 1, do: 'check', target: 7 },
    { by: 2, do: 'block', target: o.block ?? 10 },
    { by: 5, do: 'heal', target: o.heal ?? 8 },
    { by: 4, do: 'check', target: 9 },
    { by: 6, do: 'guard', target: o.guard ?? 9 },
  ];
}

describe('club option: the bodyguard (docs/rules/club.md «Телохранитель»)', () => {
  const table = (): Table => toNight2(Table.deal('club', GUARDED));

  it('R20 a club table may deal a bodyguard; other presets may not', () => {
    expect(validateSetup({ preset: 'club', deal: GUARDED }).ok).toBe(true);
    expect(validateSetup({ preset: 'club', size: 10, options: { roles: ['don', 'mafia', 'bodyguard'] } }).ok).toBe(true);
    expect(validateSetup({ preset: 'classic', deal: ['don', 'mafia', 'mafia', 'sheriff', 'bodyguard', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'] }).ok).toBe(false);
  });

  it('R22 the night waits for the bodyguard as for every other active role', () => {
    const t = table();
    const list = guardNight({ shoot: 7 });
    for (const a of list.slice(0, -1)) t.do(a);
    expect(t.state.phase).toBe('night');
    t.do(list[list.length - 1]!);
    expect(t.state.phase).toBe('day');
  });

  it('bodyguard dies in place of the one he guards; the public hears only his death', () => {
    const t = table();
    t.night(guardNight({ shoot: 7, guard: 7 }));
    expect(t.events('eliminated').map((e) => [e.seat, e.rule])).toEqual([[6, 'R23']]);
    expect(t.alive()).toContain(7);
    expect(t.events('guarded')).toEqual([expect.objectContaining({ seat: 7, by: 6, vis: 'judge' })]);
    expect(view(t.state, { kind: 'public' }).log.some((e) => e.t === 'guarded')).toBe(false);
    expect(t.replays()).toBe(true);
  });

  it('R23 a heal on the target comes first: nobody dies, the bodyguard stays', () => {
    const t = table();
    t.night(guardNight({ shoot: 7, guard: 7, heal: 7 }));
    expect(t.events('eliminated')).toEqual([]);
    expect(t.events('guarded')).toEqual([]);
    expect(t.events('nightMiss')).toHaveLength(1);
  });

  it('R23 a heal on the bodyguard saves him when he takes the kill', () => {
    const t = table();
    t.night(guardNight({ shoot: 7, guard: 7, heal: 6 }));
    expect(t.events('eliminated')).toEqual([]);
    expect(t.events('guarded')).toHaveLength(1);
  });

  it('R23 a frozen bodyguard guards no one', () => {
    const t = table();
    t.night(guardNight({ shoot: 7, guard: 7, block: 6 }));
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([7]);
    expect(t.events('frozen').map((e) => e.seat)).toEqual([6]);
  });

  it('a bodyguard may not guard himself', () => {
    const t = table();
    const r = t.try({ by: 6, do: 'guard', target: 6 });
    expect(r.ok === false && r.error.code).toBe('badTarget');
    expect(legalCommands(t.state, 6).some((c) => c.target === 6)).toBe(false);
  });
});

function armedNight(o: { shoot?: number | null; sheriff?: Command; maniac?: number }): Command[] {
  const shoot = o.shoot === undefined ? null : o.shoot;
  return [
    { by: 1, do: 'shoot', target: shoot },
    { by: 3, do: 'shoot', target: shoot },
    { by: 1, do: 'check', target: 7 },
    { by: 2, do: 'block', target: 10 },
    { by: 5, do: 'heal', target: 8 },
    o.sheriff ?? { by: 4, do: 'check', target: 9 },
    o.maniac === undefined ? { by: 6, do: 'skip' } : { by: 6, do: 'kill', target: o.maniac },
  ];
}

describe('club option sheriffShots: the armed sheriff (docs/rules/club.md «Вооружённый шериф»)', () => {
  const table = (shots = 1): Table => toNight2(Table.deal('club', ARMED, { sheriffShots: shots }));

  it('R21 off by default: the sheriff only checks', () => {
    const t = toNight2(Table.deal('club', ARMED));
    expect(t.state.options.sheriffShots).toBe(0);
    const r = t.try({ by: 4, do: 'kill', target: 3 });
    expect(r.ok === false && r.error.code).toBe('notAllowed');
    expect(legalCommands(t.state, 4).some((c) => c.do === 'kill')).toBe(false);
    expect(validateSetup({ preset: 'classic', options: { sheriffShots: 1 } }).ok).toBe(false);
  });

  it('R22 the shot replaces the night\'s check and kills like the maniac\'s', () => {
    const t = table();
    expect(legalCommands(t.state, 4).some((c) => c.do === 'kill' && c.target === 3)).toBe(true);
    t.night(armedNight({ sheriff: { by: 4, do: 'kill', target: 3 } }));
    expect(t.events('eliminated').map((e) => [e.seat, e.rule])).toEqual([[3, 'R22']]);
    expect(t.events('checkResult').map((e) => e.seat)).toEqual([1]);
    expect(t.replays()).toBe(true);
  });

  it('R22 one a night: a sheriff who checked may not shoot, and the reverse', () => {
    const t = table();
    t.do({ by: 4, do: 'check', target: 9 });
    const r = t.try({ by: 4, do: 'kill', target: 3 });
    expect(r.ok === false && r.error.code).toBe('alreadyActed');
    expect(legalCommands(t.state, 4).some((c) => c.do === 'kill')).toBe(false);
  });

  it('R23 the doctor\'s heal saves from the sheriff\'s shot and says so to the judge', () => {
    const t = table();
    const list = armedNight({ sheriff: { by: 4, do: 'kill', target: 8 } });
    t.night(list);
    expect(t.events('eliminated')).toEqual([]);
    expect(t.events('healed')[0]).toMatchObject({ seat: 8, saved: ['sheriff'] });
  });

  it('sheriffShots counts shots a game: after the last one the sheriff checks again', () => {
    const t = table(1);
    t.night(armedNight({ sheriff: { by: 4, do: 'kill', target: 7 } }));
    t.speeches();
    t.vote({});
    t.talkThrough();
    expect(t.state.phase).toBe('night');
    const r = t.try({ by: 4, do: 'kill', target: 3 });
    expect(r.ok === false && r.error.code).toBe('notAllowed');
    expect(t.try({ by: 4, do: 'check', target: 3 }).ok).toBe(true);
  });
});

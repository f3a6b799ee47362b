// Tournament preset (tournament-regulation; R30–R35): one test per rule, named after it.
import { describe, expect, it } from 'vitest';
import { Table } from '../../../../test/support/scenario.js';
import { legalCommands, startGame, validateSetup, view, type Command, type RoleId } from '../../index.js';

// Seats: 1 don, 2–3 mafia, 4 sheriff, 5 lover, 6 doctor, 7–12 civilians.
export const T_DEAL: RoleId[] = ['don', 'mafia', 'mafia', 'sheriff', 'lover', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
const tour = (options?: Record<string, unknown>): Table => Table.deal('tournament', T_DEAL, options);

function acts(o: { shoot?: number | null; save?: number; heal?: number; check?: number; don?: number } = {}): Command[] {
  const shoot = o.shoot === undefined ? null : o.shoot;
  return [
    { by: 1, do: 'shoot', target: shoot },
    { by: 2, do: 'shoot', target: shoot },
    { by: 3, do: 'shoot', target: shoot },
    { by: 1, do: 'check', target: o.don ?? 7 },
    { by: 4, do: 'check', target: o.check ?? 8 },
    { by: 5, do: 'save', target: o.save ?? 9 },
    { by: 6, do: 'heal', target: o.heal ?? 10 },
  ];
}

/** Night 1 and day 1 without a vote (nobody nominated): the table stands at night 2. */
function toNight2(t: Table): Table {
  t.night([]);
  t.speeches();
  expect(t.state.stage).toEqual({ kind: 'night', intro: false });
  return t;
}

describe('tournament: table', () => {
  it('R30 12 seats: 6 civilians, sheriff, lover, doctor; don and 2 mafia', () => {
    const s = startGame({ preset: 'tournament', seed: 'a' });
    expect(s.seats).toHaveLength(12);
    expect(s.seats.map((x) => x.role).sort()).toEqual([...T_DEAL].sort());
  });

  it('R30 option seats 10 drops two civilians', () => {
    const ok = validateSetup({ preset: 'tournament', options: { seats: 10 } });
    expect(ok.ok && ok.value.size).toBe(10);
    const s = startGame({ preset: 'tournament', seed: 'b', options: { seats: 10 } });
    expect(s.seats.filter((x) => x.role === 'civilian')).toHaveLength(4);
    expect(s.seats.filter((x) => x.team === 'black')).toHaveLength(3);
    expect(validateSetup({ preset: 'tournament', size: 10 }).ok).toBe(false); // needs seats: 10
    expect(validateSetup({ preset: 'tournament', size: 11, options: { seats: 11 } }).ok).toBe(false);
    expect(validateSetup({ preset: 'tournament', options: { seats: 11 } }).ok).toBe(false);
  });

  it('R30 a seat deal must be the regulation cards', () => {
    expect(validateSetup({ preset: 'tournament', deal: T_DEAL }).ok).toBe(true);
    expect(validateSetup({ preset: 'tournament', deal: ['don', ...T_DEAL.slice(1, 11), 'mafia'] }).ok).toBe(false);
    expect(validateSetup({ preset: 'tournament', deal: ['putana', ...T_DEAL.slice(1)] }).ok).toBe(false);
  });

  it('R31 R35 option defaults: provocation none, self-vote allowed, first-day vote', () => {
    const o = startGame({ preset: 'tournament' }).options;
    expect(o).toMatchObject({ provocation: 'none', selfVote: true, firstDayVote: true, seats: 12, doctorSelfHeals: 2, doctorPerTarget: 2, doctorConsecutive: false, loverPerTarget: 2, loverConsecutive: false, pointsBestMove: false, pointsExitPenalty: false, pointsExtra: false });
  });
});

describe('tournament: the day', () => {
  it('R31 one nomination per player per day; R35 withdraw and nominate again', () => {
    const t = tour();
    t.night([]);
    t.do({ by: 1, do: 'nominate', target: 7 });
    const r = t.try({ by: 1, do: 'nominate', target: 8 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('nominationLimit');
    t.do({ by: 1, do: 'withdraw' });
    t.do({ by: 1, do: 'nominate', target: 8 });
    expect(t.state.nominations).toEqual([{ by: 1, target: 8 }]);
  });

  it('3.4.10 day 1 with a single candidate: no vote', () => {
    const t = tour();
    t.night([]);
    t.speeches({ 1: 7 });
    expect(t.events('noVote').map((e) => e.why)).toEqual(['firstDaySingle']);
  });

  it('R31 a withdrawn hand counts (provocation none), no removal', () => {
    const t = tour();
    t.night([]);
    t.speeches({ 1: 7, 2: 8 });
    t.do({ by: 3, do: 'vote', target: 7, withdrawn: true });
    expect(t.state.seats[2]!.alive).toBe(true);
    t.vote({ 1: 7, 2: 8, 4: 8, 5: 8, 6: 8, 7: 8, 8: 7, 9: 8, 10: 8, 11: 8, 12: 8 });
    expect(t.events('voteClosed')[0]!.votes.find((v) => v.seat === 3)).toMatchObject({ target: 7, defaulted: false });
  });

  it('R35 self-vote allowed', () => {
    const t = tour();
    t.night([]);
    t.speeches({ 1: 7, 2: 8 });
    expect(t.try({ by: 7, do: 'vote', target: 7 }).ok).toBe(true);
  });
});

describe('tournament: lover and doctor', () => {
  it('R32 lover saves the vote\'s loser: announced, and no one leaves in their place', () => {
    const t = toNight2(tour());
    t.night(acts({ save: 9 }));
    expect(t.events('voteShield')[0]).toMatchObject({ seat: 9, by: 5, vis: 'judge' });
    t.speeches({ 1: 9, 2: 10 });
    t.vote({ 1: 9, 2: 9, 3: 9, 4: 9, 5: 9, 6: 9, 7: 9, 8: 10, 9: 10, 10: 9, 11: 9, 12: 9 });
    const kept = t.events('keptFromVote');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ seat: 9, vis: 'public', rule: 'R32' });
    expect(t.events('eliminated').filter((e) => e.cause === 'vote')).toEqual([]);
    expect(t.state.phase).toBe('night');
    // Only the lover saw her choice; the shield itself is the judge's.
    for (let seat = 1; seat <= 12; seat++) {
      const v = view(t.state, { kind: 'seat', seat });
      expect(v.log.some((e) => e.t === 'voteShield')).toBe(false);
      expect(v.log.some((e) => e.t === 'nightAction' && e.verb === 'save')).toBe(seat === 5);
    }
  });

  it('R32 the save is not announced when its player is not voted out', () => {
    const t = toNight2(tour());
    t.night(acts({ save: 9 }));
    t.speeches({ 1: 9, 2: 10 });
    t.vote({ 1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 10, 7: 10 });
    expect(t.events('keptFromVote')).toEqual([]);
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([10]);
  });

  it('R32 the save holds for a later day\'s single candidate', () => {
    const t = toNight2(tour());
    t.night(acts({ save: 9 }));
    t.speeches({ 1: 9 });
    expect(t.events('singleCandidate')).toHaveLength(1);
    expect(t.events('keptFromVote').map((e) => e.seat)).toEqual([9]);
    expect(t.state.seats[8]!.alive).toBe(true);
  });

  it('R32 the save lasts one day only', () => {
    const t = toNight2(tour());
    t.night(acts({ save: 9 }));
    t.speeches();
    t.night(acts({ save: 7, heal: 11 }));
    t.speeches({ 1: 9 });
    expect(t.events('keptFromVote')).toEqual([]);
    expect(t.state.seats[8]!.alive).toBe(false);
  });

  it('R32 "all leave": the saved player stays, the others leave', () => {
    const t = toNight2(tour());
    t.night(acts({ save: 9 }));
    t.speeches({ 1: 9, 2: 10 });
    const split = { 1: 9, 2: 9, 3: 9, 4: 9, 5: 9, 6: 10, 7: 10, 8: 10, 9: 10, 10: 10, 11: 9, 12: 10 };
    t.vote(split);
    t.talkThrough();
    t.vote(split);
    expect(t.state.stage).toEqual({ kind: 'vote', round: 'allLeave' });
    for (let seat = 1; seat <= 12; seat++) t.do({ by: seat, do: 'vote', leave: seat <= 8 });
    expect(t.events('keptFromVote').map((e) => e.seat)).toEqual([9]);
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([10]);
  });

  it('R32 the lover never saves herself', () => {
    const t = toNight2(tour());
    const r = t.try({ by: 5, do: 'save', target: 5 });
    expect(r.ok).toBe(false);
    expect(legalCommands(t.state, 5).some((c) => c.target === 5)).toBe(false);
  });

  it('R32 the lover: the same player never two nights running, at most twice a game', () => {
    const t = toNight2(tour());
    t.night(acts({ save: 9, heal: 10 })).speeches();
    let r = t.try({ by: 5, do: 'save', target: 9 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.rule]).toEqual(['consecutive', 'R32']);
    t.night(acts({ save: 7, heal: 11 })).speeches();
    t.night(acts({ save: 9, heal: 10 })).speeches();
    t.night(acts({ save: 7, heal: 11 })).speeches();
    r = t.try({ by: 5, do: 'save', target: 9 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('limitReached');
  });

  it('R33 the doctor heals the mafia\'s target: no one dies', () => {
    const t = toNight2(tour());
    t.night(acts({ shoot: 7, heal: 7 }));
    expect(t.events('eliminated')).toEqual([]);
    expect(t.events('nightMiss')).toHaveLength(1);
    expect(t.events('healed')[0]).toMatchObject({ seat: 7, by: 6, saved: ['shot'], vis: 'judge' });
  });

  it('R33 the doctor\'s consecutive-night heal rejected; self-heal allowed; twice a game', () => {
    const t = toNight2(tour());
    t.night(acts({ heal: 6, save: 9 })).speeches();
    let r = t.try({ by: 6, do: 'heal', target: 6 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.rule]).toEqual(['consecutive', 'R33']);
    t.night(acts({ heal: 7, save: 10 })).speeches();
    t.night(acts({ heal: 6, save: 9 })).speeches();
    t.night(acts({ heal: 7, save: 10 })).speeches();
    r = t.try({ by: 6, do: 'heal', target: 6 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('limitReached');
  });

  it('R13 R33 a player shot this night still checks; a heal on someone else leaves the kill', () => {
    const t = toNight2(tour());
    t.night(acts({ shoot: 4, heal: 7 }));
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([4]);
    expect(t.events('checkResult').map((e) => e.seat)).toEqual([1, 4]);
  });
});

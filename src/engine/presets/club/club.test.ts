// Club preset (club-8-15; R20–R29): one test per rule, named after it.
import { describe, expect, it } from 'vitest';
import { Table } from '../../../../test/support/scenario.js';
import { clubDefaultRoles } from '../../core/deals.js';
import { legalCommands, startGame, validateSetup, view, type Command, type RoleId } from '../../index.js';

// Seats: 1 don, 2 putana, 3 mafia, 4 sheriff, 5 doctor, 6 maniac, 7–10 civilians.
const DEAL: RoleId[] = ['don', 'putana', 'mafia', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian', 'civilian', 'civilian'];
const club = (options?: Record<string, unknown>): Table => Table.deal('club', DEAL, options);

/** Night 1 (introductions) and day 1 (speeches, no vote): the table stands at night 2. */
function toNight2(t: Table, noms: Record<number, number> = {}): Table {
  t.night([]);
  t.speeches(noms);
  expect(t.state.stage).toEqual({ kind: 'night', intro: false });
  return t;
}

/** A full night-2+ set of actions with defaults that harm no one. */
function acts(o: { shoot?: number | null; block?: number; heal?: number; check?: number; don?: number; maniac?: number | 'skip' } = {}): Command[] {
  const shoot = o.shoot === undefined ? null : o.shoot;
  return [
    { by: 1, do: 'shoot', target: shoot },
    { by: 3, do: 'shoot', target: shoot },
    { by: 1, do: 'check', target: o.don ?? 7 },
    { by: 2, do: 'block', target: o.block ?? 10 },
    { by: 5, do: 'heal', target: o.heal ?? 8 },
    { by: 4, do: 'check', target: o.check ?? 9 },
    o.maniac === undefined || o.maniac === 'skip' ? { by: 6, do: 'skip' } : { by: 6, do: 'kill', target: o.maniac },
  ];
}

describe('club: deal and setup', () => {
  it('R20 default deal by size: don, putana, 1–3 mafia, sheriff, doctor, maniac, the rest civilians', () => {
    const count = (n: number, r: RoleId) => startGame({ preset: 'club', size: n, seed: 'x' }).seats.filter((x) => x.role === r).length;
    for (const [n, mafia] of [[8, 1], [10, 1], [11, 2], [13, 2], [14, 3], [15, 3]] as const) {
      expect(count(n, 'mafia')).toBe(mafia);
      for (const r of ['don', 'putana', 'sheriff', 'doctor', 'maniac'] as const) expect(count(n, r)).toBe(1);
      expect(count(n, 'civilian')).toBe(n - 5 - mafia);
    }
    expect(clubDefaultRoles(12)).toEqual(['don', 'putana', 'mafia', 'mafia', 'sheriff', 'doctor', 'maniac']);
  });

  it('R20 sizes 8–15 only', () => {
    expect(validateSetup({ preset: 'club', size: 7 }).ok).toBe(false);
    expect(validateSetup({ preset: 'club', size: 16 }).ok).toBe(false);
    expect(validateSetup({ preset: 'club', size: 8 }).ok).toBe(true);
    expect(validateSetup({ preset: 'club', size: 15 }).ok).toBe(true);
  });

  it('R20 option roles: the table sets its own list, validated', () => {
    const ok = validateSetup({ preset: 'club', size: 9, options: { roles: ['don', 'mafia', 'sheriff', 'doctor'] } });
    expect(ok.ok).toBe(true);
    const s = startGame({ preset: 'club', size: 9, seed: 'r', options: { roles: ['don', 'mafia', 'sheriff', 'doctor'] } });
    expect(s.seats.map((x) => x.role).sort()).toEqual(['civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'doctor', 'don', 'mafia', 'sheriff']);
    const bad = (roles: unknown, size = 8) => validateSetup({ preset: 'club', size, options: { roles } }).ok;
    expect(bad(['sheriff', 'doctor'])).toBe(false); // no black
    expect(bad(['don', 'mafia', 'mafia', 'putana', 'mafia'])).toBe(false); // 5 black of 8
    expect(bad(['don', 'mafia', 'mafia', 'putana'])).toBe(true); // 4 of 8: equal is allowed
    expect(bad(['putana', 'sheriff'])).toBe(false); // no one shoots
    expect(bad(['don', 'lover'])).toBe(false); // not a club role
    expect(bad(['don', 'nobody'])).toBe(false);
    expect(bad('don')).toBe(false);
    expect(bad(new Array(9).fill('don'))).toBe(false);
  });

  it('R20 a seat deal is validated the same way', () => {
    expect(validateSetup({ preset: 'club', deal: DEAL }).ok).toBe(true);
    expect(validateSetup({ preset: 'club', deal: ['sheriff', ...DEAL.slice(1, 2), ...new Array(7).fill('civilian')] }).ok).toBe(false);
    expect(validateSetup({ preset: 'club', deal: ['lover', ...DEAL.slice(1)] }).ok).toBe(false);
  });

  it('R21 R22 R24 R25 R26 option defaults', () => {
    const o = startGame({ preset: 'club' }).options;
    expect(o).toMatchObject({ firstDayVote: false, selfVote: false, provocation: 'removal', doctorSelfHeals: 1, doctorConsecutive: false, maniacSkips: 2, fourPlayerTieStays: true, quietNightsWin: 3, roles: [] });
    expect(validateSetup({ preset: 'classic', options: { maniacSkips: 1 } }).ok).toBe(false);
  });
});

describe('club: night 1 and day 1', () => {
  it('R21 night 1 is introductions only: no heal, freeze or kill', () => {
    const t = club();
    expect(t.try({ by: 5, do: 'heal', target: 5 }).ok).toBe(false);
    expect(t.try({ by: 2, do: 'block', target: 4 }).ok).toBe(false);
    expect(t.try({ by: 6, do: 'kill', target: 1 }).ok).toBe(false);
    expect(t.try({ by: 1, do: 'plan', targets: [4, 5] }).ok).toBe(true);
    t.night([]);
    expect(t.state.phase).toBe('day');
    expect(t.state.number).toBe(1);
  });

  it('R21 day 1: nominations but no vote (firstDayVote false)', () => {
    const t = club();
    t.night([]);
    t.speeches({ 1: 4, 2: 5 });
    const nv = t.events('noVote');
    expect(nv.map((e) => e.why)).toEqual(['firstDayNoVote']);
    expect(t.state.phase).toBe('night');
    expect(t.state.number).toBe(2);
  });

  it('R21 option firstDayVote true: day 1 votes as classic', () => {
    const t = club({ firstDayVote: true });
    t.night([]);
    t.speeches({ 1: 4, 2: 5 });
    expect(t.state.stage).toEqual({ kind: 'vote', round: 'main' });
  });
});

describe('club: the night table (freeze → heal → kills → checks)', () => {
  it('R22 the night closes by itself once every owed action is in', () => {
    const t = toNight2(club());
    const list = acts({ shoot: 7 });
    for (const a of list.slice(0, -1)) t.do(a);
    expect(t.state.phase).toBe('night');
    t.do(list[list.length - 1]!);
    expect(t.state.phase).toBe('day');
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([7]);
  });

  it('R22 putana does not shoot', () => {
    const t = toNight2(club());
    expect(t.try({ by: 2, do: 'shoot', target: 7 }).ok).toBe(false);
  });

  it('R23 doctor saves the mafia\'s target: no one dies; the heal is the judge\'s and the doctor\'s only', () => {
    const t = toNight2(club());
    t.night(acts({ shoot: 7, heal: 7 }));
    expect(t.events('eliminated')).toEqual([]);
    expect(t.events('nightMiss')).toHaveLength(1);
    const healed = t.events('healed');
    expect(healed).toHaveLength(1);
    expect(healed[0]).toMatchObject({ seat: 7, by: 5, saved: ['shot'], vis: 'judge' });
    for (let seat = 1; seat <= 10; seat++) {
      const v = view(t.state, { kind: 'seat', seat });
      expect(v.log.some((e) => e.t === 'healed')).toBe(false);
      expect(v.log.some((e) => e.t === 'nightAction' && e.verb === 'heal')).toBe(seat === 5);
    }
  });

  it('R23 putana freezes the sheriff: no check result; the sheriff alone learns it; muted next day', () => {
    const t = toNight2(club());
    t.night(acts({ shoot: 7, block: 4, check: 1 }));
    expect(t.events('checkResult').map((e) => e.seat)).toEqual([1]); // the don's only
    const fr = t.events('frozen');
    expect(fr).toHaveLength(1);
    expect(fr[0]).toMatchObject({ seat: 4, voided: ['check'] });
    expect(view(t.state, { kind: 'seat', seat: 4 }).log.some((e) => e.t === 'frozen')).toBe(true);
    expect(view(t.state, { kind: 'seat', seat: 2 }).log.some((e) => e.t === 'frozen')).toBe(false);
    expect(view(t.state, { kind: 'public' }).log.some((e) => e.t === 'frozen')).toBe(false);
    // Day 2: the sheriff's speech is skipped (R23), visibly, and he has no vote (R29).
    t.talkThrough();
    t.speeches({ 1: 8, 2: 9 });
    const skipped = t.events('speechSkipped');
    expect(skipped.map((e) => [e.seat, e.rule])).toEqual([[4, 'R23']]);
    expect(t.state.stage).toEqual({ kind: 'vote', round: 'main' });
    expect(legalCommands(t.state, 4)).toEqual([]);
    const r = t.try({ by: 4, do: 'vote', target: 8 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('silenced');
    // The round closes when every other living player has voted.
    for (const seat of t.alive()) if (seat !== 4) t.do({ by: seat, do: 'vote', target: seat === 8 ? 9 : 8 });
    const closed = t.events('voteClosed')[0]!;
    expect(closed.votes.some((v) => v.seat === 4)).toBe(false);
  });

  it('R23 a frozen candidate has no tie speech either', () => {
    const t = toNight2(club());
    t.night(acts({ shoot: 7, block: 9 }));
    t.talkThrough();
    t.speeches({ 2: 9, 3: 10 });
    t.vote({ 1: 9, 2: 9, 3: 9, 4: 10, 5: 10, 6: 10, 8: 10, 10: 9 });
    expect(t.events('tie')).toHaveLength(1);
    expect(t.events('speechSkipped').map((e) => [e.seat, e.rule])).toEqual([[9, 'R23'], [9, 'R23']]);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'tie', seat: 10 });
  });

  it('R23 the freeze lasts one day: the next night clears it', () => {
    const t = toNight2(club());
    t.night(acts({ block: 4 }));
    t.speeches();
    expect(t.state.phase).toBe('night');
    expect(t.state.muted).toBeUndefined();
  });

  it('R23 heal cancels freeze: the frozen player keeps action and voice', () => {
    const t = toNight2(club());
    t.night(acts({ block: 4, heal: 4, check: 1 }));
    expect(t.events('frozen')).toEqual([]);
    expect(t.events('checkResult').map((e) => e.seat)).toEqual([1, 4]);
    expect(t.events('healed')[0]).toMatchObject({ seat: 4, saved: ['freeze'] });
  });

  it('R23 a frozen doctor heals no one: the target dies', () => {
    const t = toNight2(club());
    t.night(acts({ shoot: 7, block: 5, heal: 7 }));
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([7]);
    expect(t.events('frozen')[0]).toMatchObject({ seat: 5, voided: ['heal'] });
  });

  it('R23 heal cancels the maniac\'s kill too', () => {
    const t = toNight2(club());
    t.night(acts({ maniac: 1, heal: 1 }));
    expect(t.events('eliminated')).toEqual([]);
    expect(t.events('healed')[0]).toMatchObject({ seat: 1, saved: ['maniac'] });
  });

  it('R29 a frozen shooter\'s shot is void; unanimity among the other shooters', () => {
    const t = toNight2(club());
    // Putana freezes her own don (a judge takes it); the don shot 8, the mafia 7: 7 dies.
    t.night([
      { by: 1, do: 'shoot', target: 8 },
      { by: 3, do: 'shoot', target: 7 },
      { by: 1, do: 'check', target: 4 },
      { by: 2, do: 'block', target: 1 },
      { by: 5, do: 'heal', target: 9 },
      { by: 4, do: 'check', target: 10 },
      { by: 6, do: 'skip' },
    ]);
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([7]);
    expect(t.events('checkResult').map((e) => e.seat)).toEqual([4]);
  });

  it('R29 the freeze holds even if putana dies the same night', () => {
    const t = toNight2(club());
    t.night(acts({ maniac: 2, block: 9 }));
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([2]);
    expect(t.events('frozen').map((e) => e.seat)).toEqual([9]);
    t.talkThrough();
    t.speeches();
    expect(t.events('speechSkipped').map((e) => e.seat)).toEqual([9]);
  });

  it('R22 maniac kills the don', () => {
    const t = toNight2(club());
    t.night(acts({ shoot: 7, maniac: 1 }));
    expect(t.events('eliminated').map((e) => [e.seat, e.rule])).toEqual([
      [1, 'R22'],
      [7, 'R12'],
    ]);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 1 });
    expect(t.state.lastWords).toEqual([7]);
    expect(t.events('checkResult').map((e) => e.seat)).toEqual([1, 4]); // a shot checker still checks (R13)
  });

  it('R22 maniac: two skips a game, the third is rejected', () => {
    const t = toNight2(club());
    for (let night = 0; night < 2; night++) {
      t.night(acts({ heal: 7 + night }));
      t.speeches();
    }
    expect(t.state.number).toBe(4);
    const r = t.try({ by: 6, do: 'skip' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.rule]).toEqual(['limitReached', 'R22']);
    expect(legalCommands(t.state, 6).some((c) => c.do === 'skip')).toBe(false);
    expect(legalCommands(t.state, 6).some((c) => c.do === 'kill')).toBe(true);
  });

  it('R22 maniac: kill or skip, not both; not himself', () => {
    const t = toNight2(club());
    expect(t.try({ by: 6, do: 'kill', target: 6 }).ok).toBe(false);
    t.do({ by: 6, do: 'kill', target: 7 });
    expect(t.try({ by: 6, do: 'skip' }).ok).toBe(false);
    expect(t.try({ by: 6, do: 'kill', target: 8 }).ok).toBe(false);
  });

  it('R23 doctor: the same player two nights running is rejected', () => {
    const t = toNight2(club());
    t.night(acts({ heal: 7 }));
    t.speeches();
    const r = t.try({ by: 5, do: 'heal', target: 7 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.rule]).toEqual(['consecutive', 'R23']);
    expect(t.try({ by: 5, do: 'heal', target: 8 }).ok).toBe(true);
  });

  it('R23 doctor: self-heal once a game', () => {
    const t = toNight2(club());
    t.night(acts({ heal: 5 }));
    t.speeches();
    t.night(acts({ heal: 7 }));
    t.speeches();
    const r = t.try({ by: 5, do: 'heal', target: 5 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('limitReached');
  });

  it('R23 doctor limits are options', () => {
    const t = toNight2(club({ doctorConsecutive: true, doctorSelfHeals: 2 }));
    t.night(acts({ heal: 5 }));
    t.speeches();
    expect(t.try({ by: 5, do: 'heal', target: 5 }).ok).toBe(true);
  });

  it('R22 putana may not freeze herself', () => {
    const t = toNight2(club());
    expect(t.try({ by: 2, do: 'block', target: 2 }).ok).toBe(false);
  });
});

describe('club: the day', () => {
  it('R24 self-vote rejected', () => {
    const t = toNight2(club());
    t.night(acts());
    t.speeches({ 1: 7, 7: 1 });
    const r = t.try({ by: 7, do: 'vote', target: 7 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.rule]).toEqual(['selfVote', 'R24']);
    expect(legalCommands(t.state, 7).map((c) => c.target)).toEqual([1]);
  });

  it('R24 a withdrawn hand: the player is removed and that vote is void', () => {
    const t = toNight2(club());
    t.night(acts());
    t.speeches({ 1: 7, 7: 1 });
    t.do({ by: 8, do: 'vote', target: 7, withdrawn: true });
    expect(t.state.seats[7]!.alive).toBe(false);
    expect(t.state.seats[7]!.exit?.cause).toBe('removal');
    t.vote({ 1: 7, 2: 7, 3: 7, 4: 1, 5: 1, 6: 1, 7: 1, 9: 1 });
    const closed = t.events('voteClosed')[0]!;
    expect(closed.votes.some((v) => v.seat === 8)).toBe(false);
  });

  it('R27 giving the floor is an event; the owner keeps the nomination', () => {
    const t = club();
    t.night([]);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'day', seat: 1 });
    t.do({ by: 1, do: 'giveFloor', target: 5 });
    expect(t.events('floorGiven')[0]).toMatchObject({ seat: 1, to: 5, vis: 'public', rule: 'R27' });
    expect(t.try({ by: 1, do: 'say', text: 'мне' }).ok).toBe(false);
    t.do({ by: 5, do: 'say', text: 'Спасибо за слово' });
    expect(t.events('said')[0]).toMatchObject({ seat: 5 });
    expect(t.try({ by: 5, do: 'nominate', target: 3 }).ok).toBe(false);
    expect(t.try({ by: 5, do: 'endSpeech' }).ok).toBe(false);
    t.do({ by: 1, do: 'nominate', target: 3 });
    t.do({ by: 1, do: 'giveFloor', target: 1 });
    t.do({ by: 1, do: 'say', text: 'снова я' });
    t.do({ by: 1, do: 'endSpeech' });
    expect(t.try({ by: 2, do: 'giveFloor', target: 2 }).ok).toBe(false); // already holds it
  });

  it('R27 the floor cannot go to a frozen or dead player', () => {
    const t = toNight2(club());
    t.night(acts({ shoot: 7, block: 4 }));
    t.talkThrough();
    const st = t.state.stage;
    expect(st.kind).toBe('speech');
    if (st.kind !== 'speech') return;
    expect(t.try({ by: st.seat, do: 'giveFloor', target: 4 }).ok).toBe(false);
    expect(t.try({ by: st.seat, do: 'giveFloor', target: 7 }).ok).toBe(false);
  });
});

/** Eight seats: 1 don, 2 putana, 3 sheriff, 4 doctor, 5 maniac, 6–8 civilians; the judge removes 2, 4, 5, 8 at once. */
function fourAtTable(options?: Record<string, unknown>): Table {
  const t = Table.deal('club', ['don', 'putana', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian', 'civilian'], options);
  for (const seat of [2, 4, 5, 8]) t.do({ by: 'judge', do: 'remove', target: seat, reason: 'test' });
  t.night([]);
  t.speeches();
  expect(t.alive()).toEqual([1, 3, 6, 7]);
  return t;
}

describe('club: four at the table', () => {
  it('R25 four players: tie not revoted, all stay and night comes', () => {
    const t = fourAtTable();
    t.night([{ by: 1, do: 'shoot', target: null }, { by: 1, do: 'check', target: 3 }, { by: 3, do: 'check', target: 1 }]);
    t.speeches({ 3: 6, 6: 1 });
    t.vote({ 1: 6, 3: 6, 6: 1, 7: 1 });
    expect(t.events('tieKept')[0]).toMatchObject({ seats: [6, 1], rule: 'R25', vis: 'public' });
    expect(t.events('tie')).toEqual([]);
    expect(t.state.phase).toBe('night');
    expect(t.alive()).toEqual([1, 3, 6, 7]);
  });

  it('R25 option off: the tie goes to tie speeches', () => {
    const t = fourAtTable({ fourPlayerTieStays: false });
    t.night([{ by: 1, do: 'shoot', target: null }, { by: 1, do: 'check', target: 3 }, { by: 3, do: 'check', target: 1 }]);
    t.speeches({ 3: 6, 6: 1 });
    t.vote({ 1: 6, 3: 6, 6: 1, 7: 1 });
    expect(t.events('tie')).toHaveLength(1);
  });

  it('R26 three quiet nights with four players: red wins', () => {
    const t = fourAtTable();
    for (let n = 0; n < 3; n++) {
      expect(t.state.finished).toBe(false);
      t.night([{ by: 1, do: 'shoot', target: null }, { by: 1, do: 'check', target: 3 }, { by: 3, do: 'check', target: 6 }]);
      if (!t.state.finished) t.speeches();
    }
    expect(t.events('quietNight').map((e) => e.count)).toEqual([1, 2, 3]);
    expect(t.state.finished).toBe(true);
    expect(t.state.winner).toBe('red');
    expect(t.events('gameOver')[0]!.rule).toBe('R26');
    expect(view(t.state, { kind: 'public' }).log.some((e) => e.t === 'quietNight')).toBe(false);
  });

  it('R26 a healed shot counts as shooting: the count starts again', () => {
    // 1 don, 3 sheriff, 4 doctor, 6 civilian stay.
    const t = Table.deal('club', ['don', 'putana', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian', 'civilian']);
    for (const seat of [2, 5, 7, 8]) t.do({ by: 'judge', do: 'remove', target: seat });
    t.night([]).speeches();
    const night = (shot: number | null, heal: number) =>
      t.night([{ by: 1, do: 'shoot', target: shot }, { by: 1, do: 'check', target: 3 }, { by: 3, do: 'check', target: 1 }, { by: 4, do: 'heal', target: heal }]).speeches();
    night(null, 3);
    night(null, 4);
    night(6, 6); // healed: no one dies, but the mafia shot
    night(null, 3);
    expect(t.events('eliminated').filter((e) => e.cause === 'kill')).toEqual([]);
    expect(t.events('quietNight').map((e) => [e.number, e.count])).toEqual([
      [2, 1],
      [3, 2],
      [5, 1],
    ]);
    expect(t.state.finished).toBe(false);
  });

  it('R26 option quietNightsWin 0 switches it off', () => {
    const t = fourAtTable({ quietNightsWin: 0 });
    for (let n = 0; n < 3; n++) t.night([{ by: 1, do: 'shoot', target: null }, { by: 1, do: 'check', target: 3 }, { by: 3, do: 'check', target: 6 }]).speeches();
    expect(t.state.finished).toBe(false);
    expect(t.events('quietNight')).toEqual([]);
  });

  it('R28 black wins at equal numbers (putana counts as black)', () => {
    const t = Table.deal('club', ['don', 'putana', 'sheriff', 'doctor', 'maniac', 'civilian', 'civilian', 'civilian']);
    for (const seat of [3, 4, 5, 6]) t.do({ by: 'judge', do: 'remove', target: seat });
    expect(t.state.finished).toBe(true);
    expect(t.state.winner).toBe('black');
  });
});

describe('club: records', () => {
  it('R70 a scripted game replays to the same log', () => {
    const t = toNight2(club());
    t.night(acts({ shoot: 7, block: 4, heal: 8, maniac: 1 }));
    t.talkThrough();
    t.speeches({ 2: 9, 9: 2 });
    t.vote({ 2: 9, 3: 9, 5: 2, 6: 2, 8: 2, 9: 2, 10: 9 });
    expect(t.replays()).toBe(true);
  });
});

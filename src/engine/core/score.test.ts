// Tournament points (tournament-regulation section 4; R34) and the FIIM extras.
import { describe, expect, it } from 'vitest';
import { Table } from '../../../test/support/scenario.js';
import { defaultScoreTable, score, standings } from './score.js';
import { view, type Command, type RoleId } from '../index.js';

// Seats: 1 don, 2–3 mafia, 4 sheriff, 5 lover, 6 doctor, 7–12 civilians.
const DEAL: RoleId[] = ['don', 'mafia', 'mafia', 'sheriff', 'lover', 'doctor', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian'];
const tour = (options?: Record<string, unknown>): Table => Table.deal('tournament', DEAL, options);

function acts(o: { shoot?: number | null; save?: number; heal?: number; check?: number } = {}): Command[] {
  const shoot = o.shoot === undefined ? null : o.shoot;
  return [
    { by: 1, do: 'shoot', target: shoot },
    { by: 2, do: 'shoot', target: shoot },
    { by: 3, do: 'shoot', target: shoot },
    { by: 1, do: 'check', target: 7 },
    { by: 4, do: 'check', target: o.check ?? 8 },
    { by: 5, do: 'save', target: o.save ?? 9 },
    { by: 6, do: 'heal', target: o.heal ?? 10 },
  ];
}

/** The judge removes the three black players: red wins at once. */
function redWinsByRemoval(t: Table): void {
  for (const seat of [1, 2, 3]) if (!t.state.finished) t.do({ by: 'judge', do: 'remove', target: seat });
  expect(t.state.winner).toBe('red');
}

const pts = (t: Table) => score(t.state).map((r) => r.points);
const reasons = (t: Table, seat: number) => score(t.state)[seat - 1]!.lines.map((l) => l.reason);

describe('R34 points', () => {
  it('R34 defaults: 1 for a win and 0 for a loss, every role', () => {
    const t = tour();
    t.night([]);
    redWinsByRemoval(t);
    expect(pts(t)).toEqual([0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(score(t.state)[0]!.lines).toEqual([{ points: 0, reason: 'loss', rule: 'R34' }]);
  });

  it('R34 a points table per role, set per tournament', () => {
    const t = tour();
    t.night([]);
    redWinsByRemoval(t);
    const table = { ...defaultScoreTable(t.state.options), win: { sheriff: 1.5, civilian: 1 }, loss: { don: -0.25 } };
    expect(score(t.state, table).map((r) => r.points)).toEqual([-0.25, 0, 0, 1.5, 1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('R34 an unfinished game has no win or loss lines', () => {
    const t = tour();
    t.night([]);
    expect(score(t.state).every((r) => r.lines.length === 0)).toBe(true);
  });

  it('4.3.1 both first-night bonuses: the doctor healed the shot player, the sheriff found black', () => {
    const t = tour();
    t.night([]).speeches();
    t.night(acts({ shoot: 7, heal: 7, check: 2 }));
    t.speeches();
    redWinsByRemoval(t);
    expect(reasons(t, 6)).toEqual(['win', 'doctorFirstHeal']);
    expect(reasons(t, 4)).toEqual(['win', 'sheriffFirstCheck']);
    expect(score(t.state)[5]!.points).toBe(2);
    expect(score(t.state)[3]!.points).toBe(2);
    expect(score(t.state)[3]!.lines[1]!.rule).toBe('tournament-regulation 4.3.2');
  });

  it('4.3.1 4.3.2 only the first shooting night counts', () => {
    const t = tour();
    t.night([]).speeches();
    t.night(acts({ shoot: null, heal: 8, check: 9 })).speeches();
    t.night(acts({ shoot: 7, heal: 7, check: 2, save: 10 })).speeches();
    redWinsByRemoval(t);
    expect(reasons(t, 6)).toEqual(['win']);
    expect(reasons(t, 4)).toEqual(['win']);
  });

  it('4.3.1 no doctor bonus when the heal missed the shot player', () => {
    const t = tour();
    t.night([]).speeches();
    t.night(acts({ shoot: 7, heal: 8, check: 9 }));
    redWinsByRemoval(t);
    expect(reasons(t, 6)).toEqual(['win']);
    expect(reasons(t, 4)).toEqual(['win']);
  });
});

describe('R34 FIIM extras', () => {
  function killed7(options: Record<string, unknown>): Table {
    const t = tour(options);
    t.night([]).speeches();
    t.night(acts({ shoot: 7, heal: 8 }));
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 7 });
    return t;
  }

  it('R34 best move: three black named +0.4, two +0.25, fewer nothing', () => {
    for (const [targets, points] of [
      [[1, 2, 3], 0.4],
      [[1, 2, 8], 0.25],
      [[1, 8, 9], null],
    ] as const) {
      const t = killed7({ pointsBestMove: true });
      t.do({ by: 7, do: 'bestMove', targets: [...targets] });
      expect(view(t.state, { kind: 'public' }).log.some((e) => e.t === 'bestMove')).toBe(true);
      t.talkThrough();
      redWinsByRemoval(t);
      const line = score(t.state)[6]!.lines.find((l) => l.reason === 'bestMove');
      expect(line?.points ?? null).toBe(points);
    }
  });

  it('R34 best move: only the first player killed at night, once, in the last word, option on', () => {
    let t = killed7({});
    let r = t.try({ by: 7, do: 'bestMove', targets: [1, 2, 3] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('notAllowed');
    t = killed7({ pointsBestMove: true });
    expect(t.try({ by: 7, do: 'bestMove', targets: [1, 2, 3, 4] }).ok).toBe(false);
    expect(t.try({ by: 7, do: 'bestMove', targets: [7, 2] }).ok).toBe(false);
    expect(t.try({ by: 7, do: 'bestMove', targets: [2, 2] }).ok).toBe(false);
    expect(t.try({ by: 8, do: 'bestMove', targets: [1] }).ok).toBe(false);
    t.do({ by: 7, do: 'bestMove', targets: [1] });
    r = t.try({ by: 7, do: 'bestMove', targets: [2] });
    expect(r.ok).toBe(false);
    t.talkThrough();
    t.speeches();
    t.night(acts({ shoot: 9, heal: 10, save: 11 }));
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 9 });
    expect(t.try({ by: 9, do: 'bestMove', targets: [1, 2, 3] }).ok).toBe(false);
  });

  it('R34 best move: none when two or more left by vote on day 1', () => {
    const t = tour({ pointsBestMove: true });
    t.night([]);
    t.speeches({ 1: 11, 2: 12 });
    const split = { 1: 11, 2: 11, 3: 11, 4: 11, 5: 11, 6: 11, 7: 12, 8: 12, 9: 12, 10: 12, 11: 12, 12: 12 };
    t.vote(split).talkThrough().vote(split);
    for (let seat = 1; seat <= 12; seat++) t.do({ by: seat, do: 'vote', leave: true });
    t.talkThrough();
    expect(t.state.seats[10]!.alive || t.state.seats[11]!.alive).toBe(false);
    t.night(acts({ shoot: 7, heal: 8 }));
    t.do({ by: 7, do: 'bestMove', targets: [1, 2, 3] });
    t.talkThrough();
    redWinsByRemoval(t);
    const line = score(t.state)[6]!.lines.find((l) => l.reason === 'bestMove');
    expect(line?.points).toBe(0);
  });

  it('R34 −0.5 for leaving by 4 fouls or removal (option)', () => {
    for (const on of [true, false]) {
      const t = tour({ pointsExitPenalty: on });
      t.night([]);
      for (let i = 0; i < 4; i++) t.do({ by: 'judge', do: 'foul', target: 8 });
      t.do({ by: 'judge', do: 'remove', target: 9, reason: 'peeking' });
      redWinsByRemoval(t);
      expect(score(t.state)[7]!.points).toBe(on ? 0.5 : 1);
      expect(score(t.state)[8]!.points).toBe(on ? 0.5 : 1);
      expect(score(t.state)[0]!.points).toBe(on ? -0.5 : 0);
    }
  });

  it('R34 the judge\'s extra points: private while the game runs, public after it; option on', () => {
    const off = tour();
    off.night([]);
    expect(off.try({ by: 'judge', do: 'extraPoints', target: 4, points: 0.3, reason: 'x' }).ok).toBe(false);
    const t = tour({ pointsExtra: true });
    t.night([]);
    t.do({ by: 'judge', do: 'extraPoints', target: 4, points: 0.3, reason: 'ведение стола' });
    expect(t.try({ by: 4, do: 'extraPoints', target: 4, points: 1, reason: 'me' }).ok).toBe(false);
    expect(t.try({ by: 'judge', do: 'extraPoints', target: 4, points: 0.3 }).ok).toBe(false);
    expect(view(t.state, { kind: 'seat', seat: 4 }).log.some((e) => e.t === 'extraPoints')).toBe(false);
    redWinsByRemoval(t);
    t.do({ by: 'judge', do: 'extraPoints', target: 1, points: -0.2, reason: 'этика' });
    expect(t.try({ by: 'clock', do: 'endNight' }).ok).toBe(false);
    expect(view(t.state, { kind: 'public' }).log.filter((e) => e.t === 'extraPoints')).toHaveLength(1);
    expect(score(t.state)[3]!.points).toBe(1.3);
    expect(score(t.state)[0]!.points).toBe(-0.2);
    expect(score(t.state)[3]!.lines[1]).toEqual({ points: 0.3, reason: 'extraPoints', rule: 'R34', note: 'ведение стола' });
    expect(t.replays()).toBe(true);
  });

  it('R34 standings: points, then wins, then bonus points', () => {
    const row = (seat: number, lines: { points: number; reason: 'win' | 'loss' | 'extraPoints' }[]) => ({
      seat,
      role: 'civilian' as const,
      points: lines.reduce((a, l) => a + l.points, 0),
      lines: lines.map((l) => ({ ...l, rule: 'R34' })),
    });
    const st = standings([
      { names: ['A', 'B', 'C'], score: [row(1, [{ points: 1, reason: 'win' }]), row(2, [{ points: 0, reason: 'loss' }, { points: 1, reason: 'extraPoints' }]), row(3, [{ points: 1, reason: 'win' }])] },
      { names: ['C', 'A', 'B'], score: [row(1, [{ points: 0, reason: 'loss' }]), row(2, [{ points: 0, reason: 'loss' }, { points: 0.5, reason: 'extraPoints' }]), row(3, [{ points: 1, reason: 'win' }])] },
    ]);
    expect(st.map((x) => [x.name, x.points, x.wins, x.bonus])).toEqual([
      ['B', 2, 1, 1],
      ['A', 1.5, 1, 0.5],
      ['C', 1, 1, 0],
    ]);
  });
});

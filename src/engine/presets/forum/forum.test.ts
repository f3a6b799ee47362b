import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../registry.js';
import { apply } from '../../core/game.js';
import type { Command } from '../../core/command.js';
import { parseRecord, replay } from '../../core/record.js';
import { startGame, validateSetup } from '../../core/setup.js';
import { view, visibleCount, visibleEventsAt } from '../../core/view.js';
import { legalCommands } from '../../core/legal.js';
import { FORUM_CASES, forumLine, T12, T20, visLine } from '../../../../test/fixtures/forum-cases.js';
import type { GameState } from '../../core/state.js';
import type { RoleId } from '../../core/vocab.js';

function seen(to: string, seat: number, s: GameState): boolean {
  if (to === 'public') return true;
  if (to === 'judge') return false;
  if (to === 'black') return s.seats[seat - 1]!.team === 'black';
  return to.split(',').map(Number).includes(seat);
}

const DIR = new URL('../../../../examples/records/', import.meta.url);

describe('forum force-majeure cases (forum-mafia.ru.txt ФОРС-МАЖОРЫ, R45–R48, R54)', () => {
  it('examples/records/forum-*.json are exactly these records', () => {
    const files = readdirSync(DIR).filter((f) => /^forum-.*\.json$/.test(f)).sort();
    expect(files).toEqual(FORUM_CASES.map(([id]) => `${id}.json`).sort());
  });

  for (const [id, rec] of FORUM_CASES) {
    const x = rec.meta.expect;
    it(`ФМ ${x.case} — ${id}`, () => {
      // The shipped record is this one; the test replays the file.
      const file = JSON.parse(readFileSync(new URL(`${id}.json`, DIR), 'utf8')) as typeof rec;
      expect(file).toEqual(rec);
      const all = replay(file);
      expect(all.ok).toBe(true);
      if (!all.ok) return;
      expect(all.value.rejected).toEqual([]);
      // Replay up to the checked commands, then apply them and read what each player receives.
      const parsed = parseRecord(rec);
      if (!parsed.ok) throw new Error('record');
      const s = startGame(parsed.value);
      for (const cmd of rec.commands.slice(0, x.from)) expect(apply(s, cmd).ok).toBe(true);
      const from = s.log.length;
      for (const cmd of rec.commands.slice(x.from)) {
        const r = apply(s, cmd);
        expect(r.ok, JSON.stringify(cmd)).toBe(true);
      }
      const events = s.log.slice(from);
      expect(events.map((e) => ({ e: forumLine(e), to: visLine(e.vis) }))).toEqual(x.events);
      const died = events.filter((e) => e.t === 'eliminated').map((e) => (e as { seat: number }).seat);
      expect(died).toEqual(x.dies);
      const changes = events.filter((e) => e.t === 'roleChanged').map((e) => ({ seat: e.seat, from: e.from, to: e.to }));
      expect(changes).toEqual(x.roleChanges);
      for (const c of changes) expect(s.seats[c.seat - 1]!.role).toBe(c.to);
      // Exactly these messages reach each player (default deny, R50).
      for (const seat of s.seats) {
        const v = { kind: 'seat', seat: seat.seat } as const;
        const got = visibleEventsAt(s, v, from, visibleCount(s, v, from)).map(forumLine);
        const want = x.events.filter((ev) => seen(ev.to, seat.seat, s)).map((ev) => ev.e);
        expect(got, `seat ${seat.seat}`).toEqual(want);
      }
      const pub = visibleEventsAt(s, { kind: 'public' }, from, visibleCount(s, { kind: 'public' }, from)).map(forumLine);
      expect(pub).toEqual(x.events.filter((ev) => ev.to === 'public').map((ev) => ev.e));
      // The final state is the replay's state.
      expect(s.log).toEqual(all.value.state.log);
    });
  }
});

// ---- helpers for the rule tests below ----------------------------------------------------------

function game(deal: RoleId[], options: Record<string, unknown> = {}, seed = 't'): GameState {
  const v = validateSetup({ preset: 'forum', deal, seed, options });
  if (!v.ok) throw new Error(v.error.detail ?? v.error.code);
  return startGame(v.value);
}

function run(s: GameState, cmds: Command[]): void {
  for (const c of cmds) {
    const r = apply(s, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)}: ${r.error.code} ${r.error.detail ?? ''}`);
  }
}

function lines(s: GameState, from: number, vis?: string): string[] {
  return s.log.slice(from).filter((e) => vis === undefined || visLine(e.vis) === vis).map(forumLine);
}

const v = (by: number, target: number): Command => ({ by, do: 'vote', target, reason: 'r' });
const clock = (d: Command['do']): Command => ({ by: 'clock', do: d });
/** T12 day: 1–5, 11 vote 12; 6–10, 12 vote 11 (a tie). */
const tie12 = (): Command[] => Array.from({ length: 12 }, (_, i) => v(i + 1, i + 1 <= 5 || i + 1 === 11 ? 12 : 11));

describe('forum setup (R41, R53)', () => {
  it('R41 black = floor(N/3) with one don; kamikaze only at 20+; sizes 8–30', () => {
    expect(validateSetup({ preset: 'forum', deal: T12 }).ok).toBe(true);
    const noDon = T12.map((r) => (r === 'don' ? 'mafia' : r));
    expect(validateSetup({ preset: 'forum', deal: noDon }).ok).toBe(false);
    const fewBlack = T12.map((r, i) => (i === 3 ? 'civilian' : r));
    expect(validateSetup({ preset: 'forum', deal: fewBlack }).ok).toBe(false);
    const kam12 = T12.map((r) => (r === 'civilian' ? 'kamikaze' : r));
    expect(validateSetup({ preset: 'forum', deal: kam12 }).ok).toBe(false);
    expect(validateSetup({ preset: 'forum', deal: T20 }).ok).toBe(true);
    expect(validateSetup({ preset: 'forum', size: 7 }).ok).toBe(false);
    expect(validateSetup({ preset: 'forum', size: 31 }).ok).toBe(false);
    for (let n = 8; n <= 30; n++) {
      const r = validateSetup({ preset: 'forum', size: n, seed: `n${n}` });
      expect(r.ok).toBe(true);
      if (r.ok) {
        const s = startGame(r.value);
        expect(s.seats.filter((x) => x.team === 'black').length).toBe(Math.floor(n / 3));
      }
    }
  });

  it('R53 options.roles chooses the optional roles of a dealt game; bad lists are rejected', () => {
    const r = validateSetup({ preset: 'forum', size: 9, seed: 'x', options: { roles: ['commissar', 'doctor'] } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(startGame(r.value).seats.map((x) => x.role).sort()).toEqual(['civilian', 'civilian', 'civilian', 'civilian', 'commissar', 'doctor', 'don', 'mafia', 'mafia']);
    expect(validateSetup({ preset: 'forum', size: 12, options: { roles: ['kamikaze'] } }).ok).toBe(false);
    expect(validateSetup({ preset: 'forum', size: 12, options: { roles: ['sergeant'] } }).ok).toBe(false);
    expect(validateSetup({ preset: 'forum', size: 12, options: { roles: ['putana'] } }).ok).toBe(false);
    expect(validateSetup({ preset: 'forum', size: 20, options: { roles: ['kamikaze', 'commissar'] } }).ok).toBe(true);
  });

  it('R1 the forum game opens with day 1; the sergeant and the child are told they are civilians', () => {
    const s = game(T12);
    expect(s.phase).toBe('day');
    expect(s.number).toBe(1);
    expect(view(s, { kind: 'seat', seat: 9 }).you?.role).toBe('civilian');
    expect(view(s, { kind: 'seat', seat: 8 }).you?.role).toBe('civilian');
    expect(s.log.find((e) => e.t === 'roleDealt' && e.seat === 9)).toMatchObject({ role: 'civilian' });
    expect(view(s, { kind: 'judge' }).seats[8]!.role).toBe('sergeant');
  });

  it('R53 maniacTeam neutral makes the maniac his own team', () => {
    const s = game(T12, { maniacTeam: 'neutral' });
    expect(s.seats[5]!.team).toBe('neutral');
  });

  it('R41/R53/R60 the hidden bonus is drawn from the seed at the deal, judge-only, days 2–4', () => {
    const a = game(T12, { bonus: true }, 'seed-a');
    const b = game(T12, { bonus: true }, 'seed-a');
    expect(a.forum!.bonus).toEqual(b.forum!.bonus);
    const dealt = a.log.find((e) => e.t === 'forumDealt')!;
    expect(dealt.vis).toBe('judge');
    const days = new Set<number>();
    for (let i = 0; i < 60; i++) days.add(game(T12, { bonus: true }, `s${i}`).forum!.bonus!.day);
    expect([...days].sort()).toEqual([2, 3, 4]);
    expect(game(T12).forum!.bonus).toBeNull();
  });
});

describe('forum day (R42–R44, R51, R55)', () => {
  it('R42 one vote with a reason, no change; R52 the day closes only by the clock', () => {
    const s = game(T12);
    run(s, [v(1, 12)]);
    expect(apply(s, v(1, 11)).ok).toBe(false);
    run(s, tie12().slice(1));
    expect(s.phase).toBe('day');
    run(s, [clock('endDay')]);
    expect(s.phase).toBe('night');
  });

  it('R43 most votes leaves; a tie: no one leaves', () => {
    const s = game(T12);
    run(s, [...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay')]);
    expect(s.seats.every((x) => x.alive)).toBe(true);
    const t = game(T12);
    const n = t.log.length;
    run(t, [...Array.from({ length: 12 }, (_, i) => v(i + 1, i + 1 === 12 ? 11 : 12)), { by: 10, do: 'protect', target: 10 }, clock('endDay')]);
    expect(t.seats[11]!.alive).toBe(false);
    expect(lines(t, n, 'public')).toContain('dayTally 12:11,11:1 leaving 12');
  });

  it('R43 the protected top stays and the next place leaves ("Федя 4, Наташа 3"); a tied next place: no one', () => {
    const s = game(T12);
    const n = s.log.length;
    // 12 gets 7 votes, 11 gets 5; the lawyer protects 12 → 11 leaves.
    run(s, [...Array.from({ length: 12 }, (_, i) => v(i + 1, i < 7 ? 12 : 11)), { by: 10, do: 'protect', target: 12 }, clock('endDay')]);
    expect(s.seats[11]!.alive).toBe(true);
    expect(s.seats[10]!.alive).toBe(false);
    expect(lines(s, n, 'public')).toContain('lawyerProtected 12 saved');
    const t = game(T12);
    // 12: 6, 11: 3, 1: 3 — 12 protected, the next place is tied: no one leaves.
    run(t, [...Array.from({ length: 12 }, (_, i) => v(i + 1, i < 6 ? 12 : i < 9 ? 11 : 1)), { by: 10, do: 'protect', target: 12 }, clock('endDay')]);
    expect(t.seats.every((x) => x.alive)).toBe(true);
  });

  it('R42 a missing vote counts against oneself once; the second miss removes; R55 silent on day 1 is removed', () => {
    const s = game(T12);
    const n = s.log.length;
    // Seat 12 posts (says) but does not vote on day 1: auto-vote. Seat 7 sends nothing: removed (R55).
    const day1 = [1, 2, 3, 4, 5, 6].map((x) => v(x, 11)).concat([8, 9, 10, 11].map((x) => v(x, 1)));
    run(s, [...day1, { by: 12, do: 'say', text: 'hi' }, { by: 10, do: 'protect', target: 10 }, clock('endDay')]);
    expect(s.seats[6]!.alive).toBe(false);
    expect(s.seats[6]!.exit?.cause).toBe('removal');
    const tally = s.log.slice(n).find((e) => e.t === 'dayTally')!;
    expect(tally.t === 'dayTally' && tally.votes.find((x) => x.seat === 12)).toEqual({ seat: 12, target: 12, auto: true });
    expect(s.seats[10]!.alive).toBe(false);
    run(s, [clock('endNight')]);
    const day2 = [1, 2, 3, 4, 5, 6].map((x) => v(x, 9)).concat([8, 9, 10].map((x) => v(x, 1)));
    run(s, [...day2, { by: 10, do: 'protect', target: 10 }, clock('endDay')]);
    expect(s.seats[11]!.alive).toBe(false);
    expect(s.seats[11]!.exit?.cause).toBe('removal');
  });

  it('R44 the lawyer: choice before the deadline only, a missed day announced, two misses remove him with his role', () => {
    const s = game(T12);
    run(s, [clock('lawyerDeadline')]);
    const late = apply(s, { by: 10, do: 'protect', target: 3 });
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.code).toBe('late');
    let n = s.log.length;
    run(s, [...tie12(), clock('endDay')]);
    expect(lines(s, n, 'public')).toContain('lawyerMissed 1');
    run(s, [clock('endNight')]);
    n = s.log.length;
    run(s, [...tie12(), clock('endDay')]);
    expect(lines(s, n, 'public')).toEqual(expect.arrayContaining(['lawyerMissed 2', 'eliminated 10 removal', 'roleRevealed 10 lawyer']));
  });

  it('R44 the lawyer protects each player at most twice a game (himself included)', () => {
    const s = game(T12);
    for (let d = 0; d < 2; d++) run(s, [...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay'), clock('endNight')]);
    const r = apply(s, { by: 10, do: 'protect', target: 10 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('limitReached');
  });

  it('forum Камикадзе *: the voted-out kamikaze takes a player with him; the clock may end the day without a pick', () => {
    const s = game(T20);
    const n = s.log.length;
    run(s, [...Array.from({ length: 20 }, (_, i) => v(i + 1, i + 1 === 14 ? 1 : 14)), { by: 12, do: 'protect', target: 12 }, clock('endDay')]);
    expect(s.phase).toBe('day');
    expect(lines(s, n, 'public')).toContain('kamikazeAwaits 14');
    expect(apply(s, v(3, 2)).ok).toBe(false);
    run(s, [{ by: 14, do: 'explode', target: 3 }]);
    expect(s.seats[2]!.alive).toBe(false);
    expect(s.phase).toBe('night');
    const t = game(T20);
    run(t, [...Array.from({ length: 20 }, (_, i) => v(i + 1, i + 1 === 14 ? 1 : 14)), { by: 12, do: 'protect', target: 12 }, clock('endDay'), clock('endDay')]);
    expect(t.phase).toBe('night');
    expect(t.seats.filter((x) => !x.alive).map((x) => x.seat)).toEqual([14]);
  });

  it('R51 a player may leave at any time, without a last word; a leaving commissar hands over to the sergeant', () => {
    const s = game(T12);
    const n = s.log.length;
    run(s, [{ by: 5, do: 'leave' }]);
    expect(lines(s, n)).toEqual(['eliminated 5 leave', 'roleRevealed 5 commissar', 'roleChanged 9 sergeant→commissar']);
  });
});

describe('forum night (R45, R46, R50, R52)', () => {
  const night1 = (s: GameState): void => run(s, [...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay')]);

  it('R52 night choices can be changed until the clock closes the night; the last one counts', () => {
    const s = game(T12);
    night1(s);
    run(s, [{ by: 7, do: 'heal', target: 12 }, { by: 1, do: 'shoot', target: 12 }, { by: 7, do: 'heal', target: 3 }]);
    expect(s.phase).toBe('night');
    run(s, [clock('endNight')]);
    expect(s.seats[11]!.alive).toBe(false);
  });

  it('R46 the mafia cannot kill their child: the child turns black and learns the team', () => {
    const s = game(T12);
    night1(s);
    const n = s.log.length;
    run(s, [{ by: 1, do: 'shoot', target: 8 }, clock('endNight')]);
    expect(s.seats[7]!.team).toBe('black');
    expect(lines(s, n, '8')).toEqual(['teamRevealed 1:don,2:mafia,3:mafia,4:mafia,8:mafia']);
    expect(lines(s, n, '1,2,3,4,8')).toEqual(['roleChanged 8 child→mafia']);
    expect(view(s, { kind: 'seat', seat: 8 }).you?.role).toBe('mafia');
  });

  it('R46 the commissar on the child: the child becomes a plain civilian and learns it', () => {
    const s = game(T12);
    night1(s);
    const n = s.log.length;
    run(s, [{ by: 5, do: 'kill', target: 8 }, clock('endNight')]);
    expect(lines(s, n, '8')).toEqual(['roleChanged 8 child→civilian']);
    expect(lines(s, n, '5')).toEqual(['nightAction 5 kill 8', 'told checked 8 civilian']);
  });

  it('R45 the commissar on the maniac: the maniac lives, the commissar is told "maniac"', () => {
    const s = game(T12);
    night1(s);
    const n = s.log.length;
    run(s, [{ by: 5, do: 'kill', target: 6 }, clock('endNight')]);
    expect(s.seats[5]!.alive).toBe(true);
    expect(lines(s, n, '5')).toEqual(['nightAction 5 kill 6', 'told checked 6 maniac']);
  });

  it('R45 the maniac shoots every other night, starting night 1', () => {
    const s = game(T12);
    night1(s);
    expect(apply(s, { by: 6, do: 'kill', target: 12 }).ok).toBe(true);
    // A choice withdrawn before the close (target null) does not stand.
    run(s, [{ by: 6, do: 'kill', target: null }, clock('endNight'), ...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay')]);
    expect(s.seats.every((x) => x.alive)).toBe(true);
    expect(s.number).toBe(2);
    expect(apply(s, { by: 6, do: 'kill', target: 3 }).ok).toBe(false);
  });

  it('doctor: heals save from death and are announced by name (R50); each player at most twice a game', () => {
    const s = game(T12);
    night1(s);
    const n = s.log.length;
    run(s, [{ by: 1, do: 'shoot', target: 12 }, { by: 7, do: 'heal', target: 12 }, clock('endNight')]);
    expect(s.seats[11]!.alive).toBe(true);
    expect(lines(s, n, 'public')).toEqual(['healAnnounced 12 saved', 'nightMiss', 'dayStarted 2']);
    run(s, [...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay'), { by: 7, do: 'heal', target: 12 }, clock('endNight')]);
    run(s, [...tie12(), { by: 10, do: 'protect', target: 3 }, clock('endDay')]);
    const r = apply(s, { by: 7, do: 'heal', target: 12 });
    expect(r.ok).toBe(false);
  });

  it('priestess: seduction only on night 1 or 2, once; a seduced shooter is blocked and she holds his powers next night', () => {
    const s = game(T12);
    night1(s);
    run(s, [{ by: 11, do: 'seduce', target: 6 }, { by: 6, do: 'kill', target: 12 }, clock('endNight')]);
    expect(s.seats[11]!.alive).toBe(true);
    expect(s.forum!.takeover).toEqual({ night: 2, seat: 11, role: 'maniac', from: 6 });
    run(s, [...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay')]);
    // Night 2 is even: the maniac's powers (and so hers) do not shoot.
    expect(apply(s, { by: 11, do: 'kill', target: 2 }).ok).toBe(false);
    expect(apply(s, { by: 11, do: 'seduce', target: 2 }).ok).toBe(false);
  });

  it('priestess holding the commissar shoots as the commissar; the owner is ignored for that night', () => {
    const s = game(T12);
    night1(s);
    run(s, [{ by: 11, do: 'seduce', target: 5 }, clock('endNight'), ...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay')]);
    run(s, [{ by: 11, do: 'kill', target: 2 }, { by: 5, do: 'kill', target: 3 }, clock('endNight')]);
    expect(s.seats[1]!.alive).toBe(false);
    expect(s.seats[2]!.alive).toBe(true);
  });

  it('bonus: protects its player on its day, and is announced when it plays', () => {
    // Find a seed whose bonus falls on day 2.
    let seed = 0;
    while (game(T12, { bonus: true }, `b${seed}`).forum!.bonus!.day !== 2) seed++;
    const s = game(T12, { bonus: true }, `b${seed}`);
    const b = s.forum!.bonus!.seat;
    run(s, [...tie12(), { by: 10, do: 'protect', target: 10 }, clock('endDay'), clock('endNight')]);
    const n = s.log.length;
    const shooter = s.seats.find((x) => x.alive && x.team === 'black' && x.seat !== b)!.seat;
    // Everyone votes the bonus player (he votes someone else): the bonus plays, no one else has votes.
    run(s, [...s.seats.filter((x) => x.alive).map((x) => v(x.seat, x.seat === b ? shooter : b)), clock('endDay')]);
    expect(s.seats[b - 1]!.alive).toBe(true);
    expect(lines(s, n, 'public')).toContain(`bonusPlayed ${b}`);
    expect(s.seats[shooter - 1]!.alive).toBe(false);
  });
});

describe('forum legal commands', () => {
  it('every listed command is accepted', () => {
    const s = game(T20);
    for (const actor of [...s.seats.map((x) => x.seat), 'clock', 'judge'] as const) {
      for (const cmd of legalCommands(s, actor)) {
        const copy = structuredClone(s);
        expect(apply(copy, cmd).ok, JSON.stringify(cmd)).toBe(true);
      }
    }
  });
});

describe('forum win (R49)', () => {
  const leave = (...seats: number[]): Command[] => seats.map((by) => ({ by, do: 'leave' }));

  it('black wins when living black ≥ the rest, with neither commissar nor maniac alive', () => {
    const s = game(T12);
    run(s, leave(5, 9, 6));
    expect(s.finished).toBe(false);
    run(s, leave(7));
    expect(s.winner).toBe('black');
  });

  it('black does not win while the commissar (or the sergeant who took over) lives', () => {
    const s = game(T12);
    run(s, leave(6, 7, 8, 10, 11));
    expect(s.finished).toBe(false);
    run(s, leave(12));
    expect(s.finished).toBe(false);
  });

  it('red wins when no black is alive (a red maniac may still live)', () => {
    const s = game(T12);
    run(s, leave(1, 2, 3));
    expect(s.finished).toBe(false);
    run(s, leave(4));
    expect(s.winner).toBe('red');
  });

  it('a neutral maniac blocks red and wins with at most one other, not black, alive', () => {
    const s = game(T12, { maniacTeam: 'neutral' });
    run(s, leave(1, 2, 3, 4));
    expect(s.finished).toBe(false);
    run(s, leave(5, 7, 8, 9, 10, 11));
    expect(s.winner).toBe('neutral');
  });
});

describe('forum priestess holding the kamikaze (case 10** continued)', () => {
  it('she may explode for him the next night: she and her target leave, the real kamikaze stays', () => {
    const s = game(T20);
    const tie20 = (): Command[] => Array.from({ length: 20 }, (_, i) => v(i + 1, i + 1 <= 10 ? 20 : 19));
    run(s, [...tie20(), { by: 12, do: 'protect', target: 12 }, clock('endDay'), { by: 14, do: 'explode', target: 13 }, clock('endNight')]);
    expect(s.forum!.takeover).toEqual({ night: 2, seat: 13, role: 'kamikaze', from: 14 });
    run(s, [...tie20(), { by: 12, do: 'protect', target: 12 }, clock('endDay')]);
    // The real kamikaze's explosion is accepted and ignored this night.
    run(s, [{ by: 14, do: 'explode', target: 3 }, { by: 13, do: 'explode', target: 2 }, clock('endNight')]);
    expect(s.seats.filter((x) => !x.alive).map((x) => x.seat)).toEqual([2, 13]);
  });
});

describe('forum legal commands in random games', () => {
  it('every listed command is accepted at every phase of a few random games', async () => {
    const { decide } = await import('../../core/game.js');
    const { mulberry32 } = await import('../../core/rng.js');
    for (const deal of [T12, T20]) {
      const s = game(deal, { bonus: true }, 'legal');
      const rand = mulberry32(7);
      for (let phase = 0; phase < 40 && !s.finished; phase++) {
        for (const actor of [...s.seats.map((x) => x.seat), 'clock', 'judge'] as const) {
          const cmds = legalCommands(s, actor);
          for (let k = 0; k < Math.min(6, cmds.length); k++) {
            const cmd = cmds[Math.floor(rand() * cmds.length)]!;
            expect(decide(s, cmd).ok, JSON.stringify(cmd)).toBe(true);
          }
        }
        // Move on: everyone acts at random, then the clock.
        for (const x of s.seats) {
          if (s.finished) break;
          const cmds = legalCommands(s, x.seat).filter((c) => c.do !== 'leave');
          if (cmds.length) apply(s, cmds[Math.floor(rand() * cmds.length)]!);
        }
        if (!s.finished) apply(s, { by: 'clock', do: s.phase === 'day' ? 'endDay' : 'endNight' });
      }
    }
  });
});

describe('forum priestess and doctor details', () => {
  // 9 seats: black 3; no void power below 12 players.
  const T9: RoleId[] = ['don', 'mafia', 'mafia', 'commissar', 'maniac', 'doctor', 'priestess', 'civilian', 'civilian'];
  const tie9 = (): Command[] => [1, 2, 3, 4].map((x) => v(x, 9)).concat([5, 6, 7, 8].map((x) => v(x, 8)), [v(9, 1)]);

  it('below 12 players the priestess has no void power: a shot at her kills her', () => {
    const s = game(T9);
    run(s, [...tie9(), clock('endDay'), { by: 1, do: 'shoot', target: 7 }, clock('endNight')]);
    expect(s.seats[6]!.alive).toBe(false);
    expect(s.log.some((e) => e.t === 'priestessTook')).toBe(false);
  });

  it('a seduced doctor heals no one (blocked), and the priestess takes nothing (he does not shoot)', () => {
    const s = game(T9);
    const n = s.log.length;
    run(s, [...tie9(), clock('endDay'), { by: 6, do: 'heal', target: 8 }, { by: 7, do: 'seduce', target: 6 }, { by: 1, do: 'shoot', target: 8 }, clock('endNight')]);
    expect(s.seats[7]!.alive).toBe(false);
    expect(lines(s, n, 'public')).not.toContain('healAnnounced 8');
    expect(s.forum!.takeover).toBeNull();
    expect(s.forum!.healCounts[7]).toBe(0);
  });

  it('the seduction is once a game and only on night 1 or 2', () => {
    const s = game(T9);
    run(s, [...tie9(), clock('endDay'), clock('endNight'), ...tie9(), clock('endDay'), clock('endNight'), ...tie9(), clock('endDay')]);
    expect(s.number).toBe(3);
    const r = apply(s, { by: 7, do: 'seduce', target: 1 });
    expect(r.ok).toBe(false);
  });
});

// Property tests of the forum preset over random role mixes and table sizes 8–30: games end,
// views give nothing beyond the rules (no survivor's role in a public event), replays are exact.
import { describe, expect, it } from 'vitest';
import '../registry.js';
import { apply, cloneState, decide } from '../../core/game.js';
import type { Command } from '../../core/command.js';
import { mulberry32 } from '../../core/rng.js';
import { replay, toRecord } from '../../core/record.js';
import { startGame, type Setup } from '../../core/setup.js';
import { view, visibleEvents } from '../../core/view.js';
import { legalCommands } from '../../core/legal.js';
import { forumDealWith } from './forum-deal.js';
import { actorsDisagree } from '../../../../test/support/actors-agree.js';
import type { GameState } from '../../core/state.js';
import type { RoleId } from '../../core/vocab.js';

const OPTIONAL: RoleId[] = ['commissar', 'sergeant', 'doctor', 'lawyer', 'maniac', 'priestess', 'child', 'kamikaze'];
const NIGHT = new Set(['shoot', 'kill', 'explode', 'heal', 'seduce']);

interface Played {
  setup: Setup;
  state: GameState;
  commands: Command[];
  /** Problems found at the checkpoints (empty when the views held). */
  leaks: string[];
  /** Commands on which decide wrote to the state or disagreed with apply (empty when it is pure). */
  impure: string[];
  /** Where actors()/mayAct() disagreed with legalCommands (checked after every command of some games). */
  actors: string[];
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** decide on a deep-frozen copy (a write throws) must give what apply gives on a copy of its own. */
function checkPure(s: GameState, rand: () => number, impure: string[]): void {
  const frozen = deepFreeze(cloneState(s));
  for (const actor of [...s.seats.map((x) => x.seat), 'clock', 'judge'] as const) {
    const cmds = legalCommands(s, actor);
    for (let k = 0; k < Math.min(3, cmds.length); k++) {
      const c = cmds[Math.floor(rand() * cmds.length)]!;
      try {
        if (JSON.stringify(decide(frozen, c)) !== JSON.stringify(apply(cloneState(s), c))) impure.push(`decide ≠ apply: ${JSON.stringify(c)}`);
      } catch (e) {
        impure.push(`decide wrote to the state: ${JSON.stringify(c)} ${String(e)}`);
      }
    }
  }
}

/** Roles a seat may see in its view now: its own (as told), black teammates if black, the dead (roles on exit). */
function checkViews(s: GameState, leaks: string[]): void {
  const pub = view(s, { kind: 'public' }, { log: false });
  for (const x of pub.seats) if (x.role !== undefined && s.seats[x.seat - 1]!.alive) leaks.push(`public sees role of living ${x.seat}`);
  for (const me of s.seats) {
    const v = view(s, { kind: 'seat', seat: me.seat }, { log: false });
    for (const x of v.seats) {
      if (x.role === undefined) continue;
      const real = s.seats[x.seat - 1]!;
      const ok = x.seat === me.seat || !real.alive || (me.team === 'black' && real.team === 'black');
      if (!ok) leaks.push(`seat ${me.seat} sees role of ${x.seat}`);
    }
    if (me.alive && (me.role === 'sergeant' || me.role === 'child') && v.you?.role !== 'civilian') leaks.push(`seat ${me.seat} knows it is ${me.role}`);
  }
}

function play(seed: number): Played {
  const rand = mulberry32(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const size = 8 + Math.floor(rand() * 23);
  const roles = OPTIONAL.filter(() => rand() < 0.6);
  const deal = forumDealWith(size, roles);
  for (let i = deal.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [deal[i], deal[j]] = [deal[j]!, deal[i]!];
  }
  const setup: Setup = { preset: 'forum', deal, seed: `p${seed}`, options: { maniacTeam: rand() < 0.5 ? 'red' : 'neutral', bonus: rand() < 0.5 } };
  const state = startGame(setup);
  const commands: Command[] = [];
  const leaks: string[] = [];
  const impure: string[] = [];
  const who: string[] = [];
  const send = (c: Command): void => {
    if (apply(state, c).ok) commands.push(c);
    if (seed < 1020) who.push(...actorsDisagree(state));
  };
  for (let phase = 0; phase < 300 && !state.finished; phase++) {
    if (phase % 3 === 0) checkViews(state, leaks);
    if (seed < 1008) checkPure(state, mulberry32(seed * 31 + phase), impure);
    if (state.phase === 'day') {
      for (const x of state.seats) {
        if (state.finished || !x.alive) continue;
        const mine = legalCommands(state, x.seat);
        const protects = mine.filter((c) => c.do === 'protect');
        if (protects.length && rand() < 0.8) send(pick(protects));
        const votes = mine.filter((c) => c.do === 'vote' && c.target !== x.seat);
        if (votes.length && rand() < 0.93) send({ ...pick(votes), reason: 'r' });
        if (rand() < 0.003) send({ by: x.seat, do: 'leave' });
      }
      if (!state.finished && rand() < 0.7) send({ by: 'clock', do: 'lawyerDeadline' });
      if (!state.finished) send({ by: 'clock', do: 'endDay' });
      const k = state.forum?.kamikazePick;
      if (!state.finished && state.phase === 'day' && k) {
        const picks = legalCommands(state, k).filter((c) => c.do === 'explode');
        if (picks.length && rand() < 0.7) send(pick(picks));
        if (!state.finished && state.phase === 'day') send({ by: 'clock', do: 'endDay' });
      }
    } else {
      for (const x of state.seats) {
        if (!x.alive) continue;
        const mine = legalCommands(state, x.seat).filter((c) => NIGHT.has(c.do));
        for (const verb of new Set(mine.map((c) => c.do))) {
          const list = mine.filter((c) => c.do === verb);
          if (rand() < (verb === 'explode' ? 0.1 : 0.8)) send(pick(list));
          if (rand() < 0.1) send(pick(list));
        }
      }
      send({ by: 'clock', do: 'endNight' });
    }
  }
  return { setup, state, commands, leaks, impure, actors: who };
}

/** Public events that carry a role may name only the dead — except the new commissar, told to all (R47). */
function publicRoleLeaks(s: GameState): string[] {
  const dead = new Map<number, number>();
  const out: string[] = [];
  for (const e of s.log) {
    if (e.t === 'eliminated') dead.set(e.seat, e.n);
    if (e.vis !== 'public') continue;
    if (e.t === 'roleRevealed' && !dead.has(e.seat)) out.push(`roleRevealed of living ${e.seat} at ${e.n}`);
    if (e.t === 'roleChanged' && !(e.from === 'sergeant' && e.to === 'commissar')) out.push(`public roleChanged ${e.seat} at ${e.n}`);
    if (e.t === 'teamRevealed' || e.t === 'roleDealt' || e.t === 'told' || e.t === 'priestessTook' || e.t === 'nightSummary' || e.t === 'forumDealt')
      out.push(`public ${e.t} at ${e.n}`);
    if (e.t === 'nightAction' || e.t === 'lawyerChose') out.push(`public ${e.t} at ${e.n}`);
  }
  return out;
}

describe('forum properties (random role mixes, sizes 8–30)', () => {
  const GAMES = 160;
  const games: Played[] = [];
  for (let g = 0; g < GAMES; g++) games.push(play(1000 + g));

  it('every game ends (R49), across sizes 8–30 and role mixes', () => {
    const sizes = new Set(games.map((g) => g.state.seats.length));
    expect(sizes.size).toBeGreaterThan(18);
    for (const g of games) expect(g.state.finished, `seed size ${g.state.seats.length}`).toBe(true);
    const winners = new Set(games.map((g) => g.state.winner));
    expect(winners.has('red') && winners.has('black')).toBe(true);
  });

  it('views give no role beyond the rules; no survivor role in any public event (R50)', () => {
    for (const g of games) {
      expect(g.leaks).toEqual([]);
      expect(publicRoleLeaks(g.state)).toEqual([]);
    }
  });

  it('decide is pure: on a deep-frozen state it gives what apply gives (day, night, kamikaze, lawyer)', () => {
    for (const g of games) expect(g.impure.slice(0, 3)).toEqual([]);
  });

  it('actors() and mayAct() list exactly the actors legalCommands gives commands (day, night, kamikaze pick)', () => {
    for (const g of games) expect(g.actors.slice(0, 3)).toEqual([]);
  });

  it('a seat sees only public events, its own and its team’s; never the judge’s', () => {
    for (const g of games.slice(0, 40)) {
      const s = g.state;
      for (const me of s.seats) {
        for (const e of visibleEvents(s, { kind: 'seat', seat: me.seat })) {
          expect(e.vis).not.toBe('judge');
          if (Array.isArray(e.vis)) expect(e.vis).toContain(me.seat);
          if (e.vis === 'black') expect(me.team).toBe('black');
        }
      }
    }
  });

  it('replays are exact: the record of the applied commands rebuilds the same log', () => {
    for (const g of games) {
      const r = replay(toRecord(g.setup, g.commands));
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.value.rejected).toEqual([]);
      expect(r.value.state.log).toEqual(g.state.log);
      expect(r.value.state.rng).toBe(g.state.rng);
    }
  });
});

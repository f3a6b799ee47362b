// Club and tournament invariants over seeded random games from legalCommands, for every table
// size each preset allows: games end, legal commands are accepted, rejected commands change
// nothing, records replay to the same log, and views show only what the rules give.
import { describe, expect, it } from 'vitest';
import { actorsDisagree } from '../../../test/support/actors-agree.js';
import { playRandom } from '../../../test/support/random-game.js';
import { actors, apply, cloneState, decide, legalCommands, mulberry32, replay, view, VERBS, type Actor, type Command, type GameState, type Setup, type Viewer } from '../index.js';

interface Case {
  name: string;
  setup: (seed: string) => Setup;
  size: number;
  /** Rules under which a game may end in a draw (fiim 1.5, 7.21). */
  draws?: readonly string[];
}

const CASES: Case[] = [];
for (let n = 8; n <= 15; n++) CASES.push({ name: `club ${n}`, size: n, setup: (seed) => ({ preset: 'club', size: n, seed }) });
CASES.push({ name: 'club 9, own roles, day-1 vote, doctor free', size: 9, setup: (seed) => ({ preset: 'club', size: 9, seed, options: { roles: ['don', 'mafia', 'putana', 'doctor', 'maniac'], firstDayVote: true, doctorConsecutive: true, maniacSkips: 0 } }) });
for (const n of [10, 12] as const)
  CASES.push({ name: `tournament ${n}`, size: n, setup: (seed) => ({ preset: 'tournament', size: n, seed, options: { seats: n } }) });
CASES.push({ name: 'tournament 12, FIIM extras on, open roles', size: 12, setup: (seed) => ({ preset: 'tournament', seed, options: { pointsBestMove: true, pointsExitPenalty: true, pointsExtra: true, revealRoles: 'onExit' } }) });
CASES.push({ name: 'fiim', size: 10, draws: ['fiim 1.5'], setup: (seed) => ({ preset: 'fiim', seed }) });
CASES.push({
  name: 'fiim, every other variant',
  size: 10,
  draws: ['fiim 1.5', 'fiim 7.21'],
  setup: (seed) => ({
    preset: 'fiim',
    seed,
    options: { rotation: 'closer', withdrawNomination: 'auto', dayOneVote: 'respeech', revoteOrder: 'reverse', tieOfAll: 'draw', allLeaveTwoOfFour: false, allLeaveThreeOfNine: 'afterDay2', thirdFoul: 'shortSpeech', onRecord: 'all', finalSpeech: false, removalCancelsVote: 'critical' },
  }),
});
CASES.push({ name: 'club 10, day one lift only, silenced nominate', size: 10, setup: (seed) => ({ preset: 'club', size: 10, seed, options: { dayOneVote: 'liftOnly', silencedMayNominate: true, removalCancelsVote: 'any', finalSpeech: true } }) });

/** One of the actors who may act now, at random. */
function actorsOf(s: GameState, rand: () => number): Actor {
  const who = actors(s);
  return who[Math.floor(rand() * who.length)] ?? 'clock';
}

const PRIVATE_TO_SEAT = new Set(['roleDealt', 'nightAction', 'checkResult', 'frozen']);
const JUDGE_ONLY = new Set(['healed', 'voteShield', 'quietNight', 'verdict']);

/** What a viewer holds that the rules do not give them. */
function leaks(s: GameState, viewer: Viewer): string[] {
  const v = view(s, viewer);
  const out: string[] = [];
  const mine = viewer.kind === 'seat' ? viewer.seat : -1;
  const black = viewer.kind === 'seat' && s.seats[viewer.seat - 1]!.team === 'black';
  for (const e of v.log) {
    if (PRIVATE_TO_SEAT.has(e.t) && (e as { seat: number }).seat !== mine) out.push(`${e.t} of ${(e as { seat: number }).seat} seen by ${mine}`);
    if (JUDGE_ONLY.has(e.t)) out.push(`${e.t} seen by ${mine}`);
    if (e.t === 'extraPoints' && e.vis !== 'public') out.push(`running extra points seen by ${mine}`);
    if ((e.t === 'teamRevealed' || e.t === 'planSet') && !black) out.push(`${e.t} seen by red ${mine}`);
  }
  if (!s.finished)
    for (const x of v.seats) {
      if (x.role === undefined) continue;
      const real = s.seats[x.seat - 1]!;
      const given = x.seat === mine || (black && real.team === 'black') || (s.options.revealRoles === 'onExit' && !real.alive);
      if (!given) out.push(`role of ${x.seat} visible to ${mine}`);
    }
  return out;
}

/** Freeze a state and everything in it: a write anywhere then throws (modules run in strict mode). */
function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Commands of every verb from every actor with random fields: mostly illegal. */
function probe(rand: () => number, size: number): Command {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const seat = () => 1 + Math.floor(rand() * size);
  const c: Record<string, unknown> = { by: rand() < 0.1 ? pick(['judge', 'clock'] as const) : seat(), do: pick(VERBS) };
  const r = rand();
  if (r < 0.6) c['target'] = rand() < 0.1 ? null : seat();
  else if (r < 0.7) c['targets'] = [seat(), seat(), seat()].slice(0, 1 + Math.floor(rand() * 3));
  else if (r < 0.75) c['leave'] = rand() < 0.5;
  if (rand() < 0.1) c['withdrawn'] = true;
  if (c['do'] === 'extraPoints') {
    c['points'] = Math.round((rand() - 0.5) * 40) / 10;
    c['reason'] = 'probe';
  }
  if (c['do'] === 'say') c['text'] = 'probe';
  return c as unknown as Command;
}

describe.each(CASES)('$name: seeded random games', ({ setup, size, draws }) => {
  it('R15 R28 every random game ends with a winner (judge actions rare)', () => {
    for (let g = 0; g < 20; g++) {
      const { state } = playRandom(setup(`end${g}`), g + 1, { judgeRate: 0.002 });
      expect(state.finished).toBe(true);
      const end = state.log[state.log.length - 1]!;
      expect(state.winner === 'red' || state.winner === 'black' || (draws?.includes(end.rule) ?? false)).toBe(true);
    }
  });

  it('R70 replaying a game\'s record reproduces its event log exactly', () => {
    for (let g = 0; g < 6; g++) {
      const s = setup(`rep${g}`);
      const { state, commands } = playRandom(s, g + 100, { judgeRate: 0.005 });
      const r = replay({ format: 'gorod-record/1', ...s, commands });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.rejected).toEqual([]);
      expect(JSON.stringify(r.value.state.log)).toBe(JSON.stringify(state.log));
    }
  });

  it('every command legalCommands offers is accepted; every rejected command leaves the state unchanged', () => {
    for (let g = 0; g < 3; g++) {
      const rand = mulberry32(g + 500);
      playRandom(setup(`leg${g}`), g + 200, {
        onStep: (state) => {
          if (state.finished || rand() < 0.85) return;
          const all: Command[] = [...legalCommands(state, 'clock')];
          for (const x of state.seats) all.push(...legalCommands(state, x.seat));
          // A sample of them: cloning the state per command is the cost here.
          for (let k = 0; k < all.length && k < 25; k++) {
            const c = all.length <= 25 ? all[k]! : all[Math.floor(rand() * all.length)]!;
            const r = apply(cloneState(state), c);
            if (!r.ok) throw new Error(`legal command refused: ${JSON.stringify(c)} → ${r.error.code} ${r.error.detail ?? ''}`);
          }
          for (let k = 0; k < 10; k++) {
            const copy = cloneState(state);
            // The log only grows, so its length stands for it.
            const before = JSON.stringify({ ...copy, log: copy.log.length });
            const r = apply(copy, probe(rand, size));
            if (!r.ok) expect(JSON.stringify({ ...copy, log: copy.log.length })).toBe(before);
          }
        },
      });
    }
  });

  it('actors(), mayAct(), legalCount() and legalAt() agree with legalCommands, at every step (and on a fork)', () => {
    for (let g = 0; g < 3; g++) {
      const problems: string[] = [];
      const rand = mulberry32(g + 900);
      playRandom(setup(`act${g}`), g + 600, {
        judgeRate: 0.005,
        onStep: (state) => {
          problems.push(...actorsDisagree(state));
          // A copy moved on by one command: another state object with its own log.
          if (state.finished || rand() < 0.9) return;
          const copy = cloneState(state);
          const all = legalCommands(copy, actorsOf(copy, rand));
          const c = all[Math.floor(rand() * all.length)];
          if (c) apply(copy, c);
          problems.push(...actorsDisagree(copy), ...actorsDisagree(state));
        },
      });
      expect(problems.slice(0, 5)).toEqual([]);
    }
  });

  it('decide is pure: on a deep-frozen state it gives the events apply gives, for legal and random commands', () => {
    for (let g = 0; g < 2; g++) {
      const rand = mulberry32(g + 700);
      playRandom(setup(`pure${g}`), g + 400, {
        judgeRate: 0.005,
        onStep: (state) => {
          if (state.finished || rand() < 0.8) return;
          const frozen = deepFreeze(cloneState(state));
          const all: Command[] = [...legalCommands(state, 'clock'), ...legalCommands(state, 'judge')];
          for (const x of state.seats) all.push(...legalCommands(state, x.seat));
          for (let k = 0; k < 8; k++) all.push(probe(rand, size));
          for (let k = 0; k < all.length && k < 20; k++) {
            const c = all.length <= 20 ? all[k]! : all[Math.floor(rand() * all.length)]!;
            const d = decide(frozen, c);
            expect(JSON.stringify(d)).toBe(JSON.stringify(apply(cloneState(state), c)));
          }
          expect(JSON.stringify(frozen)).toBe(JSON.stringify(state));
        },
      });
    }
  });

  it('R23 R32 R33 views: a seat sees only its own role, actions, checks and freeze; heals and saves stay with the judge', () => {
    for (let g = 0; g < 3; g++) {
      const problems: string[] = [];
      playRandom(setup(`view${g}`), g + 300, {
        judgeRate: 0.005,
        onStep: (state) => {
          if (state.log.length % 5 !== 0 && !state.finished) return;
          problems.push(...leaks(state, { kind: 'public' }));
          for (const x of state.seats) problems.push(...leaks(state, { kind: 'seat', seat: x.seat }));
        },
      });
      expect(problems.slice(0, 5)).toEqual([]);
    }
  });
});

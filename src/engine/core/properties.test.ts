// Invariants over many seeded random games (legalCommands) and fuzzed commands (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actorsDisagree } from '../../../test/support/actors-agree.js';
import { playRandom } from '../../../test/support/random-game.js';
import {
  apply,
  cloneState,
  legalCommands,
  mulberry32,
  replay,
  startGame,
  view,
  type Command,
  type GameState,
  type Viewer,
} from '../index.js';

const CLASSIC = { preset: 'classic' as const };
const GAMES = Number(process.env['GOROD_PROPERTY_GAMES'] ?? 10_000);

/** Events and roles a viewer may hold, checked one by one (the canary rule of R13/R17/R18). */
function leaks(state: GameState, viewer: Viewer): string[] {
  const v = view(state, viewer);
  const problems: string[] = [];
  const me = viewer.kind === 'seat' ? state.seats[viewer.seat - 1] : undefined;
  const black = me?.team === 'black';
  for (const e of v.log) {
    if (viewer.kind === 'judge') break;
    const mine = viewer.kind === 'seat' ? viewer.seat : -1;
    switch (e.t) {
      case 'roleDealt':
      case 'nightAction':
      case 'checkResult':
        if (e.seat !== mine) problems.push(`${e.t} of ${e.seat} seen by ${JSON.stringify(viewer)}`);
        break;
      case 'voteCast':
        // R8: hands are raised in the open: every vote is public as it is cast.
        if (e.vis !== 'public') problems.push(`ballot of ${e.seat} hidden`);
        break;
      case 'teamRevealed':
      case 'planSet':
        if (!black) problems.push(`${e.t} seen by a non-black viewer`);
        break;
      default:
        break;
    }
  }
  if (!state.finished && viewer.kind !== 'judge') {
    for (const s of v.seats) {
      if (s.role === undefined) continue;
      const own = viewer.kind === 'seat' && s.seat === viewer.seat;
      const team = black && state.seats[s.seat - 1]!.team === 'black';
      if (!own && !team) problems.push(`role of ${s.seat} visible to ${JSON.stringify(viewer)}`);
    }
  }
  return problems;
}

describe('classic: seeded random games from legalCommands', () => {
  it(`R15 every one of ${GAMES} random games ends with a winner`, () => {
    let unfinished = 0;
    for (let g = 0; g < GAMES; g++) {
      const { state } = playRandom({ ...CLASSIC, seed: `p${g}` }, g + 1);
      if (!state.finished || state.winner === null) unfinished++;
    }
    expect(unfinished).toBe(0);
  });

  it('no dead or removed player is ever accepted as an actor (last words excepted, R10)', () => {
    for (let g = 0; g < 100; g++) {
      const rand = mulberry32(g + 77);
      const state = startGame({ ...CLASSIC, seed: `d${g}` });
      for (let step = 0; step < 3000 && !state.finished; step++) {
        // Try every verb from every dead seat: all must be refused unless it holds a last word.
        for (const seat of state.seats) {
          if (seat.alive || step % 5 !== 0) continue;
          const st = state.stage;
          const holdsFloor = st.kind === 'speech' && st.seat === seat.seat;
          for (const probe of [
            { by: seat.seat, do: 'vote', target: state.ballot[0] ?? 1 },
            { by: seat.seat, do: 'shoot', target: 1 },
            { by: seat.seat, do: 'check', target: seat.seat === 1 ? 2 : 1 },
            { by: seat.seat, do: 'nominate', target: 1 },
            { by: seat.seat, do: 'vote', leave: true },
          ] as Command[]) {
            const r = apply(cloneState(state), probe);
            if (r.ok && !(holdsFloor && probe.do === 'endSpeech')) throw new Error(`dead seat ${seat.seat} accepted: ${JSON.stringify(probe)}`);
          }
        }
        const options: Command[] = [];
        for (const s of state.seats) options.push(...legalCommands(state, s.seat));
        options.push(...legalCommands(state, 'clock'));
        if (rand() < 0.01) options.push(...legalCommands(state, 'judge'));
        const cmd = options[Math.floor(rand() * options.length)];
        if (!cmd) break;
        const actor = typeof cmd.by === 'number' ? state.seats[cmd.by - 1] : undefined;
        const st = state.stage;
        const wasAlive = actor?.alive ?? true;
        const r = apply(state, cmd);
        if (r.ok && !wasAlive) expect(st.kind === 'speech' && st.seat === actor?.seat).toBe(true);
      }
    }
  });

  it('every command legalCommands offers is accepted', () => {
    for (let g = 0; g < 100; g++) {
      const rand = mulberry32(g + 1000);
      const state = startGame({ ...CLASSIC, seed: `l${g}` });
      for (let step = 0; step < 3000 && !state.finished; step++) {
        const all: Command[] = [];
        for (const s of state.seats) all.push(...legalCommands(state, s.seat));
        all.push(...legalCommands(state, 'clock'));
        // A sample of the offered commands per step keeps this affordable; the seeds vary the sample.
        for (let k = 0; k < Math.min(3, all.length); k++) {
          const c = all[Math.floor(rand() * all.length)]!;
          const r = apply(cloneState(state), c);
          if (!r.ok) throw new Error(`legal command refused: ${JSON.stringify(c)} → ${r.error.code}`);
        }
        const cmd = all[Math.floor(rand() * all.length)];
        if (!cmd) break;
        apply(state, cmd);
      }
    }
  });

  it('actors(), mayAct(), legalCount() and legalAt() agree with legalCommands, at every step', () => {
    const problems: string[] = [];
    for (let g = 0; g < 30; g++) playRandom({ ...CLASSIC, seed: `a${g}` }, g + 31, { judgeRate: 0.01, onStep: (state) => problems.push(...actorsDisagree(state)) });
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('replaying a game\'s record reproduces its event log byte for byte', () => {
    for (let g = 0; g < 500; g++) {
      const setup = { ...CLASSIC, seed: `r${g}` };
      const { state, commands } = playRandom(setup, g + 5, { judgeRate: 0.01 });
      const r = replay({ format: 'gorod-record/1', ...setup, commands });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.rejected).toEqual([]);
      expect(JSON.stringify(r.value.state.log)).toBe(JSON.stringify(state.log));
    }
  });

  it('R13 R17 R18 views: a seat sees only its own role, checks and night actions (black: its team); public sees none', () => {
    for (let g = 0; g < 150; g++) {
      const problems: string[] = [];
      playRandom({ ...CLASSIC, seed: `v${g}` }, g + 9, {
        onStep: (state) => {
          if (state.log.length % 11 !== 0 && !state.finished) return;
          problems.push(...leaks(state, { kind: 'public' }));
          for (const s of state.seats) problems.push(...leaks(state, { kind: 'seat', seat: s.seat }));
        },
      });
      expect(problems).toEqual([]);
    }
  });
});

describe('malformed commands and records are rejected with a code; nothing throws', () => {
  const anyJson = fc.jsonValue({ maxDepth: 4 });
  const commandish = fc.record(
    {
      by: fc.oneof(fc.integer({ min: -3, max: 14 }), fc.constantFrom('judge', 'clock', 'nobody'), anyJson),
      do: fc.oneof(fc.constantFrom('vote', 'nominate', 'shoot', 'check', 'endSpeech', 'closeVote', 'endNight', 'foul', 'remove', 'plan', 'say', 'withdraw'), fc.string()),
      target: fc.oneof(fc.integer({ min: -2, max: 13 }), fc.constant(null), anyJson),
      targets: fc.oneof(fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 200 }), anyJson),
      leave: fc.oneof(fc.boolean(), anyJson),
      __proto__: anyJson,
      extra: anyJson,
    },
    { requiredKeys: [] },
  );

  it('every rejected command leaves the state unchanged', () => {
    const base = playRandom({ ...CLASSIC, seed: 'fuzz' }, 3, { maxSteps: 60 }).state;
    fc.assert(
      fc.property(fc.oneof(commandish, anyJson), (cmd) => {
        const s = cloneState(base);
        const before = JSON.stringify(s);
        const r = apply(s, cmd as Command);
        if (!r.ok) {
          expect(typeof r.error.code).toBe('string');
          expect(r.error.message.ru.length).toBeGreaterThan(0);
          expect(JSON.stringify(s)).toBe(before);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('JSON with __proto__ keys is refused, not merged', () => {
    const s = startGame(CLASSIC);
    const cmd = JSON.parse('{"by":"clock","do":"endNight","__proto__":{"polluted":1}}') as Command;
    const r = apply(s, cmd);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('unknownField');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('malformed records are refused with a code', () => {
    fc.assert(
      fc.property(anyJson, (rec) => {
        const r = replay(rec);
        if (!r.ok) expect(typeof r.error.code).toBe('string');
      }),
      { numRuns: 2000 },
    );
    const bad = [
      null,
      [],
      { format: 'gorod-record/2', preset: 'classic', commands: [] },
      { format: 'gorod-record/1', preset: 'chess', commands: [] },
      { format: 'gorod-record/1', preset: 'classic', commands: {} },
      { format: 'gorod-record/1', preset: 'classic', deal: ['don'], commands: [] },
      { format: 'gorod-record/1', preset: 'classic', players: new Array(11).fill('x'), commands: [] },
      { format: 'gorod-record/1', preset: 'classic', commands: new Array(200_001).fill(0) },
      JSON.parse('{"format":"gorod-record/1","preset":"classic","commands":[],"__proto__":{"x":1}}'),
      { format: 'gorod-record/1', preset: 'classic', options: { selfVote: 'yes' }, commands: [] },
      { format: 'gorod-record/1', preset: 'classic', options: { nonsense: true }, commands: [] },
    ];
    for (const rec of bad) {
      const r = replay(rec);
      expect(r.ok).toBe(false);
    }
  });

  it('a record whose commands are junk replays with each one rejected by index and code (R70)', () => {
    const r = replay({
      format: 'gorod-record/1',
      preset: 'classic',
      commands: [null, 5, 'x', { by: 99, do: 'vote' }, { by: 1, do: 'fly' }, { by: 'clock', do: 'endNight' }, { by: 1, do: 'vote', target: [1] }],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.rejected.map((x) => [x.index, x.code])).toEqual([
      [0, 'malformed'],
      [1, 'malformed'],
      [2, 'malformed'],
      [3, 'badActor'],
      [4, 'unknownVerb'],
      [6, 'malformed'],
    ]);
    expect(r.value.state.phase).toBe('day');
  });
});

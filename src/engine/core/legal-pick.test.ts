// legalCount and legalAt(k) against legalCommands for EVERY k, on states of random games of each
// preset: the runs counted by arithmetic (seatRun, skipRun in legal.ts: nominations, colours on
// record, the club's lent floor, votes) must count and pick exactly what the built list holds.
// actors-agree checks every step but only some k; this checks every k of random steps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../../test/support/random-game.js';
import { legalAt, legalCommands, legalCount, seatActors, type Actor, type GameState, type Setup } from '../index.js';

const SETUPS: { name: string; setup: (seed: string) => Setup }[] = [
  { name: 'club 10', setup: (seed) => ({ preset: 'club', size: 10, seed }) },
  { name: 'club 15', setup: (seed) => ({ preset: 'club', size: 15, seed }) },
  { name: 'club 9, own roles', setup: (seed) => ({ preset: 'club', size: 9, seed, options: { roles: ['don', 'mafia', 'putana', 'doctor', 'maniac'], firstDayVote: true } }) },
  { name: 'club 10, silenced nominate', setup: (seed) => ({ preset: 'club', size: 10, seed, options: { silencedMayNominate: true, finalSpeech: true } }) },
  { name: 'tournament 12, extras', setup: (seed) => ({ preset: 'tournament', seed, options: { pointsBestMove: true, pointsExtra: true } }) },
  { name: 'classic', setup: (seed) => ({ preset: 'classic', size: 10, seed }) },
  { name: 'fiim', setup: (seed) => ({ preset: 'fiim', seed }) },
  { name: 'fiim, on record, withdraw auto', setup: (seed) => ({ preset: 'fiim', seed, options: { withdrawNomination: 'auto', onRecord: 'all', selfVote: true } }) },
];

/** Where legalCount, legalAt(k) for each k, or seatActors disagree with the lists on this state. */
function pickDisagrees(s: GameState): string[] {
  const out: string[] = [];
  const seats: Actor[] = [];
  for (const a of [...s.seats.map((x) => x.seat), 'clock', 'judge'] as Actor[]) {
    const all = legalCommands(s, a);
    if (all.length > 0 && typeof a === 'number') seats.push(a);
    const n = legalCount(s, a);
    if (n !== all.length) out.push(`legalCount(${String(a)}) ${n}, listed ${all.length} at event ${s.log.length}`);
    for (let k = 0; k <= all.length; k++) {
      const got = JSON.stringify(legalAt(s, a, k));
      if (got !== JSON.stringify(all[k])) out.push(`legalAt(${String(a)}, ${k}) ${got}, listed ${JSON.stringify(all[k])} at event ${s.log.length}`);
    }
  }
  const pool: Actor[] = [];
  const n = seatActors(s, pool);
  if (JSON.stringify(pool.slice(0, n)) !== JSON.stringify(seats)) out.push(`seatActors ${JSON.stringify(pool.slice(0, n))}, listed ${JSON.stringify(seats)} at event ${s.log.length}`);
  return out;
}

describe('legalAt(k) is legalCommands()[k] for every k', () => {
  it('on random steps of random games of every preset', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SETUPS), fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 0.02, max: 0.3, noNaN: true }), ({ setup }, seed, every) => {
        const problems: string[] = [];
        let step = 0;
        const pickEvery = Math.round(1 / every);
        playRandom(setup(`pick${seed}`), seed, {
          judgeRate: 0.01,
          onStep: (state) => {
            if (++step % pickEvery === 0) problems.push(...pickDisagrees(state));
          },
        });
        expect(problems.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('seatActors at a vote is the seats with a vote to list', () => {
  // voters() in legal.ts answers a vote's seats from the stage once (the ballot's length, its lone
  // candidate, an all-leave round) instead of asking each seat's hands: held here at EVERY vote
  // step of random games, and on copies of each step's state with the ballot cut to its first
  // candidate (a lone candidacy, which random games do not vote on) and selfVote turned over.
  it('at every vote step of random games, and with a lone candidate', () => {
    const seen = { allLeave: 0, steps: 0 };
    fc.assert(
      fc.property(fc.constantFrom(...SETUPS), fc.integer({ min: 1, max: 1_000_000 }), ({ setup }, seed) => {
        const problems: string[] = [];
        playRandom(setup(`voters${seed}`), seed, {
          judgeRate: 0.01,
          onStep: (state) => {
            const st = state.stage;
            if (st.kind !== 'vote' || state.finished) return;
            seen.steps++;
            if (st.round === 'allLeave') seen.allLeave++;
            const lone = structuredClone(state);
            lone.ballot = lone.ballot.slice(0, 1);
            const flipped = structuredClone(lone);
            flipped.options = { ...flipped.options, selfVote: !flipped.options.selfVote };
            for (const s of [state, lone, flipped]) problems.push(...votersDisagree(s));
          },
        });
        expect(problems.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 80 },
    );
    expect(seen.steps).toBeGreaterThan(0);
    expect(seen.allLeave).toBeGreaterThan(0);
  });
});

function votersDisagree(s: GameState): string[] {
  const listed = s.seats.filter((x) => legalCommands(s, x.seat).length > 0).map((x) => x.seat);
  const pool: Actor[] = [];
  const n = seatActors(s, pool);
  const got = JSON.stringify(pool.slice(0, n));
  return got === JSON.stringify(listed) ? [] : [`seatActors ${got}, listed ${JSON.stringify(listed)} at event ${s.log.length}, ballot ${JSON.stringify(s.ballot)}`];
}

// The stamp every event carries (emit.ts): its place in the log, and the phase and number it
// belongs to — those it opens for dayStarted and nightStarted. Frequent events are written with
// their stamp at the emit site (emitEvent), so this holds each site to it.
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../../test/support/random-game.js';
import type { Phase } from './vocab.js';

describe('every event is stamped with its log index, phase and number', () => {
  for (const preset of ['classic', 'fiim', 'club', 'tournament', 'forum'] as const) {
    it(`${preset}: n is the event's place in the log; phase and number are the game's after it`, () => {
      const problems: string[] = [];
      for (let g = 0; g < 40; g++) {
        let seen = 0;
        let phase: Phase | undefined;
        let number = 0;
        playRandom({ preset, seed: `stamp${g}` }, g + 1, {
          judgeRate: 0.01,
          onStep: (state) => {
            for (; seen < state.log.length; seen++) {
              const e = state.log[seen]!;
              if (e.t === 'dayStarted') [phase, number] = ['day', e.day];
              else if (e.t === 'nightStarted') [phase, number] = ['night', e.night];
              else if (phase === undefined) [phase, number] = [e.phase, e.number];
              if (e.n !== seen) problems.push(`${preset} game ${g}: ${e.t} at ${seen} has n ${e.n}`);
              if (e.phase !== phase || e.number !== number) problems.push(`${preset} game ${g}: ${e.t} at ${seen} is ${e.phase} ${e.number}, not ${phase} ${number}`);
            }
          },
        });
      }
      expect(problems.slice(0, 5)).toEqual([]);
    });
  }
});

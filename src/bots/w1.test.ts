// The `w1` policy, acting only through views, plays exactly the games of bench/w1.ts (W1.md).
import { describe, expect, it } from 'vitest';
import { playW1 } from '../../bench/w1.js';
import { playGame } from './play.js';
import { getPolicy } from './registry.js';

function w1Actions(log: ReturnType<typeof playGame>['state']['log']): number {
  let a = 0;
  for (const e of log) {
    if (e.t === 'speechStarted' && e.kind === 'day') a++;
    else if (e.t === 'nominated') a++;
    else if (e.t === 'voteClosed') a += e.votes.length;
    else if (e.t === 'allLeaveClosed') a += e.yes.length + e.no.length;
    else if (e.t === 'nightAction') a++;
  }
  return a;
}

describe('w1 policy through views', () => {
  it('W1: plays the same games as the lead driver (winner, actions, days), game by game', () => {
    const w1 = getPolicy('w1');
    const seed = 20240601;
    for (let g = 0; g < 300; g++) {
      const ref = playW1(seed, g);
      const r = playGame({ preset: 'classic', seed, game: g, policies: { red: w1, black: w1, neutral: w1 } });
      expect(r.rejected).toEqual([]);
      const winner = r.state.winner === 'red' ? 1 : r.state.winner === 'black' ? 2 : 0;
      expect([g, winner, w1Actions(r.state.log), r.state.number - 1]).toEqual([g, ref.winner, ref.actions, ref.days]);
    }
  });
});

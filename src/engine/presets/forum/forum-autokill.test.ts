// R42 across a season: a player who misses a vote has it counted against himself once per
// season; the season's spent auto-votes come in the setup (autokillSpent), so a miss removes.
import { describe, expect, it } from 'vitest';
import '../registry.js';
import { T12 } from '../../../../test/fixtures/forum-cases.js';
import { apply } from '../../core/game.js';
import { resolveOptions } from '../../core/options.js';
import { startGame } from '../../core/setup.js';

function dayOne(spent?: number[]) {
  const s = startGame({ preset: 'forum', deal: T12, seed: 'autokill', ...(spent ? { options: { autokillSpent: spent } } : {}) });
  for (let seat = 1; seat <= 12; seat++) expect(apply(s, { by: seat, do: 'say', text: 'Добрый день' }).ok).toBe(true);
  for (let seat = 1; seat <= 11; seat++) expect(apply(s, { by: seat, do: 'vote', target: seat === 1 ? 2 : 1, reason: 'так' }).ok).toBe(true);
  expect(apply(s, { by: 'clock', do: 'lawyerDeadline' }).ok).toBe(true);
  expect(apply(s, { by: 'clock', do: 'endDay' }).ok).toBe(true);
  return s;
}

describe('R42 the auto-vote, once per season', () => {
  it('a first miss counts against the player himself', () => {
    const s = dayOne();
    const tally = s.log.find((e) => e.t === 'dayTally');
    expect(tally && tally.t === 'dayTally' && tally.votes.find((v) => v.seat === 12)).toEqual({ seat: 12, target: 12, auto: true });
    expect(s.seats[11]!.alive).toBe(true);
  });

  it('with the season’s auto-vote spent, a miss removes the player', () => {
    const s = dayOne([12]);
    expect(s.seats[11]!.alive).toBe(false);
    expect(s.seats[11]!.exit?.cause).toBe('removal');
  });

  it('autokillSpent takes seat numbers only', () => {
    expect(resolveOptions('forum', { autokillSpent: [0] }).ok).toBe(false);
    expect(resolveOptions('forum', { autokillSpent: ['3'] }).ok).toBe(false);
    expect(resolveOptions('forum', { autokillSpent: [3, 7] }).ok).toBe(true);
    expect(resolveOptions('classic', { autokillSpent: [3] }).ok).toBe(false);
  });
});

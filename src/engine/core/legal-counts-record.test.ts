// legalCommands lists the judge's counted hands (R8) and colours on record (fiim 6.7–6.8) when
// they are legal; every listed command is accepted.
import { describe, expect, it } from 'vitest';
import { atNine, shoot, table } from '../../../test/support/fiim-table.js';
import { apply, cloneState, legalCommands, type Command, type GameState } from '../index.js';

function accepted(s: GameState, cmds: Command[]): void {
  for (const c of cmds) expect(apply(cloneState(s), c).ok, JSON.stringify(c)).toBe(true);
}

describe('R8 legalCommands: the judge\'s counted hands', () => {
  it('during a vote, each candidate with every count the voters left allow; none once counted', () => {
    const t = atNine(table('classic')).speeches({ 2: 3, 3: 4 });
    const counts = legalCommands(t.state, 'judge').filter((c) => c.do === 'voteCount');
    // Nine voters, and classic lets a candidate vote for themselves: 1–9 for each.
    expect(counts.filter((c) => c.target === 3).map((c) => c.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(counts.filter((c) => c.target === 4)).toHaveLength(9);
    accepted(t.state, counts);
    t.do({ by: 'judge', do: 'voteCount', target: 3, count: 5 });
    const after = legalCommands(t.state, 'judge').filter((c) => c.do === 'voteCount');
    expect(after.some((c) => c.target === 3)).toBe(false);
    expect(after.map((c) => c.count)).toEqual([1, 2, 3, 4]);
    accepted(t.state, after);
    expect(legalCommands(t.state, 'clock').some((c) => c.do === 'voteCount')).toBe(false);
  });
  it('no counts outside a vote', () => {
    const t = table('classic').night([]);
    expect(legalCommands(t.state, 'judge').some((c) => c.do === 'voteCount')).toBe(false);
  });
});

describe('fiim 6.7 legalCommands: colours on record', () => {
  it('onRecord all: the speaker may name each other seat red or black, once a speech', () => {
    const t = table('classic', { onRecord: 'all' }).night([]);
    const mine = legalCommands(t.state, 1).filter((c) => c.do === 'onRecord');
    expect(mine).toHaveLength(18);
    expect(mine).toContainEqual({ by: 1, do: 'onRecord', black: [5] });
    expect(mine.some((c) => c.red?.includes(1) || c.black?.includes(1))).toBe(false);
    accepted(t.state, mine);
    expect(legalCommands(t.state, 2).some((c) => c.do === 'onRecord')).toBe(false);
    t.do({ by: 1, do: 'onRecord', black: [5] });
    expect(legalCommands(t.state, 1).some((c) => c.do === 'onRecord')).toBe(false);
  });
  it('onRecord none (the fiim default): never listed', () => {
    const t = table('fiim').night([]);
    expect(legalCommands(t.state, 1).some((c) => c.do === 'onRecord')).toBe(false);
  });
  it('onRecord nightKilled: only in the last word of the night\'s victim', () => {
    const t = table('classic', { onRecord: 'nightKilled' }).night([]);
    expect(legalCommands(t.state, 1).some((c) => c.do === 'onRecord')).toBe(false);
    t.speeches();
    shoot(t, 1);
    accepted(t.state, legalCommands(t.state, 1).filter((c) => c.do === 'onRecord'));
    expect(legalCommands(t.state, 1).filter((c) => c.do === 'onRecord')).toHaveLength(18);
  });
});

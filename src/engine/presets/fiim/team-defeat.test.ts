// fiim 9.3, 10.21–10.24: a team's defeat — the judge declares the offender's team beaten, the game
// ends at once with the other team's win; classic has no such penalty.
import { describe, expect, it } from 'vitest';
import { atNine, table } from '../../../../test/support/fiim-table.js';
import { describeCommand, describeEvent, legalCommands } from '../../index.js';

describe('fiim 9.3 a team\'s defeat (teamDefeat)', () => {
  it('a black player\'s offence: red wins at once, the reason on the record', () => {
    const t = table('fiim').night([]);
    t.do({ by: 'judge', do: 'teamDefeat', target: 7, reason: 'peeping' });
    expect(t.events('teamDefeated')).toMatchObject([{ seat: 7, team: 'black', reason: 'peeping', vis: 'public', rule: 'fiim 9.3' }]);
    expect(t.events('gameOver')).toMatchObject([{ winner: 'red', rule: 'fiim 9.3' }]);
    expect(t.state.finished).toBe(true);
    const e = t.events('teamDefeated')[0]!;
    expect(describeEvent(e, 'ru')).toBe('Поражение команды чёрных: нарушение №7 (peeping)');
    expect(describeEvent(e, 'en', (n) => `#${n} · P${n}`)).toBe('The black team is defeated: an offence by #7 · P7 (peeping)');
    expect(describeCommand({ by: 'judge', do: 'teamDefeat', target: 7 }, 'ru')).toBe('Поражение команды: нарушение №7');
  });
  it('a red player\'s offence, even one already out (10.21 hints): black wins', () => {
    const t = atNine(table('fiim'));
    expect(t.state.seats[0]!.alive).toBe(false);
    t.do({ by: 'judge', do: 'teamDefeat', target: 1 });
    expect(t.events('gameOver')).toMatchObject([{ winner: 'black' }]);
  });
  it('only the judge declares it, only against a seat at the table, never after the game', () => {
    const t = table('fiim').night([]);
    expect(t.try({ by: 3, do: 'teamDefeat', target: 7 })).toMatchObject({ ok: false, error: { code: 'badActor' } });
    expect(t.try({ by: 'judge', do: 'teamDefeat' })).toMatchObject({ ok: false, error: { code: 'malformed' } });
    t.do({ by: 'judge', do: 'teamDefeat', target: 2 });
    expect(t.try({ by: 'judge', do: 'teamDefeat', target: 7 })).toMatchObject({ ok: false, error: { code: 'gameOver' } });
  });
  it('classic has no team defeat', () => {
    const t = table('classic').night([]);
    expect(t.try({ by: 'judge', do: 'teamDefeat', target: 7 })).toMatchObject({ ok: false, error: { code: 'notAllowed' } });
    expect(legalCommands(t.state, 'judge').some((c) => c.do === 'teamDefeat')).toBe(false);
  });
  it('legalCommands lists it for the judge against every seat while the game goes on', () => {
    const t = table('fiim').night([]);
    const listed = legalCommands(t.state, 'judge').filter((c) => c.do === 'teamDefeat');
    expect(listed.map((c) => c.target)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(legalCommands(t.state, 3).some((c) => c.do === 'teamDefeat')).toBe(false);
    t.do(listed[4]!);
    expect(legalCommands(t.state, 'judge')).toEqual([]);
  });
});

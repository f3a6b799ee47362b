// Correction flags as data: which are open, what a finished game raises by itself (regulation 4.2
// scores wins and losses only: a draw needs the judge), and the check of flags from outside.
import { describe, expect, it } from 'vitest';
import { checkFlags, needsJudge, nextFlagId, openFlags } from './flags.js';
import type { CorrectionFlag, Round } from './types.js';

const rounds: Round[] = [{ kind: 'qualifying', weight: 1, games: [{ table: 1, seats: [] }, { table: 2, seats: [] }] }];
const flag = (over: Partial<CorrectionFlag> = {}): CorrectionFlag => ({ id: 'f1', round: 1, table: 1, kind: 'request', by: 'judge', reason: 'спорный фол', at: 1, ...over });

describe('correction flags', () => {
  it('regulation 4.2: a game without a winner (a draw) needs the judge; a win or a loss does not', () => {
    expect(needsJudge({ winner: null })).toBe('draw');
    expect(needsJudge({ winner: 'red' })).toBeNull();
    expect(needsJudge({ winner: 'black' })).toBeNull();
  });

  it('open flags are the slot’s unresolved ones; ids count up', () => {
    const fs = [flag(), flag({ id: 'f2', resolved: { at: 2, note: 'ok' } }), flag({ id: 'f7', table: 2 })];
    expect(openFlags(fs, { round: 1, table: 1 }).map((f) => f.id)).toEqual(['f1']);
    expect(openFlags(undefined, { round: 1, table: 1 })).toEqual([]);
    expect(nextFlagId(fs)).toBe('f8');
    expect(nextFlagId(undefined)).toBe('f1');
  });

  it('a document’s flags are checked: a game of the rounds, a known kind and author, a reason', () => {
    expect(checkFlags([flag({ resolved: { at: 3, note: ' done ', version: 2 } })], rounds)).toEqual({ ok: true, value: [flag({ resolved: { at: 3, note: 'done', version: 2 } })] });
    for (const bad of [flag({ table: 3 }), flag({ kind: 'other' as never }), flag({ by: 'anyone' as never }), flag({ reason: ' ' }), flag({ id: 'x' }), flag({ resolved: { at: 1, note: '' } })]) {
      const r = checkFlags([bad], rounds);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('badTournament');
    }
    expect(checkFlags([flag(), flag()], rounds).ok).toBe(false);
  });
});

// The server's clock reads the engine's day flow (day-flow.ts stageTimer): which timer a stage runs,
// how long, and the command it sends when it runs out (R2) — forum days included (R44, R52).
import { describe, expect, it } from 'vitest';
import { apply, startGame, type Command } from '../engine/index.js';
import { DEFAULT_CLOCK, timerFor } from './clock.js';

const run = (s: ReturnType<typeof startGame>, cmds: Command[]) => {
  for (const c of cmds) {
    const r = apply(s, c);
    if (!r.ok) throw new Error(r.error.code);
  }
  return s;
};

describe('R2 the server clock follows the day flow', () => {
  it('speeches by the table\'s options with a 10-s warning; votes and nights by the table\'s clock', () => {
    const s = startGame({ preset: 'classic', seed: 'c', options: { speechSeconds: 45 } });
    expect(timerFor(s, DEFAULT_CLOCK, 1)).toMatchObject({ kind: 'introNight', ms: 30_000, warnMs: 0, command: { by: 'clock', do: 'endNight' } });
    run(s, [{ by: 'clock', do: 'endNight' }]);
    expect(timerFor(s, DEFAULT_CLOCK, 1)).toMatchObject({ kind: 'speech', seat: 1, ms: 45_000, warnMs: 10_000, command: { do: 'endSpeech' } });
    expect(timerFor(s, DEFAULT_CLOCK, 0.5)).toMatchObject({ ms: 22_500, warnMs: 5_000 });
  });
  it('fiim 9.5.1: a silenced player\'s turn without words runs 10 seconds', () => {
    const s = startGame({ preset: 'fiim', seed: 'f' });
    run(s, [{ by: 'clock', do: 'endNight' }, { by: 'judge', do: 'foul', target: 2 }, { by: 'judge', do: 'foul', target: 2 }, { by: 'judge', do: 'foul', target: 2 }, { by: 1, do: 'endSpeech' }]);
    expect(timerFor(s, DEFAULT_CLOCK, 1)).toMatchObject({ kind: 'silentTurn', seat: 2, ms: 10_000 });
  });
  it('R52 forum days run online: the lawyer\'s deadline, then the close of the day', () => {
    const s = startGame({ preset: 'forum', size: 12, seed: 'x' });
    expect(timerFor(s, DEFAULT_CLOCK, 1)).toMatchObject({ kind: 'lawyer', ms: 10_800_000, command: { by: 'clock', do: 'lawyerDeadline' } });
    run(s, [{ by: 'clock', do: 'lawyerDeadline' }]);
    expect(timerFor(s, DEFAULT_CLOCK, 1)).toMatchObject({ kind: 'day', ms: 28_800_000, command: { by: 'clock', do: 'endDay' } });
  });
});

// Every annotated classic record in examples/records/ replays to the outcome its meta states.
import { describe, expect, it } from 'vitest';
import { exampleFiles, expectStatedOutcome, loadExample } from '../../../../test/support/examples.js';
import { replay } from '../../core/record.js';

const FILES = exampleFiles('classic');
const load = loadExample;

describe('examples/records/classic-*.json', () => {
  it('ships at least 12 classic examples', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(12);
  });

  for (const file of FILES) {
    it(`${file} replays to its stated outcome`, () => {
      const rec = load(file);
      const s = expectStatedOutcome(file, rec, 'classic');
      // A finished game ends with its verdict.
      if (rec.meta.expect.finished) expect(s.log[s.log.length - 1]?.t).toBe('gameOver');
    });
  }

  it('replaying an example twice gives the same log, byte for byte', () => {
    for (const file of FILES) {
      const a = replay(load(file));
      const b = replay(load(file));
      if (!a.ok || !b.ok) throw new Error(file);
      expect(JSON.stringify(a.value.state.log)).toBe(JSON.stringify(b.value.state.log));
    }
  });
});

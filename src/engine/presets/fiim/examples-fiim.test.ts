// Every annotated fiim record in examples/records/ replays to the outcome its meta states: finish,
// winner, eliminations, rejected commands and the key events of the rules it shows.
import { describe, expect, it } from 'vitest';
import { exampleFiles, expectStatedOutcome, loadExample } from '../../../../test/support/examples.js';

const files = exampleFiles('fiim');

describe('examples/records/fiim-*.json', () => {
  it('ships at least 6 fiim examples', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });
  for (const file of files) {
    it(`${file} replays to its stated outcome`, () => {
      const rec = loadExample(file);
      const s = expectStatedOutcome(file, rec, 'fiim');
      expect(s.log[s.log.length - 1]?.t).toBe('gameOver');
      for (const k of Object.keys(rec.meta.notes ?? {})) expect(Number(k)).toBeLessThan((rec['commands'] as unknown[]).length);
    });
  }
});

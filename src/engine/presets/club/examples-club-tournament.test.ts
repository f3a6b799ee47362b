// Every annotated club and tournament record in examples/records/ replays to the outcome its
// meta states: finish, winner, eliminations, rejected commands, key events and (tournament) points.
import { describe, expect, it } from 'vitest';
import { exampleFiles, expectStatedOutcome, loadExample } from '../../../../test/support/examples.js';
import { score } from '../../index.js';

for (const preset of ['club', 'tournament'] as const) {
  const files = exampleFiles(preset);

  describe(`examples/records/${preset}-*.json`, () => {
    it(`ships at least 8 ${preset} examples`, () => {
      expect(files.length).toBeGreaterThanOrEqual(8);
    });

    for (const file of files) {
      it(`${file} replays to its stated outcome`, () => {
        const rec = loadExample(file);
        const s = expectStatedOutcome(file, rec, preset);
        if (rec.meta.expect.score) expect(score(s).map((x) => x.points)).toEqual(rec.meta.expect.score);
        // Notes point at commands that exist.
        for (const k of Object.keys(rec.meta.notes ?? {})) expect(Number(k)).toBeLessThan((rec['commands'] as unknown[]).length);
      });
    }
  });
}

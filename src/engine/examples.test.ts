// Every annotated classic record in examples/records/ replays to the outcome its meta states.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replay } from './record.js';

const DIR = new URL('../../examples/records/', import.meta.url);
const FILES = readdirSync(DIR)
  .filter((f) => /^classic-.*\.json$/.test(f))
  .sort();

interface Expect {
  finished: boolean;
  winner: 'red' | 'black' | null;
  eliminations: { seat: number; cause: string; phase: string; number: number }[];
  rejected: { index: number; code: string }[];
}

function load(file: string): { meta: { title: string; description: string; expect: Expect } } & Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as never;
}

describe('examples/records/classic-*.json', () => {
  it('ships at least 12 classic examples', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(12);
  });

  for (const file of FILES) {
    it(`${file} replays to its stated outcome`, () => {
      const rec = load(file);
      expect(rec['format']).toBe('gorod-record/1');
      expect(rec['preset']).toBe('classic');
      expect(typeof rec.meta.title).toBe('string');
      expect(typeof rec.meta.description).toBe('string');
      const want = rec.meta.expect;
      const r = replay(rec);
      if (!r.ok) throw new Error(`${file}: ${r.error.code} ${r.error.detail ?? ''}`);
      const s = r.value.state;
      expect(s.finished).toBe(want.finished);
      expect(s.winner).toBe(want.winner);
      const got = s.log.flatMap((e) => (e.t === 'eliminated' ? [{ seat: e.seat, cause: e.cause, phase: e.phase, number: e.number }] : []));
      expect(got).toEqual(want.eliminations);
      expect(r.value.rejected.map((x) => ({ index: x.index, code: x.code }))).toEqual(want.rejected);
      // A finished game ends with its verdict; every seat's exit matches its elimination.
      if (want.finished) expect(s.log[s.log.length - 1]?.t).toBe('gameOver');
      for (const el of want.eliminations) expect(s.seats[el.seat - 1]?.exit).toEqual({ cause: el.cause, phase: el.phase, number: el.number });
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

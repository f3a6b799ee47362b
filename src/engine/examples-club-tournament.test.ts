// Every annotated club and tournament record in examples/records/ replays to the outcome its
// meta states: finish, winner, eliminations, rejected commands, key events and (tournament) points.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replay, score } from './index.js';

const DIR = new URL('../../examples/records/', import.meta.url);

interface Expect {
  finished: boolean;
  winner: 'red' | 'black' | null;
  eliminations: { seat: number; cause: string; phase: string; number: number }[];
  rejected: { index: number; code: string }[];
  /** Events that must be in the log (each a partial match). */
  events?: Record<string, unknown>[];
  /** Tournament: points per seat (R34 with the record's options). */
  score?: number[];
}

function load(file: string): { meta: { title: string; description: string; notes?: Record<string, string>; expect: Expect } } & Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as never;
}

for (const preset of ['club', 'tournament'] as const) {
  const files = readdirSync(DIR)
    .filter((f) => f.startsWith(`${preset}-`) && f.endsWith('.json'))
    .sort();

  describe(`examples/records/${preset}-*.json`, () => {
    it(`ships at least 8 ${preset} examples`, () => {
      expect(files.length).toBeGreaterThanOrEqual(8);
    });

    for (const file of files) {
      it(`${file} replays to its stated outcome`, () => {
        const rec = load(file);
        expect(rec['format']).toBe('gorod-record/1');
        expect(rec['preset']).toBe(preset);
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
        for (const ev of want.events ?? []) expect(s.log).toContainEqual(expect.objectContaining(ev));
        if (want.score) expect(score(s).map((x) => x.points)).toEqual(want.score);
        for (const el of want.eliminations) expect(s.seats[el.seat - 1]?.exit).toEqual({ cause: el.cause, phase: el.phase, number: el.number });
        // Notes point at commands that exist.
        for (const k of Object.keys(rec.meta.notes ?? {})) expect(Number(k)).toBeLessThan((rec['commands'] as unknown[]).length);
      });
    }
  });
}

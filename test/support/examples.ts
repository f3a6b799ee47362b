// Annotated example records (examples/records/*.json): load one, and check it replays to the
// outcome its meta states. Shared by the per-preset example tests.
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { replay, type GameState } from '../../src/engine/index.js';

const DIR = new URL('../../examples/records/', import.meta.url);

export interface StatedOutcome {
  finished: boolean;
  winner: 'red' | 'black' | null;
  eliminations: { seat: number; cause: string; phase: string; number: number }[];
  rejected: { index: number; code: string }[];
  /** Events that must be in the log (each a partial match). */
  events?: Record<string, unknown>[];
  /** Tournament: points per seat (R34 with the record's options). */
  score?: number[];
}

export type ExampleRecord = {
  meta: { title: string; description: string; notes?: Record<string, string>; expect: StatedOutcome };
} & Record<string, unknown>;

export function exampleFiles(prefix: string): string[] {
  return readdirSync(DIR)
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.json'))
    .sort();
}

export function loadExample(file: string): ExampleRecord {
  return JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as never;
}

/** Replay the record and check finish, winner, eliminations (in order), rejections and exits. */
export function expectStatedOutcome(file: string, rec: ExampleRecord, preset: string): GameState {
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
  for (const el of want.eliminations) expect(s.seats[el.seat - 1]?.exit).toEqual({ cause: el.cause, phase: el.phase, number: el.number });
  return s;
}

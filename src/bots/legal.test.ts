// Bots never submit a command the engine rejects, and never leave a game stuck. 10,000 seeded
// games of every registered preset (BOTS_LEGAL_GAMES per preset), and within a preset shared
// by random, club and mixed tables (plus w1 in classic), on two worker threads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESET_DEFS, type PresetId } from '../engine/index.js';
import { SimPool, type SimSpec } from './sim/run.js';

const PRESETS = Object.keys(PRESET_DEFS) as PresetId[];
const PER_PRESET = Number(process.env['BOTS_LEGAL_GAMES'] ?? 10_000);
/** Generous: a busy shared machine runs a 12-seat club game in well under 30 ms of wall time. */
const TIMEOUT = Math.max(120_000, PER_PRESET * 30);

/** Share of a preset's games per table; a club game costs about four random ones. */
const TABLES: { policies: SimSpec['policies']; share: number }[] = [
  { policies: { red: 'random', black: 'random', neutral: 'random' }, share: 0.6 },
  { policies: { red: 'club', black: 'club', neutral: 'club' }, share: 0.2 },
  { policies: { red: 'club', black: 'random', neutral: 'club' }, share: 0.1 },
  { policies: { red: 'random', black: 'club', neutral: 'random' }, share: 0.1 },
];

let pool: SimPool;
beforeAll(() => {
  pool = new SimPool(2);
});
afterAll(async () => {
  await pool.close();
});

describe('bots play only legal commands', () => {
  for (const preset of PRESETS) {
    it(`${preset}: ${PER_PRESET} seeded games, no rejected bot command, no stuck game`, async () => {
      let played = 0;
      const tables = preset === 'classic' ? [{ policies: { red: 'w1', black: 'w1', neutral: 'w1' }, share: 0.1 }, ...TABLES] : TABLES;
      for (const [i, t] of tables.entries()) {
        const games = Math.round(PER_PRESET * t.share);
        const totals = await pool.run({ preset, policies: t.policies, games, seed: 1000 + i }, { chunk: 100 });
        expect({ table: t.policies, rejected: totals.rejected, stuck: totals.stuck }).toEqual({ table: t.policies, rejected: 0, stuck: 0 });
        expect(totals.games).toBe(games);
        played += games;
      }
      expect(played).toBeGreaterThanOrEqual(PER_PRESET);
    }, TIMEOUT);
  }
});

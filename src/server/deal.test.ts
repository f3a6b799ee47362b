// R60: the deal is a permutation of the preset's cards from a cryptographic source, and the
// commitment binds table id, setup, deal and salt.
import { describe, expect, it } from 'vitest';
import { toRecord } from '../engine/index.js';
import { commitment, cryptoDeal, newSalt, newToken, verifyRecord } from './deal.js';

describe('R60 fair deal', () => {
  it('deals a permutation of the classic cards, every seat able to get the don', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const d = cryptoDeal('classic', 10);
      expect(d.slice().sort()).toEqual(['civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'don', 'mafia', 'mafia', 'sheriff']);
      seen.add(d.indexOf('don'));
    }
    expect(seen.size).toBe(10);
  });
  it('tokens are 128 bits, salts 32 bytes', () => {
    expect(newToken()).toMatch(/^[0-9a-f]{32}$/);
    expect(newSalt()).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(newToken());
  });
  it('verifies a record and refuses a changed deal, salt, table or option', () => {
    const deal = cryptoDeal('classic', 10);
    const salt = newSalt();
    const c = commitment({ tableId: 'tX', preset: 'classic', size: 10, options: {}, deal, salt });
    const rec = toRecord({ preset: 'classic', deal }, [], { commitment: c, salt, meta: { tableId: 'tX' } });
    expect(verifyRecord(rec).ok).toBe(true);
    expect(verifyRecord(JSON.stringify(rec)).ok).toBe(true);
    const swapped = deal.slice().reverse();
    if (swapped.join() !== deal.join()) expect(verifyRecord({ ...rec, deal: swapped }).ok).toBe(false);
    expect(verifyRecord({ ...rec, salt: newSalt() }).ok).toBe(false);
    expect(verifyRecord({ ...rec, meta: { tableId: 'tY' } }).ok).toBe(false);
    expect(verifyRecord({ ...rec, options: { speechSeconds: 30 } }).ok).toBe(false);
    expect(verifyRecord({ ...rec, salt: undefined }).ok).toBe(false);
    expect(verifyRecord('not json').ok).toBe(false);
    expect(verifyRecord(null).ok).toBe(false);
  });
});

// The hand-written limit plays W1's very games: same checksum as the engine (W1.md).
import { describe, expect, it } from 'vitest';
import { limitChecksum } from './w1-limit.js';

describe('W1 hand-written limit', () => {
  it('the first 20,000 games of seed 20240601 give checksum b4009e32 and 8.22 % red wins', () => {
    const r = limitChecksum(20240601, 20000);
    expect(r.checksum).toBe('b4009e32');
    expect(r.redWins).toBe(1644);
  });
});

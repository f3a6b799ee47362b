// W1 is a correctness check as much as a benchmark: the same games as the reference implementations.
import { describe, expect, it } from 'vitest';
import { w1Checksum } from './w1.js';

describe('W1 workload (bench/README.md)', () => {
  it('the first 20,000 games of seed 20240601 give checksum b4009e32, red 8.22 %, 70.81 actions, 3.12 days', () => {
    const r = w1Checksum(20240601, 20000);
    expect(r.checksum).toBe('b4009e32');
    expect(((100 * r.redWins) / 20000).toFixed(2)).toBe('8.22');
    expect((r.actions / 20000).toFixed(2)).toBe('70.81');
    expect((r.days / 20000).toFixed(2)).toBe('3.12');
  });
});

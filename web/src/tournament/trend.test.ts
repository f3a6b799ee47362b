// The hall screen's trend: places gained (or lost) by the latest round with points.
import { describe, expect, it } from 'vitest';
import { trends } from './trend.js';

describe('trends', () => {
  it('no trend after a single round', () => {
    expect(trends([{ id: 'a', place: 1, rounds: [1] }]).size).toBe(0);
  });
  it('a player who overtakes in the latest round goes up, the one overtaken goes down', () => {
    const rows = [
      { id: 'b', place: 1, rounds: [0, 2] },
      { id: 'a', place: 2, rounds: [1, 0] },
      { id: 'c', place: 3, rounds: [0.5, null] },
    ];
    const t = trends(rows);
    expect(t.get('b')).toBe(2);
    expect(t.get('a')).toBe(-1);
    expect(t.get('c')).toBe(-1);
  });
});

// A server timer counts down on this device's clock from the time left when it was sent: a
// 60-second speech shows 1:00 at its start even when the device's clock runs ahead (R2).
import { describe, expect, it } from 'vitest';
import { timerOf } from './ws.js';

describe('timerOf', () => {
  it('a server timer: deadline = arrival + leftMs, whatever the server clock said', () => {
    const t = timerOf({ kind: 'speech', seat: 3, deadline: 1_000_000, leftMs: 60_000, totalMs: 60_000, warning: false }, 5_000_000);
    expect(t.deadline).toBe(5_060_000);
    expect(Math.ceil((t.deadline! - 5_000_010) / 1000)).toBe(60);
  });
  it("a judge's relayed timer keeps its own fields", () => {
    const t = timerOf({ kind: 'judge', seat: 3, deadline: 42, running: true, leftMs: 10_000, totalMs: 60_000 }, 5_000_000);
    expect(t).toMatchObject({ deadline: 42, running: true, leftMs: 10_000 });
  });
});

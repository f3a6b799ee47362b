import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { keepAlive } from './keepalive.js';

class FakeSocket extends EventEmitter {
  pings = 0;
  terminated = false;
  ping(): void {
    this.pings++;
  }
  terminate(): void {
    this.terminated = true;
    this.emit('close');
  }
}

describe('keepalive', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings every socket once per period, spread over the period instead of all in one turn', () => {
    const hb = keepAlive(1000);
    const socks = Array.from({ length: 40 }, () => new FakeSocket());
    for (const s of socks) hb.track(s as unknown as WebSocket);
    let most = 0;
    for (let t = 0; t < 10; t++) {
      const before = socks.reduce((a, s) => a + s.pings, 0);
      vi.advanceTimersByTime(100);
      most = Math.max(most, socks.reduce((a, s) => a + s.pings, 0) - before);
      for (const s of socks) s.emit('pong');
    }
    expect(socks.every((s) => s.pings === 1)).toBe(true);
    expect(most).toBeLessThanOrEqual(4);
    hb.stop();
  });

  it('drops a socket that did not answer its last ping, and only that one', () => {
    const hb = keepAlive(1000);
    const quiet = new FakeSocket();
    const live = new FakeSocket();
    hb.track(quiet as unknown as WebSocket);
    hb.track(live as unknown as WebSocket);
    vi.advanceTimersByTime(1000);
    live.emit('pong');
    vi.advanceTimersByTime(1000);
    expect(quiet.terminated).toBe(true);
    expect(live.terminated).toBe(false);
    expect(live.pings).toBe(2);
    hb.stop();
  });

  it('does not ping a socket that sent a message since its last turn, and drops it once it goes quiet', () => {
    const hb = keepAlive(1000);
    const talking = new FakeSocket();
    hb.track(talking as unknown as WebSocket);
    talking.emit('message');
    vi.advanceTimersByTime(1000);
    expect(talking.pings).toBe(0);
    // Quiet for a period: pinged as any other socket.
    vi.advanceTimersByTime(1000);
    expect(talking.pings).toBe(1);
    expect(talking.terminated).toBe(false);
    // It neither answers nor sends: dropped at its next turn.
    vi.advanceTimersByTime(1000);
    expect(talking.terminated).toBe(true);
    hb.stop();
  });

  it('keeps a socket that sent a message instead of answering a ping', () => {
    const hb = keepAlive(1000);
    const s = new FakeSocket();
    hb.track(s as unknown as WebSocket);
    vi.advanceTimersByTime(1000);
    expect(s.pings).toBe(1);
    s.emit('message');
    vi.advanceTimersByTime(1000);
    expect(s.terminated).toBe(false);
    expect(s.pings).toBe(1);
    hb.stop();
  });

  it('forgets a closed socket', () => {
    const hb = keepAlive(1000);
    const s = new FakeSocket();
    hb.track(s as unknown as WebSocket);
    s.emit('close');
    vi.advanceTimersByTime(3000);
    expect(s.pings).toBe(0);
    hb.stop();
  });
});

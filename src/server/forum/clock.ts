// The forum's clock, injectable: the server uses the system's; tests set the time and run whole
// weeks in milliseconds. Timers are capped so a week-long wait never overflows setTimeout.
export interface ForumClock {
  now(): number;
  /** Call `fn` at (or soon after) `at`; returns a cancel. */
  at(at: number, fn: () => void): () => void;
}

const MAX_WAIT = 60 * 60_000;

export const systemClock: ForumClock = {
  now: () => Date.now(),
  at(at, fn) {
    let t: NodeJS.Timeout | null = null;
    const arm = (): void => {
      const left = at - Date.now();
      if (left <= 0) return fn();
      // Long waits are re-armed hourly: the deadline is read again from the wall clock each time.
      t = setTimeout(arm, Math.min(left, MAX_WAIT));
      t.unref?.();
    };
    arm();
    return () => {
      if (t) clearTimeout(t);
    };
  },
};

/** A clock the caller moves: `set` fires every timer due, in order. */
export class FakeClock implements ForumClock {
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private seq = 0;
  constructor(private t: number) {}
  now(): number {
    return this.t;
  }
  at(at: number, fn: () => void): () => void {
    const id = ++this.seq;
    this.timers.push({ at, fn, id });
    return () => {
      this.timers = this.timers.filter((x) => x.id !== id);
    };
  }
  /** Move to `t`, firing each due timer at its own time. */
  set(t: number): void {
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > t) break;
      this.timers.shift();
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = t;
  }
  advance(ms: number): void {
    this.set(this.t + ms);
  }
}

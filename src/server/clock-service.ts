// Time for a table's timers and bots: the system's clock by default; a test or a simulation may
// give its own. Every timer of a table goes through one, so stopping a table (close, a process
// handing its tables over) stops them all.
export interface ClockService {
  now(): number;
  after(ms: number, fn: () => void): { cancel(): void };
}

export const systemClock: ClockService = {
  now: () => Date.now(),
  after(ms, fn) {
    const h = setTimeout(fn, ms);
    return { cancel: () => clearTimeout(h) };
  },
};

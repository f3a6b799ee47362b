// What the server owes a table and could not store (a timer's command, a bot's move, the end of
// the game, a deadline): tried again with a growing pause until it is stored or the table closes.
// While anything is owed the table is degraded, and its public info says so.
export class Retries {
  private timers = new Map<string, NodeJS.Timeout>();
  private agains = new Map<string, () => void>();
  private attempts = new Map<string, number>();
  private closed = false;

  constructor(
    /** Called when the table becomes degraded or recovers. */
    private onChange: () => void,
    private baseMs = 200,
    private maxMs = 10_000,
  ) {}

  get degraded(): boolean {
    return this.attempts.size > 0;
  }

  /** `key` failed on storage: run `again` later (one retry per key at a time: the latest `again` runs). */
  failed(key: string, again: () => void): void {
    if (this.closed) return;
    this.agains.set(key, again);
    if (this.timers.has(key)) return;
    const was = this.degraded;
    const n = (this.attempts.get(key) ?? 0) + 1;
    this.attempts.set(key, n);
    const h = setTimeout(
      () => {
        this.timers.delete(key);
        const run = this.agains.get(key);
        this.agains.delete(key);
        if (!this.closed) run?.();
      },
      Math.min(this.maxMs, this.baseMs * 2 ** (n - 1)),
    );
    h.unref();
    this.timers.set(key, h);
    if (!was) this.onChange();
  }

  /** `key` was stored (or is no longer owed). */
  ok(key: string): void {
    if (!this.attempts.delete(key)) return;
    const h = this.timers.get(key);
    if (h) clearTimeout(h);
    this.timers.delete(key);
    this.agains.delete(key);
    if (!this.degraded) this.onChange();
  }

  close(): void {
    this.closed = true;
    for (const h of this.timers.values()) clearTimeout(h);
    this.timers.clear();
  }
}

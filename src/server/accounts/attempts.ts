// Failed password sign-ins per account (the per-address limit is @fastify/rate-limit's, on the
// routes): over the limit the account refuses every password — right or wrong — until the window
// passes, so guessing one player's password from many addresses gets nowhere either.
export class FailedAttempts {
  private byKey = new Map<string, { count: number; until: number }>();

  constructor(private limit: { max: number; windowMs: number }) {}

  blocked(key: string, now = Date.now()): boolean {
    const e = this.byKey.get(key);
    if (!e) return false;
    if (e.until <= now) {
      this.byKey.delete(key);
      return false;
    }
    return e.count >= this.limit.max;
  }

  fail(key: string, now = Date.now()): void {
    const e = this.byKey.get(key);
    if (!e || e.until <= now) this.byKey.set(key, { count: 1, until: now + this.limit.windowMs });
    else e.count++;
    if (this.byKey.size > 100_000) for (const [k, v] of this.byKey) if (v.until <= now) this.byKey.delete(k);
  }

  succeed(key: string): void {
    this.byKey.delete(key);
  }
}

// Failed password sign-ins per account (the per-address limit is @fastify/rate-limit's, on the
// routes): over the limit the account refuses every password — right or wrong — until the window
// passes, so guessing one player's password from many addresses gets nowhere either. The count is
// kept in the account store, so every process on one database counts the same failures (a guesser
// spreading attempts over the processes behind a load balancer gets no more tries).
import type { AccountStore } from './store.js';

export class FailedAttempts {
  constructor(
    private store: AccountStore,
    private limit: { max: number; windowMs: number },
  ) {}

  async blocked(key: string, now = Date.now()): Promise<boolean> {
    return (await this.store.attempts(key, now)) >= this.limit.max;
  }

  async fail(key: string, now = Date.now()): Promise<void> {
    await this.store.failAttempt(key, now, this.limit.windowMs);
  }

  async succeed(key: string): Promise<void> {
    await this.store.clearAttempts(key);
  }
}

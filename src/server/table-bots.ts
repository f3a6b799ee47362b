// A table's bot seats: after each change every bot that may act gets a move after the table's
// bot delay. Bots run only where the table runs (its owner process in a cluster); a move is a
// command like any other (submitted to the table's queue, stored before it counts).
import { randomInt } from 'node:crypto';
import { legalCommands, mayAct, mulberry32, view, type Command, type GameState } from '../engine/index.js';
import type { Policy } from '../bots/policy.js';
import { makePolicies } from './bots.js';
import type { ClockService } from './clock-service.js';
import type { TableRow } from './storage.js';

export interface BotHost {
  row(): TableRow;
  state(): GameState;
  /** Whether moves may be made (the table plays and is not closed). */
  active(): boolean;
  submit(sender: string, cmd: Command): Promise<{ ok: true } | { ok: false; error: { code: string } }>;
  clock: ClockService;
  timeScale: number;
  log: { warn(o: object, msg: string): void };
}

export class BotRunner {
  private timers = new Map<number, { cancel(): void }>();
  private policies: Map<number, Policy>;
  private rand: () => number = mulberry32(randomInt(2 ** 32));

  constructor(private host: BotHost) {
    const row = host.row();
    this.policies = makePolicies(
      row.botPolicy,
      row.seats.filter((s) => s.bot).map((s) => s.seat),
    );
  }

  schedule(): void {
    const state = this.host.state();
    for (const [seat] of this.policies) {
      if (this.timers.has(seat)) continue;
      if (!mayAct(state, seat)) continue;
      this.timers.set(
        seat,
        this.host.clock.after(this.host.row().botDelayMs * this.host.timeScale, () => this.move(seat)),
      );
    }
  }

  clear(): void {
    for (const t of this.timers.values()) t.cancel();
    this.timers.clear();
  }

  private move(seat: number): void {
    this.timers.delete(seat);
    if (!this.host.active()) return;
    const state = this.host.state();
    const legal = legalCommands(state, seat);
    if (legal.length === 0) return;
    const policy = this.policies.get(seat)!;
    const id = this.host.row().id;
    let decision;
    try {
      decision = policy({ view: view(state, { kind: 'seat', seat }), legal, rand: this.rand });
    } catch (e) {
      this.host.log.warn({ table: id, seat, err: String(e) }, 'bot failed');
      return;
    }
    if (!decision) return;
    const cmd = { ...decision.command, by: seat };
    void this.host.submit(`bot:${seat}`, cmd).then((r) => {
      // A move that was not stored is chosen again once storage answers (the table's retry).
      if (!r.ok && r.error.code !== 'storage') this.host.log.warn({ table: id, seat, code: r.error.code }, 'bot command refused');
    });
  }
}

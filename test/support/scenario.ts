// A scripted table for rule tests and example records: send commands by name, walk through
// speeches and votes, and keep every command tried (a record replays rejected ones too, R70).
import {
  apply,
  replay,
  startGame,
  toRecord,
  type Command,
  type GameEvent,
  type GameRecord,
  type GameState,
  type Rejection,
  type RoleId,
  type Setup,
} from '../../src/engine/index.js';

export class Table {
  readonly state: GameState;
  /** Every command tried, accepted or not, in order. */
  readonly tried: Command[] = [];
  readonly rejected: { index: number; code: string }[] = [];

  constructor(readonly setup: Setup) {
    this.state = startGame(setup);
  }

  static deal(preset: Setup['preset'], deal: RoleId[], options?: Record<string, unknown>): Table {
    const setup: Setup = { preset, deal };
    if (options) setup.options = options;
    return new Table(setup);
  }

  /** Try a command; returns the rejection or the events. */
  try(cmd: Command): { ok: true; events: GameEvent[] } | { ok: false; error: Rejection } {
    this.tried.push(cmd);
    const r = apply(this.state, cmd);
    if (r.ok) return { ok: true, events: r.value };
    this.rejected.push({ index: this.tried.length - 1, code: r.error.code });
    return { ok: false, error: r.error };
  }

  /** Send a command that must be accepted. */
  do(cmd: Command): GameEvent[] {
    const r = this.try(cmd);
    if (!r.ok) throw new Error(`rejected ${JSON.stringify(cmd)}: ${r.error.code} ${r.error.detail ?? ''} (${JSON.stringify(this.state.stage)})`);
    return r.events;
  }

  /** A night: the given actions, then the clock closes it if it is still open. */
  night(actions: Command[]): this {
    for (const a of actions) this.do(a);
    if (this.state.stage.kind === 'night' && !this.state.finished) this.do({ by: 'clock', do: 'endNight' });
    return this;
  }

  /** Speeches until the day's vote (or night): seats nominate from `noms`; last words end at once. */
  speeches(noms: Record<number, number> = {}, extra?: (seat: number) => void): this {
    for (let guard = 0; guard < 200; guard++) {
      const st = this.state.stage;
      if (this.state.finished || st.kind !== 'speech') return this;
      if (st.speech === 'day') {
        const t = noms[st.seat];
        if (t !== undefined) this.do({ by: st.seat, do: 'nominate', target: t });
        extra?.(st.seat);
      }
      if (this.state.stage.kind === 'speech') this.do({ by: st.seat, do: 'endSpeech' });
    }
    throw new Error('speeches did not end');
  }

  /** Last words and tie speeches: end them all until a vote, a night or the end. */
  talkThrough(): this {
    for (let guard = 0; guard < 50; guard++) {
      const st = this.state.stage;
      if (this.state.finished || st.kind !== 'speech' || st.speech === 'day') return this;
      this.do({ by: st.seat, do: 'endSpeech' });
    }
    return this;
  }

  /** One vote round: seats vote as given; the clock closes the round if some did not vote. */
  vote(votes: Record<number, number>): this {
    const rounds = this.events('votingStarted').length;
    for (const [seat, target] of Object.entries(votes)) this.do({ by: Number(seat), do: 'vote', target });
    // Close only the round these votes went to, not the one that may have opened after it.
    if (this.state.stage.kind === 'vote' && !this.state.finished && this.events('votingStarted').length === rounds)
      this.do({ by: 'clock', do: 'closeVote' });
    return this;
  }

  events<T extends GameEvent['t']>(t: T): Extract<GameEvent, { t: T }>[] {
    return this.state.log.filter((e): e is Extract<GameEvent, { t: T }> => e.t === t);
  }

  alive(): number[] {
    return this.state.seats.filter((x) => x.alive).map((x) => x.seat);
  }

  record(meta?: Record<string, unknown>): GameRecord {
    const rec = toRecord(this.setup, this.tried);
    if (meta) rec.meta = meta;
    return rec;
  }

  /** The record replays to this very log. */
  replays(): boolean {
    const r = replay(this.record());
    return r.ok && JSON.stringify(r.value.state.log) === JSON.stringify(this.state.log);
  }
}

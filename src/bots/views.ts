// The views a host hands its bots, built incrementally. view(state, seat) deep-copies the whole
// log on every call, which made the simulator spend 85 % of its time copying; this gives the
// same content — view(state, seat, {log:false}) plus visibleEvents(state, seat) — with each
// event copied and frozen once and shared by the seats that may see it. A test holds it equal
// to view(state, seat).
import { canSee, view, type GameEvent, type GameState, type GameView, type Team } from '../engine/index.js';

function deepCopyFrozen<T>(x: T): T {
  if (typeof x !== 'object' || x === null) return x;
  if (Array.isArray(x)) return Object.freeze(x.map(deepCopyFrozen)) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(x)) out[k] = deepCopyFrozen((x as Record<string, unknown>)[k]);
  return Object.freeze(out) as T;
}

export class SeatViews {
  private readonly copies: GameEvent[] = [];
  private readonly logs = new Map<number, { team: Team; upTo: number; events: GameEvent[] }>();

  constructor(private readonly state: GameState) {}

  /** Exactly the content of view(state, {kind:'seat', seat}); logged events are frozen. */
  get(seat: number): GameView {
    const s = this.state;
    for (let i = this.copies.length; i < s.log.length; i++) this.copies.push(deepCopyFrozen(s.log[i]!));
    const viewer = { kind: 'seat', seat } as const;
    const team = s.seats[seat - 1]?.team ?? 'red';
    let cache = this.logs.get(seat);
    // canSee('black') looks at the seat's team now: a converted seat sees the black past too.
    if (!cache || cache.team !== team) this.logs.set(seat, (cache = { team, upTo: 0, events: [] }));
    for (; cache.upTo < s.log.length; cache.upTo++) {
      const e = s.log[cache.upTo]!;
      if (!canSee(e.vis, viewer, s)) continue;
      // A seat's events are numbered within what it may see (view.ts), so the copy is per seat
      // when the numbers differ.
      const c = this.copies[cache.upTo]!;
      const k = cache.events.length;
      cache.events.push(c.n === k ? c : Object.freeze({ ...c, n: k }));
    }
    const v = view(s, viewer, { log: false });
    v.log = cache.events.slice();
    return v;
  }
}

// Small read-only questions about a game state, shared by the rules, views and bots.
import { roleDef, abilityOn, type Ability } from './roles.js';
import type { GameState, SeatState } from './state.js';
import type { Verb } from './vocab.js';

/**
 * list.indexOf(x) for the engine's short lists of seats (a ballot, the queue, tonight's dead): a
 * loop the compiler inlines costs half of a call to the built-in (W1 speed, issue 18).
 */
export function indexIn(list: readonly number[], x: number): number {
  for (let i = 0; i < list.length; i++) if (list[i] === x) return i;
  return -1;
}

export function seatOf(s: GameState, seat: number): SeatState | undefined {
  return s.seats[seat - 1];
}

export function livingCount(s: GameState): number {
  let n = 0;
  for (const x of s.seats) if (x.alive === true) n++;
  return n;
}

export function livingByTeam(s: GameState): { red: number; black: number; neutral: number } {
  let red = 0;
  let black = 0;
  let neutral = 0;
  // Counters, not out[x.team]++: a keyed store per seat costs more than the compare (every exit asks).
  for (const x of s.seats) {
    if (x.alive !== true) continue;
    if (x.team === 'red') red++;
    else if (x.team === 'black') black++;
    else neutral++;
  }
  return { red, black, neutral };
}

/** The seat's ability with this verb, if its role has it and the table's options leave it on. */
export function ability(s: GameState, seat: SeatState, verb: Verb, when: Ability['when']): Ability | undefined {
  for (const a of roleDef(seat.role).abilities) if (a.verb === verb && a.when === when && isOn(s, seat.seat, a)) return a;
  return undefined;
}

/** An option-limited ability (roles.ts `uses`) is on while the seat has uses left. */
export function isOn(s: GameState, seat: number, a: Ability): boolean {
  return a.uses === undefined || abilityOn(a, s.options, () => timesUsed(s, seat, a.verb));
}

/** Nights on which this seat used this verb on someone (a choice the judge saw counts, R23). */
export function timesUsed(s: GameState, seat: number, verb: string): number {
  let n = 0;
  for (const e of s.log) if (e.t === 'nightAction' && e.seat === seat && e.verb === verb && e.target !== null) n++;
  return n;
}

export function hasActed(s: GameState, seat: number, verb: string): boolean {
  for (const a of s.actions) if (a.seat === seat && a.verb === verb) return true;
  return false;
}

/** The next living seat strictly after `from`, cyclically. */
export function nextLiving(s: GameState, from: number): number {
  const n = s.seats.length;
  for (let k = 1; k <= n; k++) {
    const seat = ((from - 1 + k) % n) + 1;
    if (s.seats[seat - 1]?.alive === true) return seat;
  }
  return 0;
}

/** Living seats in seat order starting at `first`. */
export function livingFrom(s: GameState, first: number): number[] {
  const n = s.seats.length;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const seat = ((first - 1 + k) % n) + 1;
    if (s.seats[seat - 1]?.alive === true) out.push(seat);
  }
  return out;
}

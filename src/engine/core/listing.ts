// The Listing: how a lister (legal.ts, a preset's own commands) walks the commands an actor may
// give once, and the same walk answers every question about them — build all, count, probe for
// the first, build only the k-th — with the helpers that count a run of seats by arithmetic.
import type { Command } from './command.js';
import type { GameState } from './state.js';

/**
 * Where a lister puts commands, and how many it wants. The lister meets its commands in one fixed
 * order and, for each, asks take(l) whether to build it (into l.out), then done(l) whether to go
 * on. The same walk answers every question about the list, so the rules are written once:
 * legalCommands builds every command; mayAct stops at the first and builds none; legalCount
 * counts them all and builds none; legalAt(k) stops at the k-th and builds only that one.
 */
export interface Listing {
  out: Command[];
  /** Commands met so far (built or only counted). */
  n: number;
  /** The lister returns once n reaches this. */
  stop: number;
  /** Which command to build: ALL, NONE, or the index of the only one wanted (legalAt). */
  keep: number;
}

/** Listing.keep: build every command met, or none. */
export const ALL = -1;
export const NONE = -2;

/** Counts one more command; true when the lister should build it and put it in l.out. */
export function take(l: Listing): boolean {
  const i = l.n++;
  return l.keep === ALL || i === l.keep;
}

/** Has the lister met all the commands it was asked for? (Commands put after it are not built.) */
export function done(l: Listing): boolean {
  return l.n >= l.stop;
}

/**
 * Meets a run of c commands at once, for a lister that can count them without walking them: what
 * take/done would do for each when not building all (counting, probing, legalAt's k-th). Returns
 * the index within the run of the one command to build (legalAt's k falls in it), else -1.
 */
export function skipRun(l: Listing, c: number): number {
  const k = l.keep;
  const n0 = l.n;
  if (k >= n0 && k < n0 + c) {
    l.n = k + 1;
    return k - n0;
  }
  l.n = n0 + c;
  return -1;
}

/**
 * `per` commands for each seat of `mask` (bit 1 << seat), in seat order, made by make(by, seat, j)
 * (j < per): built one by one for legalCommands, else counted by arithmetic and only the wanted one
 * made. A speaker's seat loops (nominations, lending the floor) were most of a speech's walk when
 * each command went through take/done, and a random bot's step walks them twice (count, pick).
 * Returns done(l).
 */
export function seatRun(l: Listing, mask: number, per: number, by: number, make: (by: number, seat: number, j: number) => Command): boolean {
  if (l.keep === ALL) {
    for (let m = mask; m !== 0; m &= m - 1) {
      const t = 31 - Math.clz32(m & -m);
      for (let j = 0; j < per; j++) {
        if (take(l)) l.out.push(make(by, t, j));
        if (done(l)) return true;
      }
    }
    return false;
  }
  const i = skipRun(l, per * bitCount(mask));
  if (i >= 0) l.out.push(make(by, nthBit(mask, (i / per) | 0), i % per));
  return done(l);
}

/** The number of bits set (seats in a mask). */
function bitCount(m: number): number {
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The position of the i-th bit set (from 0, lowest first): the i-th seat of a mask. */
function nthBit(m: number, i: number): number {
  for (; i > 0; i--) m &= m - 1;
  return 31 - Math.clz32(m & -m);
}

/**
 * The living seats as bits (1 << seat; the shared lister seats at most 15). Read anew each time:
 * twelve loads cost less than keeping the answer per state (comparing and storing its key, the
 * last event stored through the GC's write barrier) — a tournament game spent ~70,000
 * instructions in the kept version, its speech steps asking twice.
 */
export function livingMask(s: GameState): number {
  const seats = s.seats;
  let m = 0;
  for (let i = 0; i < seats.length; i++) {
    const x = seats[i]!;
    if (x.alive === true) m |= 1 << x.seat;
  }
  return m;
}

/** Asked only whether there is any command (mayAct): a lister may answer by a shortcut. */
export function onlyWhether(l: Listing): boolean {
  return l.stop === 1 && l.keep === NONE;
}

/** Every seat as bits, living or not. */
export function allSeatsMask(s: GameState): number {
  return (2 << s.seats.length) - 2;
}

// Night-action limits shared by club and tournament: the doctor's heal (R23, R33) and the
// lover's save (R32). A limit counts every choice the actor made, even one a freeze voided:
// the judge saw the choice, and "two nights running" is about what the actor points at.
import { reject, type Rejection } from './rejection.js';
import type { GameState } from './state.js';

/** Targets this seat chose with this verb on earlier nights: [night, target] pairs. */
export function pastTargets(s: GameState, seat: number, verb: string): [number, number][] {
  // Asked once per candidate target and per seat that may act (legalCommands, actors, the
  // night's «does anyone still owe an action»), at every step of a night. A log only grows: the
  // answers are kept for every seat and verb asked, and brought up to date by reading only the
  // events added since (another log — a fork, a copy — or one that no longer holds the event last
  // seen where it was starts over).
  const log = s.log;
  const k = CACHE;
  if (k.log !== log || log.length < k.len || (k.len > 0 && log[k.len - 1] !== k.last)) {
    k.log = log;
    k.kept = [];
  }
  k.len = log.length;
  k.last = log[log.length - 1];
  // A loop, not find(): asked for every target of a doctor's or lover's listing.
  let e: (typeof k.kept)[number] | undefined;
  for (const x of k.kept)
    if (x.seat === seat && x.verb === verb) {
      e = x;
      break;
    }
  if (!e) {
    e = { seat, verb, out: [], upTo: 0 };
    k.kept.push(e);
  }
  for (let i = e.upTo; i < log.length; i++) {
    const x = log[i]!;
    // A new array when one is added: a caller may still hold the earlier answer.
    if (x.t === 'nightAction' && x.seat === seat && x.verb === verb && x.target !== null) e.out = [...e.out, [x.number, x.target]];
  }
  e.upTo = log.length;
  return e.out;
}

/** The remembered answers of pastTargets for one log (callers only read them). */
const CACHE: { log: unknown; last: unknown; len: number; kept: { seat: number; verb: string; out: [number, number][]; upTo: number }[] } = {
  log: null,
  last: null,
  len: 0,
  kept: [],
};

export interface TargetLimits {
  /** Times a game the actor may choose himself (Infinity: no limit). */
  self: number;
  /** Times a game the same target (0: no limit). */
  perTarget: number;
  /** May the same target be chosen two nights running. */
  consecutive: boolean;
  rule: string;
}

/** Check one target against the actor's history (pass `past` from pastTargets). */
export function limitError(s: GameState, seat: number, target: number, past: [number, number][], l: TargetLimits): Rejection | null {
  // Indexed, not destructured: asked for every target of a doctor's or lover's listing.
  let same = 0;
  for (let i = 0; i < past.length; i++) if (past[i]![1] === target) same++;
  if (target === seat && same >= l.self) return reject(l.self === 0 ? 'badTarget' : 'limitReached', l.rule, 'self');
  if (l.perTarget > 0 && same >= l.perTarget) return reject('limitReached', l.rule);
  if (!l.consecutive) {
    const last = s.number - 1;
    for (let i = 0; i < past.length; i++) if (past[i]![0] === last && past[i]![1] === target) return reject('consecutive', l.rule);
  }
  return null;
}

export function doctorLimits(s: GameState, rule: string): TargetLimits {
  const o = s.options;
  return { self: o.doctorSelfHeals ?? Infinity, perTarget: o.doctorPerTarget ?? 0, consecutive: o.doctorConsecutive ?? true, rule };
}

/** R32: the lover never saves herself. */
export function loverLimits(s: GameState): TargetLimits {
  const o = s.options;
  return { self: 0, perTarget: o.loverPerTarget ?? 0, consecutive: o.loverConsecutive ?? true, rule: 'R32' };
}

/** Is there any living seat the actor may still choose? (the night waits only for a possible action) */
export function anyTarget(s: GameState, seat: number, verb: string, l: TargetLimits): boolean {
  const past = pastTargets(s, seat, verb);
  for (const x of s.seats) if (x.alive === true && !limitError(s, seat, x.seat, past, l)) return true;
  return false;
}

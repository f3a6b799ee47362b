// Night-action limits shared by club and tournament: the doctor's heal (R23, R33) and the
// lover's save (R32). A limit counts every choice the actor made, even one a freeze voided:
// the judge saw the choice, and "two nights running" is about what the actor points at.
import { reject, type Rejection } from './rejection.js';
import type { GameState } from './state.js';

/** Targets this seat chose with this verb on earlier nights: [night, target] pairs. */
export function pastTargets(s: GameState, seat: number, verb: string): [number, number][] {
  // legalCommands asks once per candidate target: the answer is kept until the log changes (its
  // last event is another object), so listing a night reads the log once, not once per seat.
  const last = s.log[s.log.length - 1];
  const k = CACHE;
  if (k.log === s.log && k.last === last && k.len === s.log.length && k.seat === seat && k.verb === verb) return k.out;
  const out: [number, number][] = [];
  for (const e of s.log) if (e.t === 'nightAction' && e.seat === seat && e.verb === verb && e.target !== null) out.push([e.number, e.target]);
  k.log = s.log;
  k.last = last;
  k.len = s.log.length;
  k.seat = seat;
  k.verb = verb;
  k.out = out;
  return out;
}

/** One remembered answer of pastTargets (callers only read it). */
const CACHE: { log: unknown; last: unknown; len: number; seat: number; verb: string; out: [number, number][] } = {
  log: null,
  last: null,
  len: -1,
  seat: 0,
  verb: '',
  out: [],
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
  let same = 0;
  for (const [, t] of past) if (t === target) same++;
  if (target === seat && same >= l.self) return reject(l.self === 0 ? 'badTarget' : 'limitReached', l.rule, 'self');
  if (l.perTarget > 0 && same >= l.perTarget) return reject('limitReached', l.rule);
  if (!l.consecutive) for (const [night, t] of past) if (night === s.number - 1 && t === target) return reject('consecutive', l.rule);
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
  for (const x of s.seats) if (x.alive && !limitError(s, seat, x.seat, past, l)) return true;
  return false;
}

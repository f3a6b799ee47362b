// Commands as a record carries them, and the shape check every untrusted command passes.
import { reject, type Rejection } from './rejection.js';
import type { Verb } from './vocab.js';
import type { Actor } from './events.js';

export interface Command {
  by: Actor;
  do: Verb;
  target?: number | null;
  targets?: number[];
  leave?: boolean;
  withdrawn?: boolean;
  reason?: string;
  text?: string;
  points?: number;
  /** voteCount: hands counted for `target` (or, with `leave: true`, for «all leave?»). */
  count?: number;
  /** onRecord: seats left «on record» as red and as black (fiim 6.7). */
  red?: number[];
  black?: number[];
}

type FieldKind = 'seat' | 'seatOrNull' | 'seats' | 'bool' | 'text' | 'number' | 'count';
const FIELDS: Record<string, FieldKind> = {
  target: 'seatOrNull',
  targets: 'seats',
  leave: 'bool',
  withdrawn: 'bool',
  reason: 'text',
  text: 'text',
  points: 'number',
  count: 'count',
  red: 'seats',
  black: 'seats',
};

/** Which optional fields each verb accepts; anything else is an unknown field. */
const VERB_FIELDS: Record<Verb, readonly string[]> = {
  endSpeech: [],
  nominate: ['target'],
  withdraw: [],
  vote: ['target', 'leave', 'withdrawn', 'reason'],
  closeVote: [],
  foul: ['target', 'reason'],
  remove: ['target', 'reason'],
  shoot: ['target'],
  check: ['target'],
  plan: ['targets'],
  endNight: [],
  say: ['text'],
  heal: ['target'],
  block: ['target'],
  guard: ['target'],
  save: ['target'],
  kill: ['target'],
  skip: [],
  protect: ['target'],
  explode: ['target'],
  seduce: ['target'],
  leave: [],
  giveFloor: ['target'],
  bestMove: ['targets'],
  extraPoints: ['target', 'points', 'reason'],
  endDay: [],
  lawyerDeadline: [],
  techFoul: ['target', 'reason'],
  voteCount: ['target', 'leave', 'count'],
  onRecord: ['red', 'black'],
  teamDefeat: ['target', 'reason'],
};

/**
 * Each verb's accepted fields with their kinds, in objects without a prototype: one lookup per
 * field says both whether the verb takes it and how to check it (every command passes here, W1
 * speed, issue 18). "__proto__" and other Object.prototype names are plain missing keys here.
 */
const VERB_KINDS: Readonly<Record<string, Readonly<Record<string, FieldKind>> | undefined>> = (() => {
  const out: Record<string, Record<string, FieldKind>> = Object.create(null) as Record<string, Record<string, FieldKind>>;
  for (const [verb, fields] of Object.entries(VERB_FIELDS)) {
    const kinds = Object.create(null) as Record<string, FieldKind>;
    for (const f of fields) kinds[f] = FIELDS[f]!;
    out[verb] = kinds;
  }
  return out;
})();

export const MAX_TEXT = 4000;
export const MAX_TARGETS = 64;

/**
 * Check an untrusted value is a well-formed command for a table of `size` seats.
 * Returns the rejection, or null when the shape is right (the rules are checked later).
 */
export function commandShapeError(x: unknown, size: number): Rejection | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return reject('malformed');
  const c = x as Record<string, unknown>;
  const verb = c['do'];
  // VERB_KINDS has every verb as its own key: one lookup instead of a search of the list.
  const kinds = typeof verb === 'string' ? VERB_KINDS[verb] : undefined;
  if (kinds === undefined) return reject('unknownVerb', undefined, typeof verb === 'string' ? verb.slice(0, 40) : undefined);
  const by = c['by'];
  if (!(by === 'judge' || by === 'clock' || (typeof by === 'number' && Number.isInteger(by) && by >= 1 && by <= size)))
    return reject('badActor');
  // for-in over an object literal or JSON.parse output sees exactly its own keys ("__proto__" included).
  for (const key in c) {
    if (key === 'by' || key === 'do') continue;
    if (!Object.prototype.hasOwnProperty.call(c, key)) return reject('unknownField', undefined, key.slice(0, 40));
    const kind = kinds[key];
    if (kind === undefined) return reject('unknownField', undefined, key.slice(0, 40));
    const v = c[key];
    switch (kind) {
      case 'seatOrNull':
        if (v === null) break;
        if (typeof v !== 'number' || !Number.isInteger(v)) return reject('malformed', undefined, key);
        if (v < 1 || v > size) return reject('badTarget');
        break;
      case 'seats':
        if (!Array.isArray(v) || v.length > MAX_TARGETS) return reject('malformed', undefined, key);
        for (const t of v) {
          if (typeof t !== 'number' || !Number.isInteger(t)) return reject('malformed', undefined, key);
          if (t < 1 || t > size) return reject('badTarget');
        }
        break;
      case 'bool':
        if (typeof v !== 'boolean') return reject('malformed', undefined, key);
        break;
      case 'text':
        if (typeof v !== 'string') return reject('malformed', undefined, key);
        if (v.length > MAX_TEXT) return reject('textTooLong');
        break;
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > 100) return reject('malformed', undefined, key);
        break;
      case 'count':
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > size) return reject('malformed', undefined, key);
        break;
      default:
        return reject('unknownField', undefined, key.slice(0, 40));
    }
  }
  return null;
}

/** A clean copy holding only the known fields (drops prototype tricks). */
export function normalizeCommand(x: Record<string, unknown>): Command {
  const out: Record<string, unknown> = { by: x['by'], do: x['do'] };
  for (const key of Object.keys(x)) if (key !== 'by' && key !== 'do' && Object.prototype.hasOwnProperty.call(FIELDS, key)) out[key] = x[key];
  return out as unknown as Command;
}

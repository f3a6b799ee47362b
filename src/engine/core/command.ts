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

/** The optional fields, one bit each: a verb's accepted fields are a mask (VERB_FIELDS). */
const TARGET = 1;
const TARGETS = 2;
const LEAVE = 4;
const WITHDRAWN = 8;
const REASON = 16;
const TEXT = 32;
const POINTS = 64;
const COUNT = 128;
const RED = 256;
const BLACK = 512;

/** The known optional fields (normalizeCommand keeps these). */
const FIELDS: Readonly<Record<string, number>> = { target: TARGET, targets: TARGETS, leave: LEAVE, withdrawn: WITHDRAWN, reason: REASON, text: TEXT, points: POINTS, count: COUNT, red: RED, black: BLACK };

/** Which optional fields each verb accepts; anything else is an unknown field. */
const VERB_FIELDS: Readonly<Record<Verb, number>> = {
  endSpeech: 0,
  nominate: TARGET,
  withdraw: 0,
  vote: TARGET | LEAVE | WITHDRAWN | REASON,
  closeVote: 0,
  foul: TARGET | REASON,
  remove: TARGET | REASON,
  shoot: TARGET,
  check: TARGET,
  plan: TARGETS,
  endNight: 0,
  say: TEXT,
  heal: TARGET,
  block: TARGET,
  guard: TARGET,
  save: TARGET,
  kill: TARGET,
  skip: 0,
  protect: TARGET,
  explode: TARGET,
  seduce: TARGET,
  leave: 0,
  giveFloor: TARGET,
  bestMove: TARGETS,
  extraPoints: TARGET | POINTS | REASON,
  endDay: 0,
  lawyerDeadline: 0,
  techFoul: TARGET | REASON,
  voteCount: TARGET | LEAVE | COUNT,
  onRecord: RED | BLACK,
  teamDefeat: TARGET | REASON,
};

/**
 * VERB_FIELDS without a prototype: every command's verb is looked up here (W1 speed, issue 18),
 * and "__proto__" or "toString" are plain missing keys.
 */
const VERB_MASK: Readonly<Record<string, number | undefined>> = Object.assign(Object.create(null) as Record<string, number>, VERB_FIELDS);

/** The verb's mask: the frequent verbs by a switch (their names compare as pointers), the rest from the table. */
function verbMask(verb: string): number | undefined {
  switch (verb) {
    case 'endSpeech':
      return VERB_FIELDS.endSpeech;
    case 'vote':
      return VERB_FIELDS.vote;
    case 'nominate':
      return VERB_FIELDS.nominate;
    case 'shoot':
      return VERB_FIELDS.shoot;
    case 'check':
      return VERB_FIELDS.check;
    default:
      return VERB_MASK[verb];
  }
}

/** The field's bit, or 0 for a name that is no field (a switch: the names compare as pointers). */
function fieldBit(key: string): number {
  switch (key) {
    case 'target':
      return TARGET;
    case 'leave':
      return LEAVE;
    case 'targets':
      return TARGETS;
    case 'withdrawn':
      return WITHDRAWN;
    case 'reason':
      return REASON;
    case 'text':
      return TEXT;
    case 'points':
      return POINTS;
    case 'count':
      return COUNT;
    case 'red':
      return RED;
    case 'black':
      return BLACK;
    default:
      return 0;
  }
}

export const MAX_TEXT = 4000;
export const MAX_TARGETS = 64;

const OWN = Object.prototype.hasOwnProperty;

/**
 * Check an untrusted value is a well-formed command for a table of `size` seats.
 * Returns the rejection, or null when the shape is right (the rules are checked later).
 */
export function commandShapeError(x: unknown, size: number): Rejection | null {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return reject('malformed');
  const c = x as Record<string, unknown>;
  const verb = c['do'];
  const mask = typeof verb === 'string' ? verbMask(verb) : undefined;
  if (mask === undefined) return reject('unknownVerb', undefined, typeof verb === 'string' ? verb.slice(0, 40) : undefined);
  const by = c['by'];
  // A seat's number is asked for first: a compare of a number with a string is a call to the generic
  // equality, where two compares of strings, or two of numbers, are one instruction (W1 speed, issue 18).
  if (typeof by === 'number' ? !(Number.isInteger(by) && by >= 1 && by <= size) : by !== 'judge' && by !== 'clock') return reject('badActor');
  // for-in over an object literal or JSON.parse output sees exactly its own keys ("__proto__" included).
  for (const key in c) {
    if (key === 'by' || key === 'do') continue;
    const bit = fieldBit(key);
    if ((mask & bit) === 0 || !OWN.call(c, key)) return reject('unknownField', undefined, key.slice(0, 40));
    const v = c[key];
    // A seat, the most frequent field, checked here; the rest apart (fieldError).
    if (bit === TARGET && typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= size) continue;
    const bad = fieldError(bit, key, v, size);
    if (bad !== null) return bad;
  }
  return null;
}

function fieldError(bit: number, key: string, v: unknown, size: number): Rejection | null {
  switch (bit) {
    case TARGET:
      if (v === null) return null;
      if (typeof v !== 'number' || !Number.isInteger(v)) return reject('malformed', undefined, key);
      if (v < 1 || v > size) return reject('badTarget');
      return null;
    case TARGETS:
    case RED:
    case BLACK:
      if (!Array.isArray(v) || v.length > MAX_TARGETS) return reject('malformed', undefined, key);
      for (const t of v) {
        if (typeof t !== 'number' || !Number.isInteger(t)) return reject('malformed', undefined, key);
        if (t < 1 || t > size) return reject('badTarget');
      }
      return null;
    case LEAVE:
    case WITHDRAWN:
      return typeof v === 'boolean' ? null : reject('malformed', undefined, key);
    case REASON:
    case TEXT:
      if (typeof v !== 'string') return reject('malformed', undefined, key);
      return v.length > MAX_TEXT ? reject('textTooLong') : null;
    case POINTS:
      return typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > 100 ? reject('malformed', undefined, key) : null;
    case COUNT:
      return typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > size ? reject('malformed', undefined, key) : null;
    default:
      return reject('unknownField', undefined, key.slice(0, 40));
  }
}

/** A clean copy holding only the known fields (drops prototype tricks). */
export function normalizeCommand(x: Record<string, unknown>): Command {
  const out: Record<string, unknown> = { by: x['by'], do: x['do'] };
  for (const key of Object.keys(x)) if (key !== 'by' && key !== 'do' && OWN.call(FIELDS, key)) out[key] = x[key];
  return out as unknown as Command;
}

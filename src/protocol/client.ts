// What clients send (validated with zod, strict): WebSocket messages and HTTP bodies (docs/protocol.md).
import { z } from 'zod';
import { VERBS } from '../engine/index.js';

const seatNo = z.number().int().min(1).max(64);

/**
 * What no name or text may hold: control characters (a text keeps its line breaks), bidi
 * overrides, embeddings, isolates and marks (they reorder what others read: a name that shows as
 * another's), zero-width characters and the line and paragraph separators. Checked after NFC.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_IN_TEXT = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u206F\uFEFF]/u;
const NOT_IN_NAME = /[\n]/u;

/** A message's text (a speech, a reason): NFC, refused (`badText`) with a forbidden character. */
export function cleanText(max: number, multiline: boolean) {
  return z
    .string()
    .max(max)
    .transform((s) => s.normalize('NFC'))
    .refine((s) => !NOT_IN_TEXT.test(s) && (multiline || !NOT_IN_NAME.test(s)), { message: 'badText' });
}

/** A nickname: trimmed, 1..64 characters, one line, NFC. */
export const nickname = cleanText(256, false)
  .transform((s) => s.trim())
  .pipe(z.string().min(1).max(64));

const text = cleanText(4000, true);

/** A command as a client sends it; `by` only counts from the judge (the token decides). */
export const CommandBody = z.strictObject({
  do: z.enum(VERBS),
  by: z.union([seatNo, z.literal('judge'), z.literal('clock')]).optional(),
  target: seatNo.nullable().optional(),
  targets: z.array(seatNo).max(64).optional(),
  leave: z.boolean().optional(),
  withdrawn: z.boolean().optional(),
  reason: text.optional(),
  text: text.optional(),
  points: z.number().finite().min(-100).max(100).optional(),
  // The judge's counted hands (voteCount, R8) and colours on record (onRecord, fiim 6.7): a server
  // table refused them as malformed, so a count could not be entered there nor a game with one published.
  count: z.number().int().min(0).max(64).optional(),
  red: z.array(seatNo).max(64).optional(),
  black: z.array(seatNo).max(64).optional(),
});
export type CommandBody = z.infer<typeof CommandBody>;

const nonce = z.string().min(1).max(64);
const lastEvent = z.number().int().min(-1).max(10_000_000);
const token = z.string().regex(/^[0-9a-f]{32}$/);

export const ClientMessage = z.discriminatedUnion('type', [
  // frames: 'patch' — this client folds patch frames (docs/protocol.md); others get whole views.
  z.strictObject({ type: z.literal('hello'), token, lastEvent: lastEvent.optional(), frames: z.literal('patch').optional() }),
  z.strictObject({ type: z.literal('command'), nonce, command: CommandBody }),
  z.strictObject({ type: z.literal('resume'), lastEvent }),
  z.strictObject({ type: z.literal('start') }),
  z.strictObject({ type: z.literal('undo'), nonce: nonce.optional() }),
  // The judge's own speech timer, relayed to the table's displays (judge tables).
  z.strictObject({
    type: z.literal('timer'),
    kind: z.null().optional(),
    seat: seatNo.nullable().optional(),
    running: z.boolean().optional(),
    leftMs: z.number().int().min(0).max(86_400_000).optional(),
    totalMs: z.number().int().min(0).max(86_400_000).optional(),
  }),
  z.strictObject({ type: z.literal('ping') }),
  // The host of a table with a server clock: pause it, resume it, or add time to this stage.
  z.strictObject({
    type: z.literal('clock'),
    nonce: nonce.optional(),
    action: z.enum(['pause', 'resume', 'extend']),
    seconds: z.number().int().min(1).max(600).optional(),
  }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

const clockSeconds = z.number().int().min(0).max(86_400);

export const CreateTableBody = z.strictObject({
  preset: z.string().max(32),
  size: z.number().int().min(1).max(64).optional(),
  // Values as the engine's options take them (the engine checks each): a role list is an array.
  options: z.record(z.string().max(64), z.union([z.string().max(64), z.number(), z.boolean(), z.array(z.string().max(32)).max(64)])).optional(),
  mode: z.enum(['online', 'judge']).default('online'),
  names: z.array(nickname).max(64).optional(),
  bots: z.array(seatNo).max(64).optional(),
  botPolicy: z.string().max(64).optional(),
  botDelayMs: z.number().int().min(0).max(60_000).optional(),
  clock: z
    .strictObject({
      auto: z.boolean().optional(),
      introNightSeconds: clockSeconds.optional(),
      nightSeconds: clockSeconds.optional(),
      voteSeconds: clockSeconds.optional(),
    })
    .optional(),
  autoStart: z.boolean().optional(),
  /** An idempotency key (the judge console's upload of a local game): a repeat gets the same table. */
  uploadKey: z.string().regex(/^[0-9a-f]{32,64}$/).optional(),
  /** Online tables: anyone may take a free seat from the lobby (POST /api/tables/:id/claim). Default false. */
  open: z.boolean().optional(),
  /** Open tables: seats the host keeps for people it invites (their links come in the answer); the rest are free. */
  reserve: z.array(seatNo).max(64).optional(),
  /** A given deal: accepted only by a server started with fixedDeals (benchmarks, tests). */
  deal: z.array(z.string().max(32)).max(64).optional(),
  /** Judge tables: the commands of a game begun offline (imported with its deal). */
  commands: z.array(CommandBody).max(5000).optional(),
  /** Judge tables: the console's own R60 commitment of `deal` (made under its local table id). */
  local: z
    .strictObject({
      id: z.string().min(1).max(64),
      commitment: z.string().regex(/^[0-9a-f]{64}$/),
      salt: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .optional(),
});
export type CreateTableBody = z.infer<typeof CreateTableBody>;

export const NameBody = z.strictObject({ token, nickname });
export const TokenBody = z.strictObject({ token });
/** `POST /api/tables/:id/claim`: a stranger takes a free seat of an open table under this nickname. */
export const ClaimBody = z.strictObject({ nickname });


const VERB_SET: ReadonlySet<string> = new Set(VERBS);
const isSeatNo = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 64;
/** The command fields the fast path reads (no text: a text is normalised by the schema). */
const FAST_FIELDS: Record<string, (x: unknown) => boolean> = {
  do: (x) => typeof x === 'string' && VERB_SET.has(x),
  by: (x) => isSeatNo(x) || x === 'judge' || x === 'clock',
  target: (x) => x === null || isSeatNo(x),
  targets: (x) => Array.isArray(x) && x.length <= 64 && x.every(isSeatNo),
};

/**
 * The most frequent message — a command that names only a verb, an actor and targets — checked by
 * hand: a parsed JSON value that passes is one ClientMessage accepts as it is (client.test.ts
 * checks both ways on random messages); anything else (null) goes through the schema, which also
 * says what is wrong. The schema's parse was a few percent of the server's CPU per command.
 */
export function plainCommand(json: unknown): Extract<ClientMessage, { type: 'command' }> | null {
  if (typeof json !== 'object' || json === null) return null;
  const m = json as Record<string, unknown>;
  let keys = 0;
  for (const k in m) {
    if (k !== 'type' && k !== 'nonce' && k !== 'command') return null;
    keys++;
  }
  if (keys !== 3 || m['type'] !== 'command') return null;
  const nonce = m['nonce'];
  if (typeof nonce !== 'string' || nonce.length < 1 || nonce.length > 64) return null;
  const c = m['command'];
  if (typeof c !== 'object' || c === null || Array.isArray(c)) return null;
  const body = c as Record<string, unknown>;
  if (!('do' in body)) return null;
  for (const k in body) {
    const ok = Object.hasOwn(FAST_FIELDS, k) ? FAST_FIELDS[k]! : null;
    if (!ok || !ok(body[k])) return null;
  }
  return m as unknown as Extract<ClientMessage, { type: 'command' }>;
}

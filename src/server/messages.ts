// Inbound messages (validated with zod, strict) and the shapes of outbound ones (docs/protocol.md).
import { z } from 'zod';
import { reject, VERBS, type RejectionCode } from '../engine/index.js';

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
});
export type CommandBody = z.infer<typeof CommandBody>;

const nonce = z.string().min(1).max(64);
const lastEvent = z.number().int().min(-1).max(10_000_000);
const token = z.string().regex(/^[0-9a-f]{32}$/);

export const ClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('hello'), token, lastEvent: lastEvent.optional() }),
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

/** Server error codes beside the engine's rejection codes. */
export const SERVER_ERRORS = {
  badJson: ['Сообщение не является JSON', 'The message is not JSON'],
  badMessage: ['Сообщение составлено неверно', 'The message is malformed'],
  unauthorized: ['Неверный или отсутствующий ключ доступа', 'Missing or unknown token'],
  readOnly: ['Вы только наблюдаете за игрой', 'You are watching; you cannot act'],
  notJudge: ['Это может сделать только ведущий', 'Only the judge may do this'],
  notHost: ['Это может сделать только создатель стола', 'Only the host may do this'],
  notStarted: ['Игра ещё не началась', 'The game has not started'],
  alreadyStarted: ['Игра уже началась', 'The game has already started'],
  nothingToUndo: ['Нечего отменять', 'Nothing to undo'],
  storage: ['Не удалось сохранить; повторите', 'Could not store the command; retry'],
  tableNotFound: ['Стол не найден', 'No such table'],
  notFinished: ['Игра ещё не окончена', 'The game is not finished'],
  badOrigin: ['Чужой источник запроса', 'Foreign origin'],
  badHost: ['Неизвестное имя сервера (ALLOWED_HOSTS)', 'Unknown server name (ALLOWED_HOSTS)'],
  notFound: ['Не найдено', 'Not found'],
  notOpen: ['За этот стол садятся только по приглашению', 'This table is by invitation only'],
  noFreeSeat: ['Свободных мест нет', 'No free seat is left'],
  hostClock: [
    'За онлайн-столом речи, голосование и ночь заканчивает таймер сервера; создатель стола может поставить его на паузу, продолжить или добавить время',
    'At an online table the server’s clock ends speeches, votes and nights; the host may pause it, resume it or add time',
  ],
  noTimer: ['Сейчас таймер не идёт', 'No timer is running now'],
  alreadyPaused: ['Таймер уже на паузе', 'The timer is already paused'],
  notPaused: ['Таймер не на паузе', 'The timer is not paused'],
  extendLimit: ['Этот этап больше не продлить', 'This stage cannot be extended any further'],
  rateLimited: ['Слишком часто; подождите немного', 'Too many requests; wait a little'],
  badText: ['Недопустимые символы в тексте', 'The text holds characters that are not allowed'],
  shuttingDown: ['Сервер перезапускается; подключитесь снова', 'The server is restarting; reconnect'],
} as const;
export type ServerErrorCode = keyof typeof SERVER_ERRORS;

export interface ErrorMessage {
  type: 'error';
  nonce?: string;
  code: string;
  message: { ru: string; en: string };
  rule?: string;
  detail?: string;
}

export function serverError(code: ServerErrorCode, detail?: string, nonce?: string): ErrorMessage {
  const [ru, en] = SERVER_ERRORS[code];
  const e: ErrorMessage = { type: 'error', code, message: { ru, en } };
  if (nonce !== undefined) e.nonce = nonce;
  if (detail !== undefined) e.detail = detail.slice(0, 200);
  return e;
}

/** An engine rejection code (badTarget, gameOver…) as an error message. */
export function rejection(code: RejectionCode, detail?: string, nonce?: string): ErrorMessage {
  const r = reject(code, undefined, detail);
  const e: ErrorMessage = { type: 'error', code: r.code, message: r.message };
  if (nonce !== undefined) e.nonce = nonce;
  if (r.detail !== undefined) e.detail = r.detail;
  return e;
}

/** The error code of a zod failure: `badText` for a forbidden character, else `badMessage`. */
export function zodCode(e: z.ZodError): 'badText' | 'badMessage' {
  return e.issues.some((i) => i.message === 'badText') ? 'badText' : 'badMessage';
}

/** A short, safe description of a zod failure (path and issue, never the input). */
export function zodDetail(e: z.ZodError): string {
  const i = e.issues[0];
  if (!i) return 'invalid';
  return `${i.path.join('.') || '(root)'}: ${i.code}`;
}

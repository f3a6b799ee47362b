// Error frames: the server's own codes beside the engine's rejection codes, in Russian and English.
import type { z } from 'zod';
import { reject, type RejectionCode } from '../engine/index.js';

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

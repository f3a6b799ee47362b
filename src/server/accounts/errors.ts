// The account API's refusals: a typed code with its Russian and English message (like the
// server's SERVER_ERRORS); the web app shows the message in the reader's language.
import type { FastifyReply } from 'fastify';

export const ACCOUNT_ERRORS = {
  signInRequired: ['Войдите в аккаунт', 'Please sign in'],
  csrf: ['Запрос отклонён: обновите страницу и попробуйте снова', 'Request refused: reload the page and try again'],
  badNickname: [
    'Ник: от 2 до 32 символов, буквы одного алфавита (кириллица или латиница), цифры, пробел, точка, дефис или подчёркивание',
    'Nickname: 2 to 32 characters — letters of one alphabet (Cyrillic or Latin), digits, spaces, dots, hyphens or underscores',
  ],
  badPassword: ['Пароль: не короче 10 символов', 'Password: at least 10 characters'],
  nicknameTaken: ['Этот ник уже занят', 'This nickname is taken'],
  badCredentials: ['Неверный ник или пароль', 'Wrong nickname or password'],
  wrongPassword: ['Текущий пароль указан неверно', 'The current password is wrong'],
  tooManyAttempts: ['Слишком много попыток входа, попробуйте позже', 'Too many sign-in attempts, try again later'],
  passkeyFailed: ['Ключ доступа не подошёл', 'The passkey was not accepted'],
  passkeyExpired: ['Время на вход с ключом истекло, попробуйте снова', 'The passkey request expired, try again'],
  noPasskeys: ['Для входа с ключом нужен защищённый адрес (HTTPS или localhost)', 'Passkeys need a secure address (HTTPS or localhost)'],
  notSeatLink: ['Это не ссылка на место за столом', 'This is not a seat link'],
  seatTaken: ['Это место уже привязано к другому игроку', 'This seat is bound to another player'],
  seatNotYours: ['Это место не ваше', 'This seat is not yours'],
  notHost: ['Это может сделать только создатель стола', 'Only the host may do this'],
  accountNotFound: ['Игрок с таким ником не зарегистрирован', 'No registered player has this nickname'],
  clubNotFound: ['Клуб не найден', 'Club not found'],
  clubTaken: ['Клуб с таким адресом уже есть', 'A club with this address exists'],
  badClub: ['Адрес клуба: латиница, цифры и дефис, от 2 до 32 символов', 'Club address: 2 to 32 Latin letters, digits and hyphens'],
  forbidden: ['У вас нет на это прав в клубе', 'Your club role does not allow this'],
  lastOwner: ['В клубе должен остаться хотя бы один владелец', 'A club must keep at least one owner'],
  badCode: ['Код не подошёл или уже использован', 'The code is wrong or was used already'],
  tournamentNotFound: ['Турнир не найден', 'Tournament not found'],
  playerNotFound: ['В турнире нет такого игрока', 'No such player in the tournament'],
  sameAccount: ['Это один и тот же аккаунт', 'This is the same account'],
  mergeNotConsented: [
    'Объединить можно, только если оба аккаунта подтвердили на своих страницах, что принадлежат одному человеку',
    'Both accounts must first confirm on their own account pages that they belong to one person',
  ],
  badRequest: ['Запрос составлен неверно', 'The request is malformed'],
} as const;

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

/** Thrown by the account routes; answered with its status and message. */
export class AccountError extends Error {
  constructor(
    readonly status: number,
    readonly code: AccountErrorCode,
  ) {
    super(code);
  }
}

export function accountFail(reply: FastifyReply, status: number, code: AccountErrorCode): FastifyReply {
  const [ru, en] = ACCOUNT_ERRORS[code];
  return reply.code(status).send({ code, message: { ru, en } });
}

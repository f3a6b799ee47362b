// Typed rejections: a code a program can switch on and a sentence a judge can read aloud.

export const REJECTION_CODES = [
  'malformed',
  'unknownVerb',
  'unknownField',
  'badActor',
  'badTarget',
  'gameOver',
  'wrongPhase',
  'notYourTurn',
  'notAlive',
  'notAllowed',
  'targetNotAlive',
  'alreadyNominated',
  'nominationLimit',
  'nothingToWithdraw',
  'notCandidate',
  'alreadyVoted',
  'selfVote',
  'alreadyActed',
  'silenced',
  'limitReached',
  'consecutive',
  'textTooLong',
  'late',
] as const;
export type RejectionCode = (typeof REJECTION_CODES)[number];

export interface Rejection {
  code: RejectionCode;
  message: { ru: string; en: string };
  /** The rule that refused the command, when one did. */
  rule?: string;
  detail?: string;
}

const MESSAGES: Record<RejectionCode, [ru: string, en: string]> = {
  malformed: ['Команда составлена неверно', 'The command is malformed'],
  unknownVerb: ['Неизвестная команда', 'Unknown command'],
  unknownField: ['В команде лишнее поле', 'The command has an unknown field'],
  badActor: ['Команду подаёт не тот участник', 'This actor cannot give this command'],
  badTarget: ['Такого игрока нет за столом', 'No such seat at this table'],
  gameOver: ['Игра окончена', 'The game is over'],
  wrongPhase: ['Сейчас это сделать нельзя', 'Not possible in the current phase'],
  notYourTurn: ['Сейчас не ваша очередь', 'It is not your turn'],
  notAlive: ['Игрок выбыл из игры', 'This player is out of the game'],
  notAllowed: ['У вашей роли нет такого действия', 'Your role has no such action now'],
  targetNotAlive: ['Этот игрок уже выбыл', 'That player is already out'],
  alreadyNominated: ['Этот игрок уже выставлен', 'That player is already nominated'],
  nominationLimit: ['Вы уже выставили кандидатуру', 'You already have a nomination standing'],
  nothingToWithdraw: ['Вам нечего отзывать', 'You have no nomination to withdraw'],
  notCandidate: ['Этого игрока нет среди кандидатур', 'That player is not a candidate'],
  alreadyVoted: ['Вы уже проголосовали', 'You have already voted'],
  selfVote: ['Голосовать за себя нельзя', 'You may not vote for yourself'],
  alreadyActed: ['Вы уже сделали ход этой ночью', 'You have already acted this night'],
  silenced: ['Вы лишены права голоса', 'You have lost your voice for now'],
  limitReached: ['Лимит этого действия исчерпан', 'This action has reached its limit'],
  consecutive: ['Нельзя выбирать того же игрока две ночи подряд', 'Not the same player two nights running'],
  textTooLong: ['Слишком длинный текст', 'The text is too long'],
  late: ['Время для этого действия истекло', 'The time for this action has passed'],
};

export function reject(code: RejectionCode, rule?: string, detail?: string): Rejection {
  const [ru, en] = MESSAGES[code];
  const r: Rejection = { code, message: { ru, en } };
  if (rule !== undefined) r.rule = rule;
  if (detail !== undefined) r.detail = detail;
  return r;
}

export type Result<T, E = Rejection> = { ok: true; value: T } | { ok: false; error: E };
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

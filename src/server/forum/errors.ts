// The forum API's typed errors: a code for programs, a sentence in Russian and English for people.
export type ForumErrorCode =
  | 'notFound'
  | 'badKey'
  | 'malformed'
  | 'notStarted'
  | 'alreadyStarted'
  | 'finished'
  | 'notAlive'
  | 'voteNotOpen'
  | 'voteClosed'
  | 'alreadyVoted'
  | 'reasonRequired'
  | 'notTeamSender'
  | 'notBlack'
  | 'tooLong'
  | 'noPhase'
  | 'extendLimit'
  | 'banned'
  | 'entryPosts'
  | 'clubBanned'
  | 'notClubStaff'
  | 'seatBound'
  | 'signInRequired'
  | 'busy'
  | 'engine';

const TEXT: Record<ForumErrorCode, [string, string]> = {
  notFound: ['Игра не найдена', 'Game not found'],
  badKey: ['Неверная ссылка доступа', 'Wrong access link'],
  malformed: ['Неверный запрос', 'Malformed request'],
  notStarted: ['Игра ещё не началась', 'The game has not started'],
  alreadyStarted: ['Игра уже началась: расписание не меняется', 'The game has started: the schedule is fixed'],
  finished: ['Игра окончена', 'The game is over'],
  notAlive: ['Вы выбыли из игры', 'You are out of the game'],
  voteNotOpen: ['Голосование ещё не открыто', 'The vote is not open yet'],
  voteClosed: ['Голосование закрыто: голос после срока не засчитывается', 'The vote is closed: a late vote does not count'],
  alreadyVoted: ['Вы уже проголосовали сегодня; голос не меняется', 'You have voted today; a vote cannot be changed'],
  reasonRequired: ['Голос засчитывается только с обоснованием', 'A vote counts only with a reason'],
  notTeamSender: ['Выбор команды сегодня отправляет другой игрок мафии', "Another mafia player sends the team's choice tonight"],
  notBlack: ['Этот канал — только для мафии', 'This channel is for the mafia only'],
  tooLong: ['Слишком длинный текст', 'Text too long'],
  noPhase: ['Сейчас нет срока, который можно продлить', 'No deadline to extend now'],
  extendLimit: ['Продление не больше суток за раз', 'An extension is at most one day at a time'],
  banned: ['Игрок отстранён от игр сезона за неявку', 'The player is banned from the season for a no-show'],
  entryPosts: ['Для входа в игру нужно больше сообщений на форуме', 'More forum posts are needed to enter'],
  clubBanned: ['Клуб отстранил игрока от этого сезона', 'The club has banned the player from this season'],
  notClubStaff: ['Связать сезон с клубом может только владелец или судья клуба (войдите в аккаунт)', "Only the club's owner or judge may tie a season to the club (sign in)"],
  seatBound: ['Это место уже привязано к другому аккаунту', 'This seat is bound to another account'],
  signInRequired: ['Войдите в аккаунт', 'Please sign in'],
  busy: ['Игру одновременно меняют: повторите', 'The game is being changed at the same moment: try again'],
  engine: ['Ход отклонён', 'Move refused'],
};

export interface ForumError {
  code: ForumErrorCode;
  message: { ru: string; en: string };
  /** When the engine refused: its own code. */
  rejection?: string;
}

export function forumError(code: ForumErrorCode, detail?: { ru: string; en: string }, rejection?: string): ForumError {
  const [ru, en] = TEXT[code];
  const e: ForumError = { code, message: detail ? { ru: `${ru}: ${detail.ru}`, en: `${en}: ${detail.en}` } : { ru, en } };
  if (rejection) e.rejection = rejection;
  return e;
}

export type Outcome<T = true> = { ok: true; value: T } | { ok: false; error: ForumError };
export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = (error: ForumError): Outcome<never> => ({ ok: false, error });

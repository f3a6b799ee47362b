// Typed errors of the tournament module: a code a program can switch on and a sentence an
// organizer can read, in Russian and English (like the engine's rejections).

export const TOURNAMENT_ERRORS = {
  badNumber: ['Неверное число', 'Not a valid number'],
  notDivisible: ['Игры не заполняются: игроки × игры должно делиться на 10', 'The games cannot be filled: players × games must be a multiple of 10'],
  tooFewPlayers: ['Игроков меньше, чем мест за столами одного тура', 'Fewer players than the seats of one round'],
  badForbidden: ['Неверная пара «не сажать вместе»', 'A pair that must not meet is not valid'],
  forbiddenImpossible: ['Пары «не сажать вместе» не дают составить рассадку', 'The pairs that must not meet make a seating impossible'],
  badTournament: ['Турнир описан неверно', 'The tournament is not valid'],
  badScoring: ['Система подсчёта описана неверно', 'The scoring system is not valid'],
  unknownScoring: ['Нет такой системы подсчёта', 'No such scoring system'],
  badRecord: ['Запись игры не читается', 'The game record cannot be read'],
  rejectedCommand: ['В записи игры есть отклонённая команда', 'The game record has a rejected command'],
  unfinished: ['Игра не окончена', 'The game is not finished'],
  otherPreset: ['Игра сыграна по другим правилам', 'The game was played under other rules'],
  otherOptions: ['Игра сыграна с другими настройками', 'The game was played with other options'],
  otherPlayers: ['За столом сидели другие игроки', 'Other players sat at the table'],
  noSuchSlot: ['Нет такой игры в турнире', 'No such game in the tournament'],
  noSlotForRecord: ['Игра не подходит ни к одному столу турнира', 'The game matches no table of the tournament'],
  notEnoughPlayers: ['Недостаточно игроков', 'Not enough players'],
} as const;

export type TournamentErrorCode = keyof typeof TOURNAMENT_ERRORS;

export interface TournamentError {
  code: TournamentErrorCode;
  message: { ru: string; en: string };
  /** What exactly is wrong (English, for people and logs; never secret). */
  detail?: string;
}

export function tournamentError(code: TournamentErrorCode, detail?: string): TournamentError {
  const [ru, en] = TOURNAMENT_ERRORS[code];
  const e: TournamentError = { code, message: { ru, en } };
  if (detail !== undefined) e.detail = detail;
  return e;
}

export type Result<T, E = TournamentError> = { ok: true; value: T } | { ok: false; error: E };
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E>(error: E): Result<never, E> => ({ ok: false, error });

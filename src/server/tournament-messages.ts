// Tournament API inputs (zod, strict) and its error codes (docs/tournaments.md). Outputs are the
// typed objects of src/tournament and tournaments.ts.
import { z } from 'zod';
import { TOURNAMENT_ERRORS, type TournamentErrorCode } from '../tournament/index.js';

const nickname = z.string().trim().min(1).max(64);
const club = z.string().trim().max(64).optional();
const playerRef = z.string().trim().min(1).max(64);
/** A pair that must not meet: player ids or nicknames. */
const pair = z.tuple([playerRef, playerRef]);
const seed = z.string().max(200).optional();
/** A built-in system by id ("fiim"), a version of one ({id, version}) or a full custom definition. */
const scoring = z.union([z.string().max(64), z.record(z.string(), z.unknown())]);
const by = z.string().trim().min(1).max(64);

export const NewPlayers = z.strictObject({
  players: z.array(z.strictObject({ nickname, club })).max(1000).optional(),
  /** A paste: one player a line, "nickname[,club]" (commas, semicolons or tabs). */
  csv: z.string().max(200_000).optional(),
});
export type NewPlayers = z.infer<typeof NewPlayers>;

export const TournamentOptionsBody = z.strictObject({
  preset: z.string().max(32).optional(),
  gameOptions: z.record(z.string().max(64), z.union([z.string().max(64), z.number(), z.boolean(), z.array(z.string().max(32)).max(20)])).optional(),
  hideExtraUntilFinals: z.boolean().optional(),
  finalistsFirst: z.boolean().optional(),
  ratingKind: z.enum(['club', 'tournament', 'elite', 'none']).optional(),
  schedule: z
    .strictObject({
      from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
      to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
      games: z.number().int().min(1).max(100).optional(),
      finalTop: z.number().int().min(10).max(1000).optional(),
      finalGames: z.number().int().min(1).max(100).optional(),
      finalWeight: z.number().positive().max(100).optional(),
      finished: z.boolean().optional(),
    })
    .optional(),
});

export const CreateTournamentBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  players: NewPlayers.shape.players,
  csv: NewPlayers.shape.csv,
  forbidden: z.array(pair).max(10_000).optional(),
  scoring: scoring.optional(),
  options: TournamentOptionsBody.optional(),
});
export type CreateTournamentBody = z.infer<typeof CreateTournamentBody>;

/** Changes before the games begin (scoring, options) or any time (name). */
export const PatchTournamentBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  scoring: scoring.optional(),
  options: TournamentOptionsBody.optional(),
});
export type PatchTournamentBody = z.infer<typeof PatchTournamentBody>;

export const PatchPlayerBody = z.strictObject({ nickname: nickname.optional(), club: z.string().trim().max(64).nullable().optional() });
/** The pairs that must not meet (they replace the list); `sameClub` adds every pair of players of one club. */
export const ForbiddenBody = z.strictObject({ pairs: z.array(pair).max(10_000), sameClub: z.boolean().optional() });

export const SeatingBody = z.strictObject({
  tables: z.number().int().min(1).max(100),
  games: z.number().int().min(1).max(100),
  seed,
  /** Annealing moves (default: by size); tableWeight trades even meetings for even tables. */
  moves: z.number().int().min(0).max(100_000_000).optional(),
  tableWeight: z.number().min(0).max(100).optional(),
});
export type SeatingBody = z.infer<typeof SeatingBody>;

export const SwapBody = z.strictObject({ round: z.number().int().min(1).max(1000), a: playerRef, b: playerRef });
export type SwapBody = z.infer<typeof SwapBody>;

export const FinalsBody = z.strictObject({
  top: z.number().int().min(10).max(1000),
  games: z.number().int().min(1).max(100),
  tables: z.number().int().min(1).max(100).optional(),
  weight: z.number().positive().max(100).optional(),
  seed,
});
export type FinalsBody = z.infer<typeof FinalsBody>;

const clockSeconds = z.number().int().min(0).max(86_400);
export const OpenTableBody = z.strictObject({
  mode: z.enum(['online', 'judge']),
  /** Seats played by bots (online tables). */
  bots: z.array(z.number().int().min(1).max(64)).max(64).optional(),
  botPolicy: z.string().max(64).optional(),
  botDelayMs: z.number().int().min(0).max(60_000).optional(),
  clock: z.strictObject({ auto: z.boolean().optional(), introNightSeconds: clockSeconds.optional(), nightSeconds: clockSeconds.optional(), voteSeconds: clockSeconds.optional() }).optional(),
  /** Open a new table although the slot has one that has not finished (the old one is abandoned). */
  replace: z.boolean().optional(),
});
export type OpenTableBody = z.infer<typeof OpenTableBody>;

export const RecordBody = z.strictObject({
  record: z.record(z.string(), z.unknown()),
  /** Who attaches it (shown in the version history). */
  by: by.optional(),
  /** Why: required for a correction of a game that has a record already. */
  reason: z.string().trim().min(1).max(500).optional(),
  /** `import` for a record file, `upload` for the judge console's game (default). */
  source: z.enum(['upload', 'import']).optional(),
});
export type RecordBody = z.infer<typeof RecordBody>;

/** Extra points for one player in one game: the player by id, nickname or seat number. */
export const ExtraBody = z
  .strictObject({
    player: playerRef.optional(),
    seat: z.number().int().min(1).max(64).optional(),
    points: z.number().finite().min(-10).max(10).refine((x) => x !== 0, 'non-zero'),
    reason: z.string().trim().min(1).max(500),
    by: by.optional(),
  })
  .refine((x) => (x.player === undefined) !== (x.seat === undefined), 'player or seat');
export type ExtraBody = z.infer<typeof ExtraBody>;

/** A request for a correction of a game (a judge, a player at the table, the organizer). */
export const FlagBody = z.strictObject({ reason: z.string().trim().min(1).max(500), by: by.optional() });
/** The organizer resolves a game's open requests: how (a note), and who. */
export const ResolveBody = z.strictObject({ note: z.string().trim().min(1).max(500), by: by.optional() });

/** Errors of the tournament API beside the tournament module's own. */
export const TOURNAMENT_SERVER_ERRORS = {
  badMessage: ['Сообщение составлено неверно', 'The message is malformed'],
  unauthorized: ['Нужен ключ организатора', 'The organizer token is missing or wrong'],
  tournamentNotFound: ['Турнир не найден', 'No such tournament'],
  playerNotFound: ['Игрок не найден', 'No such player'],
  seatingLocked: ['Рассадку уже не изменить: игры начались', 'The seating can no longer change: games have begun'],
  playerLocked: ['Игрок уже играл или рассажен', 'The player has played or is seated already'],
  finalsExist: ['Финал уже рассажен', 'The finals are seated already'],
  tableOpen: ['За этим столом уже идёт игра', 'A game is already under way at this slot'],
  forbiddenPair: ['Эти игроки не должны сидеть за одним столом', 'These players must not share a table'],
  clubNotFound: ['Клуб не найден', 'No such club'],
  reasonRequired: ['Исправление игры требует причины', 'A correction needs a reason'],
  noVersion: ['Нет такой версии записи', 'No such version of the record'],
  noRecord: ['У игры ещё нет записи', 'The game has no record yet'],
  noExtra: ['Нет таких дополнительных баллов', 'No such extra points'],
  conflict: ['Турнир изменился одновременно; повторите', 'The tournament changed at the same time; retry'],
  tableRefused: ['Стол не создан', 'The table was not created'],
  notFound: ['Не найдено', 'Not found'],
  seatingCancelled: ['Рассадка отменена', 'The seating was cancelled'],
  seatingRunning: ['Рассадка уже составляется', 'A seating is being generated already'],
  noJob: ['Нет такой рассадки в работе', 'No such seating run'],
  noFlags: ['Игра не ждёт исправления', 'The game is not waiting for a correction'],
} as const;
export type TournamentServerErrorCode = keyof typeof TOURNAMENT_SERVER_ERRORS;

export type ApiErrorCode = TournamentServerErrorCode | TournamentErrorCode;

export interface ApiError {
  code: ApiErrorCode;
  message: { ru: string; en: string };
  detail?: string;
}

export function apiError(code: ApiErrorCode, detail?: string): ApiError {
  const [ru, en] = code in TOURNAMENT_SERVER_ERRORS ? TOURNAMENT_SERVER_ERRORS[code as TournamentServerErrorCode] : TOURNAMENT_ERRORS[code as TournamentErrorCode];
  const e: ApiError = { code, message: { ru, en } };
  if (detail !== undefined) e.detail = detail.slice(0, 300);
  return e;
}

/** A refusal with its HTTP status (thrown inside the service, answered by the routes). */
export class TournamentApiError extends Error {
  constructor(
    public status: number,
    public error: ApiError,
  ) {
    super(`${error.code}${error.detail ? `: ${error.detail}` : ''}`);
  }
}

/** Refuse a request: throws the typed error the routes answer with. */
export function refuse(status: number, code: ApiErrorCode, detail?: string): never {
  throw new TournamentApiError(status, apiError(code, detail));
}

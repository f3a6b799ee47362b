// Scoring systems as data (gorod-scoring/1): a list of rules, each of a known kind with its
// points and the source it comes from, and the tie-breaks. A tournament keeps a copy of the
// system it counts by, so a later version of a built-in system never changes an old tournament.
import { CAUSES, ROLES, TEAMS, isOneOf, type Cause, type RoleId, type Team } from '../engine/index.js';
import { fail, ok, tournamentError, type Result } from './errors.js';

export const SCORING_FORMAT = 'gorod-scoring/1';

/** Where a rule's points go: standings show each group and tie-breaks may sum some of them. */
export const SCORE_GROUPS = ['main', 'bonus', 'bestMove', 'extra', 'penalty', 'compensation'] as const;
export type ScoreGroup = (typeof SCORE_GROUPS)[number];

export const RULE_KINDS = ['win', 'loss', 'bestMove', 'extraPoints', 'exitPenalty', 'firstKilledCompensation', 'doctorFirstHeal', 'sheriffFirstCheck'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export interface Text {
  ru: string;
  en: string;
}

interface RuleBase {
  id: string;
  group: ScoreGroup;
  name: Text;
  /** The clause or document the rule comes from. */
  source: string;
  /** Only players of these roles / teams (the team at the game's end) get it. */
  roles?: RoleId[];
  teams?: Team[];
  /** Only in games whose record has this option switched on (tournament preset: pointsBestMove …). */
  requiresOption?: string;
}

export type Rule =
  /** A win (loss): `points`, or `byRole[role]` for that role. A draw counts as a loss. */
  | (RuleBase & { kind: 'win' | 'loss'; points: number; byRole?: Partial<Record<RoleId, number>> })
  /** The first player killed at night named seats as black (the bestMove event): points by how many were black. */
  | (RuleBase & { kind: 'bestMove'; points: Partial<Record<'1' | '2' | '3', number>>; voidAfterDay1VoteExits?: number })
  /** The judge's extra points (extraPoints events), as given. */
  | (RuleBase & { kind: 'extraPoints' })
  /**
   * Leaving the game by one of `causes`; `handsWinPoints` instead for the player whose offence
   * made the judge declare their team defeated, the other team winning (fiim 9.3, the
   * teamDefeated event; mafiaratings "team kicked out"). A removal that ends the game by the
   * count is an ordinary removal.
   */
  | (RuleBase & { kind: 'exitPenalty'; causes: Cause[]; points: number; handsWinPoints?: number })
  /**
   * FIIM Ci: a player killed on the first shooting night (night 2) gets, in each such game
   * (lost games only with `onlyLoss`; a draw is not lost), clamp(max·K / round(rate·N), 0, max), K = such games in
   * the tournament, N = games played; the max while round(rate·N) is 0 (K / 0 clamped).
   */
  | (RuleBase & { kind: 'firstKilledCompensation'; max: number; rate: number; onlyLoss: boolean })
  /** Regulation 4.3.1 / 4.3.2: the doctor's first heal saved the mafia's target; the sheriff's first check found black. */
  | (RuleBase & { kind: 'doctorFirstHeal' | 'sheriffFirstCheck'; points: number });

export type Tiebreak =
  /** More points from these groups first. */
  | { by: 'points'; groups: ScoreGroup[] }
  | { by: 'wins' }
  /** More wins in these roles first (FIIM: sheriff and don). */
  | { by: 'winsAs'; roles: RoleId[] }
  /** More times killed on the first shooting night first (FIIM). */
  | { by: 'firstKilled' };

/**
 * The tie-breaks a system gets when it names none (the default, FIIM's sorting
 * "(epg)wsk" in mafiaratings): extra points (the judge's, the best move and the penalties
 * together), then wins, then wins as sheriff or don, then times first killed.
 */
export const DEFAULT_TIEBREAKS: readonly Tiebreak[] = [
  { by: 'points', groups: ['extra', 'bestMove', 'penalty'] },
  { by: 'wins' },
  { by: 'winsAs', roles: ['sheriff', 'don'] },
  { by: 'firstKilled' },
];

export interface ScoringSystem {
  format: typeof SCORING_FORMAT;
  id: string;
  version: number;
  name: Text;
  source: string;
  rules: Rule[];
  tiebreaks: Tiebreak[];
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNum = (x: unknown, lim = 100): x is number => typeof x === 'number' && Number.isFinite(x) && Math.abs(x) <= lim;
const isText = (x: unknown): x is Text => isObj(x) && typeof x['ru'] === 'string' && typeof x['en'] === 'string' && x['ru'].length <= 200 && x['en'].length <= 200;
const isId = (x: unknown): x is string => typeof x === 'string' && /^[A-Za-z0-9_.-]{1,64}$/.test(x);

function checkRule(x: unknown, i: number): string | null {
  const at = `rules.${i}`;
  if (!isObj(x)) return `${at}: an object`;
  if (!isId(x['id'])) return `${at}.id`;
  if (!isOneOf(RULE_KINDS, x['kind'])) return `${at}.kind: one of ${RULE_KINDS.join(', ')}`;
  if (!isOneOf(SCORE_GROUPS, x['group'])) return `${at}.group: one of ${SCORE_GROUPS.join(', ')}`;
  if (!isText(x['name'])) return `${at}.name: {ru, en}`;
  if (typeof x['source'] !== 'string' || x['source'].length > 500) return `${at}.source`;
  if (x['roles'] !== undefined && !(Array.isArray(x['roles']) && x['roles'].every((r) => isOneOf(ROLES, r)))) return `${at}.roles`;
  if (x['teams'] !== undefined && !(Array.isArray(x['teams']) && x['teams'].every((r) => isOneOf(TEAMS, r)))) return `${at}.teams`;
  if (x['requiresOption'] !== undefined && !isId(x['requiresOption'])) return `${at}.requiresOption`;
  const allowed = new Set(['id', 'kind', 'group', 'name', 'source', 'roles', 'teams', 'requiresOption']);
  const extra = (...keys: string[]): void => keys.forEach((k) => allowed.add(k));
  switch (x['kind']) {
    case 'win':
    case 'loss':
      extra('points', 'byRole');
      if (!isNum(x['points'])) return `${at}.points`;
      if (x['byRole'] !== undefined && !(isObj(x['byRole']) && Object.entries(x['byRole']).every(([k, v]) => isOneOf(ROLES, k) && isNum(v)))) return `${at}.byRole`;
      break;
    case 'bestMove':
      extra('points', 'voidAfterDay1VoteExits');
      if (!isObj(x['points']) || !Object.entries(x['points']).every(([k, v]) => ['1', '2', '3'].includes(k) && isNum(v))) return `${at}.points: {"2": …, "3": …}`;
      if (x['voidAfterDay1VoteExits'] !== undefined && !(Number.isInteger(x['voidAfterDay1VoteExits']) && (x['voidAfterDay1VoteExits'] as number) >= 1)) return `${at}.voidAfterDay1VoteExits`;
      break;
    case 'extraPoints':
      break;
    case 'exitPenalty':
      extra('causes', 'points', 'handsWinPoints');
      if (!Array.isArray(x['causes']) || !x['causes'].every((c) => isOneOf(CAUSES, c))) return `${at}.causes: of ${CAUSES.join(', ')}`;
      if (!isNum(x['points'])) return `${at}.points`;
      if (x['handsWinPoints'] !== undefined && !isNum(x['handsWinPoints'])) return `${at}.handsWinPoints`;
      break;
    case 'firstKilledCompensation':
      extra('max', 'rate', 'onlyLoss');
      if (!isNum(x['max'], 10) || !isNum(x['rate'], 1) || (x['rate'] as number) <= 0 || typeof x['onlyLoss'] !== 'boolean') return `${at}: max, rate (0–1], onlyLoss`;
      break;
    case 'doctorFirstHeal':
    case 'sheriffFirstCheck':
      extra('points');
      if (!isNum(x['points'])) return `${at}.points`;
      break;
  }
  for (const k of Object.keys(x)) if (!allowed.has(k)) return `${at}: unknown field ${k.slice(0, 40)}`;
  return null;
}

function checkTiebreak(x: unknown, i: number): string | null {
  const at = `tiebreaks.${i}`;
  if (!isObj(x)) return `${at}: an object`;
  switch (x['by']) {
    case 'points':
      return Array.isArray(x['groups']) && x['groups'].length > 0 && x['groups'].every((g) => isOneOf(SCORE_GROUPS, g)) ? null : `${at}.groups`;
    case 'winsAs':
      return Array.isArray(x['roles']) && x['roles'].length > 0 && x['roles'].every((r) => isOneOf(ROLES, r)) ? null : `${at}.roles`;
    case 'wins':
    case 'firstKilled':
      return null;
    default:
      return `${at}.by: points, wins, winsAs or firstKilled`;
  }
}

/** Check an untrusted scoring definition (a custom system sent by an organizer). */
export function validateScoring(input: unknown): Result<ScoringSystem> {
  const bad = (detail: string): Result<ScoringSystem> => fail(tournamentError('badScoring', detail));
  if (!isObj(input)) return bad('an object');
  const x: Obj = input['tiebreaks'] === undefined ? { ...input, tiebreaks: structuredClone([...DEFAULT_TIEBREAKS]) } : input;
  if (x['format'] !== SCORING_FORMAT) return bad(`format: "${SCORING_FORMAT}"`);
  if (!isId(x['id'])) return bad('id');
  if (!Number.isInteger(x['version']) || (x['version'] as number) < 1) return bad('version: a positive integer');
  if (!isText(x['name'])) return bad('name: {ru, en}');
  if (typeof x['source'] !== 'string' || x['source'].length > 2000) return bad('source');
  if (!Array.isArray(x['rules']) || x['rules'].length === 0 || x['rules'].length > 50) return bad('rules: 1 to 50');
  if (!Array.isArray(x['tiebreaks']) || x['tiebreaks'].length > 10) return bad('tiebreaks: at most 10 (leave them out for FIIM\'s)');
  for (const k of Object.keys(x)) if (!['format', 'id', 'version', 'name', 'source', 'rules', 'tiebreaks'].includes(k)) return bad(`unknown field ${k.slice(0, 40)}`);
  const ids = new Set<string>();
  for (const [i, r] of x['rules'].entries()) {
    const e = checkRule(r, i);
    if (e) return bad(e);
    const id = (r as Obj)['id'] as string;
    if (ids.has(id)) return bad(`rules.${i}.id: ${id} twice`);
    ids.add(id);
  }
  for (const [i, t] of x['tiebreaks'].entries()) {
    const e = checkTiebreak(t, i);
    if (e) return bad(e);
  }
  return ok(structuredClone(x) as unknown as ScoringSystem);
}

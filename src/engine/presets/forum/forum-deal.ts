// The forum deal (forum-mafia.ru.txt "Действующие лица", R41, R53): who may play at which size,
// the default deal, what a player is told at the deal, and the hidden bonus drawn with the deal.
import type { EventBody, Visibility } from '../../core/events.js';
import type { Options } from '../../core/options.js';
import { reject, type Rejection } from '../../core/rejection.js';
import { mulberryStep } from '../../core/rng.js';
import { ROLE_DEFS } from '../../core/roles.js';
import type { GameState } from '../../core/state.js';
import type { RoleId } from '../../core/vocab.js';
import { retaliates } from './forum-roles.js';

export const FORUM_ROLES: readonly RoleId[] = [
  'civilian',
  'don',
  'mafia',
  'child',
  'commissar',
  'sergeant',
  'doctor',
  'lawyer',
  'maniac',
  'priestess',
  'kamikaze',
];

/** Roles a deal holds at most once. */
const SINGLE: readonly RoleId[] = ['don', 'child', 'commissar', 'sergeant', 'doctor', 'lawyer', 'maniac', 'priestess', 'kamikaze'];

/** The kamikaze plays from 20 players (R41); the priestess's void power from 12 is her trait (core/roles.ts). */
export const KAMIKAZE_MIN = 20;

/** What a role needs to be dealt: a table size (R41), another role beside it (R47). */
const NEEDS: Partial<Record<RoleId, { players?: number; role?: RoleId; rule: string }>> = {
  kamikaze: { players: KAMIKAZE_MIN, rule: 'R41' },
  sergeant: { role: 'commissar', rule: 'R47' },
};

const NEEDY = Object.keys(NEEDS) as RoleId[];

/** Why this role may not be dealt beside these roles at n seats, or null. */
function unmet(r: RoleId, n: number, beside: readonly string[]): Rejection | null {
  const need = NEEDS[r];
  if (need?.players !== undefined && n < need.players) return reject('malformed', need.rule, `the ${r} plays with ${need.players}+ players`);
  if (need?.role !== undefined && !beside.includes(need.role)) return reject('malformed', need.rule, `a ${r} needs a ${need.role}`);
  return null;
}

/** Black = floor(N/3), the don among them (R41). */
export function blackCount(n: number): number {
  return Math.floor(n / 3);
}

/** Build a deal from the optional roles a table chose (unknown or non-optional roles are ignored). */
export function forumDealWith(n: number, optional: readonly RoleId[]): RoleId[] {
  const out: RoleId[] = ['don'];
  while (out.length < blackCount(n)) out.push('mafia');
  for (const r of optional) {
    if (!SINGLE.includes(r) || out.includes(r) || unmet(r, n, optional)) continue;
    if (out.length >= n) break;
    out.push(r);
  }
  while (out.length < n) out.push('civilian');
  return out;
}

/** Roles a table may switch on (R41); the rest of the deal is black and civilians. */
export const FORUM_OPTIONAL: readonly RoleId[] = ['commissar', 'sergeant', 'doctor', 'lawyer', 'maniac', 'priestess', 'child', 'kamikaze'];

/**
 * The deal without a given one: the table's `roles` option (R53: "optional roles are present only when
 * the deal lists them"), or else the usual forum cast trimmed so at least two civilians stay.
 */
export function forumDeal(n: number, o?: Options): RoleId[] {
  const own = o?.roles ?? [];
  if (own.length > 0) return forumDealWith(n, own as RoleId[]);
  const cast: RoleId[] = ['commissar', 'doctor', 'maniac', 'lawyer', 'priestess', 'child', 'sergeant', 'kamikaze'];
  const room = Math.max(0, n - blackCount(n) - 2);
  return forumDealWith(n, cast.slice(0, room));
}

function checkForumRoles(n: number, roles: readonly string[]): Rejection | null {
  for (const r of roles) if (!FORUM_OPTIONAL.includes(r as RoleId)) return reject('malformed', 'R41', `options.roles: ${r.slice(0, 20)} is not an optional forum role`);
  if (new Set(roles).size !== roles.length) return reject('malformed', 'R41', 'options.roles: a role is listed twice');
  for (const r of NEEDY) {
    const bad = roles.includes(r) ? unmet(r, n, roles) : null;
    if (bad) return bad;
  }
  if (blackCount(n) + roles.length > n) return reject('malformed', 'R41', 'options.roles: more roles than seats');
  return null;
}

export function checkForumSetup(n: number, o: Options, deal?: RoleId[]): Rejection | null {
  if (!deal) return o.roles && o.roles.length > 0 ? checkForumRoles(n, o.roles) : null;
  const count = (r: RoleId): number => deal.filter((x) => x === r).length;
  for (const r of SINGLE) if (count(r) > 1) return reject('malformed', 'R41', `at most one ${r}`);
  if (count('don') !== 1) return reject('malformed', 'R41', 'exactly one don');
  if (count('don') + count('mafia') !== blackCount(n)) return reject('malformed', 'R41', `black must be floor(N/3) = ${blackCount(n)}`);
  for (const r of NEEDY) {
    const bad = deal.includes(r) ? unmet(r, n, deal) : null;
    if (bad) return bad;
  }
  return null;
}

/** What a player is told at the deal: the sergeant and the mafia's child do not know their role (`toldAs`). */
export function forumToldRole(role: RoleId): RoleId {
  return ROLE_DEFS[role].toldAs ?? role;
}

/** The hidden bonus is drawn from the game's lot generator at the deal and committed with it (R41, R53, R60). */
export function forumOpening(s: GameState): { body: EventBody; vis: Visibility; rule: string }[] {
  let rng = s.rng;
  let bonus: { seat: number; day: number } | null = null;
  if (s.options.bonus) {
    const [a, r1] = mulberryStep(rng);
    const [b, r2] = mulberryStep(r1);
    rng = r2;
    bonus = { seat: 1 + Math.floor(a * s.seats.length), day: 2 + Math.floor(b * 3) };
  }
  const body: EventBody = {
    t: 'forumDealt',
    maniacTeam: s.options.maniacTeam ?? 'red',
    hasKamikaze: s.seats.some((x) => retaliates(x.role)),
    bonus,
    rng,
  };
  return [{ body, vis: 'judge', rule: 'R41' }];
}

// Club and tournament deals (R20, R30) and the checks on a table's own deal or role list.
import type { Options } from './options.js';
import { reject, type Rejection } from './rejection.js';
import { ROLE_DEFS } from './roles.js';
import { isOneOf, ROLES, type RoleId } from './vocab.js';


function fill(n: number, roles: readonly RoleId[]): RoleId[] {
  const out = roles.slice();
  while (out.length < n) out.push('civilian');
  return out;
}

/** R20: don, putana and 1–3 mafia by size; sheriff, doctor, maniac; the rest civilians. */
export function clubDefaultRoles(n: number): RoleId[] {
  const mafia = n >= 14 ? 3 : n >= 11 ? 2 : 1;
  const out: RoleId[] = ['don', 'putana'];
  for (let i = 0; i < mafia; i++) out.push('mafia');
  out.push('sheriff', 'doctor', 'maniac');
  return out;
}

export function clubDeal(n: number, o?: Options): RoleId[] {
  const own = o?.roles;
  return fill(n, own && own.length > 0 ? (own as RoleId[]) : clubDefaultRoles(n));
}

/**
 * A club table's own roles (option `roles` or a seat deal): club roles only, someone who shoots,
 * at least one black and no more black than red (R20, R28).
 */
function checkClubRoles(n: number, roles: readonly string[], pool: readonly RoleId[]): Rejection | null {
  if (roles.length > n) return reject('malformed', 'R20', 'more roles than seats');
  for (const r of roles) if (!isOneOf(ROLES, r) || !pool.includes(r)) return reject('malformed', 'R20', `role ${String(r).slice(0, 20)}`);
  const all = fill(n, roles as RoleId[]);
  let black = 0;
  for (const r of all) if (ROLE_DEFS[r].team === 'black') black++;
  if (black === 0) return reject('malformed', 'R20', 'no black role');
  if (black > n - black) return reject('malformed', 'R20', 'more black than red');
  if (!all.some((r) => ROLE_DEFS[r].abilities.some((a) => a.effect?.kind === 'groupKill'))) return reject('malformed', 'R20', 'no don or mafia to shoot');
  return null;
}

/** A club deal or role list; `pool` is the roles the club plays (its PRESET_DEFS entry). */
export function checkClubSetup(n: number, o: Options, pool: readonly RoleId[], deal?: RoleId[]): Rejection | null {
  if (deal) return checkClubRoles(n, deal, pool);
  if (o.roles && o.roles.length > 0) return checkClubRoles(n, o.roles, pool);
  return null;
}

/** R30: 12 seats (or 10 by option `seats`) and exactly the regulation's cards. */
export function checkTournamentSetup(n: number, o: Options, deal?: RoleId[]): Rejection | null {
  const seats = o.seats ?? 12;
  if (n !== seats) return reject('malformed', 'R30', `tournament table of ${seats} seats (option seats)`);
  if (deal) {
    const want = fill(n, ['don', 'mafia', 'mafia', 'sheriff', 'lover', 'doctor']).sort().join();
    if (deal.slice().sort().join() !== want) return reject('malformed', 'R30', 'tournament deals don, 2 mafia, sheriff, lover, doctor and civilians');
  }
  return null;
}

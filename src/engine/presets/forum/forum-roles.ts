// The forum's roles as data (forum-mafia.ru.txt "Действующие лица", R41–R48): the shared role
// table (core/roles.ts) with what the forum plays differently — its don neither plans nor checks,
// its maniac shoots every other night without a skip, the don is the team's head whose death a
// mafioso takes over by lot in a game with a kamikaze (R48), and the maniac's team is an option.
import { ROLE_DEFS, traitOf, type Ability, type RoleDef } from '../../core/roles.js';
import type { RoleId } from '../../core/vocab.js';

/** R52: one member's `shoot` is the team's choice; the last one counts. */
const TEAM_SHOT: Ability = { verb: 'shoot', when: 'night', stage: 'kill', effect: { kind: 'groupKill' } };

const OWN: Partial<Record<RoleId, Partial<RoleDef>>> = {
  don: { abilities: [TEAM_SHOT], traits: [{ kind: 'leads' }] },
  mafia: {
    abilities: [TEAM_SHOT],
    traits: [{ kind: 'succeeds', role: 'don', lot: true, vis: 'team', withRetaliator: true, rule: 'forum-mafia ФМ 8*, R48, R54' }],
  },
  // R45: every other night, starting night 1; a shot at the commissar kills the maniac (his `repels`).
  maniac: {
    abilities: [{ verb: 'kill', when: 'night', stage: 'kill', effect: { kind: 'kill', saved: 'maniac', rule: 'R45' }, nights: 'odd' }],
    traits: [{ kind: 'teamBy', option: 'maniacTeam' }],
  },
};

const DEFS = new Map<RoleId, RoleDef>();
for (const def of Object.values(ROLE_DEFS)) DEFS.set(def.id, { ...def, ...OWN[def.id] });

/** The role as the forum plays it. */
export function forumRole(role: RoleId): RoleDef {
  return DEFS.get(role)!;
}

/** Does this role protect a player in the day vote (the lawyer, R44)? */
export function protectsByDay(role: RoleId): boolean {
  return forumRole(role).abilities.some((a) => a.verb === 'protect' && a.when === 'day');
}

/** Does this role take a player with it when it leaves (the kamikaze)? */
export function retaliates(role: RoleId): boolean {
  return traitOf(forumRole(role), 'retaliates') !== undefined;
}

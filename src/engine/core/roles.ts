// Roles are data: a team and a list of abilities. Each night ability names the resolution
// stage it belongs to and the effect it has, so the night is resolved by one ordered resolver
// (night-resolve.ts) that asks abilities what they do, never a role's name.
import type { Lang } from './describe.js';
import type { Options } from './options.js';
import type { RoleId, Team, Verb } from './vocab.js';

/** Stages of night resolution, in the order they run. */
export const NIGHT_STAGES = ['seduce', 'block', 'protect', 'kill', 'convert', 'inform'] as const;
export type NightStage = (typeof NIGHT_STAGES)[number];

/**
 * What a night ability does when the night is resolved (night-resolve.ts):
 * - `groupKill`: the team's shot — the target dies only if every living shooter chose it (R12);
 * - `kill`: the actor's own kill (club maniac R22, the armed sheriff's shot); `saved` names it in a
 *   heal's «saved from» list, `rule` is the clause its death applies (default: the preset's);
 * - `protect`: saves the target from every kill and from a freeze tonight (R23, R33);
 * - `guard`: the bodyguard dies in the target's place (club option, docs/rules/club.md);
 * - `block`: voids the target's night action and its next day's word (R23);
 * - `inspect`: the actor learns `yes` if the target holds `role` (or is of `team`), else `no` (R13);
 *   `wake` orders the checks (the don wakes before the sheriff);
 * - `shield`: keeps the target from leaving by the next day's vote (R32);
 * - `pass`: an explicit «no action» that settles the ability's slot (maniac's skip R22);
 * - `verdict`: the forum commissar's shot — it kills a black target; anyone else lives, is saved from
 *   the night's other shots, and the shooter learns `answers[role]` (else `otherwise`) (R45);
 * - `explode`: the forum kamikaze leaves with his target, whatever heals them (forum-mafia Камикадзе);
 * - `seduce`: the forum priestess voids the target's action tonight and holds a shooting role's
 *   powers the next night (forum-mafia ЖЛ).
 */
export type Effect =
  | { kind: 'groupKill' }
  | { kind: 'kill'; saved: 'maniac' | 'sheriff'; rule?: string }
  | { kind: 'protect' }
  | { kind: 'guard' }
  | { kind: 'block' }
  | { kind: 'inspect'; role?: RoleId; team?: Team; yes: CheckAnswer; no: CheckAnswer; wake: number }
  | { kind: 'shield' }
  | { kind: 'pass' }
  | { kind: 'verdict'; black: VerdictAnswer; answers: Partial<Record<RoleId, VerdictAnswer>>; otherwise: VerdictAnswer }
  | { kind: 'explode' }
  | { kind: 'seduce' };

export type CheckAnswer = 'sheriff' | 'notSheriff' | 'red' | 'black';
/** What the forum commissar learns of the one he shot (R45, R54). */
export type VerdictAnswer = 'civilian' | 'maniac' | 'kamikaze' | 'black';
/** Effects that aim a shot at someone (what a priestess can take over, what a force majeure weighs). */
export const SHOTS: readonly Effect['kind'][] = ['groupKill', 'kill', 'verdict', 'explode'];

/**
 * What a role is, not what it does at will: read where the night or the day meets the role
 * (forum-mafia.ru.txt's roles and «ФОРС-МАЖОРЫ»):
 * - `repels`: an own shot of this kind aimed at the role kills its shooter instead (maniac on the
 *   commissar, R45);
 * - `retaliates`: the role takes whoever attacks it with it, and picks one when voted out (kamikaze);
 * - `converts`: the role joins the side that chose it — `byVerdict` when the commissar shot it,
 *   `byTeamShot` when the mafia did; both at once kill it (mafia's child, R46, case 4);
 * - `voids`: the first shooter to choose the role loses his powers to it for the next night, once a
 *   game, at tables of `minPlayers` or more (priestess, case 10);
 * - `succeeds`: the role takes over `role` when its last holder dies, the first such seat or one by
 *   `lot`, told to all or to the team, only `withRetaliator` when so marked (sergeant R47, mafia R48);
 * - `leads`: the head of its team — the kamikaze's revenge on the team's shot falls on it, and the
 *   commissar's shot on it and the team's on him both stand (cases 5*, 6*, 8);
 * - `teamBy`: the role's team is the table's option (the forum maniac, R53).
 */
export type Trait =
  | { kind: 'repels'; shot: Effect['kind'] }
  | { kind: 'retaliates' }
  | { kind: 'converts'; byVerdict: RoleId; byTeamShot: RoleId }
  | { kind: 'voids'; minPlayers: number }
  | { kind: 'succeeds'; role: RoleId; lot: boolean; vis: 'public' | 'team'; withRetaliator?: true; rule: string }
  | { kind: 'leads' }
  | { kind: 'teamBy'; option: 'maniacTeam' };

/** Numeric options that switch an ability on and count its uses a game (0 or absent: off). */
export type UsesOption = 'sheriffShots';

export interface Ability {
  verb: Verb;
  /** When the ability may be used: the introduction night, shooting nights, or the day. */
  when: 'intro' | 'night' | 'day';
  stage?: NightStage;
  /** A night action the night waits for before it closes by itself. */
  required?: boolean;
  /** Abilities sharing a slot are alternatives: using one settles the others (kill or skip). */
  slot?: string;
  /** What the ability does at the night's resolution (night abilities only). */
  effect?: Effect;
  /** The ability exists only at tables whose option gives it uses, and that many times a game. */
  uses?: UsesOption;
  /** The nights the ability works (forum maniac: odd nights; the priestess's seduction: nights 1–2). */
  nights?: 'odd' | { upTo: number };
  /** The ability works once a game (the priestess's seduction). */
  once?: true;
}

/** Is the ability on at this table (an option-limited ability with no uses left is off)? */
export function abilityOn(a: Ability, o: Options, used: () => number): boolean {
  if (a.uses === undefined) return true;
  const n = o[a.uses] ?? 0;
  return n > 0 && used() < n;
}

export interface RoleDef {
  id: RoleId;
  team: Team;
  title: { ru: string; en: string };
  abilities: readonly Ability[];
  traits?: readonly Trait[];
  /** The role the player is told at the deal, if not this one (forum sergeant and child: civilian). */
  toldAs?: RoleId;
}

export function traitOf<K extends Trait['kind']>(def: RoleDef | undefined, kind: K): Extract<Trait, { kind: K }> | undefined {
  return def?.traits?.find((t): t is Extract<Trait, { kind: K }> => t.kind === kind);
}

/** The effect of the role's night ability with this verb, if any. */
export function nightEffect(def: RoleDef, verb: Verb): Effect | undefined {
  for (const a of def.abilities) if (a.verb === verb && a.when === 'night') return a.effect;
  return undefined;
}

/** Does the role aim a shot of its own at night (not the team's)? (forum R49: the commissar, a maniac) */
export function ownShot(def: RoleDef, kinds: readonly Effect['kind'][] = ['kill', 'verdict']): boolean {
  return def.abilities.some((a) => a.when === 'night' && a.effect !== undefined && kinds.includes(a.effect.kind));
}

const SHOOT: Ability = { verb: 'shoot', when: 'night', stage: 'kill', required: true, effect: { kind: 'groupKill' } };
/** R13: the sheriff asks «black?». */
const SHERIFF_CHECK: Effect = { kind: 'inspect', team: 'black', yes: 'black', no: 'red', wake: 2 };
/** R13: the don asks «sheriff?» (before the sheriff wakes). */
const DON_CHECK: Effect = { kind: 'inspect', role: 'sheriff', yes: 'sheriff', no: 'notSheriff', wake: 1 };
/** R45, R54: the forum commissar learns «black», «maniac», «kamikaze» or «civilian» (case 6: the kamikaze). */
const COMMISSAR_SHOT: Effect = { kind: 'verdict', black: 'black', answers: { maniac: 'maniac', kamikaze: 'kamikaze' }, otherwise: 'civilian' };

export const ROLE_DEFS: Record<RoleId, RoleDef> = {
  civilian: { id: 'civilian', team: 'red', title: { ru: 'Мирный житель', en: 'Civilian' }, abilities: [] },
  sheriff: {
    id: 'sheriff',
    team: 'red',
    title: { ru: 'Шериф', en: 'Sheriff' },
    abilities: [
      { verb: 'check', when: 'night', stage: 'inform', required: true, slot: 'sheriff', effect: SHERIFF_CHECK },
      // club option sheriffShots: the shot replaces that night's check (docs/rules/club.md).
      { verb: 'kill', when: 'night', stage: 'kill', slot: 'sheriff', effect: { kind: 'kill', saved: 'sheriff', rule: 'R22' }, uses: 'sheriffShots' },
    ],
  },
  don: {
    id: 'don',
    team: 'black',
    title: { ru: 'Дон', en: 'Don' },
    abilities: [
      { verb: 'plan', when: 'intro' },
      SHOOT,
      { verb: 'check', when: 'night', stage: 'inform', required: true, effect: DON_CHECK },
    ],
  },
  mafia: { id: 'mafia', team: 'black', title: { ru: 'Мафия', en: 'Mafia' }, abilities: [SHOOT] },
  doctor: {
    id: 'doctor',
    team: 'red',
    title: { ru: 'Доктор', en: 'Doctor' },
    abilities: [{ verb: 'heal', when: 'night', stage: 'protect', required: true, effect: { kind: 'protect' } }],
  },
  maniac: {
    id: 'maniac',
    team: 'red',
    title: { ru: 'Маньяк', en: 'Maniac' },
    abilities: [
      { verb: 'kill', when: 'night', stage: 'kill', required: true, slot: 'maniac', effect: { kind: 'kill', saved: 'maniac' } },
      { verb: 'skip', when: 'night', stage: 'kill', required: true, slot: 'maniac', effect: { kind: 'pass' } },
    ],
  },
  putana: {
    id: 'putana',
    team: 'black',
    title: { ru: 'Путана', en: 'Putana' },
    abilities: [{ verb: 'block', when: 'night', stage: 'block', required: true, effect: { kind: 'block' } }],
  },
  lover: {
    id: 'lover',
    team: 'red',
    title: { ru: 'Любовница', en: 'Lover' },
    abilities: [{ verb: 'save', when: 'night', stage: 'protect', required: true, effect: { kind: 'shield' } }],
  },
  commissar: {
    id: 'commissar',
    team: 'red',
    title: { ru: 'Комиссар', en: 'Commissar' },
    abilities: [{ verb: 'kill', when: 'night', stage: 'kill', effect: COMMISSAR_SHOT }],
    traits: [{ kind: 'repels', shot: 'kill' }],
  },
  sergeant: {
    id: 'sergeant',
    team: 'red',
    title: { ru: 'Сержант', en: 'Sergeant' },
    abilities: [],
    traits: [{ kind: 'succeeds', role: 'commissar', lot: false, vis: 'public', rule: 'forum-mafia ФМ 7, R47' }],
    toldAs: 'civilian',
  },
  child: {
    id: 'child',
    team: 'red',
    title: { ru: 'Дитя мафии', en: "Mafia's child" },
    abilities: [],
    traits: [{ kind: 'converts', byVerdict: 'civilian', byTeamShot: 'mafia' }],
    toldAs: 'civilian',
  },
  lawyer: {
    id: 'lawyer',
    team: 'red',
    title: { ru: 'Адвокат', en: 'Lawyer' },
    abilities: [{ verb: 'protect', when: 'day' }],
  },
  priestess: {
    id: 'priestess',
    team: 'red',
    title: { ru: 'Жрица любви', en: 'Priestess of love' },
    abilities: [{ verb: 'seduce', when: 'night', stage: 'seduce', effect: { kind: 'seduce' }, nights: { upTo: 2 }, once: true }],
    traits: [{ kind: 'voids', minPlayers: 12 }],
  },
  bodyguard: {
    id: 'bodyguard',
    team: 'red',
    title: { ru: 'Телохранитель', en: 'Bodyguard' },
    abilities: [{ verb: 'guard', when: 'night', stage: 'protect', required: true, effect: { kind: 'guard' } }],
  },
  kamikaze: {
    id: 'kamikaze',
    team: 'red',
    title: { ru: 'Камикадзе', en: 'Kamikaze' },
    abilities: [{ verb: 'explode', when: 'night', stage: 'kill', effect: { kind: 'explode' } }],
    traits: [{ kind: 'retaliates' }],
  },
};

const CIVILIAN = ROLE_DEFS.civilian;
const MAFIA = ROLE_DEFS.mafia;
const DON = ROLE_DEFS.don;
const SHERIFF = ROLE_DEFS.sheriff;

/**
 * ROLE_DEFS[role] for the night's loops, which ask it of every seat after every action: the classic
 * four by a switch (their ids compare as pointers), the rest from the table (a keyed load that sees
 * every role id, W1 speed, issue 18).
 */
export function roleDef(role: RoleId): RoleDef {
  switch (role) {
    case 'civilian':
      return CIVILIAN;
    case 'mafia':
      return MAFIA;
    case 'don':
      return DON;
    case 'sheriff':
      return SHERIFF;
    default:
      return ROLE_DEFS[role];
  }
}

/** The role's check asks a team («black?» — the sheriff's, R13). */
export function checksTeam(role: RoleId | undefined): boolean {
  return role !== undefined && ROLE_DEFS[role].abilities.some((a) => a.effect?.kind === 'inspect' && a.effect.team !== undefined);
}

/** The role's check looks for a role («sheriff?» — the don's, R13). */
export function checksRole(role: RoleId | undefined): boolean {
  return role !== undefined && ROLE_DEFS[role].abilities.some((a) => a.effect?.kind === 'inspect' && a.effect.role !== undefined);
}

export function roleTitle(role: RoleId, lang: Lang): string {
  return ROLE_DEFS[role].title[lang];
}

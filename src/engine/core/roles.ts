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
 * - `pass`: an explicit «no action» that settles the ability's slot (maniac's skip R22).
 */
export type Effect =
  | { kind: 'groupKill' }
  | { kind: 'kill'; saved: 'maniac' | 'sheriff'; rule?: string }
  | { kind: 'protect' }
  | { kind: 'guard' }
  | { kind: 'block' }
  | { kind: 'inspect'; role?: RoleId; team?: Team; yes: CheckAnswer; no: CheckAnswer; wake: number }
  | { kind: 'shield' }
  | { kind: 'pass' };

export type CheckAnswer = 'sheriff' | 'notSheriff' | 'red' | 'black';

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
}

const SHOOT: Ability = { verb: 'shoot', when: 'night', stage: 'kill', required: true, effect: { kind: 'groupKill' } };
/** R13: the sheriff asks «black?». */
const SHERIFF_CHECK: Effect = { kind: 'inspect', team: 'black', yes: 'black', no: 'red', wake: 2 };
/** R13: the don asks «sheriff?» (before the sheriff wakes). */
const DON_CHECK: Effect = { kind: 'inspect', role: 'sheriff', yes: 'sheriff', no: 'notSheriff', wake: 1 };

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
    abilities: [{ verb: 'kill', when: 'night', stage: 'kill' }],
  },
  sergeant: { id: 'sergeant', team: 'red', title: { ru: 'Сержант', en: 'Sergeant' }, abilities: [] },
  child: { id: 'child', team: 'red', title: { ru: 'Дитя мафии', en: "Mafia's child" }, abilities: [] },
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
    abilities: [{ verb: 'seduce', when: 'night', stage: 'seduce' }],
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
    abilities: [{ verb: 'explode', when: 'night', stage: 'kill' }],
  },
};

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

// Roles are data: a team and a list of abilities. Each night ability names the resolution
// stage it belongs to, so the night is resolved by one ordered table (night.ts), not per role.
import type { RoleId, Team, Verb } from './vocab.js';

/** Stages of night resolution, in the order they run. */
export const NIGHT_STAGES = ['seduce', 'block', 'protect', 'kill', 'convert', 'inform'] as const;
export type NightStage = (typeof NIGHT_STAGES)[number];

export interface Ability {
  verb: Verb;
  /** When the ability may be used: the introduction night, shooting nights, or the day. */
  when: 'intro' | 'night' | 'day';
  stage?: NightStage;
  /** A night action the night waits for before it closes by itself. */
  required?: boolean;
  /** Abilities sharing a slot are alternatives: using one settles the others (kill or skip). */
  slot?: string;
}

export interface RoleDef {
  id: RoleId;
  team: Team;
  title: { ru: string; en: string };
  abilities: readonly Ability[];
}

const SHOOT: Ability = { verb: 'shoot', when: 'night', stage: 'kill', required: true };

export const ROLE_DEFS: Record<RoleId, RoleDef> = {
  civilian: { id: 'civilian', team: 'red', title: { ru: 'Мирный житель', en: 'Civilian' }, abilities: [] },
  sheriff: {
    id: 'sheriff',
    team: 'red',
    title: { ru: 'Шериф', en: 'Sheriff' },
    abilities: [{ verb: 'check', when: 'night', stage: 'inform', required: true }],
  },
  don: {
    id: 'don',
    team: 'black',
    title: { ru: 'Дон', en: 'Don' },
    abilities: [
      { verb: 'plan', when: 'intro' },
      SHOOT,
      { verb: 'check', when: 'night', stage: 'inform', required: true },
    ],
  },
  mafia: { id: 'mafia', team: 'black', title: { ru: 'Мафия', en: 'Mafia' }, abilities: [SHOOT] },
  doctor: {
    id: 'doctor',
    team: 'red',
    title: { ru: 'Доктор', en: 'Doctor' },
    abilities: [{ verb: 'heal', when: 'night', stage: 'protect', required: true }],
  },
  maniac: {
    id: 'maniac',
    team: 'red',
    title: { ru: 'Маньяк', en: 'Maniac' },
    abilities: [
      { verb: 'kill', when: 'night', stage: 'kill', required: true, slot: 'maniac' },
      { verb: 'skip', when: 'night', stage: 'kill', required: true, slot: 'maniac' },
    ],
  },
  putana: {
    id: 'putana',
    team: 'black',
    title: { ru: 'Путана', en: 'Putana' },
    abilities: [{ verb: 'block', when: 'night', stage: 'block', required: true }],
  },
  lover: {
    id: 'lover',
    team: 'red',
    title: { ru: 'Любовница', en: 'Lover' },
    abilities: [{ verb: 'save', when: 'night', stage: 'protect', required: true }],
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
  kamikaze: {
    id: 'kamikaze',
    team: 'red',
    title: { ru: 'Камикадзе', en: 'Kamikaze' },
    abilities: [{ verb: 'explode', when: 'night', stage: 'kill' }],
  },
};

export function roleTitle(role: RoleId, lang: 'ru' | 'en'): string {
  return ROLE_DEFS[role].title[lang];
}

// Closed vocabularies of the engine. Every list is the single source of its union type,
// so a new role, verb or cause is added in one place and the compiler finds every switch.

export const PRESETS = ['classic', 'club', 'tournament', 'forum', 'fiim'] as const;
export type PresetId = (typeof PRESETS)[number];

export const TEAMS = ['red', 'black', 'neutral'] as const;
export type Team = (typeof TEAMS)[number];

export const ROLES = [
  'civilian',
  'sheriff',
  'don',
  'mafia',
  'doctor',
  'maniac',
  'putana',
  'lover',
  'commissar',
  'sergeant',
  'child',
  'lawyer',
  'priestess',
  'kamikaze',
  'bodyguard',
] as const;
export type RoleId = (typeof ROLES)[number];

/** Verbs a record may carry. Presets enable the subset they use. */
export const VERBS = [
  'endSpeech',
  'nominate',
  'withdraw',
  'vote',
  'closeVote',
  'foul',
  'remove',
  'shoot',
  'check',
  'plan',
  'endNight',
  'say',
  'heal',
  'block',
  'save',
  'kill',
  'skip',
  'protect',
  'explode',
  'seduce',
  'leave',
  'giveFloor',
  'bestMove',
  'extraPoints',
  'endDay',
  'lawyerDeadline',
  'techFoul',
  'voteCount',
  'onRecord',
  'guard',
  'teamDefeat',
] as const;
export type Verb = (typeof VERBS)[number];

export const CAUSES = ['vote', 'kill', 'fouls', 'removal', 'leave', 'techFouls'] as const;
export type Cause = (typeof CAUSES)[number];

export const PHASES = ['night', 'day'] as const;
export type Phase = (typeof PHASES)[number];

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

// Rule presets: which roles play, at which table sizes, and how the game opens.
// Each preset maps to a rules source (see docs/rules/<preset>.md).
import { checkClubSetup, checkTournamentSetup, clubDeal } from './deals.js';
import { checkForumSetup, forumDeal, forumOpening, forumToldRole, FORUM_OPTIONAL, FORUM_ROLES } from '../presets/forum/forum-deal.js';
import type { EventBody, Visibility } from './events.js';
import type { GameState } from './state.js';
import type { Options } from './options.js';
import type { Rejection } from './rejection.js';
import type { PresetId, RoleId } from './vocab.js';

export interface PresetDef {
  id: PresetId;
  sizes: readonly [min: number, max: number];
  defaultSize: number;
  /** Roles this preset knows (a deal may only use these). */
  roles: readonly RoleId[];
  /** The default deal for a table of n seats, in a fixed order (shuffled by the seed). */
  deal(n: number, options?: Options): RoleId[];
  /** The table size when the setup gives none (tournament: option `seats`). */
  sizeFor?(options: Options): number;
  /** Preset checks on a setup: size against options, a given deal or role list. */
  checkSetup?(size: number, options: Options, deal?: RoleId[]): Rejection | null;
  /** forum: the role a player is told at the deal (the sergeant and the mafia's child think they are civilians). */
  toldRole?(role: RoleId): RoleId;
  /** forum: events that belong to the deal itself (the hidden bonus, drawn from the game's lots). */
  opening?(s: GameState): { body: EventBody; vis: Visibility; rule: string }[];
  /**
   * What the `roles` option (a role list, OPTION_DEFS control 'roleCounts') may list: these roles,
   * those in `once` at most once each; the rest of the table are civilians (and, in forum, black).
   */
  roleOption?: { roles: readonly RoleId[]; once?: readonly RoleId[] };
  /** The preset opens with an introduction night (classic, club, tournament) or a day (forum). */
  opensWith: 'introNight' | 'day';
  /** Night number after day d is d + nightOffset (R1: classic night 2 follows day 1; forum night 1 follows day 1). */
  nightOffset: 0 | 1;
  /** A given deal must be exactly the preset's cards (classic, fiim: ten cards). */
  exactDeal?: true;
  source: string;
}

function fill(n: number, roles: RoleId[]): RoleId[] {
  const out = roles.slice();
  while (out.length < n) out.push('civilian');
  return out;
}

const CLASSIC: PresetDef = {
  id: 'classic',
  sizes: [10, 10],
  defaultSize: 10,
  roles: ['civilian', 'sheriff', 'don', 'mafia'],
  deal: (n) => fill(n, ['don', 'mafia', 'mafia', 'sheriff']),
  opensWith: 'introNight',
  nightOffset: 1,
  exactDeal: true,
  source: 'classic-sports-10.ru.txt, guide-classic.ru.txt',
};

export const PRESET_DEFS: Partial<Record<PresetId, PresetDef>> = {
  classic: CLASSIC,
  // Sports mafia as FIIM rules play it: the classic table with mafiaratings' default rule set
  // (option-defs-day.ts). No rules of its own: its day flow is entirely options.
  fiim: { ...CLASSIC, id: 'fiim', source: 'szotin/mafiaratings include/rules.php (fiim), polemica zeroVoting' },
  club: {
    id: 'club',
    sizes: [8, 15],
    defaultSize: 10,
    roles: ['civilian', 'sheriff', 'doctor', 'maniac', 'don', 'mafia', 'putana', 'bodyguard'],
    deal: (n, o) => clubDeal(n, o),
    roleOption: { roles: ['don', 'mafia', 'putana', 'sheriff', 'doctor', 'maniac', 'bodyguard'] },
    checkSetup: (n, o, deal) => checkClubSetup(n, o, PRESET_DEFS.club?.roles ?? [], deal),
    opensWith: 'introNight',
    nightOffset: 1,
    source: 'club-8-15.ru.txt',
  },
  tournament: {
    id: 'tournament',
    sizes: [10, 12],
    defaultSize: 12,
    roles: ['civilian', 'sheriff', 'lover', 'doctor', 'don', 'mafia'],
    deal: (n) => fill(n, ['don', 'mafia', 'mafia', 'sheriff', 'lover', 'doctor']),
    sizeFor: (o) => o.seats ?? 12,
    checkSetup: (n, o, deal) => checkTournamentSetup(n, o, deal),
    opensWith: 'introNight',
    nightOffset: 1,
    source: 'tournament-regulation.ru.txt',
  },
  forum: {
    id: 'forum',
    sizes: [8, 30],
    defaultSize: 12,
    roles: FORUM_ROLES,
    deal: (n, o) => forumDeal(n, o),
    roleOption: { roles: FORUM_OPTIONAL, once: FORUM_OPTIONAL },
    checkSetup: (n, o, deal) => checkForumSetup(n, o, deal),
    toldRole: forumToldRole,
    opening: forumOpening,
    opensWith: 'day',
    nightOffset: 0,
    source: 'forum-mafia.ru.txt',
  },
};

export function presetDef(id: PresetId): PresetDef | undefined {
  return PRESET_DEFS[id];
}

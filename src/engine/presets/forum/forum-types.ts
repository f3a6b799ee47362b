// The forum preset's own state and events (forum-mafia.ru.txt, R40–R55). Kept apart from the
// shared types so the shared files only gain one optional field and one union member.
import type { RoleId } from '../../core/vocab.js';

/** A priestess holding another role's night powers for one night (seduction or her void power). */
export interface Takeover {
  night: number;
  seat: number;
  role: RoleId;
  from: number;
}

export interface ForumState {
  maniacTeam: 'red' | 'neutral';
  /** The deal holds a kamikaze: the don is then succeeded by lot (case 8, R48). */
  hasKamikaze: boolean;
  /** The hidden bonus: a seat and the day (with its night) it guards (R41, R53). */
  bonus: { seat: number; day: number } | null;
  bonusUsed: boolean;
  /** The day the per-day fields below belong to; a new day starts them empty. */
  day: number;
  /** Today's votes by seat index: target seat, or -1. */
  votes: number[];
  reasons: string[];
  /** The vote of the day is counted; only the voted-out kamikaze's pick is left. */
  dayClosed: boolean;
  lawyerChoice: number | null;
  lawyerDeadline: boolean;
  lawyerMisses: number;
  /** Protections given per target seat index (R44: at most 2 each). */
  lawyerCounts: number[];
  /** Heals per target seat index (doctor: at most 2 each). */
  healCounts: number[];
  /** Seats that have used their one auto-vote (R42). */
  autoVoted: number[];
  /** The priestess has used her one seduction (night 1 or 2). */
  seduced: boolean;
  voidUsed: boolean;
  takeover: Takeover | null;
  /** The kamikaze voted out today, who may still take a player with him. */
  kamikazePick: number | null;
}

/** Private results and notices the source says a player (or the team) is told. */
export type TellKind =
  /** commissar: the result of his shot on a survivor or the dead (civilian, maniac, kamikaze, black) */
  | 'checked'
  /** commissar, case 1**: you saved a civilian */
  | 'savedCivilian'
  /** maniac, case 1**: you wounded a civilian */
  | 'woundedCivilian'
  /** commissar, case 2*: the mafia aimed at you */
  | 'mafiaAimedAtYou'
  /** mafia, case 2*: you removed the maniac */
  | 'removedManiac'
  /** mafia, case 3: the commissar saved a civilian (the role is not named) */
  | 'commissarSaved'
  /** commissar, case 9: the maniac shot at you */
  | 'maniacShotYou';

export type CheckResult = 'civilian' | 'maniac' | 'kamikaze' | 'black';

export type ForumEventBody =
  | {
      t: 'forumDealt';
      maniacTeam: 'red' | 'neutral';
      hasKamikaze: boolean;
      bonus: { seat: number; day: number } | null;
      rng: number;
    }
  /** A day vote with its reason (public post, R42); it cannot be changed. */
  | { t: 'ballotCast'; seat: number; target: number; reason: string }
  | { t: 'lawyerChose'; seat: number; target: number | null }
  | { t: 'lawyerDeadlinePassed' }
  /** "адвокат в этот день не работал" (R44); the second miss removes the lawyer. */
  | { t: 'lawyerMissed'; count: number }
  | {
      t: 'dayTally';
      votes: { seat: number; target: number; auto: boolean }[];
      tally: { target: number; count: number }[];
      leaving: number | null;
    }
  /** Announced after the vote (R44): whom the lawyer protected; saved: they would have left or tied. */
  | { t: 'lawyerProtected'; seat: number; saved: boolean; blind: boolean }
  | { t: 'bonusPlayed'; seat: number }
  | { t: 'roleChanged'; seat: number; from: RoleId; to: RoleId; rng?: number }
  /** The morning post: whom the doctor healed, and whether that saved them (R50). */
  | { t: 'healAnnounced'; seat: number; saved: boolean }
  | { t: 'told'; kind: TellKind; target?: number; result?: CheckResult }
  /** To the priestess: she holds this role's night powers next night (seduction or void, case 10). */
  | { t: 'priestessTook'; seat: number; from: number; role: RoleId; night: number; by: 'seduce' | 'void' }
  | { t: 'kamikazeAwaits'; seat: number }
  /** The judge's record of the night table: each attack as resolved, the cases applied. */
  | {
      t: 'nightSummary';
      heal: number | null;
      seduce: number | null;
      /** The attacker the priestess's void power stopped (case 10*), if any. */
      voided: number | null;
      blocked: number[];
      attacks: { by: number; as: RoleId; target: number }[];
      cases: string[];
    };

export const FORUM_EVENT_TYPES = [
  'forumDealt',
  'ballotCast',
  'lawyerChose',
  'lawyerDeadlinePassed',
  'lawyerMissed',
  'dayTally',
  'lawyerProtected',
  'bonusPlayed',
  'roleChanged',
  'healAnnounced',
  'told',
  'priestessTook',
  'kamikazeAwaits',
  'nightSummary',
] as const;

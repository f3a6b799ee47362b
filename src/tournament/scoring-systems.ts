// The built-in scoring systems, every version kept (a tournament stores the one it counts by).
// Sources: the tournament regulation, section 4 (shared/rules/sources/tournament-regulation.ru.txt;
// RULINGS R34) and FIIM as clubs use it (mafiaratings.com, scoring "ФИИМ", versions 6–7).
import { fail, ok, tournamentError, type Result } from './errors.js';
import { DEFAULT_TIEBREAKS, SCORING_FORMAT, validateScoring, type ScoringSystem } from './scoring-format.js';

const REG = 'tournament-regulation.ru.txt';
const FIIM = 'FIIM scoring as clubs use it (mafiaratings scoring 19, v6)';

/** The regulation's own table (R34) with the FIIM extras the tournament preset switches by options. */
const tournamentV1: ScoringSystem = {
  format: SCORING_FORMAT,
  id: 'tournament',
  version: 1,
  name: { ru: 'Положение о турнире (раздел 4)', en: 'Tournament regulation (section 4)' },
  source: `${REG} 4; RULINGS R34. The same points as the tournament preset's score (src/engine/core/score.ts).`,
  rules: [
    { id: 'win', kind: 'win', group: 'main', points: 1, name: { ru: 'Победа', en: 'Win' }, source: `${REG} 4.2; R34` },
    { id: 'loss', kind: 'loss', group: 'main', points: 0, name: { ru: 'Поражение', en: 'Loss' }, source: `${REG} 4.2; R34` },
    {
      id: 'doctorFirstHeal',
      kind: 'doctorFirstHeal',
      group: 'bonus',
      points: 1,
      roles: ['doctor'],
      name: { ru: 'Доктор вылечил в первую ночь', en: "Doctor's first heal saved" },
      source: `${REG} 4.3.1`,
    },
    {
      id: 'sheriffFirstCheck',
      kind: 'sheriffFirstCheck',
      group: 'bonus',
      points: 1,
      roles: ['sheriff'],
      name: { ru: 'Шериф нашёл чёрного первой проверкой', en: "Sheriff's first check found black" },
      source: `${REG} 4.3.2`,
    },
    {
      id: 'bestMove',
      kind: 'bestMove',
      group: 'bestMove',
      points: { '2': 0.25, '3': 0.4 },
      voidAfterDay1VoteExits: 2,
      requiresOption: 'pointsBestMove',
      name: { ru: 'Лучший ход', en: 'Best move' },
      source: 'R34 (FIIM practice, option pointsBestMove)',
    },
    {
      id: 'exitPenalty',
      kind: 'exitPenalty',
      group: 'penalty',
      causes: ['fouls', 'removal'],
      points: -0.5,
      requiresOption: 'pointsExitPenalty',
      name: { ru: 'Удаление', en: 'Removal' },
      source: 'R34 (FIIM practice, option pointsExitPenalty)',
    },
    {
      id: 'extra',
      kind: 'extraPoints',
      group: 'extra',
      requiresOption: 'pointsExtra',
      name: { ru: 'Дополнительные баллы', en: 'Extra points' },
      source: 'R34 (FIIM practice, option pointsExtra)',
    },
  ],
  tiebreaks: [{ by: 'wins' }, { by: 'points', groups: ['bonus', 'bestMove', 'extra', 'penalty'] }],
};

const fiimV1: ScoringSystem = {
  format: SCORING_FORMAT,
  id: 'fiim',
  version: 1,
  name: { ru: 'ФИИМ', en: 'FIIM' },
  source: `${FIIM}: main, legacy, extra, penalty and night1 (Ci) groups; sorting (epg)wsk.`,
  rules: [
    { id: 'win', kind: 'win', group: 'main', points: 1, name: { ru: 'Победа', en: 'Win' }, source: `${FIIM}: main` },
    { id: 'loss', kind: 'loss', group: 'main', points: 0, name: { ru: 'Поражение', en: 'Loss' }, source: `${FIIM}: main` },
    {
      id: 'bestMove',
      kind: 'bestMove',
      group: 'bestMove',
      points: { '2': 0.5, '3': 0.7 },
      teams: ['red'],
      name: { ru: 'Лучший ход', en: 'Best move' },
      source: `${FIIM}: legacy (first killed names three; red only)`,
    },
    { id: 'extra', kind: 'extraPoints', group: 'extra', name: { ru: 'Дополнительные баллы', en: 'Extra points' }, source: `${FIIM}: extra (the judge's)` },
    {
      id: 'exitPenalty',
      kind: 'exitPenalty',
      group: 'penalty',
      causes: ['fouls', 'removal'],
      points: -0.5,
      handsWinPoints: -0.7,
      name: { ru: 'Удаление или дисквалификация', en: 'Removal or disqualification' },
      source: `${FIIM}: penalty (−0.7 when it hands the win to the other team)`,
    },
    {
      id: 'ci',
      kind: 'firstKilledCompensation',
      group: 'compensation',
      max: 0.4,
      rate: 0.4,
      onlyLoss: true,
      teams: ['red'],
      name: { ru: 'Компенсация первому убитому (Ci)', en: 'First-killed compensation (Ci)' },
      source: `${FIIM}: night1, Ci = clamp(0.4·K / round(0.4·N), 0, 0.4)`,
    },
  ],
  tiebreaks: [{ by: 'points', groups: ['extra', 'bestMove', 'penalty'] }, { by: 'wins' }, { by: 'winsAs', roles: ['sheriff', 'don'] }, { by: 'firstKilled' }],
};

/**
 * FIIM v2, as mafiaratings counts it: two technical fouls cost −0.5 like four fouls (they share
 * its "warnings" flag); −0.7 only for the offender whose team the judge declared defeated
 * (fiim 9.3, "team kicked out") — v1's removal that ended the game by the count is −0.5 there.
 */
const fiimV2: ScoringSystem = {
  ...fiimV1,
  version: 2,
  source: `${FIIM}: main, legacy, extra, penalty and night1 (Ci) groups; sorting (epg)wsk. Not counted: v6's "auto-bonus" 0.3 to every player without a worst move (the issue's FIIM leaves it out).`,
  rules: fiimV1.rules.map((r) =>
    r.kind === 'exitPenalty'
      ? {
          ...r,
          causes: ['fouls', 'techFouls', 'removal'],
          source: `${FIIM}: penalty — four fouls, two technical fouls or removal −0.5; −0.7 for the offender when the judge declares the team defeated (fiim 9.3; mafiaratings "team kicked out")`,
        }
      : r,
  ),
};

/** A third system, to show the format is general: a win 4, a loss 1, a best move +1. */
const win4V1: ScoringSystem = {
  format: SCORING_FORMAT,
  id: 'win4',
  version: 1,
  name: { ru: 'Победа 4, поражение 1, лучший ход +1', en: 'Win 4, loss 1, best move +1' },
  source: 'A club system: every game counts, a win four times a loss.',
  rules: [
    { id: 'win', kind: 'win', group: 'main', points: 4, name: { ru: 'Победа', en: 'Win' }, source: 'win 4' },
    { id: 'loss', kind: 'loss', group: 'main', points: 1, name: { ru: 'Поражение', en: 'Loss' }, source: 'loss 1' },
    {
      id: 'bestMove',
      kind: 'bestMove',
      group: 'bestMove',
      points: { '2': 1, '3': 1 },
      name: { ru: 'Лучший ход (два или три чёрных)', en: 'Best move (two or three black)' },
      source: 'best move +1 for two or three black named',
    },
    { id: 'extra', kind: 'extraPoints', group: 'extra', name: { ru: 'Дополнительные баллы', en: 'Extra points' }, source: "the judge's extra points" },
  ],
  tiebreaks: [{ by: 'wins' }, { by: 'points', groups: ['bestMove', 'extra'] }],
};

/** win4 v2: no tie-breaks of its own, so the default ones (FIIM's). */
const win4V2: ScoringSystem = { ...win4V1, version: 2, tiebreaks: structuredClone([...DEFAULT_TIEBREAKS]) };

/** Every version of every built-in system. */
export const SCORING_SYSTEMS: readonly ScoringSystem[] = [tournamentV1, fiimV1, fiimV2, win4V1, win4V2];

/** The latest version of a built-in system by id, or the version asked for. */
export function builtinScoring(id: string, version?: number): ScoringSystem | undefined {
  const all = SCORING_SYSTEMS.filter((s) => s.id === id && (version === undefined || s.version === version));
  const best = all.sort((a, b) => b.version - a.version)[0];
  return best ? structuredClone(best) : undefined;
}

/** A scoring system from a name ("fiim"), a reference ({id, version}) or a full custom definition. */
export function resolveScoring(x: unknown): Result<ScoringSystem> {
  if (typeof x === 'string' || (typeof x === 'object' && x !== null && !('rules' in x) && 'id' in x)) {
    const ref = typeof x === 'string' ? { id: x } : (x as { id: unknown; version?: unknown });
    const version = typeof ref.version === 'number' ? ref.version : undefined;
    const found = typeof ref.id === 'string' ? builtinScoring(ref.id, version) : undefined;
    if (!found) return fail(tournamentError('unknownScoring', `${String(ref.id).slice(0, 40)}: one of ${[...new Set(SCORING_SYSTEMS.map((s) => s.id))].join(', ')}`));
    return ok(found);
  }
  return validateScoring(x);
}

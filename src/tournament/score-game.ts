// One game's points per seat under a scoring system: a line per rule that applied, with its
// reason. The FIIM compensation (Ci) depends on the whole tournament, so a game only marks who
// counts toward it and who receives it; standings.ts works out the value.
import type { GameFacts, SeatFacts } from './facts.js';
import type { Rule, RuleKind, ScoreGroup, ScoringSystem } from './scoring-format.js';

export interface ScoreLine {
  rule: string;
  kind: RuleKind;
  group: ScoreGroup;
  /** Points before the round's weight. */
  points: number;
  /** The judge's words for extra points, the seats named for a best move, the exit's cause. */
  note?: string;
}

export interface CiMark {
  rule: string;
  /** The game counts toward K (killed on the first shooting night, in the rule's teams and roles). */
  counts: boolean;
  /** The seat receives Ci for this game. */
  applies: boolean;
}

export interface SeatCard {
  seat: number;
  lines: ScoreLine[];
  ci: CiMark[];
}

function appliesTo(r: Rule, x: SeatFacts): boolean {
  if (r.roles && !r.roles.includes(x.role)) return false;
  if (r.teams && !r.teams.includes(x.team)) return false;
  return true;
}

function lines(r: Rule, x: SeatFacts, g: GameFacts): ScoreLine[] {
  const line = (points: number, note?: string): ScoreLine => ({ rule: r.id, kind: r.kind, group: r.group, points, ...(note !== undefined ? { note } : {}) });
  switch (r.kind) {
    case 'win':
      return x.result === 'win' ? [line(r.byRole?.[x.role] ?? r.points)] : [];
    case 'loss':
      return x.result !== 'win' ? [line(r.byRole?.[x.role] ?? r.points)] : [];
    case 'bestMove': {
      const b = x.bestMove;
      if (!b) return [];
      const note = `${b.targets.join(',')}: ${b.black} black`;
      if (r.voidAfterDay1VoteExits !== undefined && g.day1VoteExits >= r.voidAfterDay1VoteExits) return [line(0, `${note}; void after ${g.day1VoteExits} day-1 votes`)];
      const pts = r.points[String(b.black) as '1' | '2' | '3'];
      return pts === undefined ? [] : [line(pts, note)];
    }
    case 'extraPoints':
      return x.extra.map((e) => line(e.points, e.reason));
    case 'exitPenalty':
      // One penalty a game, as mafiaratings' one death type: the team's defeat replaces a removal.
      if (x.handsWin && r.handsWinPoints !== undefined) return [line(r.handsWinPoints, 'teamDefeated; the other team won')];
      if (!x.exit || !r.causes.includes(x.exit.cause)) return [];
      return [line(r.points, x.exit.cause)];
    case 'doctorFirstHeal':
      return x.doctorFirstHeal ? [line(r.points)] : [];
    case 'sheriffFirstCheck':
      return x.sheriffFirstCheck ? [line(r.points)] : [];
    case 'firstKilledCompensation':
      return [];
  }
}

export function scoreGame(system: ScoringSystem, g: GameFacts): SeatCard[] {
  return g.seats.map((x) => {
    const card: SeatCard = { seat: x.seat, lines: [], ci: [] };
    for (const r of system.rules) {
      if (r.requiresOption !== undefined && (g.options as unknown as Record<string, unknown>)[r.requiresOption] !== true) continue;
      if (!appliesTo(r, x)) continue;
      if (r.kind === 'firstKilledCompensation') {
        // mafiaratings gives Ci on its "lose" flag (matter 260): a drawn game is no loss.
        if (x.firstNightKill) card.ci.push({ rule: r.id, counts: true, applies: !r.onlyLoss || x.result === 'loss' });
        continue;
      }
      card.lines.push(...lines(r, x, g));
    }
    return card;
  });
}

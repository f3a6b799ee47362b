// Tournament points (tournament-regulation section 4; R34) computed from a game, with the
// reason for every line, so a judge can read the table back. Pure: reads the state's log.
import type { GameEvent } from './events.js';
import type { Options } from './options.js';
import type { GameState } from './state.js';
import type { PresetId, RoleId } from './vocab.js';

export interface ScoreTable {
  /** Points per role for a win and for a loss (section 4.2; R34 default 1 and 0). */
  win: Partial<Record<RoleId, number>>;
  loss: Partial<Record<RoleId, number>>;
  /** 4.3.1: the doctor's first heal hit the player the mafia shot. */
  doctorFirstHeal: number;
  /** 4.3.2: the sheriff's first check found a black player. */
  sheriffFirstCheck: number;
  /** FIIM best move: on/off and its points for two and for three black named. */
  bestMove: boolean;
  bestMoveTwo: number;
  bestMoveThree: number;
  /** FIIM: leaving by 4 fouls, 2 technical fouls or removal. */
  exitPenalty: boolean;
  exitPenaltyPoints: number;
  /** The judge's extra points. */
  extraPoints: boolean;
}

export type ScoreReason = 'win' | 'loss' | 'doctorFirstHeal' | 'sheriffFirstCheck' | 'bestMove' | 'exitPenalty' | 'extraPoints';

export interface ScoreLine {
  points: number;
  reason: ScoreReason;
  rule: string;
  /** Detail: the judge's words for extra points, the seats named for a best move. */
  note?: string;
}

export interface SeatScore {
  seat: number;
  role: RoleId;
  points: number;
  lines: ScoreLine[];
}

/** Presets whose games carry points. */
export function hasPoints(preset: PresetId): boolean {
  return preset === 'tournament';
}

/** R34 defaults, with the FIIM extras switched by the game's options. */
export function defaultScoreTable(o?: Options): ScoreTable {
  return {
    win: {},
    loss: {},
    doctorFirstHeal: 1,
    sheriffFirstCheck: 1,
    bestMove: o?.pointsBestMove ?? false,
    bestMoveTwo: 0.25,
    bestMoveThree: 0.4,
    exitPenalty: o?.pointsExitPenalty ?? false,
    exitPenaltyPoints: -0.5,
    extraPoints: o?.pointsExtra ?? false,
  };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** The first night on which the mafia shot (night 2 after the introduction night). */
function firstShootingNight(log: readonly GameEvent[]): number | null {
  for (const e of log) if (e.t === 'nightStarted' && !e.intro) return e.night;
  return null;
}

/** Per seat: the points and every line with its reason. Win/loss lines only once the game is over. */
export function score(s: GameState, table: ScoreTable = defaultScoreTable(s.options)): SeatScore[] {
  const out: SeatScore[] = s.seats.map((x) => ({ seat: x.seat, role: x.role, points: 0, lines: [] }));
  const add = (seat: number, line: ScoreLine): void => {
    const row = out[seat - 1];
    if (!row) return;
    row.lines.push(line);
    row.points = round(row.points + line.points);
  };
  if (s.finished) {
    for (const x of s.seats) {
      if (s.winner !== null && x.team === s.winner) add(x.seat, { points: table.win[x.role] ?? 1, reason: 'win', rule: 'R34' });
      else add(x.seat, { points: table.loss[x.role] ?? 0, reason: 'loss', rule: 'R34' });
    }
  }
  const first = firstShootingNight(s.log);
  let firstVictim: number | null = null;
  let day1Votes = 0;
  // Asked of the events, not of role names: only a protecting ability heals, only a team check
  // answers «black» (roles.ts effects).
  for (const e of s.log) {
    if (e.t === 'healed' && e.number === first && e.saved.includes('shot'))
      add(e.by, { points: table.doctorFirstHeal, reason: 'doctorFirstHeal', rule: 'tournament-regulation 4.3.1' });
    else if (e.t === 'checkResult' && e.number === first && e.result === 'black')
      add(e.seat, { points: table.sheriffFirstCheck, reason: 'sheriffFirstCheck', rule: 'tournament-regulation 4.3.2' });
    else if (e.t === 'eliminated') {
      if (e.cause === 'kill' && firstVictim === null) firstVictim = e.seat;
      if (e.cause === 'vote' && e.phase === 'day' && e.number === 1) day1Votes++;
      if (table.exitPenalty && (e.cause === 'fouls' || e.cause === 'removal' || e.cause === 'techFouls'))
        add(e.seat, { points: table.exitPenaltyPoints, reason: 'exitPenalty', rule: 'R34', note: e.cause });
    } else if (e.t === 'bestMove' && table.bestMove && e.seat === firstVictim) {
      let black = 0;
      for (const t of e.targets) if (s.seats[t - 1]?.team === 'black') black++;
      const note = `${e.targets.join(',')}: ${black} black`;
      // None when two or more left by vote on day 1 (FIIM): the count is final once night comes.
      if (day1Votes >= 2) add(e.seat, { points: 0, reason: 'bestMove', rule: 'R34', note: `${note}; none after two day-1 votes` });
      else if (black >= 3) add(e.seat, { points: table.bestMoveThree, reason: 'bestMove', rule: 'R34', note });
      else if (black === 2) add(e.seat, { points: table.bestMoveTwo, reason: 'bestMove', rule: 'R34', note });
    } else if (e.t === 'extraPoints' && table.extraPoints) {
      add(e.seat, { points: e.points, reason: 'extraPoints', rule: 'R34', note: e.reason });
    }
  }
  return out;
}

export interface Standing {
  name: string;
  points: number;
  wins: number;
  bonus: number;
  games: number;
}

/** R34: standings sum points over games; ties broken by wins, then by bonus points. */
export function standings(games: { names: string[]; score: SeatScore[] }[]): Standing[] {
  const by = new Map<string, Standing>();
  for (const g of games)
    for (const row of g.score) {
      const name = g.names[row.seat - 1] ?? String(row.seat);
      const st = by.get(name) ?? { name, points: 0, wins: 0, bonus: 0, games: 0 };
      st.games++;
      st.points = round(st.points + row.points);
      for (const l of row.lines) {
        if (l.reason === 'win') st.wins++;
        else if (l.reason !== 'loss') st.bonus = round(st.bonus + l.points);
      }
      by.set(name, st);
    }
  return [...by.values()].sort((a, b) => b.points - a.points || b.wins - a.wins || b.bonus - a.bonus || (a.name < b.name ? -1 : 1));
}

/** For `gorod replay --json`: the points of a game whose preset has them, else null. */
export function scoreForReplay(s: GameState): SeatScore[] | null {
  return hasPoints(s.preset) ? score(s) : null;
}

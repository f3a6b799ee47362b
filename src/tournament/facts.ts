// What happened to each seat of a finished game, read from its event log generically (by event
// type, never by preset name): the result, the roles from the deal, night kills, exits by cause,
// fouls, the first-killed player's guess (bestMove) and the judge's extra points. Scoring,
// ratings and statistics all read these facts, so a preset that emits the same events (fiim)
// scores with no change here. Unknown event types are ignored, as record readers must.
import { checksTeam, type Cause, type GameEvent, type GameState, type Options, type PresetId, type RoleId, type Team } from '../engine/index.js';

export interface SeatFacts {
  seat: number;
  name: string;
  role: RoleId;
  /** The seat's team at the game's end. */
  team: Team;
  result: 'win' | 'loss' | 'draw';
  exit: { cause: Cause; phase: string; number: number } | null;
  /** Killed at night on the game's first shooting night (classic numbering: night 2). */
  firstNightKill: boolean;
  bestMove: { targets: number[]; black: number } | null;
  fouls: number;
  extra: { points: number; reason: string }[];
  /**
   * The judge declared this seat's team defeated for the seat's offence (fiim 9.3: the
   * teamDefeated event) and the other team won: FIIM's −0.7, mafiaratings' "team kicked out
   * (opposite team wins)". A removal that merely ends the game by the count is not this.
   */
  handsWin: boolean;
  doctorFirstHeal: boolean;
  sheriffFirstCheck: boolean;
  /** The seat's own checks: sheriff (black found) and don (sheriff found). */
  checks: number;
  checksBlack: number;
  donFoundSheriff: boolean;
}

export interface GameFacts {
  preset: PresetId;
  options: Options;
  winner: Team | null;
  /** Players who left by vote on day 1 (FIIM: two or more void the best move). */
  day1VoteExits: number;
  seats: SeatFacts[];
}

function firstShootingNight(log: readonly GameEvent[]): number | null {
  for (const e of log) if (e.t === 'nightStarted' && !e.intro) return e.night;
  return null;
}

export function gameFacts(s: GameState): GameFacts {
  const log = s.log;
  const first = firstShootingNight(log);
  const seats: SeatFacts[] = s.seats.map((x) => ({
    seat: x.seat,
    name: x.name,
    role: x.role,
    team: x.team,
    result: s.winner === null ? 'draw' : x.team === s.winner ? 'win' : 'loss',
    exit: x.exit ? { cause: x.exit.cause, phase: x.exit.phase, number: x.exit.number } : null,
    firstNightKill: false,
    bestMove: null,
    fouls: 0,
    extra: [],
    handsWin: false,
    doctorFirstHeal: false,
    sheriffFirstCheck: false,
    checks: 0,
    checksBlack: 0,
    donFoundSheriff: false,
  }));
  const at = (seat: number): SeatFacts | undefined => seats[seat - 1];
  let day1VoteExits = 0;
  for (const e of log) {
    switch (e.t) {
      case 'eliminated': {
        const x = at(e.seat);
        if (!x) break;
        if (e.cause === 'kill' && e.phase === 'night' && e.number === first) x.firstNightKill = true;
        if (e.cause === 'vote' && e.phase === 'day' && e.number === 1) day1VoteExits++;
        break;
      }
      case 'teamDefeated': {
        const x = at(e.seat);
        if (x && s.winner !== null && s.winner !== x.team) x.handsWin = true;
        break;
      }
      case 'fouled': {
        const x = at(e.seat);
        if (x) x.fouls++;
        break;
      }
      case 'bestMove': {
        const x = at(e.seat);
        if (x) x.bestMove = { targets: e.targets.slice(), black: e.targets.filter((t) => at(t)?.team === 'black').length };
        break;
      }
      case 'extraPoints': {
        const x = at(e.seat);
        if (x) x.extra.push({ points: e.points, reason: e.reason });
        break;
      }
      case 'healed': {
        const x = at(e.by);
        // Only a protect effect heals (the doctor's, R33): the healer is whoever gave it.
        if (x && e.number === first && e.saved.includes('shot')) x.doctorFirstHeal = true;
        break;
      }
      case 'checkResult': {
        const x = at(e.seat);
        if (!x) break;
        x.checks++;
        if (e.result === 'black') x.checksBlack++;
        if (e.result === 'sheriff') x.donFoundSheriff = true;
        if (e.result === 'black' && checksTeam(x.role) && e.number === first) x.sheriffFirstCheck = true;
        break;
      }
      default:
        break;
    }
  }
  return { preset: s.preset, options: s.options, winner: s.winner, day1VoteExits, seats };
}

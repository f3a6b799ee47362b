// Verbs that only feed a game's points: the first victim's best move (tournament R34 option
// pointsBestMove; fiim 8.17 option firstKilledGuess) and the judge's extra points (R34, fiim 8.20).
// Scoring reads their events (score.ts, src/tournament); the game's course never does.
import { done, take, type Listing } from './listing.js';
import { emit, JUDGE, PUBLIC } from './emit.js';
import { dayOptions } from './options.js';
import { reject } from './rejection.js';
import type { Handler } from './rules.js';
import type { GameState } from './state.js';
import type { Verb } from './vocab.js';

/** The first player killed at night in this game, if any. */
export function firstNightVictim(s: GameState): number | null {
  for (const e of s.log) if (e.t === 'eliminated' && e.cause === 'kill') return e.seat;
  return null;
}

/**
 * fiim 8.17: the player killed on the first shooting night, unless two or more left by the vote
 * of day one. Null when there is no such player.
 */
function firstNightGuesser(s: GameState): number | null {
  let night = 0;
  let day1 = 0;
  for (const e of s.log) {
    if (e.t === 'nightStarted' && !e.intro && night === 0) night = e.night;
    if (e.t === 'eliminated' && e.cause === 'vote' && e.phase === 'day' && e.number === 1) day1++;
    if (e.t === 'eliminated' && e.cause === 'kill') return e.number === night && day1 < 2 ? e.seat : null;
  }
  return null;
}

interface Guess {
  seat: number | null;
  rule: string;
}

/** Who may name a best move in this game and under which rule, or null when the table takes none. */
function guessRule(s: GameState): Guess | null {
  if (dayOptions(s.options).firstKilledGuess) return { seat: firstNightGuesser(s), rule: 'fiim 8.17' };
  if (s.options.pointsBestMove) return { seat: firstNightVictim(s), rule: 'R34' };
  return null;
}

function bestMoveGiven(s: GameState): boolean {
  for (const e of s.log) if (e.t === 'bestMove') return true;
  return false;
}

/** In their last word the guesser names up to three seats they believe black. */
export const bestMove: Handler = (c, cmd) => {
  const s = c.s;
  const g = guessRule(s);
  if (!g) return reject('notAllowed', undefined, 'best move is off (options pointsBestMove, firstKilledGuess)');
  const st = s.stage;
  if (st.kind !== 'speech' || st.speech !== 'last') return reject('wrongPhase', g.rule);
  if (cmd.by !== st.seat) return reject('notYourTurn', g.rule);
  if (g.seat !== st.seat) return reject('notAllowed', g.rule, g.rule === 'R34' ? 'only the first player killed at night' : 'only the first night\'s victim, and not after two day-1 vote-outs');
  if (bestMoveGiven(s)) return reject('alreadyActed', g.rule);
  const targets = cmd.targets;
  if (!Array.isArray(targets) || targets.length === 0 || targets.length > 3) return reject('malformed', g.rule, 'targets: 1 to 3 seats');
  if (new Set(targets).size !== targets.length || targets.includes(st.seat)) return reject('malformed', g.rule, 'targets repeat or name yourself');
  emit(c, { t: 'bestMove', seat: st.seat, targets: targets.slice() }, PUBLIC, g.rule);
  return null;
};

/** Best-move commands the seat may give now: every set of three (fewer is legal but adds nothing a bot needs). */
export function legalBestMoves(s: GameState, seat: number, l: Listing): void {
  const st = s.stage;
  // The stage first: every speaker's listing comes here, the guess rule reads the log.
  if (st.kind !== 'speech' || st.speech !== 'last' || st.seat !== seat) return;
  const g = guessRule(s);
  if (!g || g.seat !== seat || bestMoveGiven(s)) return;
  const others: number[] = [];
  for (const x of s.seats) if (x.seat !== seat) others.push(x.seat);
  for (let i = 0; i < others.length; i++)
    for (let j = i + 1; j < others.length; j++)
      for (let k = j + 1; k < others.length; k++) {
        if (take(l)) l.out.push({ by: seat, do: 'bestMove', targets: [others[i]!, others[j]!, others[k]!] });
        if (done(l)) return;
      }
}

/** The judge's extra points: private to the judge while the game runs, announced after it. */
export const extraPoints: Handler = (c, cmd) => {
  const s = c.s;
  if (s.options.pointsExtra === undefined) return reject('notAllowed', undefined, `extraPoints is not part of ${s.preset}`);
  if (cmd.by !== 'judge') return reject('badActor', 'R34');
  if (!s.options.pointsExtra) return reject('notAllowed', 'R34', 'extra points are off (option pointsExtra)');
  const seat = cmd.target;
  if (typeof seat !== 'number' || !s.seats[seat - 1]) return reject('badTarget');
  const points = cmd.points;
  if (typeof points !== 'number' || points === 0 || Math.abs(points) > 10) return reject('malformed', 'R34', 'points: non-zero, at most 10 either way');
  const reason = cmd.reason;
  if (typeof reason !== 'string' || reason.trim().length === 0) return reject('malformed', 'R34', 'reason');
  emit(c, { t: 'extraPoints', seat, points, reason }, s.finished ? PUBLIC : JUDGE, 'R34');
  return null;
};

/** Verbs a finished game still takes: extra points, in presets that have them (R34, fiim 8.20). */
export function takesAfterGame(s: GameState, verb: Verb): boolean {
  return verb === 'extraPoints' && s.options.pointsExtra !== undefined;
}

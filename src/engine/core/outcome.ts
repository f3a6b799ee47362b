// How a game ends: the win check after every exit (R15), the verdict that waits for the last word
// (fiim 8.19), and the draw after nights without an exit (fiim 1.5).
import { emit, emitEvent, JUDGE, PUBLIC, type Ctx } from './emit.js';
import { dayOptions } from './options.js';
import { rulesOf } from './rules.js';
import type { Team } from './vocab.js';

export function revealOnExit(c: Ctx, seat: number): void {
  if (c.s.options.revealRoles !== 'onExit') return;
  const x = c.s.seats[seat - 1];
  if (x) emit(c, { t: 'roleRevealed', seat, role: x.role }, PUBLIC, 'R16');
}

/** The end of the game: the winner (null: a draw) and every role. */
export function gameOver(c: Ctx, winner: Team | null, rule: string): void {
  const s = c.s;
  emitEvent(c, { t: 'gameOver', winner, roles: s.seats.map((x) => ({ seat: x.seat, role: x.role })), n: s.log.length, vis: PUBLIC, rule, phase: s.phase, number: s.number });
}

/**
 * R15: checked after every elimination; a finished game reveals every role. `lastWord`: the exits
 * that decided it leave with a last word, which fiim 8.19 (option finalSpeech) hears before the
 * verdict is announced; the result is fixed now, whatever happens during that word.
 */
export function checkWin(c: Ctx, lastWord = false): boolean {
  const s = c.s;
  if (s.finished === true || s.verdict !== undefined) return true;
  const w = rulesOf(s).winner(s);
  if (w === null) return false;
  const winner: Team | null = w === 'draw' ? null : w;
  if (lastWord && s.lastWords.length > 0 && dayOptions(s.options).finalSpeech) {
    emit(c, { t: 'verdict', winner }, JUDGE, 'fiim 8.19');
    return true;
  }
  gameOver(c, winner, 'R15');
  return true;
}

/**
 * fiim 1.5 (option quietRoundsDraw): N nights in a row, with the days between them, and nobody has
 * left the game: a draw. Asked at the close of a shooting night.
 */
export function quietDraw(c: Ctx): boolean {
  const s = c.s;
  const n = dayOptions(s.options).quietRoundsDraw;
  if (n === 0 || s.finished === true) return false;
  const from = s.number - n + 1;
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'eliminated') return false;
    if (e.t === 'nightStarted' && e.night === from) {
      if (e.intro === true) return false;
      gameOver(c, null, 'fiim 1.5');
      return true;
    }
  }
  return false;
}

// fiim: classic's rules with the FIIM option defaults (option-defs*.ts), plus the one penalty
// classic has no word for — a team's defeat (fiim 9.3, 10.21–10.24: peeping, hints from the
// audience, an oath, threats or bets), declared by the judge against the offender's team.
import { classicRules } from '../classic/classic.js';
import { done, take, type Listing } from '../../core/listing.js';
import { emit, PUBLIC } from '../../core/emit.js';
import { gameOver } from '../../core/outcome.js';
import { reject } from '../../core/rejection.js';
import type { Handler, PresetRules } from '../../core/rules.js';
import type { GameState } from '../../core/state.js';

const RULE = 'fiim 9.3';

/** The offender's team loses at once; the other team wins (neutral is not a fiim team). */
export const teamDefeat: Handler = (c, cmd) => {
  const s = c.s;
  if (cmd.by !== 'judge') return reject('badActor', RULE);
  const seat = typeof cmd.target === 'number' ? s.seats[cmd.target - 1] : undefined;
  if (!seat) return reject('malformed', RULE, 'target');
  // A player out of the game still belongs to a team that may be defeated for them (10.21: hints).
  if (seat.team === 'neutral') return reject('notAllowed', RULE);
  const body: { t: 'teamDefeated'; seat: number; team: typeof seat.team; reason?: string } = { t: 'teamDefeated', seat: seat.seat, team: seat.team };
  if (typeof cmd.reason === 'string' && cmd.reason.length > 0) body.reason = cmd.reason;
  emit(c, body, PUBLIC, RULE);
  gameOver(c, seat.team === 'red' ? 'black' : 'red', RULE);
  return null;
};

/** The judge may declare a defeat against any seat's team while the game goes on. */
function judgeExtras(s: GameState, l: Listing): void {
  for (const x of s.seats)
    if (x.team !== 'neutral') {
      if (take(l)) l.out.push({ by: 'judge', do: 'teamDefeat', target: x.seat });
      if (done(l)) return;
    }
}

export const fiimRules: PresetRules = { ...classicRules, handlers: { ...classicRules.handlers, teamDefeat }, judgeExtras };

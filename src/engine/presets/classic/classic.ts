// Classic sports mafia (classic-sports-10, guide-classic; R12–R15): the night's order and the
// win rule. Other presets start from these and change what their sources change.
import { resolveByTable, type NightTable } from '../../core/night-resolve.js';
import type { PresetRules } from '../../core/rules.js';
import type { GameState } from '../../core/state.js';
import { livingByTeam } from '../../core/table.js';
import type { Team } from '../../core/vocab.js';

export { deliverChecks, revealOnKill, unanimousShot } from '../../core/night-resolve.js';

/** R12 then R13: the mafia's shot, then the don's and the sheriff's checks. */
export const CLASSIC_NIGHT: NightTable = { order: ['kill', 'inform'], missRule: 'R12', protectRule: 'R12', killRule: 'R12', revealOnKill: true };

export function classicWinner(s: GameState): Team | null {
  const n = livingByTeam(s);
  if (n.black === 0) return 'red';
  if (n.black >= n.red + n.neutral) return 'black';
  return null;
}

export const classicRules: PresetRules = {
  canVote: () => true,
  mutedToday: () => false,
  checkNightAction: () => null,
  resolveNight: (c) => resolveByTable(c, CLASSIC_NIGHT),
  winner: classicWinner,
  onTie: () => false,
  keepsFromVote: (_c, seats) => seats,
};

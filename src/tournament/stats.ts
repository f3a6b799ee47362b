// Per-player statistics over games: games and win rate by role, the sheriff's checks that found
// black, the don's that found the sheriff, times killed on the first shooting night and the
// guesses made then, fouls and removals. Players are matched by nickname (nameKey).
import { checksRole, checksTeam, type RoleId } from '../engine/index.js';
import type { GameFacts } from './facts.js';
import { nameKey } from './types.js';

export interface PlayerStats {
  name: string;
  games: number;
  wins: number;
  winRate: number;
  roles: Partial<Record<RoleId, { games: number; wins: number }>>;
  sheriffChecks: { total: number; black: number };
  donChecks: { total: number; sheriffFound: number };
  firstKilled: number;
  guesses: { made: number; twoBlack: number; threeBlack: number };
  fouls: number;
  /** Left the game by four fouls, two technical fouls (fiim 9.6.2) or a removal. */
  removals: number;
}

export function playerStats(games: readonly GameFacts[]): PlayerStats[] {
  const by = new Map<string, PlayerStats>();
  for (const g of games)
    for (const x of g.seats) {
      const key = nameKey(x.name);
      let p = by.get(key);
      if (!p) {
        p = { name: x.name, games: 0, wins: 0, winRate: 0, roles: {}, sheriffChecks: { total: 0, black: 0 }, donChecks: { total: 0, sheriffFound: 0 }, firstKilled: 0, guesses: { made: 0, twoBlack: 0, threeBlack: 0 }, fouls: 0, removals: 0 };
        by.set(key, p);
      }
      const won = x.result === 'win' ? 1 : 0;
      p.games++;
      p.wins += won;
      const r = (p.roles[x.role] ??= { games: 0, wins: 0 });
      r.games++;
      r.wins += won;
      if (checksTeam(x.role)) {
        p.sheriffChecks.total += x.checks;
        p.sheriffChecks.black += x.checksBlack;
      }
      if (checksRole(x.role)) {
        p.donChecks.total += x.checks;
        if (x.donFoundSheriff) p.donChecks.sheriffFound++;
      }
      if (x.firstNightKill) p.firstKilled++;
      if (x.bestMove) {
        p.guesses.made++;
        if (x.bestMove.black === 2) p.guesses.twoBlack++;
        if (x.bestMove.black >= 3) p.guesses.threeBlack++;
      }
      p.fouls += x.fouls;
      if (x.exit && (x.exit.cause === 'fouls' || x.exit.cause === 'techFouls' || x.exit.cause === 'removal')) p.removals++;
    }
  const out = [...by.values()];
  for (const p of out) p.winRate = p.games ? Math.round((p.wins / p.games) * 1000) / 1000 : 0;
  return out.sort((a, b) => b.games - a.games || (a.name < b.name ? -1 : 1));
}

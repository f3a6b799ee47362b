// Rounds from a seating: the qualifying rounds for every registered player, and the finals for
// the top of the standings, each seated by the optimizer (seating/). The request and the rounds
// are separate steps so that a server can run the optimizer in slices (seatingSteps).
import { fail, ok, tournamentError, type Result } from './errors.js';
import { generateSeating, type Seating, type SeatingOptions, type SeatingRequest } from './seating/index.js';
import type { Standings } from './standings.js';
import type { Round, Tournament } from './types.js';

export interface RoundsPlan {
  tables: number;
  games: number;
  seed?: string;
  weight?: number;
}

/** Who is seated (player number i = ids[i − 1]) and the request for the optimizer. */
export interface SeatingJob {
  kind: Round['kind'];
  ids: string[];
  weight: number;
  request: SeatingRequest;
}

function job(ids: string[], forbidden: [string, string][], plan: RoundsPlan, kind: Round['kind']): SeatingJob {
  const num = new Map(ids.map((id, i) => [id, i + 1]));
  const pairs: [number, number][] = [];
  for (const [a, b] of forbidden) {
    const x = num.get(a);
    const y = num.get(b);
    if (x !== undefined && y !== undefined) pairs.push([x, y]);
  }
  return { kind, ids, weight: plan.weight ?? 1, request: { players: ids.length, tables: plan.tables, games: plan.games, forbidden: pairs, seed: plan.seed ?? '' } };
}

/** The qualifying rounds: every registered player (numbered in registration order) plays `games`. */
export function qualifyingJob(t: Tournament, plan: RoundsPlan): SeatingJob {
  return job(
    t.players.map((p) => p.id),
    t.forbidden,
    plan,
    'qualifying',
  );
}

/** Finals: the top `top` of the standings (number 1 = the leader) play `games` each. */
export function finalsJob(t: Tournament, s: Standings, plan: RoundsPlan & { top: number }): Result<SeatingJob> {
  if (!Number.isInteger(plan.top) || plan.top < 10 || plan.top > s.rows.length) return fail(tournamentError('notEnoughPlayers', `top: 10 to ${s.rows.length}`));
  return ok(
    job(
      s.rows.slice(0, plan.top).map((r) => r.id),
      t.forbidden,
      plan,
      'final',
    ),
  );
}

export function roundsOf(j: SeatingJob, seating: Seating): Round[] {
  return seating.rounds.map((tables) => ({
    kind: j.kind,
    weight: j.weight,
    games: tables.map((seats, t) => ({ table: t + 1, seats: seats.map((n) => j.ids[n - 1]!) })),
  }));
}

/** Run a job at once (CLI, tests). */
export function seatJob(j: SeatingJob, opts: SeatingOptions = {}): Result<{ rounds: Round[]; seating: Seating }> {
  const s = generateSeating(j.request, opts);
  return s.ok ? ok({ rounds: roundsOf(j, s.value), seating: s.value }) : s;
}

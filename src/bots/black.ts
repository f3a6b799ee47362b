// The black team's shared reasoning. Every black seat computes the night target from what the
// whole team can see (public claims and speeches, the don's plan), never from one member's
// private answers, so the team shoots as one (R12 needs unanimity) without talking.
import { checksRole } from '../engine/index.js';
import type { Notes } from './notes.js';
import { assess, type Belief } from './suspicion.js';

export function teamOf(n: Notes): Set<number> {
  const out = new Set<number>();
  for (const [seat, k] of n.known) if (k.team === 'black') out.add(seat);
  return out;
}

/** How the table (public facts only) reads each seat: the reds it doubts are the ones to push. */
export function blackHeat(n: Notes): Belief {
  return assess(n, { asTable: true });
}

/** How sheriff-like (dangerous to black) a red plays: nominations and votes against the team. */
export function danger(n: Notes, seat: number): number {
  const team = teamOf(n);
  let d = 0;
  for (const x of n.nominations) if (x.by === seat && team.has(x.target)) d += 1;
  for (const v of n.votes) if (v.seat === seat && !v.defaulted && team.has(v.target)) d += 0.6;
  if (n.claims.has(seat) && !team.has(seat)) d += 3;
  return d;
}

/** The black seat that claims sheriff when the team needs a false one: the first mafia, else the don. */
export function fakeClaimer(n: Notes): number | undefined {
  const team = [...teamOf(n)].filter((s) => n.alive(s)).sort((a, b) => a - b);
  for (const [seat] of n.claims) if (team.includes(seat)) return seat;
  return team.find((s) => !checksRole(n.known.get(s)?.role)) ?? team[0];
}

export function blackTarget(n: Notes): { target: number | null; why: string } {
  const team = teamOf(n);
  const reds = n.living.filter((s) => !team.has(s));
  if (reds.length === 0) return { target: null, why: 'no red left to shoot' };
  const claimed = [...n.claims.keys()].filter((s) => reds.includes(s)).sort((a, b) => a - b)[0];
  if (claimed !== undefined) return { target: claimed, why: `${claimed} opened up as sheriff: the team shoots him` };
  const don = [...team].find((s) => checksRole(n.known.get(s)?.role));
  if (don !== undefined) {
    const signal = [...n.speeches].reverse().find((x) => x.seat === don && x.sp.watching !== undefined)?.sp.watching;
    if (signal !== undefined && reds.includes(signal)) return { target: signal, why: `the don signalled ${signal} as the sheriff: shoot him (classic-sports-10, "Задачи Дона")` };
  }
  const alone = [...team].filter((s) => n.alive(s)).length === 1;
  if (alone) {
    const found = [...n.checks].find(([t, r]) => r === 'sheriff' && reds.includes(t));
    if (found) return { target: found[0], why: `my check found the sheriff ${found[0]}` };
  }
  const planned = n.plan.find((s) => reds.includes(s));
  if (planned !== undefined) return { target: planned, why: `the don's plan: ${planned} is next` };
  let best = reds[0]!;
  for (const s of reds) if (danger(n, s) > danger(n, best)) best = s;
  return { target: best, why: `${best} is the most dangerous red (nominated and voted against us)` };
}

// Games waiting for a correction (types.ts, CorrectionFlag): which are open, which a finished game
// raises by itself, and the check of a document's flags from outside.
import { fail, ok, tournamentError, type Result } from './errors.js';
import type { GameFacts } from './facts.js';
import type { CorrectionFlag, Round, SlotRef } from './types.js';

const KINDS = ['request', 'badRecord', 'draw'] as const;
const WHO = ['organizer', 'judge', 'player', 'server'] as const;
export const MAX_FLAGS = 10_000;

/** The slot's flags nobody has resolved yet. */
export function openFlags(flags: readonly CorrectionFlag[] | undefined, ref: SlotRef): CorrectionFlag[] {
  return (flags ?? []).filter((f) => f.round === ref.round && f.table === ref.table && !f.resolved);
}

/**
 * What a finished game needs the judge for, if anything: the regulation's points table (4.2) gives
 * points for a win or a loss, so a game without a winner (a draw, fiim 1.5) cannot be scored alone.
 */
export function needsJudge(f: Pick<GameFacts, 'winner'>): CorrectionFlag['kind'] | null {
  return f.winner === null ? 'draw' : null;
}

/** The next free flag id (f1, f2 …). */
export function nextFlagId(flags: readonly CorrectionFlag[] | undefined): string {
  return `f${1 + (flags ?? []).reduce((m, f) => Math.max(m, /^f\d+$/.test(f.id) ? Number(f.id.slice(1)) : 0), 0)}`;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const text = (x: unknown, max: number): x is string => typeof x === 'string' && x.trim().length > 0 && x.length <= max;

/** Check a document's flags: each names a game of the rounds, a kind, who, a reason and when. */
export function checkFlags(x: unknown, rounds: Round[]): Result<CorrectionFlag[]> {
  if (!Array.isArray(x) || x.length > MAX_FLAGS) return fail(tournamentError('badTournament', 'flags'));
  const out: CorrectionFlag[] = [];
  const ids = new Set<string>();
  for (const [i, f] of x.entries()) {
    const bad = (d: string): Result<never> => fail(tournamentError('badTournament', `flags.${i}${d}`));
    if (!isObj(f) || typeof f['id'] !== 'string' || !/^f\d{1,9}$/.test(f['id']) || ids.has(f['id'])) return bad('.id');
    const round = f['round'];
    const table = f['table'];
    if (typeof round !== 'number' || !rounds[round - 1]?.games.some((g) => g.table === table)) return bad(`: no game at round ${String(round)}, table ${String(table)}`);
    if (!(KINDS as readonly unknown[]).includes(f['kind'])) return bad(`.kind: one of ${KINDS.join(', ')}`);
    if (!(WHO as readonly unknown[]).includes(f['by'])) return bad(`.by: one of ${WHO.join(', ')}`);
    if (f['name'] !== undefined && !text(f['name'], 64)) return bad('.name');
    if (!text(f['reason'], 500)) return bad('.reason');
    if (typeof f['at'] !== 'number') return bad('.at');
    const item: CorrectionFlag = { id: f['id'], round, table: table as number, kind: f['kind'] as CorrectionFlag['kind'], by: f['by'] as CorrectionFlag['by'], reason: (f['reason'] as string).trim(), at: f['at'] };
    if (typeof f['name'] === 'string') item.name = f['name'];
    const r = f['resolved'];
    if (r !== undefined) {
      if (!isObj(r) || typeof r['at'] !== 'number' || !text(r['note'], 500)) return bad('.resolved');
      if (r['by'] !== undefined && !text(r['by'], 64)) return bad('.resolved.by');
      if (r['version'] !== undefined && (typeof r['version'] !== 'number' || !Number.isInteger(r['version']) || r['version'] < 1)) return bad('.resolved.version');
      item.resolved = { at: r['at'], note: (r['note'] as string).trim(), ...(typeof r['by'] === 'string' ? { by: r['by'] } : {}), ...(typeof r['version'] === 'number' ? { version: r['version'] } : {}) };
    }
    ids.add(item.id);
    out.push(item);
  }
  return ok(out);
}

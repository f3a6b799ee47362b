// What only judge tables have: deals entered from the physical cards (no server commitment, R60),
// games started offline and imported with their commands, the judge's timer relayed to the
// displays, and the judge's own copy of the whole record (a second device takes over).
import type { FastifyInstance } from 'fastify';
import { apply, normalizeCommand, startGame, toRecord, type Command, type GameRecord, type GameState, type RoleId, type Setup } from '../engine/index.js';
import { commitment } from './deal.js';
import type { Hub } from './hub.js';
import { SERVER_ERRORS, TokenBody, zodDetail, type CreateTableBody, type ServerErrorCode } from './messages.js';
import type { CommandRow, DealSource } from './storage.js';
import type { Conn, Table } from './table.js';

export interface DealPlan {
  /** The given deal, or undefined: the server deals (crypto) and commits. */
  deal: RoleId[] | undefined;
  dealSource: DealSource;
  /** Set when the deal was committed elsewhere (the console's own R60 commitment). */
  commitment?: string;
  salt?: string;
  commitTableId?: string;
}

/**
 * Which deal a new table gets. Online tables take a given deal only from a server started with
 * fixedDeals (benchmarks). A judge table may be given the cards drawn at the table ('cards': the
 * server never committed to them), or a deal the console committed itself before the game
 * ('app': kept verifiable under the console's own table id).
 */
export function planDeal(body: CreateTableBody, size: number, fixedDeals: boolean): DealPlan | string {
  if (body.local && (body.mode !== 'judge' || !body.deal)) return 'local: only with a judge table and its deal';
  if (body.commands && body.mode !== 'judge') return 'commands: only a judge table imports a game';
  if (!body.deal) {
    if (body.commands) return 'commands: an imported game needs its deal';
    return { deal: undefined, dealSource: 'server' };
  }
  if (body.deal.length !== size) return 'deal length';
  const deal = body.deal as RoleId[];
  if (body.mode !== 'judge') return fixedDeals ? { deal, dealSource: 'fixed' } : 'deal: this server deals the cards itself (R60)';
  if (body.local) {
    const computed = commitment({ tableId: body.local.id, preset: body.preset, size, options: body.options ?? {}, deal, salt: body.local.salt });
    if (computed !== body.local.commitment) return 'local: the commitment does not match the deal and salt';
    return { deal, dealSource: 'app', commitment: body.local.commitment, salt: body.local.salt, commitTableId: body.local.id };
  }
  return { deal, dealSource: fixedDeals ? 'fixed' : 'cards' };
}

/** The commands of a game played offline, checked by the engine in order (all or none). */
export function importCommands(setup: Setup, commands: CreateTableBody['commands'], at: number): { rows: CommandRow[]; state: GameState } | string {
  const state = startGame(setup);
  const rows: CommandRow[] = [];
  for (const [i, c] of (commands ?? []).entries()) {
    const cmd = { ...c, by: c.by ?? 'judge' } as Command;
    const r = apply(state, cmd);
    if (!r.ok) return `commands.${i}: ${r.error.code}${r.error.detail ? ` (${r.error.detail})` : ''}`;
    // Imported commands carry no client nonce: the console's later nonces cannot collide with them.
    rows.push({ seq: i, sender: 'judge', nonce: null, command: normalizeCommand(cmd as unknown as Record<string, unknown>), at });
  }
  return { rows, state };
}

/** Record meta for a table's deal: where it came from and, for the console's deal, its commit id. */
export function dealMeta(t: Table): Record<string, unknown> {
  const m: Record<string, unknown> = {};
  const src = t.row.dealSource ?? 'server';
  if (src !== 'server') m['dealSource'] = src;
  if (t.row.commitTableId) m['commitTableId'] = t.row.commitTableId;
  return m;
}

/**
 * The whole record for the judge (hidden information: the deal and every night action). The salt
 * is left out until the game ends (R60: it is published with the finished record).
 */
export function judgeRecord(t: Table): GameRecord {
  const extra: Partial<GameRecord> = { meta: { tableId: t.row.id, mode: t.row.mode, createdAt: t.row.createdAt, ...dealMeta(t) } };
  if (t.row.commitment) extra.commitment = t.row.commitment;
  if (t.row.status === 'finished' && t.row.salt) extra.salt = t.row.salt;
  return toRecord(
    t.row.setup,
    t.commands.map((c) => c.command),
    extra,
  );
}

export interface TimerRelayBody {
  kind?: null | undefined;
  seat?: number | null | undefined;
  running?: boolean | undefined;
  leftMs?: number | undefined;
  totalMs?: number | undefined;
}

/**
 * The judge's speech timer, for remote displays: public metadata (R2: the judge owns the clock at a
 * judge table), kept on the table for late joiners and sent to every other socket of the table.
 */
export function relayTimer(t: Table, from: Conn, m: TimerRelayBody, now = Date.now()): string | null {
  let frame: Record<string, unknown>;
  if (m.kind === null) frame = { type: 'timer', kind: null };
  else {
    if (m.running === undefined || m.leftMs === undefined) return 'running and leftMs are required (or kind: null)';
    frame = { type: 'timer', kind: 'judge', running: m.running, leftMs: m.leftMs, at: now };
    if (m.seat !== undefined && m.seat !== null) frame['seat'] = m.seat;
    if (m.totalMs !== undefined) frame['totalMs'] = m.totalMs;
    // A running timer also gets a deadline, so a display that only knows server timers counts down.
    if (m.running) frame['deadline'] = now + m.leftMs;
  }
  t.relayTimer = frame.kind === null ? null : frame;
  const data = Buffer.from(JSON.stringify(frame));
  for (const c of t.conns) if (c !== from) c.send(data);
  return null;
}

function httpError(code: ServerErrorCode, detail?: string): Record<string, unknown> {
  const [ru, en] = SERVER_ERRORS[code];
  const body: Record<string, unknown> = { code, message: { ru, en } };
  if (detail !== undefined) body['detail'] = detail;
  return body;
}

/** `POST /api/tables/:id/judge/record {token}`: the judge's full record, for another device. */
export function registerJudgeHttp(app: FastifyInstance, hub: Hub): void {
  app.post<{ Params: { id: string } }>('/api/tables/:id/judge/record', async (req, reply) => {
    const body = TokenBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send(httpError('badMessage', zodDetail(body.error)));
    const t = hub.tables.get(req.params.id);
    if (!t) return reply.code(404).send(httpError('tableNotFound'));
    const who = hub.lookup(body.data.token);
    if (who?.table !== t) return reply.code(403).send(httpError('unauthorized'));
    if (who.role.kind !== 'judge') return reply.code(403).send(httpError('notJudge'));
    await hub.resumeTable(t);
    return {
      table: t.info(),
      dealSource: t.row.dealSource ?? 'server',
      lastEvent: t.lastEvent,
      record: judgeRecord(t),
      edits: await hub.storage.edits(t.id),
    };
  });
}

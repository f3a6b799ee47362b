// A new table from a create request: every check of the body (preset, size, seats, bots, the
// clock, the deal and its commitment, a judge's imported game) and the stored row it becomes; what
// the creator gets back; the links the web app opens. The hub (hub.ts) stores and runs the row.
import { presetDef, resolveOptions, validateSetup, isOneOf, PRESETS, type Setup } from '../engine/index.js';
import { knownPolicy, policyNames } from './bots.js';
import { DEFAULT_CLOCK } from './clock.js';
import { commitment, cryptoDeal, newSalt, newTableId, newToken } from './deal.js';
import { importCommands, planDeal } from './judge.js';
import type { CreateTableBody, ServerErrorCode } from './messages.js';
import { holdOf, newSeats } from './seats.js';
import type { CommandRow, SeatHold, TableRow } from './storage.js';

export interface CreateResult {
  id: string;
  hostToken: string;
  spectatorToken: string;
  /** null when nobody committed to the deal (cards entered by the judge). */
  commitment: string | null;
  /** token: the seat's link for the host; null for a bot and for an open table's free seat (hold `free`). */
  seats: { seat: number; token: string | null; bot: boolean; hold?: SeatHold }[];
  /** Present for judge tables and given deals: where the deal came from. */
  dealSource?: string;
}

/** A table that is over (finished, or expired unstarted): its seats' credentials go to nobody any more. */
export function closedTable(row: Pick<TableRow, 'status'>): boolean {
  return row.status === 'finished' || row.status === 'expired';
}

/**
 * What the creator gets (and gets again for a repeated upload): the table's tokens and each
 * seat's link. Once the table is closed the seats' tokens are left out: they are the players'
 * credentials, and the host needs them no more (each player keeps their own link).
 */
export function createResult(row: TableRow): CreateResult {
  const closed = closedTable(row);
  const out: CreateResult = {
    id: row.id,
    hostToken: row.hostToken,
    spectatorToken: row.spectatorToken,
    commitment: row.commitment || null,
    seats: row.seats.map((s) => {
      const hold = holdOf(s);
      const token = closed ? null : s.token;
      return hold ? { seat: s.seat, token, bot: s.bot, hold } : { seat: s.seat, token, bot: s.bot };
    }),
  };
  if (row.mode === 'judge' || row.dealSource) out.dealSource = row.dealSource ?? 'server';
  return out;
}

/** A request the hub refused: the HTTP status, the error code (SERVER_ERRORS or an engine rejection) and a detail. */
export class HubError extends Error {
  constructor(
    public status: 400 | 403 | 404 | 409 | 503,
    public code: ServerErrorCode | string,
    public detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export function badRequest(detail: string): HubError {
  return new HubError(400, 'badMessage', detail);
}

/** HTTP status for an error a table answered with. */
export function statusOf(code: string): 400 | 403 | 409 | 503 {
  if (code === 'storage') return 503;
  if (code === 'badTarget') return 400;
  return 409;
}

/** A seat handed out (a claim, the host's new link): its token and the web app's link to play it. */
export interface ClaimResult {
  id: string;
  seat: number;
  token: string;
  /** `/play/:id?token=…&seat=N`: the same link as the host's seat links. */
  play: string;
}

/** The web app's player page for a token (web/src/lib/storage.ts playLink). */
export function playPath(id: string, token: string, seat?: number): string {
  const base = `/play/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
  return seat === undefined ? base : `${base}&seat=${seat}`;
}

/**
 * What a visitor opens to watch a table: the spectator link the host gets at creation (the
 * player page with the public spectator token). At a judge table that is the same public view as
 * the table display.
 */
export function watchPath(row: TableRow): string {
  return playPath(row.id, row.spectatorToken);
}

/** What a create may do beyond the defaults (hub options). */
export interface NewTableOptions {
  /** Accept a deal given at creation (benchmarks; R60). */
  fixedDeals?: boolean;
  /** The online host may end stages (benchmarks): an online table may run without the server's clock. */
  hostClock?: boolean;
}

/** The row a create request makes (and a judge's imported commands), or a HubError saying what is wrong. */
export function newTableRow(body: CreateTableBody, opts: NewTableOptions): { row: TableRow; imported: { rows: CommandRow[] } | null } {
  if (!isOneOf(PRESETS, body.preset)) throw badRequest('preset');
  const def = presetDef(body.preset);
  if (!def) throw badRequest(`preset ${body.preset} is not available`);
  const size = body.size ?? (body.mode === 'judge' ? body.deal?.length : undefined) ?? def.defaultSize;
  if (size < def.sizes[0] || size > def.sizes[1]) throw badRequest('size');
  const names = Array.from({ length: size }, (_, i) => body.names?.[i] ?? `${i + 1}`);
  if ((body.names?.length ?? 0) > size) throw badRequest('names');
  const bots = new Set(body.bots ?? []);
  if (body.botPolicy !== undefined && !knownPolicy(body.botPolicy)) throw badRequest(`botPolicy: one of ${policyNames().join(', ')}`);
  for (const b of bots) if (b > size) throw badRequest('bots');
  if (body.open && body.mode !== 'online') throw badRequest('open: only an online table is open to strangers');
  // At an online table the clock is the server's: without it nobody could end a night (R2).
  if (body.mode === 'online' && body.clock?.auto === false && !opts.hostClock) throw badRequest('clock.auto: an online table runs on the server clock');
  const reserve = new Set(body.reserve ?? []);
  if (reserve.size && !body.open) throw badRequest('reserve: only an open table has seats to keep');
  for (const r of reserve) if (r > size || bots.has(r)) throw badRequest('reserve');
  const id = newTableId();
  const plan = planDeal(body, size, opts.fixedDeals === true);
  if (typeof plan === 'string') throw badRequest(plan);
  // R18: online, the night runs to its timer unless the creator says otherwise — a morning that
  // comes as soon as everyone has acted would tell the table that a night role has left.
  const options = body.mode === 'online' && body.options?.['nightEnds'] === undefined ? { ...body.options, nightEnds: 'close' } : (body.options ?? {});
  // The options are checked before the deal, which follows them (a table's own role list, R20, R41).
  const given = validateSetup({ preset: body.preset, players: names, options });
  if (!given.ok) throw new HubError(400, given.error.code, given.error.detail ?? 'setup');
  const resolved = resolveOptions(body.preset, options);
  const deal = plan.deal ?? cryptoDeal(body.preset, size, resolved.ok ? resolved.value : undefined);
  const salt = plan.dealSource === 'cards' ? '' : (plan.salt ?? newSalt());
  const setup: Setup = { preset: body.preset, players: names, deal, seed: newToken(), options };
  const valid = validateSetup(setup);
  if (!valid.ok) throw new HubError(400, valid.error.code, valid.error.detail ?? 'setup');
  const now = Date.now();
  // Commands given (even none): the game began on the console, so the table starts as it is.
  const imported = body.commands ? importCommands(valid.value, body.commands, now) : null;
  if (typeof imported === 'string') throw badRequest(imported);
  const row: TableRow = {
    id,
    createdAt: Date.now(),
    mode: body.mode,
    setup: valid.value,
    salt,
    commitment: plan.dealSource === 'cards' ? '' : (plan.commitment ?? commitment({ tableId: id, preset: body.preset, size, options, deal, salt })),
    ...(plan.dealSource !== 'server' ? { dealSource: plan.dealSource } : {}),
    ...(plan.commitTableId ? { commitTableId: plan.commitTableId } : {}),
    hostToken: newToken(),
    spectatorToken: newToken(),
    seats: newSeats(names, bots, body.open === true, reserve, newToken),
    // Bots worth playing with by default: the club policy (the creator may pick another level).
    botPolicy: body.botPolicy ?? 'club',
    botDelayMs: body.botDelayMs ?? 800,
    clock: {
      auto: body.clock?.auto ?? body.mode === 'online',
      introNightSeconds: body.clock?.introNightSeconds ?? DEFAULT_CLOCK.introNightSeconds,
      nightSeconds: body.clock?.nightSeconds ?? DEFAULT_CLOCK.nightSeconds,
      voteSeconds: body.clock?.voteSeconds ?? DEFAULT_CLOCK.voteSeconds,
    },
    autoStart: body.autoStart ?? true,
    ...(body.open ? { open: true } : {}),
    ...(body.uploadKey !== undefined ? { uploadKey: body.uploadKey } : {}),
    status: 'lobby',
    winner: null,
    finishedAt: null,
    deadline: null,
  };
  // A game imported with its commands is under way (or over) already.
  if (imported) {
    row.status = imported.state.finished ? 'finished' : 'playing';
    if (imported.state.finished) {
      row.winner = imported.state.winner ?? 'draw';
      row.finishedAt = now;
    }
  }
  return { row, imported };
}

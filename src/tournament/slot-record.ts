// Whether a game record belongs to a slot of a tournament: a gorod-record/1 that replays with no
// rejected command, finished, under the tournament's preset and options, with the slot's players
// in the slot's seats. Each refusal names its reason.
import { replay, type GameRecord, type GameState } from '../engine/index.js';
import { fail, ok, tournamentError, type Result } from './errors.js';
import { gameFacts, type GameFacts } from './facts.js';
import { nameKey, slotOf, type SlotRef, type Tournament } from './types.js';

export interface CheckedRecord {
  state: GameState;
  facts: GameFacts;
}

/** Replay a record and check it is a finished game with no rejected command. */
export function finishedGame(json: unknown): Result<CheckedRecord> {
  const r = replay(json);
  if (!r.ok) return fail(tournamentError('badRecord', `${r.error.code}${r.error.detail ? `: ${r.error.detail}` : ''}`));
  const first = r.value.rejected[0];
  if (first) return fail(tournamentError('rejectedCommand', `command ${first.index}: ${first.code}${first.detail ? ` (${first.detail})` : ''}`));
  if (!r.value.state.finished) return fail(tournamentError('unfinished', `the game stands at ${r.value.state.phase} ${r.value.state.number}`));
  return ok({ state: r.value.state, facts: gameFacts(r.value.state) });
}

export function checkSlotRecord(t: Tournament, ref: SlotRef, json: unknown): Result<CheckedRecord> {
  const slot = slotOf(t, ref);
  if (!slot) return fail(tournamentError('noSuchSlot', `round ${ref.round}, table ${ref.table}`));
  const game = finishedGame(json);
  if (!game.ok) return game;
  const s = game.value.state;
  if (s.preset !== t.options.preset) return fail(tournamentError('otherPreset', `the tournament plays ${t.options.preset}, the record ${s.preset}`));
  const opts = s.options as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(t.options.gameOptions))
    if (JSON.stringify(opts[k]) !== JSON.stringify(v)) return fail(tournamentError('otherOptions', `${k}: the tournament plays ${JSON.stringify(v)}, the record ${JSON.stringify(opts[k])}`));
  if (s.seats.length !== slot.seats.length) return fail(tournamentError('otherPlayers', `${slot.seats.length} seats at this table, ${s.seats.length} in the record`));
  const byId = new Map(t.players.map((p) => [p.id, p.nickname]));
  for (const [i, id] of slot.seats.entries()) {
    const want = byId.get(id) ?? id;
    const got = s.seats[i]!.name;
    if (nameKey(want) !== nameKey(got)) return fail(tournamentError('otherPlayers', `seat ${i + 1}: «${want}» plays here, the record has «${got}»`));
  }
  const meta = (json as GameRecord).meta?.['tournament'];
  if (meta && typeof meta === 'object') {
    const m = meta as Record<string, unknown>;
    if ((m['round'] !== undefined && m['round'] !== ref.round) || (m['table'] !== undefined && m['table'] !== ref.table))
      return fail(tournamentError('otherPlayers', `the record is of round ${String(m['round'])}, table ${String(m['table'])}`));
  }
  return game;
}

/**
 * The slot a record belongs to (CLI: a folder of records): its meta.tournament {round, table} if
 * given, else the one slot whose players sit in the record's seats.
 */
export function findSlot(t: Tournament, json: unknown): Result<SlotRef> {
  const meta = (json as GameRecord | null)?.meta?.['tournament'];
  if (meta && typeof meta === 'object') {
    const m = meta as Record<string, unknown>;
    if (typeof m['round'] === 'number' && typeof m['table'] === 'number') return ok({ round: m['round'], table: m['table'] });
  }
  const players = (json as GameRecord | null)?.players;
  if (!Array.isArray(players)) return fail(tournamentError('noSlotForRecord', 'the record names no players'));
  const byId = new Map(t.players.map((p) => [p.id, nameKey(p.nickname)]));
  const keys = players.map((p) => nameKey(String(p)));
  for (const [i, r] of t.rounds.entries())
    for (const g of r.games)
      if (g.seats.length === keys.length && g.seats.every((id, k) => byId.get(id) === keys[k])) return ok({ round: i + 1, table: g.table });
  return fail(tournamentError('noSlotForRecord', `no table seats ${keys.slice(0, 3).join(', ')}… in this order`));
}

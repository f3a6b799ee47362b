// A server table's stored log: the game replayed from it, and its published record
// (gorod-record/1): its setup and stored commands with the R60 publication — the commitment and,
// the game being over, the salt — and where the deal came from.
import { apply, startGame, toRecord, type GameRecord, type GameState } from '../engine/index.js';
import type { CommandRow, TableRow } from './storage.js';

/** The record with the R60 publication and meta; a deal nobody committed to ('cards') says so instead. */
export function publishedRecord(row: TableRow, commands: CommandRow[]): GameRecord {
  const meta: Record<string, unknown> = { tableId: row.id, mode: row.mode, createdAt: row.createdAt };
  if (row.dealSource && row.dealSource !== 'server') meta['dealSource'] = row.dealSource;
  if (row.commitTableId) meta['commitTableId'] = row.commitTableId;
  const extra: Partial<GameRecord> = row.commitment ? { commitment: row.commitment, salt: row.salt, meta } : { meta };
  return toRecord(
    row.setup,
    commands.map((c) => c.command),
    extra,
  );
}

/** The game as the stored log makes it: the table's state is always this replay. */
export function replayLog(row: TableRow, commands: CommandRow[]): GameState {
  const state = startGame(row.setup);
  for (const c of commands) {
    const r = apply(state, c.command);
    // A stored command was accepted once; the engine is deterministic, so it is accepted again.
    if (!r.ok) throw new Error(`table ${row.id}: stored command ${c.seq} rejected on replay: ${r.error.code}`);
  }
  return state;
}

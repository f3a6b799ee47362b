// A server table's published record (gorod-record/1): its setup and stored commands with the R60
// publication — the commitment and, the game being over, the salt — and where the deal came from.
import { toRecord, type GameRecord } from '../engine/index.js';
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

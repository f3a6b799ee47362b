// A table's stored row for storage tests and benches: no test framework here, so a bench
// (bench/sqlite-commits.ts) takes it too.
import type { TableRow } from '../../src/server/storage.js';

export function tableRow(id: string, over: Partial<TableRow> = {}): TableRow {
  return {
    id,
    createdAt: Date.now(),
    mode: 'online',
    setup: { preset: 'classic', size: 10 },
    salt: 's',
    commitment: 'c',
    hostToken: 'h',
    spectatorToken: 'p',
    seats: [{ seat: 1, token: 'x', bot: false, name: 'Аня', hold: 'reserved' }],
    botPolicy: 'random',
    botDelayMs: 0,
    clock: { auto: true, introNightSeconds: 1, nightSeconds: 1, voteSeconds: 1 },
    autoStart: true,
    status: 'lobby',
    winner: null,
    finishedAt: null,
    deadline: null,
    ...over,
  };
}

// The storage contract, for the in-memory and the SQLite implementation alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Storage, TableRow } from './storage.js';
import { MemoryStorage } from './storage-memory.js';
import { SqliteStorage } from './storage-sqlite.js';

const dir = mkdtempSync(join(tmpdir(), 'gorod-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function row(id: string): TableRow {
  return {
    id,
    createdAt: Date.now(),
    mode: 'online',
    setup: { preset: 'classic', size: 10 },
    salt: 's',
    commitment: 'c',
    hostToken: 'h',
    spectatorToken: 'p',
    seats: [],
    botPolicy: 'random',
    botDelayMs: 0,
    clock: { auto: true, introNightSeconds: 1, nightSeconds: 1, voteSeconds: 1 },
    autoStart: true,
    status: 'lobby',
    winner: null,
    finishedAt: null,
    deadline: null,
  };
}

const impls: [string, () => Storage][] = [
  ['memory', () => new MemoryStorage()],
  ['sqlite', () => new SqliteStorage(join(dir, `s${Math.random()}.sqlite`))],
];

describe.each(impls)('%s storage', (_name, make) => {
  it('keeps tables, commands in order, nonces once, deadlines and undo history', async () => {
    const s = make();
    await s.createTable(row('a'));
    await s.createTable(row('b'));
    await s.appendCommand('a', { seq: 0, sender: 'seat:1', nonce: 'n1', command: { by: 1, do: 'endSpeech' }, at: 1 });
    await s.appendCommand('a', { seq: 1, sender: 'bot:2', nonce: null, command: { by: 2, do: 'endSpeech' }, at: 2 });
    await s.appendCommand('a', { seq: 2, sender: 'bot:2', nonce: null, command: { by: 2, do: 'endSpeech' }, at: 3 });
    await expect(s.appendCommand('a', { seq: 3, sender: 'seat:1', nonce: 'n1', command: { by: 1, do: 'endSpeech' }, at: 4 })).rejects.toThrow();
    await expect(s.appendCommand('a', { seq: 1, sender: 'seat:1', nonce: 'n9', command: { by: 1, do: 'endSpeech' }, at: 4 })).rejects.toThrow();
    expect((await s.commands('a')).map((c) => c.seq)).toEqual([0, 1, 2]);
    expect((await s.commandsOf(['a', 'b'])).get('b')).toEqual([]);
    await s.setDeadline('a', { key: 7, at: 1234 });
    expect((await s.getTable('a'))?.deadline).toEqual({ key: 7, at: 1234 });
    await s.updateTable('a', { status: 'playing' });
    expect((await s.getTable('a'))?.deadline).toEqual({ key: 7, at: 1234 });
    await s.undoCommand('a', 2, { at: 5, kind: 'undo', seq: 2, command: { by: 2, do: 'endSpeech' } });
    await expect(s.undoCommand('a', 0, { at: 5, kind: 'undo', seq: 0, command: { by: 1, do: 'endSpeech' } })).rejects.toThrow();
    expect((await s.commands('a')).length).toBe(2);
    expect(await s.edits('a')).toEqual([{ at: 5, kind: 'undo', seq: 2, command: { by: 2, do: 'endSpeech' } }]);
    await s.updateTable('b', { status: 'finished', finishedAt: 10, winner: 'red' });
    expect((await s.unfinishedTables()).map((t) => t.id)).toEqual(['a']);
    expect((await s.finishedTables(5)).map((t) => t.winner)).toEqual(['red']);
    expect(await s.getTable('zzz')).toBeNull();
    await s.close();
  });
});

// The Storage contract: what every implementation (memory, SQLite, and later Postgres) must do.
// An implementation's test calls storageContract() with a factory; `open(name)` gives a storage
// over the database `name`, and for a durable implementation opening the same name again after
// close() sees what was written.
import { describe, expect, it } from 'vitest';
import type { CommandRow, Storage, TableRow } from '../../src/server/storage.js';
import { tableRow } from './storage-rows.js';

export { tableRow };

export interface ContractTarget {
  open(name: string): Storage | Promise<Storage>;
  /** Data outlives close(): opening the same name again finds it. */
  durable: boolean;
}


function cmd(seq: number, sender = 'seat:1', nonce: string | null = `n${seq}`): CommandRow {
  return { seq, sender, nonce, command: { by: 1, do: 'endSpeech' }, at: seq };
}

let n = 0;
const fresh = (): string => `c${process.pid}-${++n}`;

export function storageContract(name: string, target: ContractTarget): void {
  describe(`${name} storage: the Storage contract`, () => {
    it('keeps tables: create once, patch, read back copies; unknown ids are null or GOROD_NOT_FOUND', async () => {
      const s = await target.open(fresh());
      await s.createTable(tableRow('a'));
      await expect(s.createTable(tableRow('a'))).rejects.toThrow();
      await s.updateTable('a', { status: 'playing', seats: [{ seat: 1, token: 'y', bot: false, name: 'Боря', hold: 'claimed' }] });
      const a = (await s.getTable('a'))!;
      expect(a).toMatchObject({ id: 'a', status: 'playing', seats: [{ token: 'y', name: 'Боря', hold: 'claimed' }], deadline: null });
      a.seats[0]!.name = 'changed outside';
      expect((await s.getTable('a'))!.seats[0]!.name).toBe('Боря');
      expect(await s.getTable('zzz')).toBeNull();
      await expect(s.updateTable('zzz', { status: 'playing' })).rejects.toMatchObject({ code: 'GOROD_NOT_FOUND' });
      await s.close();
    });

    it('keeps each log in seq order; a sender’s nonce once; a seq out of order is refused and changes nothing', async () => {
      const s = await target.open(fresh());
      await s.createTable(tableRow('a'));
      await s.createTable(tableRow('b'));
      await s.appendCommand('a', cmd(0));
      await s.appendCommand('a', cmd(1, 'bot:2', null));
      await s.appendCommand('a', cmd(2, 'bot:2', null));
      await expect(s.appendCommand('a', cmd(3, 'seat:1', 'n0'))).rejects.toThrow(); // nonce again
      await expect(s.appendCommand('a', cmd(1, 'seat:1', 'n9'))).rejects.toThrow(); // seq taken
      await expect(s.appendCommand('a', cmd(5, 'seat:1', 'n8'))).rejects.toThrow(); // seq gap
      await s.appendCommand('a', cmd(3, 'seat:2', 'n0')); // another sender's nonce
      expect((await s.commands('a')).map((c) => c.seq)).toEqual([0, 1, 2, 3]);
      expect((await s.commands('a'))[0]).toEqual(cmd(0));
      const many = await s.commandsOf(['a', 'b']);
      expect(many.get('a')!.length).toBe(4);
      expect(many.get('b')).toEqual([]);
      await s.close();
    });

    it('writes issued together all land, in order, and a bad one among them fails alone', async () => {
      const s = await target.open(fresh());
      await s.createTable(tableRow('a'));
      const writes: Promise<void>[] = [];
      for (let i = 0; i < 200; i++) writes.push(s.appendCommand('a', cmd(i)));
      const bad = s.appendCommand('a', cmd(200, 'seat:1', 'n7'));
      bad.catch(() => undefined); // awaited below, after the others
      writes.push(s.appendCommand('a', cmd(200, 'seat:1', 'n200')));
      await Promise.all(writes);
      await expect(bad).rejects.toThrow();
      expect((await s.commands('a')).map((c) => c.seq)).toEqual(Array.from({ length: 201 }, (_, i) => i));
      await s.close();
    });

    it('creates a table with its imported commands all or nothing', async () => {
      const s = await target.open(fresh());
      await s.createTable(tableRow('a'), [cmd(0), cmd(1)]);
      expect((await s.commands('a')).length).toBe(2);
      await expect(s.createTable(tableRow('b'), [cmd(0), cmd(0)])).rejects.toThrow();
      expect(await s.getTable('b')).toBeNull();
      expect(await s.commands('b')).toEqual([]);
      await s.close();
    });

    it('keeps the running timer apart from the row: set, paused, survives a patch, cleared', async () => {
      const s = await target.open(fresh());
      await s.createTable(tableRow('a'));
      await s.setDeadline('a', { key: 7, at: 1234 });
      expect((await s.getTable('a'))!.deadline).toEqual({ key: 7, at: 1234 });
      await s.updateTable('a', { status: 'playing' });
      expect((await s.getTable('a'))!.deadline).toEqual({ key: 7, at: 1234 });
      await s.setDeadline('a', { key: 7, at: 0, left: 4500, extended: 30_000 });
      expect((await s.getTable('a'))!.deadline).toEqual({ key: 7, at: 0, left: 4500, extended: 30_000 });
      await s.setDeadline('a', null);
      expect((await s.getTable('a'))!.deadline).toBeNull();
      await s.close();
    });

    it('undoes only the last command, atomically, keeping the edit with its nonces', async () => {
      const s = await target.open(fresh());
      await s.createTable(tableRow('a'));
      for (let i = 0; i < 3; i++) await s.appendCommand('a', cmd(i));
      await s.undoCommand('a', 2, { at: 5, kind: 'undo', seq: 2, command: { by: 1, do: 'endSpeech' }, nonce: 'u1', undone: { sender: 'seat:1', nonce: 'n2' } });
      await expect(s.undoCommand('a', 0, { at: 6, kind: 'undo', seq: 0, command: { by: 1, do: 'endSpeech' } })).rejects.toMatchObject({ code: 'GOROD_CONFLICT' });
      expect((await s.commands('a')).map((c) => c.seq)).toEqual([0, 1]);
      expect(await s.edits('a')).toEqual([{ at: 5, kind: 'undo', seq: 2, command: { by: 1, do: 'endSpeech' }, nonce: 'u1', undone: { sender: 'seat:1', nonce: 'n2' } }]);
      // The undone seq is free again.
      await s.appendCommand('a', cmd(2, 'seat:1', 'n2b'));
      expect((await s.commands('a')).length).toBe(3);
      await s.close();
    });

    it('lists live tables oldest first (never finished or expired ones) and finished ones newest first, paged', async () => {
      const s = await target.open(fresh());
      await s.createTable(tableRow('old', { createdAt: 1 }));
      await s.createTable(tableRow('new', { createdAt: 2, status: 'playing' }));
      await s.createTable(tableRow('gone', { createdAt: 3 }));
      await s.updateTable('gone', { status: 'expired' });
      for (let i = 1; i <= 5; i++) {
        await s.createTable(tableRow(`f${i}`, { createdAt: 10 + i }));
        await s.updateTable(`f${i}`, { status: 'finished', finishedAt: 100 * i, winner: i % 2 ? 'red' : 'black' });
      }
      expect((await s.unfinishedTables()).map((t) => t.id)).toEqual(['old', 'new']);
      expect((await s.finishedTables(2)).map((t) => t.id)).toEqual(['f5', 'f4']);
      expect((await s.finishedTables(2, 400)).map((t) => t.id)).toEqual(['f3', 'f2']);
      expect((await s.finishedTables(10, 200)).map((t) => t.id)).toEqual(['f1']);
      await s.close();
    });

    it('pages the lobby from the database: online tables in the lobby or playing, newest first, after a cursor', async () => {
      const s = await target.open(fresh());
      for (let i = 1; i <= 5; i++) await s.createTable(tableRow(`l${i}`, { createdAt: 100 + i, ...(i === 2 ? { status: 'playing' as const } : {}) }));
      // Two made in the same millisecond: ordered by id.
      await s.createTable(tableRow('z1', { createdAt: 200 }));
      await s.createTable(tableRow('z2', { createdAt: 200 }));
      await s.createTable(tableRow('judge', { createdAt: 300, mode: 'judge' }));
      await s.createTable(tableRow('over', { createdAt: 301 }));
      await s.updateTable('over', { status: 'finished', finishedAt: 400, winner: 'red' });
      const ids = (rows: TableRow[]): string[] => rows.map((t) => t.id);
      expect(ids(await s.lobbyTables(3))).toEqual(['z2', 'z1', 'l5']);
      expect(ids(await s.lobbyTables(3, { createdAt: 200, id: 'z2' }))).toEqual(['z1', 'l5', 'l4']);
      expect(ids(await s.lobbyTables(10, { createdAt: 105, id: 'l5' }))).toEqual(['l4', 'l3', 'l2', 'l1']);
      expect(ids(await s.lobbyTables(10, { createdAt: 101, id: 'l1' }))).toEqual([]);
      await s.close();
    });

    if (target.durable) {
      it('what was written before close() is there when the database is opened again', async () => {
        const name = fresh();
        const s = await target.open(name);
        await s.createTable(tableRow('a'));
        // Not awaited: close() still commits them.
        const writes = [s.appendCommand('a', cmd(0)), s.setDeadline('a', { key: 1, at: 2 }), s.updateTable('a', { status: 'playing' })];
        await s.close();
        await Promise.all(writes);
        const again = await target.open(name);
        expect((await again.commands('a')).length).toBe(1);
        expect(await again.getTable('a')).toMatchObject({ status: 'playing', deadline: { key: 1, at: 2 } });
        await again.close();
      });
    }
  });
}

// A table's frames per viewer (R18, R46): each viewer's own event numbers, no frame when nothing
// changed for it, and a fresh start (resync) for a seat whose team changed and who now sees the
// black past. Table-level: fake connections record what they are sent.
import { describe, expect, it } from 'vitest';
import { T12 } from '../../test/fixtures/forum-cases.js';
import { validateSetup, visibleEvents, type Command, type GameView, type Viewer } from '../engine/index.js';
import { MemoryStorage } from './storage-memory.js';
import type { TableRow } from './storage.js';
import { Table, type Conn } from './table.js';

async function forumTable(): Promise<Table> {
  const v = validateSetup({ preset: 'forum', deal: T12, seed: 't' });
  if (!v.ok) throw new Error(v.error.code);
  const row: TableRow = {
    id: 'tforum',
    createdAt: 0,
    mode: 'online',
    setup: v.value,
    salt: '',
    commitment: '',
    hostToken: 'h',
    spectatorToken: 's',
    seats: T12.map((_r, i) => ({ seat: i + 1, token: `t${i + 1}`, bot: false, name: `${i + 1}` })),
    botPolicy: 'random',
    botDelayMs: 0,
    clock: { auto: false, introNightSeconds: 0, nightSeconds: 0, voteSeconds: 0 },
    autoStart: false,
    status: 'playing',
    winner: null,
    finishedAt: null,
    deadline: null,
  };
  const noop = (): void => undefined;
  const storage = new MemoryStorage();
  await storage.createTable(row);
  return new Table(row, [], { storage, timeScale: 1, log: { warn: noop, error: noop }, onFinished: noop });
}

type Frame = { type: string; lastEvent?: number; events?: { n: number; t: string }[]; view?: GameView; reason?: string };

function listen(t: Table, viewer: Viewer): Frame[] {
  const frames: Frame[] = [];
  const conn: Conn = {
    role: viewer.kind === 'seat' ? { kind: 'seat', seat: viewer.seat } : { kind: 'spectator' },
    viewer,
    send: (d) => frames.push(JSON.parse(d.toString()) as Frame),
  };
  t.attach(conn);
  return frames;
}

const vote = (by: number, target: number): Command => ({ by, do: 'vote', target, reason: 'r' }) as Command;

describe('per-viewer frames', () => {
  it('R46 the child shot by the mafia turns black: a resync renumbers its events to include the black past', async () => {
    const t = await forumTable();
    const child = listen(t, { kind: 'seat', seat: 8 });
    const civilian = listen(t, { kind: 'seat', seat: 12 });
    const run = async (cmds: Command[]): Promise<void> => {
      for (const c of cmds) {
        const r = await t.submit('test', c, null);
        expect(r.ok, JSON.stringify(r)).toBe(true);
      }
    };
    // Day 1: a tie, the lawyer protects himself, the day ends; night 1: the don shoots the child.
    await run(Array.from({ length: 12 }, (_, i) => vote(i + 1, i + 1 <= 5 || i + 1 === 11 ? 12 : 11)));
    await run([{ by: 10, do: 'protect', target: 10 } as Command, { by: 'clock', do: 'endDay' } as Command]);
    const civilianBefore = civilian.length;
    await run([{ by: 1, do: 'shoot', target: 8 } as Command]);
    expect(civilian.length, 'a civilian learns nothing of a night shot').toBe(civilianBefore);
    await run([{ by: 'clock', do: 'endNight' } as Command]);
    expect(t.state.seats[7]!.team).toBe('black');

    const resync = child.find((f) => f.type === 'resync' && f.reason === 'team');
    expect(resync, 'the converted child starts afresh').toBeDefined();
    const mine = visibleEvents(t.state, { kind: 'seat', seat: 8 });
    expect(resync!.view!.log.map((e) => e.n)).toEqual(mine.map((_e, i) => i));
    expect(resync!.view!.log.some((e) => e.vis === 'black')).toBe(true);
    expect(resync!.lastEvent).toBe(mine.length - 1);
    expect(t.lastEventFor({ kind: 'seat', seat: 8 })).toBe(mine.length - 1);
    // Every frame before and after carries numbers that follow on from the last one.
    for (const frames of [child, civilian]) {
      let last = -1;
      for (const f of frames) {
        if (f.type === 'resync' || f.type === 'welcome') last = f.lastEvent!;
        else if (f.type === 'events') {
          expect(f.events!.map((e) => e.n)).toEqual(f.events!.map((_e, i) => last + 1 + i));
          last = f.lastEvent!;
        }
      }
    }
  });
});

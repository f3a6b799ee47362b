// Crash test: a real server process is killed with SIGKILL at random moments (≥ 20 times) while
// players and bots play; after each restart on the same database the clients come back with the
// last event they saw and resend unacknowledged commands with their nonces. At the end: every
// acknowledged command is stored exactly once, every table finished, and every event a client
// ever received is the event the final log holds at that number.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { apply, startGame, visibleEvents, type Command, type Viewer } from '../../src/engine/index.js';
import type { TableRow } from '../../src/server/storage.js';
import { bare, Client, createTable, sleep, type Created } from './helpers.js';
import { activate, freePort, kill9, spawnStandby, type Proc } from './process.js';

const KILLS = Number(process.env['CRASH_KILLS'] ?? 20);
const TIME_SCALE = { TIME_SCALE: '0.05' };

interface Seat {
  token: string;
  viewer: Viewer;
  client: Client | null;
  /** Every event ever received, by number (must match the final log). */
  events: Map<number, string>;
  lastEvent: number;
  /** A command sent whose ack never came (the server died): resent with its nonce. */
  pending: { nonce: string; command: Record<string, unknown> } | null;
  n: number;
}

const acked: { table: string; sender: string; nonce: string }[] = [];
let dir = '';
let live: Proc | null = null;
let spare: ChildProcess | null = null;
afterAll(async () => {
  if (live) await kill9(live);
  if (spare) await kill9({ child: spare, url: '' });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('crash: kill -9 at random moments', () => {
  it(`survives ${KILLS} kills: acknowledged commands stored once, every table resumes and finishes`, async () => {
    dir = mkdtempSync(join(tmpdir(), 'gorod-crash-'));
    const db = join(dir, 'crash.sqlite');
    const port = await freePort();
    const t0 = Date.now();
    spare = spawnStandby(port, db, TIME_SCALE);
    let proc = (live = await activate(spare));
    spare = spawnStandby(port, db, TIME_SCALE);
    const humanTables: Created[] = [];
    const botTables: Created[] = [];
    // Player tables: seats 1..10 are test clients except two bots; bot tables: all bots.
    for (let i = 0; i < 3; i++)
      humanTables.push(await createTable(proc.url, { preset: 'classic', options: { nightEnds: 'allActed' }, bots: [4, 9], botDelayMs: 100, clock: { introNightSeconds: 1, voteSeconds: 20, nightSeconds: 20 } }));
    for (let i = 0; i < 2; i++)
      botTables.push(await createTable(proc.url, { preset: 'classic', options: { nightEnds: 'allActed' }, bots: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], botDelayMs: 1000, clock: { introNightSeconds: 2, voteSeconds: 10, nightSeconds: 10 } }));
    const seats = new Map<string, Seat[]>();
    for (const t of humanTables)
      seats.set(
        t.id,
        t.seats.filter((s) => s.token).map((s) => ({ token: s.token!, viewer: { kind: 'seat', seat: s.seat }, client: null, events: new Map(), lastEvent: -1, pending: null, n: 0 })),
      );
    const stagesAtKill = new Set<string>();

    const connect = async (url: string): Promise<void> => {
      const all: Seat[] = [];
      for (const list of seats.values()) all.push(...list);
      await Promise.all(
        all.map(async (s) => {
          s.client = await Client.open(url, s.token, `seat${(s.viewer as { seat: number }).seat}`, s.lastEvent >= 0 ? { lastEvent: s.lastEvent } : {});
          const w = await s.client.wait((f) => f.type === 'welcome');
          // Resumes at (or after) the event it stopped at: nothing it saw was lost.
          expect(w['lastEvent'] as number).toBeGreaterThanOrEqual(s.lastEvent);
          const c = s.client;
          const absorb = (): void => {
            for (const f of c.frames.splice(0)) {
              for (const e of ((f['view'] as { log?: { n: number }[] } | undefined)?.log ?? []).concat((f['events'] as { n: number }[]) ?? [])) {
                const text = JSON.stringify(e);
                const had = s.events.get(e.n);
                if (had !== undefined) expect(text, `event ${e.n} rewritten`).toBe(had);
                s.events.set(e.n, text);
              }
              if (typeof f['lastEvent'] === 'number' && f.type !== 'ack') s.lastEvent = Math.max(s.lastEvent, f['lastEvent']);
            }
          };
          c.ws.on('message', () => setImmediate(absorb));
          absorb();
        }),
      );
    };

    const send = async (tableId: string, s: Seat, nonce: string, command: Record<string, unknown>): Promise<'ack' | 'error' | 'lost'> => {
      s.pending = { nonce, command };
      try {
        const r = await s.client!.command(command, nonce);
        s.pending = null;
        if (r.type === 'ack') {
          acked.push({ table: tableId, sender: `seat:${(s.viewer as { seat: number }).seat}`, nonce });
          return 'ack';
        }
        return 'error';
      } catch {
        return 'lost';
      }
    };

    let running = true;
    const drive = async (tableId: string): Promise<void> => {
      const list = seats.get(tableId)!;
      while (running) {
        const ready = list.filter((s) => s.client && !s.client.closed && s.client.legal.length > 0);
        if (ready.length === 0) {
          await sleep(5);
          if (list.every((s) => s.client?.view?.finished)) return;
          continue;
        }
        const s = ready[Math.floor(Math.random() * ready.length)]!;
        const cmd = s.client!.legal[Math.floor(Math.random() * s.client!.legal.length)] as Command;
        const r = await send(tableId, s, `n${++s.n}`, bare(cmd));
        if (r === 'lost') return;
        // Let every client see the new state before the next move (the next legal list); the
        // pace spreads each game over many kills.
        await sleep(15);
      }
    };

    await connect(proc.url);
    for (let k = 0; k < KILLS; k++) {
      running = true;
      const drivers = humanTables.map((t) => drive(t.id));
      await sleep(150 + Math.random() * 500);
      for (const list of seats.values()) {
        const st = list[0]!.client?.view?.stage;
        if (st) stagesAtKill.add(st.kind === 'night' ? 'night' : st.kind === 'vote' ? 'vote' : st.kind === 'speech' ? 'speech' : st.kind);
      }
      const ta = Date.now();
      await kill9(proc);
      running = false;
      await Promise.all(drivers);
      for (const list of seats.values()) for (const s of list) await s.client?.close();
      const tb = Date.now();
      proc = live = await activate(spare);
      spare = spawnStandby(port, db, TIME_SCALE);
      const tc = Date.now();
      await connect(proc.url);
      if (process.env['CRASH_DEBUG']) console.log(`kill+drain ${tb - ta} ms, activate ${tc - tb} ms, connect ${Date.now() - tc} ms`);
      // Unacknowledged commands are resent with their nonces: applied at most once.
      for (const [id, list] of seats) for (const s of list) if (s.pending) await send(id, s, s.pending.nonce, s.pending.command);
      if (process.env['CRASH_DEBUG']) console.log(`kill ${k} at ${Date.now() - t0} ms`);
    }
    // Play on to the end.
    running = true;
    const deadline = Date.now() + 60_000;
    await Promise.all(humanTables.map((t) => drive(t.id)));
    for (const t of botTables) {
      for (;;) {
        const info = (await (await fetch(`${proc.url}/api/tables/${t.id}`)).json()) as { status: string };
        if (info.status === 'finished' || Date.now() > deadline) break;
        await sleep(100);
      }
    }
    for (const list of seats.values()) for (const s of list) await s.client?.close();
    proc.child.kill('SIGTERM');
    await new Promise((r) => proc.child.once('exit', r));
    await kill9({ child: spare, url: '' });
    spare = null;

    // Verify against the database itself.
    const sql = new Database(db, { readonly: true });
    const rows = sql.prepare('SELECT body FROM game_tables').all() as { body: string }[];
    for (const { body } of rows) {
      const row = JSON.parse(body) as TableRow;
      expect(row.status, `table ${row.id}`).toBe('finished');
      const cmds = sql.prepare('SELECT seq, sender, nonce, body FROM game_commands WHERE table_id = ? ORDER BY seq').all(row.id) as { seq: number; sender: string; nonce: string | null; body: string }[];
      cmds.forEach((c, i) => expect(c.seq).toBe(i));
      const state = startGame(row.setup);
      for (const c of cmds) expect(apply(state, JSON.parse(c.body) as Command).ok).toBe(true);
      expect(state.finished).toBe(true);
      for (const s of seats.get(row.id) ?? []) {
        // Every event this client ever received is the one the final log holds at that number.
        for (const e of visibleEvents(state, s.viewer)) {
          const got = s.events.get(e.n);
          if (got !== undefined) expect(got).toBe(JSON.stringify(e));
        }
        const mine = visibleEvents(state, s.viewer).length;
        for (const n of s.events.keys()) expect(n).toBeLessThan(mine);
      }
    }
    for (const a of acked) {
      const n = (sql.prepare('SELECT COUNT(*) AS n FROM game_commands WHERE table_id = ? AND sender = ? AND nonce = ?').get(a.table, a.sender, a.nonce) as { n: number }).n;
      expect(n, `${a.table} ${a.sender} ${a.nonce}`).toBe(1);
    }
    sql.close();
    expect(acked.length).toBeGreaterThan(50);
    expect(stagesAtKill.has('night') || stagesAtKill.has('vote')).toBe(true);
    console.log(`crash test: ${KILLS} kills, ${acked.length} acknowledged commands, stages at kill: ${[...stagesAtKill].join(', ')}`);
  }, 170_000);
});

// A full classic game against a server process (`src/server/main.ts`, SQLite): 10 seat clients, a
// spectator and the host, each frame scanned by the canary (R60 secrets, roles, private events) —
// nothing but view() leaks. The test never looks inside the server: it follows the game with its
// own copy (the engine, the deal the ten seats were each told, the same commands) to know what
// every viewer should hold.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apply, legalCommands, replay, startGame, validateSetup, visibleCount, visibleEvents, type Command, type GameState, type RoleId, type Viewer } from '../../src/engine/index.js';
import { verifyRecord } from '../../src/server/deal.js';
import { bare, Client, createTable, getJson, joinAll } from './helpers.js';
import { receivedEventNumbers, scanFrames } from './canary.js';
import { activate, freePort, kill9, spawnStandby, type Proc } from './process.js';

let server: Proc;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gorod-game-'));
  // GOROD_HOST_CLOCK: the host's socket runs the clock (as in W2), so the test knows every command.
  server = await activate(spawnStandby(await freePort(), join(dir, 'db.sqlite'), { GOROD_HOST_CLOCK: '1' }));
}, 90_000);
afterAll(async () => {
  if (server) await kill9(server);
  rmSync(dir, { recursive: true, force: true });
});

function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('full classic game, 10 WebSocket clients, a server process', () => {
  it('plays to the end; every viewer receives exactly its view (canary)', async () => {
    const names = ['Аня', 'Боря'];
    // The server's own timers are off: the host's socket runs the clock, so the test knows every
    // command. The online default stands: a night ends only when the clock closes it (R18).
    const t = await createTable(server.url, { preset: 'classic', mode: 'online', clock: { auto: false }, names });
    const { host, spectator, seats, all } = await joinAll(server.url, t);

    // The deal, as the ten players were told it (each their own card).
    const deal: RoleId[] = [];
    for (const c of seats) {
      await c.wait((f) => f.type === 'welcome');
      deal.push(c.view!.you!.role);
    }
    const setup = validateSetup({ preset: 'classic', players: Array.from({ length: 10 }, (_, i) => names[i] ?? `${i + 1}`), deal, options: { nightEnds: 'close' } });
    if (!setup.ok) throw new Error(setup.error.code);
    const game: GameState = startGame(setup.value);
    const settle = async (): Promise<void> => {
      for (const c of all) if (!c.closed) await c.waitEvent(visibleCount(game, c.viewer!) - 1);
    };
    const send = async (c: Client, cmd: Command): Promise<void> => {
      const r = await c.command(bare(cmd));
      expect(r.type, `${JSON.stringify(cmd)}: ${JSON.stringify(r)}`).toBe('ack');
      expect(apply(game, cmd).ok).toBe(true);
      // The sender's own last event number, in its own numbering.
      expect(r['lastEvent']).toBe(visibleCount(game, c.viewer!) - 1);
      await settle();
    };

    /** Reconnection mid-vote: a seat votes, drops, others vote; it comes back with its last event. */
    const replaced = new Map<Client, Client>();
    const reconnectMidVote = async (who: number, others: number[]): Promise<void> => {
      const old = seats[who - 1]!;
      const vote = { by: who, do: 'vote', target: game.ballot[0] } as Command;
      expect((await old.command(bare(vote), 'rv')).type).toBe('ack');
      expect(apply(game, vote).ok).toBe(true);
      await settle();
      const seen = old.lastEvent;
      await old.close();
      for (const x of others) await send(seats[x - 1]!, { by: x, do: 'vote', target: game.ballot[0] } as Command);
      const back = await Client.open(server.url, t.seats[who - 1]!.token!, `seat${who}-again`, { lastEvent: seen });
      const welcome = await back.wait((f) => f.type === 'welcome');
      expect((welcome['view'] as { log: unknown[] }).log).toEqual([]);
      // Exactly the events it missed, for its viewer (the others' ballots are not among them).
      const missed = await back.wait((f) => f.type === 'events');
      expect(missed['events']).toEqual(JSON.parse(JSON.stringify(visibleEvents(game, { kind: 'seat', seat: who }, seen + 1))));
      // Its vote resent with the same nonce is acknowledged and not applied again.
      expect(await back.command(bare(vote), 'rv')).toMatchObject({ type: 'ack', duplicate: true });
      seats[who - 1] = back;
      all[all.indexOf(old)] = back;
      replaced.set(back, old);
      await settle();
    };

    const rand = rng(7);
    let moves = 0;
    let closedByClock = 0;
    let said = 0;
    await settle();
    while (!game.finished) {
      if (replaced.size === 0 && game.stage.kind === 'vote' && game.stage.round !== 'allLeave') {
        const pending = game.seats.filter((x) => x.alive && game.votes[x.seat - 1] === -1).map((x) => x.seat);
        if (pending.length >= 4) {
          await reconnectMidVote(pending[0]!, pending.slice(1, 3));
          continue;
        }
      }
      const ready = seats.filter((c) => c.legal.length > 0);
      if (ready.length === 0) {
        // Nobody owes a move (a night whose actions are all in does not end by itself): the clock.
        const clock = legalCommands(game, 'clock');
        expect(clock.length, JSON.stringify(game.stage)).toBeGreaterThan(0);
        if (game.stage.kind === 'night' && !game.stage.intro) closedByClock++;
        await send(host, clock[0]!);
        continue;
      }
      const c = ready[Math.floor(rand() * ready.length)]!;
      const seat = (c.viewer as { seat: number }).seat;
      if (c.view!.stage.kind === 'speech' && rand() < 0.2) await send(c, { by: seat, do: 'say', text: `речь ${said++} <b>&</b>` } as Command);
      await send(c, c.legal[Math.floor(rand() * c.legal.length)]!);
      moves++;
      expect(moves).toBeLessThan(2000);
    }
    for (const x of all) await x.wait((f) => f.type === 'final');
    expect(said).toBeGreaterThan(0);
    expect(closedByClock).toBeGreaterThan(0);
    expect(replaced.size).toBe(1);

    // Record, replay and the R60 commitment.
    const rec = await getJson(server.url, `/api/games/${t.id}/record`);
    expect(rec.status).toBe(200);
    const rep = replay(rec.body);
    expect(rep.ok).toBe(true);
    if (rep.ok) {
      expect(rep.value.rejected).toEqual([]);
      expect(rep.value.state.finished).toBe(true);
      expect(JSON.stringify(rep.value.state.log)).toBe(JSON.stringify(game.log));
    }
    expect(verifyRecord(rec.body).ok).toBe(true);
    expect((await getJson(server.url, `/api/games/${t.id}/verify`)).body['ok']).toBe(true);
    expect(verifyRecord({ ...rec.body, salt: '0'.repeat(64) }).ok).toBe(false);
    const games = await fetch(`${server.url}/api/games`).then((r) => r.json() as Promise<{ id: string }[]>);
    expect(games.some((g) => g.id === t.id)).toBe(true);

    // Canary: tag every secret and scan every frame of every viewer.
    const body = rec.body as { salt: string; seed: string; deal: string[] };
    const tokens = [t.hostToken, t.spectatorToken, ...t.seats.map((s) => s.token!)];
    const viewers: [Client, Viewer][] = [
      [host, { kind: 'public' }],
      [spectator, { kind: 'public' }],
      ...seats.map((c, i): [Client, Viewer] => [c, { kind: 'seat', seat: i + 1 }]),
    ];
    for (const [now, v] of viewers) {
      // A seat that reconnected: what both its connections received.
      const before = replaced.get(now);
      const c = before
        ? { name: now.name, raw: [...before.raw, ...now.raw], frames: [...before.frames, ...now.frames], events: new Map([...before.events, ...now.events]) }
        : now;
      const secrets = { strings: [body.salt, body.seed, JSON.stringify(body.deal), ...tokens] };
      expect(scanFrames(c.raw, c.frames, v, secrets, game), c.name).toEqual([]);
      // Exactly the visible events, each one, numbered within what the viewer may see (0, 1, 2, …),
      // so hidden events can't be counted.
      const mine = visibleEvents(game, v);
      expect(receivedEventNumbers(c.frames), c.name).toEqual(mine.map((_e, i) => i));
      expect([...c.events.values()].sort((a, b) => a.n - b.n), c.name).toEqual(mine);
    }
    // Negative control: the same scan flags a seat's own frames as seen by someone else.
    const own = { strings: [] as string[] };
    expect(scanFrames(seats[0]!.raw, seats[0]!.frames, { kind: 'public' }, own, game).length).toBeGreaterThan(0);
    for (const c of all) await c.close();
  }, 120_000);
});

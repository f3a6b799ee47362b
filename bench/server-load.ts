// W2 load generator (../shared/bench/W2.md): N concurrent tables, each playing W1 game g over 10
// seat WebSockets (plus the host's socket for the clock commands W1 leaves to the driver), zero
// think time, one move at a time per table. Every finished game is checked against W1 itself.
// Run by bench/server.ts (forked, reports over IPC); not meant to be run by hand.
import WebSocket from 'ws';
import { fmix32, mulberry32, type GameView } from '../src/engine/index.js';
import { playW1, w1Deal, w1Night } from './w1.js';

const SEED = 20240601;

interface Args {
  url: string;
  tables: number;
  warmupMs: number;
  windowMs: number;
  connectTimeoutMs: number;
}

class Sock {
  view: GameView | null = null;
  lastEvent = -1;
  status = 'lobby';
  closed = false;
  you: { seat: number; role: string; team: string } | null = null;
  private acks = new Map<string, (f: { type: string; code?: string }) => void>();
  private eventWaiters: { n: number; resolve: () => void }[] = [];
  private opened: Promise<void>;

  constructor(url: string, token: string, localAddress: string, onError: (e: string) => void) {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${token}`, { localAddress, perMessageDeflate: false });
    this.ws = ws;
    this.opened = new Promise((res, rej) => {
      ws.once('open', () => res());
      ws.once('error', (e) => rej(e));
    });
    ws.on('error', (e) => onError(String(e)));
    ws.on('close', () => {
      this.closed = true;
      for (const r of this.acks.values()) r({ type: 'error', code: 'closed' });
      this.acks.clear();
    });
    ws.on('message', (data) => {
      const f = JSON.parse(data.toString()) as Record<string, unknown>;
      if (f['type'] === 'welcome') {
        this.you = (f['view'] as GameView).you ?? null;
        this.status = (f['table'] as { status: string }).status;
      }
      switch (f['type']) {
        case 'welcome':
        case 'events':
        case 'resync':
        case 'final':
          this.view = f['view'] as GameView;
          if (typeof f['lastEvent'] === 'number') this.lastEvent = f['lastEvent'];
          if (this.eventWaiters.length) {
            const ready = this.eventWaiters.filter((w) => w.n <= this.lastEvent);
            this.eventWaiters = this.eventWaiters.filter((w) => w.n > this.lastEvent);
            for (const w of ready) w.resolve();
          }
          break;
        case 'table':
          this.status = (f['table'] as { status: string }).status;
          if (this.status === 'playing') for (const w of this.eventWaiters.splice(0)) w.resolve();
          break;
        case 'ack':
        case 'error': {
          const r = this.acks.get(f['nonce'] as string);
          if (r) {
            this.acks.delete(f['nonce'] as string);
            r(f as { type: string; code?: string });
          }
          break;
        }
      }
    });
  }
  readonly ws: WebSocket;

  open(): Promise<void> {
    return this.opened;
  }

  /** Resolves when this socket has seen event n (the update carrying the previous move). */
  sync(n: number): Promise<void> {
    if (this.lastEvent >= n) return Promise.resolve();
    return new Promise((resolve) => this.eventWaiters.push({ n, resolve }));
  }

  waitPlaying(): Promise<void> {
    if (this.status === 'playing') return Promise.resolve();
    return new Promise((resolve) => this.eventWaiters.push({ n: Number.POSITIVE_INFINITY, resolve }));
  }

  command(nonce: string, command: Record<string, unknown>): Promise<{ type: string; code?: string; lastEvent?: number }> {
    return new Promise((resolve) => {
      if (this.closed) return resolve({ type: 'error', code: 'closed' });
      this.acks.set(nonce, resolve);
      this.ws.send(JSON.stringify({ type: 'command', nonce, command }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

const stats = {
  measuring: false,
  actions: 0,
  commands: 0,
  games: 0,
  rtt: [] as number[],
  errors: 0,
  errorKinds: new Map<string, number>(),
  mismatches: 0,
  connected: 0,
  checkedGames: 0,
};

function error(kind: string): void {
  stats.errors++;
  stats.errorKinds.set(kind, (stats.errorKinds.get(kind) ?? 0) + 1);
}

let stopping = false;
let nextGame = 0;
let addr = 0;
const LOCAL = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8'];

async function playOne(a: Args, onConnected: () => void): Promise<void> {
  const g = nextGame++;
  const res = await fetch(`${a.url}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preset: 'classic', mode: 'online', deal: w1Deal(SEED, g) }),
  });
  if (res.status !== 201) {
    error(`create ${res.status}`);
    return;
  }
  const t = (await res.json()) as { hostToken: string; seats: { seat: number; token: string }[] };
  const la = LOCAL[addr++ % LOCAL.length]!;
  const host = new Sock(a.url, t.hostToken, la, (e) => error(`ws ${e.slice(0, 40)}`));
  const seats = t.seats.map((s) => new Sock(a.url, s.token, la, (e) => error(`ws ${e.slice(0, 40)}`)));
  const all = [host, ...seats];
  try {
    await Promise.all(all.map((s) => s.open()));
    await host.waitPlaying();
  } catch (e) {
    error(`connect ${String(e).slice(0, 40)}`);
    for (const s of all) s.close();
    return;
  }
  onConnected();
  stats.connected++;
  const rand = mulberry32(fmix32((SEED + 2 * g + 1) >>> 0));
  const randInt = (n: number): number => Math.floor(rand() * n);
  let last = host.lastEvent;
  let nonce = 0;
  let actions = 0;
  let failed = false;
  const send = async (s: Sock, command: Record<string, unknown>): Promise<void> => {
    if (failed) return;
    const t0 = performance.now();
    const r = await s.command(`${++nonce}`, command);
    const dt = performance.now() - t0;
    if (r.type !== 'ack') {
      error(`command ${r.code}`);
      failed = true;
      return;
    }
    if (stats.measuring) {
      stats.commands++;
      stats.rtt.push(dt);
    }
    last = r.lastEvent!;
  };
  const act = (): void => {
    actions++;
    if (stats.measuring) stats.actions++;
  };
  const seat = (n: number): Sock => seats[n - 1]!;

  await send(host, { do: 'endNight' });
  while (!failed && !stopping) {
    await host.sync(last);
    const v = host.view!;
    if (v.finished) break;
    const st = v.stage;
    const alive = v.seats.filter((x) => x.alive).map((x) => x.seat);
    if (st.kind === 'speech') {
      if (st.speech !== 'day') {
        await send(host, { do: 'endSpeech' });
        continue;
      }
      const me = seat(st.seat);
      await me.sync(last);
      const mv = me.view!;
      act();
      if (mv.nominations.length < alive.length && rand() < 0.3) {
        const c = alive.filter((x) => !mv.nominations.some((n) => n.target === x));
        await send(me, { do: 'nominate', target: c[randInt(c.length)]! });
        act();
      }
      await send(me, { do: 'endSpeech' });
    } else if (st.kind === 'vote') {
      const ballot = v.ballot.slice();
      if (st.round === 'allLeave') {
        for (const x of alive) {
          act();
          await send(seat(x), { do: 'vote', leave: rand() < 0.5 });
        }
      } else {
        let abstained = false;
        for (const x of alive) {
          act();
          if (rand() < 0.1) {
            abstained = true;
            continue;
          }
          await send(seat(x), { do: 'vote', target: ballot[randInt(ballot.length)]! });
        }
        if (abstained) await send(host, { do: 'closeVote' });
      }
    } else if (st.kind === 'night') {
      // The shooters know their team: the first living black's own view lists the blacks.
      const shooter = seats.find((s) => s.you!.team === 'black' && alive.includes(s.you!.seat))!;
      await shooter.sync(last);
      const sv = shooter.view!;
      const blackSet = new Set(sv.seats.filter((x) => x.team === 'black').map((x) => x.seat));
      const blacks = alive.filter((x) => blackSet.has(x));
      const reds = alive.filter((x) => !blackSet.has(x));
      const night = w1Night(rand, blacks, reds, (role) => {
        const who = seats.find((s) => s.you!.role === role);
        return who && alive.includes(who.you!.seat) ? who.you!.seat : undefined;
      });
      for (const c of night.commands) {
        await send(seat(c.by as number), { do: c.do, target: c.target });
        if (c.do === 'check') act();
      }
      actions += blacks.length;
      if (stats.measuring) stats.actions += blacks.length;
      await host.sync(last);
      if (night.close && host.view!.stage.kind === 'night') await send(host, { do: 'endNight' });
    } else {
      error(`stuck ${st.kind}`);
      failed = true;
    }
  }
  if (!failed && !stopping) {
    const v = host.view!;
    const ref = playW1(SEED, g);
    const winner = v.winner === 'red' ? 1 : v.winner === 'black' ? 2 : 0;
    stats.checkedGames++;
    if (ref.winner !== winner || ref.actions !== actions || ref.days !== v.number - 1) stats.mismatches++;
    if (stats.measuring) stats.games++;
  }
  for (const s of all) s.close();
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function main(): Promise<void> {
  const a = JSON.parse(process.argv[2]!) as Args;
  const report = (m: object): void => {
    if (process.send) process.send(m);
    else process.stdout.write(JSON.stringify(m) + '\n');
  };
  let connectedOnce = 0;
  const t0 = Date.now();
  const lanes: Promise<void>[] = [];
  // A bounded number of tables connect at once so the accept queue is not flooded.
  let opening = 0;
  const lane = async (): Promise<void> => {
    while (!stopping) {
      while (opening >= 40 && !stopping) await new Promise((r) => setTimeout(r, 5));
      opening++;
      let released = false;
      const release = (): void => {
        if (!released) {
          released = true;
          opening--;
          connectedOnce++;
        }
      };
      await playOne(a, release).catch((e) => error(`lane ${String(e).slice(0, 40)}`));
      release();
    }
  };
  for (let i = 0; i < a.tables; i++) lanes.push(lane());
  while (connectedOnce < a.tables && Date.now() - t0 < a.connectTimeoutMs) await new Promise((r) => setTimeout(r, 100));
  const connectMs = Date.now() - t0;
  await new Promise((r) => setTimeout(r, a.warmupMs));
  stats.errors = 0;
  stats.errorKinds.clear();
  stats.measuring = true;
  report({ event: 'windowStart' });
  const w0 = performance.now();
  await new Promise((r) => setTimeout(r, a.windowMs));
  stats.measuring = false;
  const secs = (performance.now() - w0) / 1000;
  report({ event: 'windowEnd' });
  stopping = true;
  await Promise.race([Promise.all(lanes), new Promise((r) => setTimeout(r, 10_000))]);
  report({
    event: 'result',
    tables: a.tables,
    tablesConnected: connectedOnce,
    connectMs,
    seconds: secs,
    actionsPerSec: stats.actions / secs,
    commandsPerSec: stats.commands / secs,
    gamesPerSec: stats.actions / secs / 70.81,
    gamesFinished: stats.games,
    rttP50: pct(stats.rtt, 50),
    rttP95: pct(stats.rtt, 95),
    rttP99: pct(stats.rtt, 99),
    errors: stats.errors,
    errorKinds: Object.fromEntries(stats.errorKinds),
    w1Checked: stats.checkedGames,
    w1Mismatches: stats.mismatches,
  });
  process.exit(0);
}

await main();

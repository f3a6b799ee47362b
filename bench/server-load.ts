// W2 load generator (../shared/bench/W2.md): N concurrent tables, each playing W1 game g over 10
// seat WebSockets (plus the host's socket for the clock commands W1 leaves to the driver), zero
// think time, one move at a time per table. Every finished game is checked against W1 itself.
// Run by bench/load-run.ts (forked, one or more processes, each a shard of the tables; it opens and
// closes the measured window over IPC); not meant to be run by hand.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { apply, canSee, fmix32, mulberry32, startGame, visibleCount, type Command, type GameState, type GameView, type Viewer } from '../src/engine/index.js';
import { playW1, w1Deal, w1Night } from './w1.js';
import { Sock } from './load-sock.js';
import { Pacer } from './pacer.js';
import type { LoadArgs, LoadShardResult } from './load-run.js';

const SEED = 20240601;
const MAX_OPENING = 40; // tables connecting at once while the N first connect
const MAX_SETTING_UP = 200; // then: tables setting up their next game at once


/**
 * The coordinator's copy of the game (same deal, same commands; the engine is deterministic). It
 * only tells how many events each socket's viewer has to have received before that player's view
 * is the new state: event numbers are per viewer, so no socket's number says it for another.
 */
class Mirror {
  readonly state: GameState;
  private counts: number[];
  constructor(
    g: number,
    private viewers: Viewer[],
  ) {
    this.state = startGame({ preset: 'classic', deal: w1Deal(SEED, g) });
    this.counts = viewers.map((v) => visibleCount(this.state, v));
  }
  apply(cmd: Command): boolean {
    const from = this.state.log.length;
    if (!apply(this.state, cmd).ok) return false;
    for (let i = from; i < this.state.log.length; i++) {
      const vis = this.state.log[i]!.vis;
      for (let k = 0; k < this.viewers.length; k++) if (canSee(vis, this.viewers[k]!, this.state)) this.counts[k]!++;
    }
    return true;
  }
  last(k: number): number {
    return this.counts[k]! - 1;
  }
}

const stats = {
  measuring: false,
  actions: 0,
  commands: 0,
  games: 0,
  rtt: [] as number[],
  setup: [] as number[],
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
const pacer = new Pacer();
let nextGame = 0;
let addr = 0;
const LOCAL = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6', '127.0.0.7', '127.0.0.8'];

async function playOne(a: LoadArgs, onConnected: () => void): Promise<void> {
  // Shard k of K plays games k, k + K, k + 2K, …: together the shards play games 0, 1, 2, … as one would.
  const g = (a.shard ?? 0) + (a.shards ?? 1) * nextGame++;
  const s0 = performance.now();
  const urls = a.urls ?? [a.url];
  const at = urls[g % urls.length]!;
  const via = a.cross ? urls[(g + 1) % urls.length]! : at;
  const res = await fetch(`${at}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ preset: 'classic', mode: 'online', options: { nightEnds: 'allActed' }, deal: w1Deal(SEED, g) }), // W1's nights close when all have acted
  });
  if (res.status !== 201) {
    error(`create ${res.status}`);
    return;
  }
  const t = (await res.json()) as { hostToken: string; seats: { seat: number; token: string }[] };
  const la = LOCAL[addr++ % LOCAL.length]!;
  const patches = !a.fullFrames;
  const host = new Sock(via, t.hostToken, la, (e) => error(`ws ${e.slice(0, 40)}`), patches);
  const seats = t.seats.map((s) => new Sock(via, s.token, la, (e) => error(`ws ${e.slice(0, 40)}`), patches));
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
  if (stats.measuring) stats.setup.push(performance.now() - s0);
  stats.connected++;
  playing++;
  try {
    await play(a, g, host, seats, all);
  } finally {
    playing--;
    for (const s of all) s.close();
  }
}

/** Tables mid-game now (connected, not yet finished). */
let playing = 0;

async function play(a: LoadArgs, g: number, host: Sock, seats: Sock[], all: Sock[]): Promise<void> {
  const rand = mulberry32(fmix32((SEED + 2 * g + 1) >>> 0));
  const randInt = (n: number): number => Math.floor(rand() * n);
  const mirror = new Mirror(g, [{ kind: 'public' }, ...seats.map((_s, i): Viewer => ({ kind: 'seat', seat: i + 1 }))]);
  const index = new Map<Sock, number>(all.map((s, k) => [s, k]));
  /** The player's view once its socket has everything the previous moves sent it. */
  const viewOf = async (s: Sock): Promise<GameView> => {
    await s.sync(mirror.last(index.get(s)!));
    return s.view;
  };
  let nonce = 0;
  let actions = 0;
  let failed = false;
  // W2p: its own seeded stream, so the think times never change a game.
  const think = mulberry32(fmix32((SEED + 2 * g + 1000003) >>> 0));
  const send = async (s: Sock, command: Record<string, unknown>): Promise<void> => {
    if (failed) return;
    if (a.thinkMeanMs) await pacer.sleep(-Math.log(1 - think()) * a.thinkMeanMs);
    if (failed || stopping) return;
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
    const by = s === host ? 'clock' : s.you!.seat;
    if (!mirror.apply({ ...command, by } as Command)) {
      error('mirror');
      failed = true;
    }
  };
  const act = (): void => {
    actions++;
    if (stats.measuring) stats.actions++;
  };
  const seat = (n: number): Sock => seats[n - 1]!;

  await send(host, { do: 'endNight' });
  while (!failed && !stopping) {
    const v = await viewOf(host);
    if (v.finished) break;
    const st = v.stage;
    const alive = v.seats.filter((x) => x.alive).map((x) => x.seat);
    if (st.kind === 'speech') {
      if (st.speech !== 'day') {
        await send(host, { do: 'endSpeech' });
        continue;
      }
      const me = seat(st.seat);
      const mv = await viewOf(me);
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
      const sv = await viewOf(shooter);
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
      if (night.close && (await viewOf(host)).stage.kind === 'night') await send(host, { do: 'endNight' });
    } else {
      error(`stuck ${st.kind}`);
      failed = true;
    }
  }
  if (!failed && !stopping) {
    const v = host.view;
    const ref = playW1(SEED, g);
    const winner = v.winner === 'red' ? 1 : v.winner === 'black' ? 2 : 0;
    stats.checkedGames++;
    if (ref.winner !== winner || ref.actions !== actions || ref.days !== v.number - 1) stats.mismatches++;
    if (stats.measuring) stats.games++;
  }
}


async function main(): Promise<void> {
  const a = JSON.parse(process.argv[2]!) as LoadArgs;
  const report = (m: object): void => void process.send!(m);
  const parent = (what: string): Promise<void> => new Promise((res) => process.on('message', (m) => m === what && res()));
  const windowOpens = parent('window');
  const windowCloses = parent('stop');
  let connectedOnce = 0;
  const t0 = Date.now();
  const lanes: Promise<void>[] = [];
  // While the N tables first connect, a bounded number connect at once so the accept queue is not
  // flooded; waiting lanes queue for a slot (no polling: a thousand lanes polling a timer would be
  // the load). Once all are in, a lane sets up its next table when its game ends (at most
  // MAX_SETTING_UP at once): the window measures N tables, each playing or setting up its next
  // game, as W2 has it; the report says how many were mid-game.
  let opening = 0;
  let rampDone = false;
  const waiting: (() => void)[] = [];
  const slot = (): Promise<void> => {
    if (opening < (rampDone ? MAX_SETTING_UP : MAX_OPENING)) {
      opening++;
      return Promise.resolve();
    }
    return new Promise((r) => waiting.push(r));
  };
  const lane = async (): Promise<void> => {
    while (!stopping) {
      await slot();
      let released = false;
      const release = (): void => {
        if (!released) {
          released = true;
          const next = waiting.shift();
          if (next) next();
          else opening--;
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
  rampDone = true;
  while (opening < MAX_SETTING_UP && waiting.length > 0) {
    opening++;
    waiting.shift()!();
  }
  // The parent opens the window when every shard is in and warmed up, and closes it.
  report({ event: 'ready' });
  await windowOpens;
  // Errors while the tables connected and warmed up are reported apart (a refused connection, a
  // file limit reached), not counted against the window.
  const rampErrors = stats.errors;
  const rampErrorKinds = Object.fromEntries(stats.errorKinds);
  stats.errors = 0;
  stats.errorKinds.clear();
  stats.measuring = true;
  // The generator's own event-loop delay: a round trip it measures includes it.
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(playing), 100);
  await windowCloses;
  clearInterval(sampler);
  eld.disable();
  stats.measuring = false;
  stopping = true;
  for (const w of waiting.splice(0)) w();
  await Promise.race([Promise.all(lanes), new Promise((r) => setTimeout(r, 10_000))]);
  const result: LoadShardResult = {
    tablesConnected: connectedOnce,
    tablesPlayingMean: samples.reduce((x, y) => x + y, 0) / Math.max(1, samples.length),
    tablesPlayingMin: Math.min(...samples),
    connectMs,
    actions: stats.actions,
    commands: stats.commands,
    gamesFinished: stats.games,
    rtt: stats.rtt,
    setup: stats.setup,
    errors: stats.errors,
    errorKinds: Object.fromEntries(stats.errorKinds),
    rampErrors,
    rampErrorKinds,
    w1Checked: stats.checkedGames,
    w1Mismatches: stats.mismatches,
    loadEldP99: eld.percentile(99) / 1e6,
    loadEldMax: eld.max / 1e6,
  };
  // Exit only once the result has left: process.send is asynchronous, and a large result (every
  // round trip of a long window) cut off by an early exit left the parent waiting forever.
  process.send!({ event: 'result', result }, () => process.exit(0));
}

await main();

// npm run bench:frames [-- --games N] [--runs R] — what building a table's frames costs per
// command, without sockets or storage: W1 games (workload W1) replayed through the server's
// ViewerFrames and a LocalBroadcaster with eleven connections (ten seats and the host's public
// view), whole views (older clients) against patch frames (docs/protocol.md). Alternating runs,
// medians; CPU time of this process (process.cpuUsage), µs per command, and bytes per command.
import { apply, legalCommands, startGame, type Command, type Viewer } from '../src/engine/index.js';
import { LocalBroadcaster, type Conn } from '../src/server/broadcaster.js';
import { ViewerFrames } from '../src/server/viewers.js';
import { playW1, w1Deal } from './w1.js';
import { median } from './percentile.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const SEED = 20240601;
const games = Number(arg('games', '300'));
const runs = Number(arg('runs', '5'));
const played: { g: number; commands: Command[] }[] = [];
for (let g = 0; g < games; g++) {
  const commands: Command[] = [];
  playW1(SEED, g, (c) => commands.push(c));
  played.push({ g, commands });
}

/** One pass over every game; returns CPU µs per command and bytes sent per command. */
function pass(patches: boolean): { us: number; bytes: number } {
  let bytes = 0;
  let commands = 0;
  const t0 = process.cpuUsage();
  for (const { g, commands: cmds } of played) {
    const state = startGame({ preset: 'classic', deal: w1Deal(SEED, g) });
    const frames = new ViewerFrames(
      () => state,
      (v: Viewer) => (v.kind === 'seat' ? legalCommands(state, v.seat) : undefined),
    );
    const out = new LocalBroadcaster();
    const viewers: Viewer[] = [...Array.from({ length: 10 }, (_, i): Viewer => ({ kind: 'seat', seat: i + 1 })), { kind: 'public' }];
    for (const viewer of viewers) {
      const conn: Conn = { role: { kind: 'spectator' }, viewer, send: (d) => (bytes += d.length) };
      if (patches) conn.patches = { ver: frames.sent(viewer) };
      else frames.sent(viewer);
      out.add(conn);
    }
    for (const c of cmds) {
      const from = state.log.length;
      if (!apply(state, c).ok) throw new Error('W1 command rejected');
      out.perViewer(frames.since(from, null));
      commands++;
    }
  }
  const t = process.cpuUsage(t0);
  return { us: (t.user + t.system) / commands, bytes: bytes / commands };
}

pass(false);
pass(true); // warm-up
const got = { whole: [] as { us: number; bytes: number }[], patch: [] as { us: number; bytes: number }[] };
for (let r = 0; r < runs; r++) {
  got.whole.push(pass(false));
  got.patch.push(pass(true));
}
const total = played.reduce((a, p) => a + p.commands.length, 0);
console.log(`frames for 11 connections (10 seats, 1 public) per command: ${games} W1 games, ${total} commands, ${runs} runs, medians`);
for (const k of ['whole', 'patch'] as const)
  console.log(`  ${k === 'whole' ? 'whole views  ' : 'patch frames '} ${median(got[k].map((x) => x.us)).toFixed(1)} µs CPU per command, ${median(got[k].map((x) => x.bytes)).toFixed(0)} bytes per command`);

// The W1 workload's random policy (../shared/bench/W1.md) played through views. The seats of a
// table share one random stream and one memo: W1's night is a team draw (80 %: one target for
// every black), and its checks leave out the seat killed that night, so the memo carries the
// night's shots to the checkers. That memo is more than a sheriff could know: W1 is a benchmark
// workload, not a fair player. Outside W1's verbs it plays uniformly at random.
import { checksRole, checksTeam, type Command } from '../engine/index.js';
import { randomPolicy, type Policy, type PolicyDef } from './policy.js';

interface NightMemo {
  night: number;
  team: number | null;
  shots: Map<number, number | null>;
}

export function createW1(): Policy {
  const memo: NightMemo = { night: -1, team: null, shots: new Map() };
  return (input) => {
    const { view, legal, rand } = input;
    const me = view.you;
    if (!me || legal.length === 0) return null;
    const randInt = (n: number): number => Math.floor(rand() * n);
    const st = view.stage;
    const living = view.seats.filter((x) => x.alive).map((x) => x.seat);
    if (st.kind === 'speech') {
      const end = legal.find((c) => c.do === 'endSpeech');
      if (st.speech !== 'day') return end ? { command: end, why: 'W1: no draw in last words and tie speeches' } : null;
      if (view.nominations.some((n) => n.by === me.seat) || view.nominations.length >= living.length)
        return end ? { command: end, why: 'W1: speech over' } : null;
      if (rand() < 0.3) {
        const c = living.filter((t) => !view.nominations.some((n) => n.target === t));
        const target = c[randInt(c.length)]!;
        const cmd = legal.find((x) => x.do === 'nominate' && x.target === target);
        if (cmd) return { command: cmd, why: `W1: nominate ${target} (p 0.3)` };
      }
      return end ? { command: end, why: 'W1: no nomination' } : null;
    }
    if (st.kind === 'vote') {
      if (st.round === 'allLeave') {
        const leave = rand() < 0.5;
        const cmd = legal.find((c) => c.do === 'vote' && c.leave === leave);
        return cmd ? { command: cmd, why: `W1: all leave ${leave ? 'yes' : 'no'} (p 0.5)` } : null;
      }
      if (rand() < 0.1) return null; // abstain: the vote defaults to the last candidate (R8)
      const b = view.ballot;
      const target = b[randInt(b.length)]!;
      const cmd = legal.find((c) => c.do === 'vote' && c.target === target) ?? legal[randInt(legal.length)]!;
      return { command: cmd, why: `W1: vote ${String(cmd.target)}` };
    }
    if (st.kind === 'night' && !st.intro) {
      if (memo.night !== view.number) {
        memo.night = view.number;
        memo.team = null;
        memo.shots = new Map();
      }
      const blackSeats = view.seats.filter((x) => x.team === 'black').map((x) => x.seat);
      if (legal.some((c) => c.do === 'shoot')) {
        const reds = living.filter((t) => !blackSeats.includes(t));
        if (memo.shots.size === 0 && me.team === 'black') memo.team = rand() < 0.8 ? reds[randInt(reds.length)]! : null;
        const target = memo.team ?? reds[randInt(reds.length)]!;
        memo.shots.set(me.seat, target);
        return { command: { by: me.seat, do: 'shoot', target }, why: `W1: shoot ${target}` };
      }
      if (legal.some((c) => c.do === 'check') && (checksRole(me.role) || checksTeam(me.role))) {
        const killed = killedTonight(memo);
        const blacks = [...memo.shots.keys()].length;
        const redsAfter = living.length - blacks - (killed ? 1 : 0);
        if (blacks > 0 && blacks >= redsAfter) return null; // W1: a game won by the kill makes no checks
        if (killed === me.seat) return null; // W1: a checker killed tonight makes no check
        const others = living.filter((t) => t !== me.seat && t !== killed);
        const target = others[randInt(others.length)]!;
        const cmd: Command = { by: me.seat, do: 'check', target };
        return { command: cmd, why: `W1: check ${target}` };
      }
    }
    if (st.kind === 'night' && st.intro) return null;
    return randomPolicy(input);
  };
}

function killedTonight(memo: NightMemo): number | null {
  let target: number | null = null;
  for (const t of memo.shots.values()) {
    if (t === null) return null;
    if (target === null) target = t;
    else if (t !== target) return null;
  }
  return target;
}

export const w1Policy: PolicyDef = {
  name: 'w1',
  doc: 'The W1 benchmark policy (shared/bench/W1.md) through views; one random stream per table.',
  sharedStream: true,
  create: () => createW1(),
};

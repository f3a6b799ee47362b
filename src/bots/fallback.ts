// Choices for verbs beyond classic's (club, tournament and forum roles), and the last resort for
// verbs this policy does not know: a random legal command, never leaving the game on its own.
import type { Command } from '../engine/index.js';
import { blackTarget, danger, teamOf } from './black.js';
import type { Notes } from './notes.js';
import type { BotDecision, BotInput } from './policy.js';
import { assess, scoreOf } from './suspicion.js';

function targets(legal: Command[], verb: Command['do']): number[] {
  return legal.filter((c) => c.do === verb && typeof c.target === 'number').map((c) => c.target as number);
}

function best(xs: number[], f: (x: number) => number): number | undefined {
  let out: number | undefined;
  let v = -Infinity;
  for (const x of xs) {
    const fx = f(x);
    if (fx > v) {
      v = fx;
      out = x;
    }
  }
  return out;
}

export function genericChoice(input: BotInput, n: Notes, black: boolean): BotDecision | null {
  const { legal, rand } = input;
  const b = assess(n, { noise: rand });
  const cmd = (verb: Command['do'], t: number): Command => legal.find((c) => c.do === verb && c.target === t)!;
  for (const verb of ['heal', 'save', 'protect'] as const) {
    const ts = targets(legal, verb);
    if (ts.length === 0) continue;
    const team = teamOf(n);
    let t: number | undefined;
    if (black) t = [...team].find((s) => ts.includes(s));
    if (t === undefined && b.sheriff !== null && ts.includes(b.sheriff) && !black) t = b.sheriff;
    t ??= best(ts.filter((s) => n.alive(s)), (s) => -scoreOf(b, s));
    t ??= ts[0]!;
    return { command: cmd(verb, t), why: `${verb} ${t}: ${t === b.sheriff ? 'the sheriff' : 'the player I trust most'}` };
  }
  const blocks = targets(legal, 'block');
  if (blocks.length > 0) {
    const team = teamOf(n);
    const pool = blocks.filter((s) => !team.has(s));
    const t = black ? (blackTarget(n).target ?? best(pool, (s) => danger(n, s))) : best(blocks.filter((s) => s !== n.me), (s) => scoreOf(b, s));
    const target = t !== null && t !== undefined && blocks.includes(t) ? t : blocks[0]!;
    return { command: cmd('block', target), why: `freeze ${target}` };
  }
  const kills = targets(legal, 'kill');
  const skip = legal.find((c) => c.do === 'skip');
  if (kills.length > 0 || skip) {
    const pool = kills.filter((s) => s !== n.me && !b.red.has(s));
    const t = best(pool, (s) => scoreOf(b, s));
    if (t !== undefined && (scoreOf(b, t) > 0.5 || !skip)) return { command: cmd('kill', t), why: `kill ${t}, the most suspicious` };
    if (skip) return { command: skip, why: 'no one is suspicious enough to kill' };
    if (kills.length > 0) return { command: cmd('kill', kills[0]!), why: 'must choose someone' };
  }
  const seduce = targets(legal, 'seduce');
  if (seduce.length > 0) {
    // The priestess takes a player's night powers: the most suspicious one's, to stop a shot.
    const team = teamOf(n);
    const t = best(seduce.filter((s) => s !== n.me && (black ? !team.has(s) : !b.red.has(s))), (s) => (black ? danger(n, s) : scoreOf(b, s)));
    if (t !== undefined) return { command: cmd('seduce', t), why: `seduce ${t}: the most suspicious` };
  }
  const explode = targets(legal, 'explode');
  if (explode.length > 0) {
    // The kamikaze goes only with someone he is nearly sure of (the sheriff's black, a false
    // sheriff); a random pick would take a red with him.
    const t = best(explode.filter((s) => s !== n.me && !b.red.has(s)), (s) => scoreOf(b, s));
    if (t !== undefined && (scoreOf(b, t) >= 1.5 || legal.every((c) => c.do === 'explode'))) return { command: cmd('explode', t), why: `take ${t} with me: the most suspicious` };
    return null;
  }
  // Leaving the game (forum R51) or withdrawing a nomination is never a bot's own idea.
  const rest = legal.filter((c) => c.do !== 'leave' && c.do !== 'withdraw');
  if (rest.length === 0) return null;
  return { command: rest[Math.floor(rand() * rest.length)]!, why: `no policy for ${rest[0]!.do}: a random legal choice` };
}

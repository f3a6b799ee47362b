// Random forum games for the lead's bench (npm run bench:engine -- --preset forum): every living player acts at random
// within the rules (votes with a reason, night choices, changed now and then), the clock closes
// each day and night (R52). Deterministic in (size, seed, roles, options).
import { apply, legalCommands, mulberry32, startGame, type Command, type GameState, type RoleId, type Setup } from '../src/engine/index.js';
import { FORUM_OPTIONAL, forumDealWith } from '../src/engine/presets/forum/forum-deal.js';
import { shuffleInPlace } from '../src/engine/core/rng.js';

export { FORUM_OPTIONAL };

export interface ForumGame {
  setup: Setup;
  state: GameState;
  commands: Command[];
}

const NIGHT = new Set(['shoot', 'kill', 'explode', 'heal', 'seduce']);

export function playRandomForumGame(
  size: number,
  seed: number,
  roles: readonly RoleId[] = FORUM_OPTIONAL,
  options: { maniacTeam?: 'red' | 'neutral'; bonus?: boolean } = {},
  maxPhases = 400,
): ForumGame {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const deal = shuffleInPlace(forumDealWith(size, roles), rand);
  const setup: Setup = { preset: 'forum', deal, seed: `forum-${seed}`, options: { ...options } };
  const state = startGame(setup);
  const commands: Command[] = [];
  const send = (cmd: Command): boolean => {
    const r = apply(state, cmd);
    if (r.ok) commands.push(cmd);
    return r.ok;
  };
  for (let phase = 0; phase < maxPhases && !state.finished; phase++) {
    if (state.phase === 'day') {
      const seats = state.seats.filter((x) => x.alive).map((x) => x.seat);
      const lawyer = state.seats.find((x) => x.alive && x.role === 'lawyer');
      if (lawyer && rand() < 0.85) {
        const ps = legalCommands(state, lawyer.seat).filter((c) => c.do === 'protect');
        if (ps.length) send(pick(ps));
      }
      if (!state.finished) send({ by: 'clock', do: 'lawyerDeadline' });
      for (const seat of seats) {
        if (state.finished) break;
        const me = state.seats[seat - 1]!;
        if (!me.alive) continue;
        if (rand() < 0.002) {
          send({ by: seat, do: 'leave' });
          continue;
        }
        if (rand() < 0.05) send({ by: seat, do: 'say', text: 'I suspect someone' });
        if (rand() < 0.95) {
          const targets = state.seats.filter((x) => x.alive && x.seat !== seat).map((x) => x.seat);
          if (targets.length) send({ by: seat, do: 'vote', target: pick(targets), reason: 'random' });
        }
      }
      if (state.finished) break;
      send({ by: 'clock', do: 'endDay' });
      // A voted-out kamikaze picks his victim, or the clock ends the day without one.
      if (!state.finished && state.phase === 'day') {
        const k = state.forum?.kamikazePick;
        if (k && rand() < 0.8) {
          const picks = legalCommands(state, k).filter((c) => c.do === 'explode' && c.target !== null);
          if (picks.length) send(pick(picks));
        }
        if (!state.finished && state.phase === 'day') send({ by: 'clock', do: 'endDay' });
      }
    } else {
      for (const x of state.seats) {
        if (!x.alive) continue;
        const byVerb = new Map<string, Command[]>();
        for (const c of legalCommands(state, x.seat)) {
          if (!NIGHT.has(c.do)) continue;
          const list = byVerb.get(c.do) ?? [];
          list.push(c);
          byVerb.set(c.do, list);
        }
        for (const [verb, list] of byVerb) {
          const p = verb === 'explode' ? 0.08 : verb === 'seduce' ? 0.5 : 0.85;
          if (rand() < p) send(pick(list));
          // Now and then a choice changes before the night closes (R52: the last counts).
          if (rand() < 0.1) send(pick(list));
        }
      }
      send({ by: 'clock', do: 'endNight' });
    }
  }
  return { setup, state, commands };
}

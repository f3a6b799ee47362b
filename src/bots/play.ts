// Play one game with bots: the host's side. It deals from the seed, asks each seat's policy with
// exactly view(state, seat) and the legal commands, applies what comes back, and drives the clock
// when no seat has anything left to do. The state never reaches a policy.
import {
  apply,
  fmix32,
  legalCommands,
  mayAct,
  mulberry32,
  NIGHT_STAGES,
  presetDef,
  resolveOptions,
  ROLE_DEFS,
  startGame,
  type Command,
  type GameState,
  type PresetId,
  type RoleId,
  type Team,
} from '../engine/index.js';
import { SeatViews } from './views.js';
import type { BotDecision, Lang, Policy, PolicyDef } from './policy.js';

export interface TeamPolicies {
  red: PolicyDef;
  black: PolicyDef;
  neutral: PolicyDef;
}

export interface PlayOptions {
  preset: PresetId;
  /** Base seed S; game g deals from mulberry32(fmix32(S + 2g)) and plays from S + 2g + 1 (W1). */
  seed: number;
  game: number;
  policies: TeamPolicies;
  options?: Record<string, unknown>;
  size?: number;
  lang?: Lang;
  /** Safety cap on commands (a game that hits it is counted as stuck). */
  maxCommands?: number;
  /** Called for every bot decision (for logs, tests and the "why" printout). */
  onDecision?: (seat: number, d: BotDecision, accepted: boolean, code?: string) => void;
  /** Tests only: receives the state once it is created (bots never do). */
  stateHook?: (state: GameState) => void;
}

export interface PlayResult {
  state: GameState;
  commands: number;
  /** Bot commands the engine rejected (bots must never produce one). */
  rejected: { seat: number; command: Command; code: string }[];
  stuck: boolean;
}

const STAGE_RANK = new Map<string, number>();
for (const role of Object.values(ROLE_DEFS))
  for (const a of role.abilities) if (a.stage) STAGE_RANK.set(a.verb, NIGHT_STAGES.indexOf(a.stage));

function rankOf(c: Command): number {
  return STAGE_RANK.get(c.do) ?? NIGHT_STAGES.length;
}

/** Events after which a seat that passed is asked again. */
const NEW_STEP = new Set(['speechStarted', 'speechEnded', 'votingStarted', 'voteClosed', 'allLeaveClosed', 'tie', 'nightStarted', 'dayStarted', 'eliminated']);

/** The deal of game g: the preset's cards shuffled by Fisher–Yates from the top (W1's deal in classic). */
export function dealFor(preset: PresetId, size: number, seed: number, game: number, options?: Record<string, unknown>): RoleId[] {
  const def = presetDef(preset);
  if (!def) throw new Error(`unknown preset ${preset}`);
  const opts = resolveOptions(preset, options);
  if (!opts.ok) throw new Error(`bad options: ${opts.error.code} ${opts.error.detail ?? ''}`);
  const roles = def.deal(size, opts.value);
  const rand = mulberry32(fmix32((seed + 2 * game) >>> 0));
  for (let i = roles.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const t = roles[i]!;
    roles[i] = roles[j]!;
    roles[j] = t;
  }
  return roles;
}

/** The table size a setup gets when none is given. */
export function sizeFor(preset: PresetId, options?: Record<string, unknown>): number {
  const def = presetDef(preset);
  if (!def) throw new Error(`unknown preset ${preset}`);
  const opts = resolveOptions(preset, options);
  if (!opts.ok) throw new Error(`bad options: ${opts.error.code} ${opts.error.detail ?? ''}`);
  return def.sizeFor?.(opts.value) ?? def.defaultSize;
}

const MAX_ACTS_PER_STEP = 8;

export function playGame(o: PlayOptions): PlayResult {
  const def = presetDef(o.preset);
  if (!def) throw new Error(`preset ${o.preset} is not registered`);
  const size = o.size ?? sizeFor(o.preset, o.options);
  const setup: Parameters<typeof startGame>[0] = {
    preset: o.preset,
    deal: dealFor(o.preset, size, o.seed, o.game, o.options),
    seed: `${o.seed}/${o.game}`,
  };
  if (o.options) setup.options = o.options;
  const state = startGame(setup);
  o.stateHook?.(state);
  const n = state.seats.length;
  const playSeed = (o.seed + 2 * o.game + 1) >>> 0;
  const shared = mulberry32(fmix32(playSeed));
  const sharedInstances = new Map<PolicyDef, Policy>();
  const bots: { policy: Policy; rand: () => number }[] = [];
  for (const x of state.seats) {
    const pd = o.policies[x.team as Team];
    const opts = o.lang ? { lang: o.lang } : {};
    if (pd.sharedStream) {
      let p = sharedInstances.get(pd);
      if (!p) sharedInstances.set(pd, (p = pd.create(opts)));
      bots.push({ policy: p, rand: shared });
    } else {
      bots.push({ policy: pd.create(opts), rand: mulberry32(fmix32((playSeed ^ Math.imul(x.seat, 0x9e3779b9)) >>> 0)) });
    }
  }
  const max = o.maxCommands ?? 20_000;
  const rejected: PlayResult['rejected'] = [];
  const passed = new Set<number>();
  // Commands per seat since the last step: a bot that keeps changing its mind is not asked again.
  const acts = new Map<number, number>();
  let seen = state.log.length;
  let commands = 0;
  let stuck = false;
  const views = new SeatViews(state);
  const ask = (seat: number, legal: Command[]): boolean => {
    const bot = bots[seat - 1]!;
    const d = bot.policy({ view: views.get(seat), legal, rand: bot.rand });
    if (!d) {
      passed.add(seat);
      return false;
    }
    const k = (acts.get(seat) ?? 0) + 1;
    acts.set(seat, k);
    if (k > MAX_ACTS_PER_STEP && state.stage.kind !== 'speech') passed.add(seat);
    const r = apply(state, d.command);
    commands++;
    o.onDecision?.(seat, d, r.ok, r.ok ? undefined : r.error.code);
    if (!r.ok) {
      rejected.push({ seat, command: d.command, code: r.error.code });
      passed.add(seat);
      return false;
    }
    return true;
  };
  while (!state.finished) {
    if (commands >= max) {
      stuck = true;
      break;
    }
    for (; seen < state.log.length; seen++)
      if (NEW_STEP.has(state.log[seen]!.t)) {
        passed.clear();
        acts.clear();
      }
    const st = state.stage;
    let acted = false;
    if (st.kind === 'speech') {
      if (!passed.has(st.seat)) acted = ask(st.seat, legalCommands(state, st.seat));
    } else if (st.kind === 'night') {
      // Wake order: earlier night stages first; within a stage the black team wakes first.
      const pending: { seat: number; legal: Command[]; rank: number; black: boolean }[] = [];
      for (const x of state.seats) {
        if (passed.has(x.seat)) continue;
        // Most seats sleep through most of the night: asked cheaply, listed only when they may act.
        const may = mayAct(state, x.seat);
        if (!may && !(st.intro && x.alive)) continue;
        const legal = may ? legalCommands(state, x.seat) : [];
        let rank = NIGHT_STAGES.length + 1;
        for (const c of legal) rank = Math.min(rank, rankOf(c));
        pending.push({ seat: x.seat, legal: legal.filter((c) => rankOf(c) === rank), rank, black: x.team === 'black' });
      }
      pending.sort((a, b) => a.rank - b.rank || Number(b.black) - Number(a.black) || a.seat - b.seat);
      const first = pending[0];
      if (first) {
        for (const p of pending) {
          if (p.rank !== first.rank) break;
          if (ask(p.seat, p.legal)) break;
        }
        continue; // everyone asked either acted or passed; look again
      }
    } else {
      for (let seat = 1; seat <= n && !acted; seat++) {
        if (passed.has(seat) || !mayAct(state, seat)) continue;
        acted = ask(seat, legalCommands(state, seat));
      }
    }
    if (acted) continue;
    const clock = legalCommands(state, 'clock')[0];
    if (!clock) {
      stuck = true;
      break;
    }
    const r = apply(state, clock);
    commands++;
    if (!r.ok) {
      stuck = true;
      break;
    }
  }
  return { state, commands, rejected, stuck };
}

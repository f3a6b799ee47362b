// An unvalidated setup (untrusted JSON) becomes a validated game state, or a typed rejection.
import { stamp, stampEvent } from './emit.js';
import type { EventBody, Visibility } from './events.js';
import { resolveOptions, type Options } from './options.js';
import { presetDef } from './presets.js';
import { err, ok, reject, type Rejection, type Result } from './rejection.js';
import { mulberry32, seedFromText, shuffleInPlace } from './rng.js';
import { teamOf } from './roles-team.js';
import type { GameState } from './state.js';
import { isOneOf, PRESETS, ROLES, type PresetId, type RoleId } from './vocab.js';

export interface Setup {
  preset: PresetId;
  players?: string[];
  /** Table size when neither players nor deal gives it. */
  size?: number;
  deal?: RoleId[];
  seed?: string;
  options?: Record<string, unknown>;
}

export const MAX_NAME = 64;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

export function validateSetup(input: unknown): Result<Setup, Rejection> {
  if (!isRecord(input)) return err(reject('malformed', undefined, 'setup'));
  const preset = input['preset'];
  if (!isOneOf(PRESETS, preset)) return err(reject('malformed', undefined, 'preset'));
  const def = presetDef(preset);
  if (!def) return err(reject('malformed', undefined, `preset ${preset} is not available`));
  const [min, max] = def.sizes;
  let size: number | undefined;
  const setup: Setup = { preset };
  const players = input['players'];
  if (players !== undefined) {
    if (!Array.isArray(players) || players.length < min || players.length > max)
      return err(reject('malformed', undefined, 'players'));
    for (const p of players) if (typeof p !== 'string' || p.length > MAX_NAME) return err(reject('malformed', undefined, 'players'));
    setup.players = players.slice() as string[];
    size = players.length;
  }
  const deal = input['deal'];
  if (deal !== undefined) {
    if (!Array.isArray(deal) || deal.length < min || deal.length > max) return err(reject('malformed', undefined, 'deal'));
    if (size !== undefined && deal.length !== size) return err(reject('malformed', undefined, 'deal length'));
    for (const r of deal) if (!isOneOf(ROLES, r) || !def.roles.includes(r)) return err(reject('malformed', undefined, 'deal role'));
    setup.deal = deal.slice() as RoleId[];
    size = deal.length;
  }
  const sz = input['size'];
  if (sz !== undefined) {
    if (typeof sz !== 'number' || !Number.isInteger(sz) || sz < min || sz > max || (size !== undefined && sz !== size))
      return err(reject('malformed', undefined, 'size'));
    size = sz;
  }
  const seed = input['seed'];
  if (seed !== undefined) {
    if (typeof seed !== 'string' || seed.length > 256) return err(reject('malformed', undefined, 'seed'));
    setup.seed = seed;
  }
  const options = resolveOptions(preset, input['options']);
  if (!options.ok) return options;
  if (input['options'] !== undefined) setup.options = { ...(input['options'] as Record<string, unknown>) };
  setup.size = size ?? def.sizeFor?.(options.value) ?? def.defaultSize;
  const own = def.checkSetup?.(setup.size, options.value, setup.deal);
  if (own) return err(own);
  if (setup.deal) {
    const check = checkDeal(preset, setup.deal);
    if (check) return err(check);
  }
  return ok(setup);
}

/** A deal must hold what the preset's rules need: classic and fiim are exactly their ten cards. */
function checkDeal(preset: PresetId, deal: RoleId[]): Rejection | null {
  const def = presetDef(preset);
  if (!def) return reject('malformed');
  const expected = def.deal(deal.length).slice().sort();
  if (def.exactDeal && deal.slice().sort().join() !== expected.join())
    return reject('malformed', preset === 'fiim' ? 'fiim 1.1' : 'classic-sports-10', `${preset} deals 6 civilians, sheriff, don and 2 mafia`);
  if (!deal.some((r) => teamOf(r) === 'black')) return reject('malformed', undefined, 'no black role');
  return null;
}

/** The deal from the seed: the preset's default cards, shuffled by mulberry32 of the seed text. */
export function dealFromSeed(preset: PresetId, size: number, seed: string, options?: Options): RoleId[] {
  const def = presetDef(preset);
  if (!def) throw new Error(`unknown preset ${preset}`);
  return shuffleInPlace(def.deal(size, options), mulberry32(seedFromText(seed)));
}

const PUBLIC: Visibility = 'public';

/** Where each source has the black team meet (the rule the team's reveal applies). */
const INTRO_RULE: Partial<Record<PresetId, string>> = {
  classic: 'classic-sports-10 "Нулевая ночь"',
  club: 'club-8-15 "Первая ночь"',
  tournament: 'tournament-regulation 3.2.1',
  fiim: 'fiim 5.1',
};

/** Build the initial state and its opening events from a validated setup. */
export function startGame(setup: Setup): GameState {
  const def = presetDef(setup.preset);
  if (!def) throw new Error(`unknown preset ${setup.preset}`);
  const options = resolveOptions(setup.preset, setup.options);
  if (!options.ok) throw new Error(options.error.code);
  const size = setup.size ?? setup.deal?.length ?? setup.players?.length ?? def.sizeFor?.(options.value) ?? def.defaultSize;
  const deal = setup.deal ?? dealFromSeed(setup.preset, size, setup.seed ?? '', options.value);
  const names = setup.players ?? [];
  // Loops rather than map/filter with closures here and below: every game starts here (W1 speed, issue 18).
  const seats: GameState['seats'] = [];
  for (let i = 0; i < deal.length; i++) {
    const role = deal[i]!;
    seats.push({ seat: i + 1, name: names[i] ?? `${i + 1}`, role, team: teamOf(role), alive: true, exit: null, fouls: 0, silenced: false });
  }
  const state: GameState = {
    preset: setup.preset,
    options: options.value,
    seats,
    // The deal belongs to the first phase (R1): night 1 in classic, day 1 in forum.
    phase: def.opensWith === 'day' ? 'day' : 'night',
    number: 1,
    stage: { kind: 'idle' },
    firstSpeaker: 0,
    nominations: [],
    speechNominated: false,
    dayStep: 'evening',
    queue: [],
    lastWords: [],
    ballot: [],
    votes: [],
    actions: [],
    finished: false,
    winner: null,
    log: [],
    rng: seedFromText(`${setup.seed ?? ''}/lots`),
  };
  const push = (body: EventBody, vis: Visibility, rule: string): void => {
    stamp(state, body, vis, rule);
  };
  const players: string[] = [];
  for (const x of seats) players.push(x.name);
  stampEvent(state, { t: 'gameStarted', preset: setup.preset, players, seats: size, n: state.log.length, vis: PUBLIC, rule: 'R1', phase: state.phase, number: state.number });
  const told = def.toldRole;
  for (const x of seats)
    stampEvent(state, { t: 'roleDealt', seat: x.seat, role: told ? told(x.role) : x.role, n: state.log.length, vis: [x.seat], rule: 'R60', phase: state.phase, number: state.number });
  const black: { seat: number; role: RoleId }[] = [];
  for (const x of seats) if (x.team === 'black') black.push({ seat: x.seat, role: x.role });
  const rule = INTRO_RULE[setup.preset] ?? def.source;
  stampEvent(state, { t: 'teamRevealed', team: 'black', members: black, n: state.log.length, vis: 'black', rule, phase: state.phase, number: state.number });
  if (def.opensWith === 'introNight')
    stampEvent(state, { t: 'nightStarted', intro: true, night: 1, n: state.log.length, vis: PUBLIC, rule: 'R1', phase: 'night', number: 1 });
  for (const o of def.opening?.(state) ?? []) push(o.body, o.vis, o.rule);
  if (def.opensWith === 'day') push({ t: 'dayStarted', day: 1, order: state.seats.map((s) => s.seat) }, PUBLIC, 'R1');
  return state;
}

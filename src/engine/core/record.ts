// The game record (gorod-record/1): a setup plus its commands. Parsing accepts untrusted JSON
// and never throws; replay applies commands in order, reports rejected ones and goes on.
import { normalizeCommand, type Command } from './command.js';
import { apply } from './game.js';
import { err, ok, reject, type Rejection, type RejectionCode, type Result } from './rejection.js';
import { startGame, validateSetup, type Setup } from './setup.js';
import type { GameState } from './state.js';

export const RECORD_FORMAT = 'gorod-record/1';
export const MAX_COMMANDS = 200_000;

export interface GameRecord extends Setup {
  format: typeof RECORD_FORMAT;
  commands: Command[];
  /** Free annotations (title, notes, expected outcome); the engine ignores them. */
  meta?: Record<string, unknown>;
  /** Fair-deal commitment (R60), filled by the server. */
  commitment?: string;
  salt?: string;
}

const TOP_LEVEL = new Set(['format', 'preset', 'options', 'players', 'deal', 'seed', 'size', 'commands', 'meta', 'commitment', 'salt']);

/** The envelope is checked here; each command is checked when it is replayed. */
export function parseRecord(x: unknown): Result<GameRecord & { rawCommands: unknown[] }, Rejection> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return err(reject('malformed', undefined, 'record'));
  const r = x as Record<string, unknown>;
  for (const key of Object.keys(r)) if (!TOP_LEVEL.has(key)) return err(reject('unknownField', undefined, key.slice(0, 40)));
  if (r['format'] !== RECORD_FORMAT) return err(reject('malformed', undefined, 'format'));
  const setup = validateSetup(r);
  if (!setup.ok) return setup;
  const commands = r['commands'] ?? [];
  if (!Array.isArray(commands)) return err(reject('malformed', undefined, 'commands'));
  if (commands.length > MAX_COMMANDS) return err(reject('malformed', undefined, 'too many commands'));
  const meta = r['meta'];
  if (meta !== undefined && (typeof meta !== 'object' || meta === null || Array.isArray(meta)))
    return err(reject('malformed', undefined, 'meta'));
  for (const key of ['commitment', 'salt'] as const) {
    const v = r[key];
    if (v !== undefined && (typeof v !== 'string' || v.length > 256)) return err(reject('malformed', undefined, key));
  }
  const rec: GameRecord & { rawCommands: unknown[] } = {
    format: RECORD_FORMAT,
    ...setup.value,
    commands: [],
    rawCommands: commands,
  };
  if (meta !== undefined) rec.meta = meta as Record<string, unknown>;
  if (typeof r['commitment'] === 'string') rec.commitment = r['commitment'];
  if (typeof r['salt'] === 'string') rec.salt = r['salt'];
  return ok(rec);
}

export interface Replay {
  state: GameState;
  /** Commands that were applied, in order (the record's accepted commands). */
  applied: Command[];
  rejected: { index: number; code: RejectionCode; detail?: string }[];
}

/** Replay a record (already parsed, or raw JSON). Rejected commands are skipped (R70). */
export function replay(input: unknown): Result<Replay, Rejection> {
  const parsed = parseRecord(input);
  if (!parsed.ok) return parsed;
  const state = startGame(parsed.value);
  const out: Replay = { state, applied: [], rejected: [] };
  const raw = parsed.value.rawCommands;
  for (let i = 0; i < raw.length; i++) {
    const cmd = raw[i];
    const res = apply(state, cmd as Command);
    if (res.ok) out.applied.push(normalizeCommand(cmd as Record<string, unknown>));
    else {
      const rej: { index: number; code: RejectionCode; detail?: string } = { index: i, code: res.error.code };
      if (res.error.detail !== undefined) rej.detail = res.error.detail;
      out.rejected.push(rej);
    }
  }
  return ok(out);
}

/** A record of a game: its setup and the commands that were applied. */
export function toRecord(setup: Setup, commands: Command[], extra: Partial<GameRecord> = {}): GameRecord {
  const rec: GameRecord = { format: RECORD_FORMAT, preset: setup.preset, ...extra, commands: commands.slice() };
  if (setup.options) rec.options = setup.options;
  if (setup.players) rec.players = setup.players;
  if (setup.deal) rec.deal = setup.deal;
  if (setup.seed !== undefined) rec.seed = setup.seed;
  if (setup.size !== undefined && !setup.players && !setup.deal) rec.size = setup.size;
  return rec;
}

/** Undo (judge): the game is the replay of the record without its last command. */
export function undoLast(rec: GameRecord): GameRecord {
  return { ...rec, commands: rec.commands.slice(0, -1) };
}

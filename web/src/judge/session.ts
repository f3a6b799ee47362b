// The judge's game as a local record: setup + accepted commands, grouped into entries (one tap
// of the judge may give several commands, e.g. a show of hands). The state is always the replay
// of that record, so undo is "drop the last entry and replay" and the console works offline.
import {
  apply,
  cloneState,
  startGame,
  toRecord,
  validateSetup,
  type Command,
  type GameEvent,
  type GameRecord,
  type GameState,
  type Rejection,
  type Setup,
} from '../../../src/engine/index.js';

export interface Entry {
  id: number;
  /** Short label for the edit history ("vote: 4 hands for #7"). */
  label: string;
  commands: Command[];
  at: number;
}

export interface HistoryItem {
  entry: Entry;
  /** Set when the entry was undone (kept in the edit history, struck through). */
  undoneAt?: number;
}

export interface JudgeGame {
  id: string;
  setup: Setup;
  commitment?: string;
  salt?: string;
  /** The id the commitment was made under, when the game moved to a server table (its id since). */
  commitTableId?: string;
  /** The upload's idempotency key, kept from the first try: a retry finds the table it made. */
  uploadKey?: string;
  entries: Entry[];
  history: HistoryItem[];
  nextEntry: number;
  createdAt: number;
}

export type SubmitResult =
  | { ok: true; events: GameEvent[]; entry: Entry }
  | { ok: false; error: Rejection; index: number; command: Command };

export function newGame(id: string, setupInput: unknown, now: number, extra: { commitment?: string; salt?: string } = {}): JudgeGame | Rejection {
  const v = validateSetup(setupInput);
  if (!v.ok) return v.error;
  const g: JudgeGame = { id, setup: v.value, entries: [], history: [], nextEntry: 1, createdAt: now };
  if (extra.commitment) g.commitment = extra.commitment;
  if (extra.salt) g.salt = extra.salt;
  return g;
}

export function allCommands(g: JudgeGame): Command[] {
  const out: Command[] = [];
  for (const e of g.entries) out.push(...e.commands);
  return out;
}

/** Replay the record. Entries were checked when they were entered, so every command applies. */
export function stateOf(g: JudgeGame): GameState {
  const s = startGame(g.setup);
  for (const c of allCommands(g)) apply(s, c);
  return s;
}

/**
 * Try a batch of commands on a copy of the state; all apply or none. `closeIfOpen` adds the
 * judge's closeVote when the vote is still open after the batch (the last candidate's defaults).
 */
export function tryBatch(
  s: GameState,
  commands: Command[],
  opts: { closeIfOpen?: boolean } = {},
): { ok: true; state: GameState; events: GameEvent[]; commands: Command[] } | { ok: false; error: Rejection; index: number; command: Command } {
  const copy = cloneState(s);
  const events: GameEvent[] = [];
  const done: Command[] = [];
  for (let i = 0; i < commands.length; i++) {
    const c = commands[i]!;
    const r = apply(copy, c);
    if (!r.ok) return { ok: false, error: r.error, index: i, command: c };
    events.push(...r.value);
    done.push(c);
  }
  if (opts.closeIfOpen && copy.stage.kind === 'vote') {
    const close: Command = { by: 'judge', do: 'closeVote' };
    const r = apply(copy, close);
    if (!r.ok) return { ok: false, error: r.error, index: commands.length, command: close };
    events.push(...r.value);
    done.push(close);
  }
  return { ok: true, state: copy, events, commands: done };
}

/** Add an entry to the game (returns a new game object; the caller keeps the new state). */
export function addEntry(g: JudgeGame, label: string, commands: Command[], now: number): { game: JudgeGame; entry: Entry } {
  const entry: Entry = { id: g.nextEntry, label, commands, at: now };
  return {
    entry,
    game: { ...g, entries: [...g.entries, entry], history: [...g.history, { entry }], nextEntry: g.nextEntry + 1 },
  };
}

/** Undo the last entry: it leaves the record and stays in the edit history, marked undone. */
export function undoEntry(g: JudgeGame, now: number): { game: JudgeGame; undone: Entry } | null {
  const last = g.entries[g.entries.length - 1];
  if (!last) return null;
  const history = g.history.map((h) => (h.entry.id === last.id && h.undoneAt === undefined ? { ...h, undoneAt: now } : h));
  return { undone: last, game: { ...g, entries: g.entries.slice(0, -1), history } };
}

export function recordOf(g: JudgeGame): GameRecord {
  const extra: Partial<GameRecord> = { meta: { tableId: g.id, source: 'judge console', ...(g.commitTableId ? { commitTableId: g.commitTableId } : {}) } };
  if (g.commitment) extra.commitment = g.commitment;
  if (g.salt) extra.salt = g.salt;
  return toRecord(g.setup, allCommands(g), extra);
}

/** Events produced since the last entry began: what the app decided on its own after it. */
export function eventsOfLastEntry(g: JudgeGame, s: GameState): GameEvent[] {
  if (g.entries.length === 0) return [];
  const before = stateOfPrefix(g, g.entries.length - 1);
  return s.log.slice(before.log.length);
}

export function stateOfPrefix(g: JudgeGame, entries: number): GameState {
  const s = startGame(g.setup);
  for (const e of g.entries.slice(0, entries)) for (const c of e.commands) apply(s, c);
  return s;
}

/**
 * A game rebuilt from a record (the server's, for the judge taking over on another device): one
 * entry per command. Null when the record's setup or a command does not replay.
 */
export function gameFromRecord(id: string, rec: GameRecord, labelOf: (c: Command) => string, now: number): JudgeGame | null {
  const made = newGame(id, { preset: rec.preset, players: rec.players, deal: rec.deal, options: rec.options ?? {} }, now, rec.commitment ? { commitment: rec.commitment } : {});
  if ('code' in made) return null;
  let g = made;
  const s = startGame(g.setup);
  for (const c of rec.commands) {
    if (!apply(s, c).ok) return null;
    g = addEntry(g, labelOf(c), [c], now).game;
  }
  return g;
}

/** A persisted game is untrusted: check its shape before using it. */
export function parseStoredGame(x: unknown): JudgeGame | null {
  if (typeof x !== 'object' || x === null) return null;
  const g = x as Partial<JudgeGame>;
  if (typeof g.id !== 'string' || !Array.isArray(g.entries) || !Array.isArray(g.history)) return null;
  const v = validateSetup(g.setup);
  if (!v.ok) return null;
  for (const e of g.entries) if (!e || !Array.isArray(e.commands)) return null;
  return { ...(g as JudgeGame), setup: v.value };
}

// view(state, viewer): the one projection every channel passes through. Default deny: an event
// reaches a viewer only if its visibility names them; a seat's role only if the rules give it.
import type { GameEvent, Visibility } from './events.js';
import type { Options } from './options.js';
import { presetDef } from './presets.js';
import type { GameState, Stage } from './state.js';
import type { Cause, Phase, PresetId, RoleId, Team } from './vocab.js';

export type Viewer = { kind: 'seat'; seat: number } | { kind: 'judge' } | { kind: 'public' };

export interface SeatView {
  seat: number;
  name: string;
  alive: boolean;
  exit: { cause: Cause; phase: Phase; number: number } | null;
  fouls: number;
  /** Technical fouls (fiim 9.6), when the seat has any. */
  techFouls?: number;
  /** Present only when this viewer may know it. */
  role?: RoleId;
  team?: Team;
}

export interface GameView {
  viewer: Viewer;
  preset: PresetId;
  options: Options;
  phase: Phase;
  number: number;
  stage: Stage;
  finished: boolean;
  winner: Team | null;
  seats: SeatView[];
  nominations: { by: number; target: number }[];
  ballot: number[];
  /** Seats that have voted in the current round (not for whom). */
  voted: number[];
  speakingOrder: number[];
  you?: { seat: number; role: RoleId; team: Team; alive: boolean };
  log: GameEvent[];
}

export function canSee(vis: Visibility, viewer: Viewer, s: GameState): boolean {
  if (viewer.kind === 'judge') return true;
  if (vis === 'public') return true;
  if (viewer.kind !== 'seat') return false;
  if (vis === 'judge') return false;
  if (vis === 'black') return s.seats[viewer.seat - 1]?.team === 'black';
  return vis.includes(viewer.seat);
}

function roleKnown(s: GameState, viewer: Viewer, seat: number): boolean {
  if (viewer.kind === 'judge' || s.finished) return true;
  const x = s.seats[seat - 1];
  if (!x) return false;
  if (s.options.revealRoles === 'onExit' && !x.alive) return true;
  if (viewer.kind !== 'seat') return false;
  if (viewer.seat === seat) return true;
  const me = s.seats[viewer.seat - 1];
  return me?.team === 'black' && x.team === 'black';
}

/** forum: the sergeant and the mafia's child see themselves as civilians until they are told. */
function shownRole(s: GameState, viewer: Viewer, x: GameState['seats'][number]): RoleId {
  if (viewer.kind !== 'seat' || s.finished || (s.options.revealRoles === 'onExit' && !x.alive)) return x.role;
  return presetDef(s.preset)?.toldRole?.(x.role) ?? x.role;
}

/**
 * Each viewer has its own event numbering: the k-th event a viewer may see carries n = k. A global
 * number would let a player count (and time) the events hidden from them, e.g. how many night
 * actions were taken. The judge sees every event, so their numbers are the log's.
 */
function numbered(e: GameEvent, k: number): GameEvent {
  return e.n === k ? e : { ...e, n: k };
}

/** How many events of the log's first `upTo` the viewer may see. */
export function visibleCount(s: GameState, viewer: Viewer, upTo = s.log.length): number {
  const end = Math.min(upTo, s.log.length);
  if (viewer.kind === 'judge') return Math.max(0, end);
  let k = 0;
  for (let i = 0; i < end; i++) if (canSee(s.log[i]!.vis, viewer, s)) k++;
  return k;
}

/** Events visible to the viewer, in the viewer's own numbering, from its number `from` on (for reconnects). */
export function visibleEvents(s: GameState, viewer: Viewer, from = 0): GameEvent[] {
  if (viewer.kind === 'judge') return s.log.slice(Math.max(0, from));
  const out: GameEvent[] = [];
  let k = 0;
  for (let i = 0; i < s.log.length; i++) {
    const e = s.log[i]!;
    if (!canSee(e.vis, viewer, s)) continue;
    if (k >= from) out.push(numbered(e, k));
    k++;
  }
  return out;
}

/**
 * The incremental form for hosts that keep count: the viewer's events from log index `at` on,
 * numbered from `first` (= visibleCount(s, viewer, at), which the caller already knows).
 */
export function visibleEventsAt(s: GameState, viewer: Viewer, at: number, first: number): GameEvent[] {
  if (viewer.kind === 'judge') return s.log.slice(Math.max(0, at));
  const out: GameEvent[] = [];
  let k = first;
  for (let i = Math.max(0, at); i < s.log.length; i++) {
    const e = s.log[i]!;
    if (canSee(e.vis, viewer, s)) out.push(numbered(e, k++));
  }
  return out;
}

export function view(s: GameState, viewer: Viewer, opts: { from?: number; log?: boolean } = {}): GameView {
  const seats: SeatView[] = s.seats.map((x) => {
    const v: SeatView = { seat: x.seat, name: x.name, alive: x.alive, exit: x.exit && { ...x.exit }, fouls: x.fouls };
    if (x.techFouls !== undefined) v.techFouls = x.techFouls;
    if (roleKnown(s, viewer, x.seat)) {
      v.role = shownRole(s, viewer, x);
      v.team = x.team;
    }
    return v;
  });
  const voted: number[] = [];
  if (s.stage.kind === 'vote') for (let i = 0; i < s.votes.length; i++) if (s.votes[i] !== -1) voted.push(i + 1);
  const out: GameView = {
    viewer,
    preset: s.preset,
    options: { ...s.options },
    phase: s.phase,
    number: s.number,
    stage: { ...s.stage },
    finished: s.finished,
    winner: s.winner,
    seats,
    nominations: s.nominations.map((n) => ({ ...n })),
    ballot: s.stage.kind === 'vote' || s.dayStep === 'tie' ? s.ballot.slice() : [],
    voted,
    speakingOrder: s.phase === 'day' && s.dayStep === 'speeches' ? s.queue.slice() : [],
    log: opts.log === false ? [] : visibleEvents(s, viewer, opts.from ?? 0),
  };
  if (viewer.kind === 'seat') {
    const me = s.seats[viewer.seat - 1];
    if (me) out.you = { seat: me.seat, role: shownRole(s, viewer, me), team: me.team, alive: me.alive };
  }
  // Events are never changed after they are emitted, so the view shares them; everything else
  // in the view is a fresh copy, so a caller can't reach into the state through it.
  return out;
}

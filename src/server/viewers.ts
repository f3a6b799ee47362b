// What each viewer of a table has been sent (R18): its own event numbers (the k-th event a viewer
// may see is its number k; the judge's are the log's) and the view of its last frame, so that a
// viewer for whom nothing changed gets no frame at all. Shared by a viewer's connections.
// A frame is made in two forms (docs/protocol.md, "Patch frames"): the whole view, and only the
// view's parts that changed since the view the viewer's connections hold — both out of the same
// view() call. Most of a view (the options, most seats) does not change from one command to the
// next; serialising and writing it anew for every viewer at every command was most of the server's
// work per command.
import { canSee, view, visibleCount, visibleEventsAt, type Command, type GameState, type GameView, type Team, type Viewer } from '../engine/index.js';
import type { ViewerFrame } from './broadcaster.js';

/**
 * How many of the log's first `at` events the viewer may see, its seat's team then (a converted
 * seat sees the black past: its numbering is rewritten), and the view and legal commands of its
 * last frame.
 */
interface Cursor {
  at: number;
  count: number;
  team: Team | undefined;
}

/**
 * The view (without its log) and legal commands the viewer's connections were last sent, whole or
 * patched up to, and its version: a connection remembers the version it holds (Conn.patches), and
 * gets a patch only against exactly that one. Versions are never reused.
 */
interface Base {
  view: GameView;
  legal: Command[] | undefined;
  ver: number;
}

/** A frame every connection of the viewer gets whole (a resync). */
function whole(text: string, ver: number): ViewerFrame {
  const buf = Buffer.from(text);
  return { full: () => buf, patch: null, from: -1, to: ver };
}

export function viewerKey(v: Viewer): string {
  return v.kind === 'seat' ? `s${v.seat}` : v.kind;
}

export class ViewerFrames {
  private cursors = new Map<string, Cursor>();
  private bases = new Map<string, Base>();
  private nextVer = 1;

  constructor(
    private state: () => GameState,
    private legalFor: (v: Viewer) => Command[] | undefined,
  ) {}

  private teamOf(v: Viewer): Team | undefined {
    return v.kind === 'seat' ? this.state().seats[v.seat - 1]?.team : undefined;
  }

  /** How many events the viewer may see now, kept up to date incrementally. */
  count(v: Viewer): number {
    const s = this.state();
    if (v.kind === 'judge') return s.log.length;
    const key = viewerKey(v);
    const team = this.teamOf(v);
    let c = this.cursors.get(key);
    if (!c || c.team !== team || c.at > s.log.length) {
      c = { at: s.log.length, count: visibleCount(s, v), team };
      this.cursors.set(key, c);
      return c.count;
    }
    if (c.at < s.log.length) {
      c.count += visibleEventsAt(s, v, c.at, c.count).length;
      c.at = s.log.length;
    }
    return c.count;
  }

  /** The version of the view the viewer's connections were last sent (0: none yet). */
  version(v: Viewer): number {
    return this.bases.get(viewerKey(v))?.ver ?? 0;
  }

  /** The viewer was sent this view and these legal commands whole: a new version unless they are the same. */
  private rebase(v: Viewer, now: GameView, legal: Command[] | undefined): number {
    const key = viewerKey(v);
    const base = this.bases.get(key);
    if (base && sameJson(base.legal, legal) && sameView(base.view, now)) return base.ver;
    const ver = this.nextVer++;
    this.bases.set(key, { view: now, legal, ver });
    return ver;
  }

  /** A fresh start for the viewer: its whole view and log, in its own numbering. */
  resync(v: Viewer, reason: 'undo' | 'resume' | 'names' | 'team'): string {
    const s = this.state();
    if (v.kind !== 'judge') this.cursors.set(viewerKey(v), { at: s.log.length, count: visibleCount(s, v), team: this.teamOf(v) });
    const legal = this.legalFor(v);
    const all = view(s, v);
    this.rebase(v, { ...all, log: [] }, legal);
    return JSON.stringify({ type: 'resync', view: all, lastEvent: this.lastEvent(v), reason, legal });
  }

  /**
   * The viewer was just sent its whole current view (a welcome, the events since its last):
   * remember it, so that a later change that shows it nothing new sends it nothing. Returns the
   * version the connection now holds.
   */
  sent(v: Viewer): number {
    if (v.kind !== 'judge') this.count(v);
    return this.rebase(v, view(this.state(), v, { log: false }), this.legalFor(v));
  }

  /**
   * A judge's undo cut the log back to a prefix of `old`'s. A viewer who could see a removed
   * event gets a resync (its numbers changed); one whose view or legal commands changed gets an
   * update; nothing reaches the rest — a frame would tell them that something hidden from them
   * was entered and taken back (R18).
   */
  afterUndo(old: GameState, v: Viewer): ViewerFrame | null {
    const s = this.state();
    if (v.kind === 'judge' || visibleCount(old, v) !== visibleCount(s, v)) {
      const text = this.resync(v, 'undo');
      return whole(text, this.version(v));
    }
    const c = this.cursors.get(viewerKey(v));
    if (c) c.at = s.log.length;
    return this.frameSince(v, s.log.length, null);
  }

  /** The number of the last event the viewer may see, in its own numbering. */
  lastEvent(v: Viewer): number {
    return this.count(v) - 1;
  }

  /**
   * Whether a client's event numbers from before may be out of date: a judge's undo rewrote the
   * log from `cutAt` on, or (forum) the seat changed team and now sees the black past.
   */
  renumbered(v: Viewer, lastEvent: number, cutAt: number): boolean {
    const s = this.state();
    if (lastEvent > this.lastEvent(v)) return true;
    if (cutAt !== Number.POSITIVE_INFINITY && lastEvent >= visibleCount(s, v, cutAt)) return true;
    if (v.kind !== 'seat' || lastEvent < 0) return false;
    for (const e of s.log) if (e.t === 'roleChanged' && e.seat === v.seat) return true;
    return false;
  }

  /**
   * The viewer's frame for the log from index `from` on (what one command added), or null when it
   * has nothing to learn: no event, the same view and legal commands, no timer — a frame would
   * tell them that something they may not see just happened. Both forms come out of one view():
   * `full` with the whole view (made only if a connection needs it), `patch` with the view's
   * top-level fields that differ from the version its connections hold, and `legal` only if it
   * changed.
   */
  frameSince(v: Viewer, from: number, timer: Record<string, unknown> | null): ViewerFrame | null {
    const s = this.state();
    const key = viewerKey(v);
    const team = this.teamOf(v);
    let c = this.cursors.get(key);
    if (c && c.team !== team && canSee('black', v, s) !== (c.team === 'black')) {
      // A converted seat now sees the black past: its numbering changed, so it starts afresh.
      this.cursors.delete(key);
      const text = this.resync(v, 'team');
      return whole(text, this.version(v));
    }
    if (!c || c.at !== from || c.team !== team) {
      // Not kept up to date while the viewer had no connection: count afresh, send whatever comes.
      c = { at: from, count: visibleCount(s, v, from), team };
      this.cursors.set(key, c);
    }
    const events = visibleEventsAt(s, v, from, c.count);
    const legal = this.legalFor(v);
    const now = view(s, v, { log: false });
    c.count += events.length;
    c.at = s.log.length;
    const base = this.bases.get(key);
    const changes = base ? changed(base.view, now) : null;
    const legalChanged = !base || !sameJson(base.legal, legal);
    const same = changes !== null && Object.keys(changes).length === 0 && !legalChanged;
    if (events.length === 0 && !timer && same) return null;
    const fromVer = base ? base.ver : -1;
    let toVer = fromVer;
    if (!same) {
      toVer = this.nextVer++;
      this.bases.set(key, { view: now, legal, ver: toVer });
    }
    const head = `{"type":"events","lastEvent":${c.count - 1},"events":${JSON.stringify(events)}`;
    const tail = timer ? `,"timer":${JSON.stringify(timer)}}` : '}';
    let full: Buffer | null = null;
    let patch: Buffer | null = null;
    // A field gone from the view, or legal commands gone, cannot be said as a patch: whole frames then.
    const patchable = changes !== null && !(legalChanged && legal === undefined);
    // Each form is made only if a connection takes it (older clients whole, the others patches).
    return {
      full: () => (full ??= Buffer.from(`${head},"view":${JSON.stringify(now)}${legal ? `,"legal":${JSON.stringify(legal)}` : ''}${tail}`)),
      patch: patchable ? () => (patch ??= Buffer.from(`${head},"patch":${JSON.stringify(changes)}${legalChanged ? `,"legal":${JSON.stringify(legal)}` : ''}${tail}`)) : null,
      from: fromVer,
      to: toVer,
    };
  }
}

/**
 * Two JSON values (what view() and legalCommands() give: plain objects, arrays, strings, numbers,
 * booleans, null) are the same. Written for these values only: it runs for every field of every
 * viewer's view at every command, and a general deep-equal (dequal: constructors, dates, maps, a
 * key list per object) took a fifth of the frames' time.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (x[k] === undefined) continue; // JSON drops it
    n++;
    if (!sameJson(x[k], y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) n--;
  return n === 0;
}

/** Two views without their logs are the same. */
function sameView(a: GameView, b: GameView): boolean {
  const d = changed(a, b);
  return d !== null && Object.keys(d).length === 0;
}

/**
 * The top-level fields of `now` that differ from `was` (the log excepted: events carry it), or
 * null when a field of `was` is gone from `now` (a patch only adds and replaces).
 */
function changed(was: GameView, now: GameView): Record<string, unknown> | null {
  const a = was as unknown as Record<string, unknown>;
  const b = now as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in a) if (k !== 'log' && !(k in b)) return null;
  for (const k in b) if (k !== 'log' && !sameJson(a[k], b[k])) out[k] = b[k];
  return out;
}

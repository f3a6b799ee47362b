// What each viewer of a table has been sent (R18): its own event numbers (the k-th event a viewer
// may see is its number k; the judge's are the log's) and the view of its last frame, so that a
// viewer for whom nothing changed gets no frame at all. Shared by a viewer's connections.
// A frame is made in two forms (docs/protocol.md, "Patch frames"): the whole view, and only the
// view's parts that changed since the view the viewer's connections hold — both out of the same
// view() call. Most of a view (the options, most seats) does not change from one command to the
// next; serialising and writing it anew for every viewer at every command was most of the server's
// work per command.
import { canSee, view, visibleCount, visibleEventsAt, type Command, type GameEvent, type GameState, type GameView, type Team, type Viewer } from '../engine/index.js';
import type { ViewerFrame } from './broadcaster.js';
import { sameJson } from './same-json.js';
import { changed, SharedFields, sameView } from './view-parts.js';

export { sameJson };

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

/** A number no event holds as its `n`: where the viewer's number goes in an event's JSON. */
const SLOT = -987_654_321;
/**
 * Each event's JSON around its number, made once per event: the log's events never change once
 * emitted (view.ts shares them with every view), so the JSON is made at most once per event for
 * all viewers, all commands and the final frame, whatever number each viewer gives it.
 */
const templates = new WeakMap<GameEvent, [string, string] | null>();

function eventJson(e: GameEvent, n: number): string {
  let t = templates.get(e);
  if (t === undefined) {
    const parts = JSON.stringify({ ...e, n: SLOT }).split(`"n":${SLOT}`);
    t = parts.length === 2 ? [parts[0]!, parts[1]!] : null;
    templates.set(e, t);
  }
  return t ? `${t[0]}"n":${n}${t[1]}` : JSON.stringify(e.n === n ? e : { ...e, n });
}

/**
 * The JSON of the viewer's events from log index `at` on, numbered from `first` — what
 * JSON.stringify(visibleEventsAt(s, v, at, first)) gives (view-parts.test.ts checks it), the
 * events chosen by the engine's canSee.
 */
export function eventsJson(s: GameState, v: Viewer, at: number, first: number): { json: string; count: number } {
  let out = '';
  let k = first;
  for (let i = Math.max(0, at); i < s.log.length; i++) {
    const e = s.log[i]!;
    if (v.kind !== 'judge' && !canSee(e.vis, v, s)) continue;
    // The judge's numbers are the log's (visibleEventsAt gives the judge the log as it is).
    out += `,${eventJson(e, v.kind === 'judge' ? e.n : k)}`;
    k++;
  }
  return { json: `[${out.slice(1)}]`, count: k - first };
}

/** Seat keys made once: a Map looks a string up by its hash, which V8 keeps on the string (a new `s${n}` per lookup hashed anew). */
const seatKeys: string[] = [];

export function viewerKey(v: Viewer): string {
  return v.kind === 'seat' ? (seatKeys[v.seat] ??= `s${v.seat}`) : v.kind;
}

export class ViewerFrames {
  private cursors = new Map<string, Cursor>();
  private bases = new Map<string, Base>();
  private nextVer = 1;
  private shared = new SharedFields();

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
    this.rebase(v, this.shared.take(s).into({ ...all, log: [] }), legal);
    return JSON.stringify({ type: 'resync', view: all, lastEvent: this.lastEvent(v), reason, legal });
  }

  /**
   * The viewer was just sent its whole current view (a welcome, the events since its last):
   * remember it, so that a later change that shows it nothing new sends it nothing. Returns the
   * version the connection now holds.
   */
  sent(v: Viewer): number {
    if (v.kind !== 'judge') this.count(v);
    const s = this.state();
    return this.rebase(v, this.shared.take(s).into(view(s, v, { log: false })), this.legalFor(v));
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

  /**
   * Every viewer's frame for the log from index `from` on (one command's events), for
   * Broadcaster.perViewer: the public view's shared fields are taken once for all of them
   * (view-parts.ts), the timer serialised once.
   */
  since(from: number, timer: Record<string, unknown> | null): (v: Viewer) => ViewerFrame | null {
    let shared: SharedFields | null = null;
    let timerJson: string | undefined;
    return (v) => {
      shared ??= this.shared.take(this.state());
      if (timer) timerJson ??= JSON.stringify(timer);
      return this.frameSince(v, from, timer, { shared, timerJson });
    };
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
  frameSince(v: Viewer, from: number, timer: Record<string, unknown> | null, memo?: { shared: SharedFields; timerJson: string | undefined }): ViewerFrame | null {
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
    const events = eventsJson(s, v, from, c.count);
    const legal = this.legalFor(v);
    const shared = memo?.shared ?? this.shared.take(s);
    const now = shared.into(view(s, v, { log: false }));
    c.count += events.count;
    c.at = s.log.length;
    const base = this.bases.get(key);
    const changes = base ? changed(base.view, now) : null;
    const legalChanged = !base || !sameJson(base.legal, legal);
    const same = changes !== null && Object.keys(changes).length === 0 && !legalChanged;
    if (events.count === 0 && !timer && same) return null;
    const fromVer = base ? base.ver : -1;
    let toVer = fromVer;
    if (!same) {
      toVer = this.nextVer++;
      this.bases.set(key, { view: now, legal, ver: toVer });
    }
    const head = `{"type":"events","lastEvent":${c.count - 1},"events":${events.json}`;
    const tail = timer ? `,"timer":${memo?.timerJson ?? JSON.stringify(timer)}}` : '}';
    let full: Buffer | null = null;
    let patch: Buffer | null = null;
    // A field gone from the view, or legal commands gone, cannot be said as a patch: whole frames then.
    const patchable = changes !== null && !(legalChanged && legal === undefined);
    // Each form is made only if a connection takes it (older clients whole, the others patches).
    return {
      full: () => (full ??= Buffer.from(`${head},"view":${shared.objectJson(now as unknown as Record<string, unknown>)}${legal ? `,"legal":${JSON.stringify(legal)}` : ''}${tail}`)),
      patch: patchable ? () => (patch ??= Buffer.from(`${head},"patch":${shared.objectJson(changes)}${legalChanged ? `,"legal":${JSON.stringify(legal)}` : ''}${tail}`)) : null,
      from: fromVer,
      to: toVer,
    };
  }
}

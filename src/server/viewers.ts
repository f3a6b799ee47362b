// What each viewer of a table has been sent (R18): its own event numbers (the k-th event a viewer
// may see is its number k; the judge's are the log's) and the view of its last frame, so that a
// viewer for whom nothing changed gets no frame at all. Shared by a viewer's connections.
import { canSee, view, visibleCount, visibleEventsAt, type Command, type GameState, type Team, type Viewer } from '../engine/index.js';

/**
 * How many of the log's first `at` events the viewer may see, its seat's team then (a converted
 * seat sees the black past: its numbering is rewritten), and the view and legal commands of its
 * last frame.
 */
interface Cursor {
  at: number;
  count: number;
  team: Team | undefined;
  body: string | null;
}

export function viewerKey(v: Viewer): string {
  return v.kind === 'seat' ? `s${v.seat}` : v.kind;
}

export class ViewerFrames {
  private cursors = new Map<string, Cursor>();

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
      c = { at: s.log.length, count: visibleCount(s, v), team, body: null };
      this.cursors.set(key, c);
      return c.count;
    }
    if (c.at < s.log.length) {
      c.count += visibleEventsAt(s, v, c.at, c.count).length;
      c.at = s.log.length;
      c.body = null; // this viewer's last frame is older than the state now
    }
    return c.count;
  }

  /** A fresh start for the viewer: its whole view and log, in its own numbering. */
  resync(v: Viewer, reason: 'undo' | 'resume' | 'names' | 'team'): string {
    const s = this.state();
    if (v.kind !== 'judge') this.cursors.set(viewerKey(v), { at: s.log.length, count: visibleCount(s, v), team: this.teamOf(v), body: this.bodyOf(v) });
    return JSON.stringify({ type: 'resync', view: view(s, v), lastEvent: this.lastEvent(v), reason, legal: this.legalFor(v) });
  }

  /** What a viewer's frames compare: its view without the log, and its legal commands. */
  private bodyOf(v: Viewer): string {
    const legal = this.legalFor(v);
    return JSON.stringify(view(this.state(), v, { log: false })) + (legal ? JSON.stringify(legal) : '');
  }

  /**
   * The viewer was just sent its whole current view (a welcome, the events since its last):
   * remember it, so that a later change that shows it nothing new sends it nothing.
   */
  sent(v: Viewer): void {
    if (v.kind === 'judge') return;
    this.count(v);
    this.cursors.get(viewerKey(v))!.body = this.bodyOf(v);
  }

  /**
   * A judge's undo cut the log back to a prefix of `old`'s. A viewer who could see a removed
   * event gets a resync (its numbers changed); one whose view or legal commands changed gets an
   * update; nothing reaches the rest — a frame would tell them that something hidden from them
   * was entered and taken back (R18).
   */
  afterUndo(old: GameState, v: Viewer): string | Buffer | null {
    const s = this.state();
    if (v.kind === 'judge' || visibleCount(old, v) !== visibleCount(s, v)) return this.resync(v, 'undo');
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
   * tell them that something they may not see just happened.
   */
  frameSince(v: Viewer, from: number, timer: Record<string, unknown> | null): Buffer | null {
    const s = this.state();
    const key = viewerKey(v);
    const team = this.teamOf(v);
    let c = this.cursors.get(key);
    if (c && c.team !== team && canSee('black', v, s) !== (c.team === 'black')) {
      // A converted seat now sees the black past: its numbering changed, so it starts afresh.
      this.cursors.delete(key);
      return Buffer.from(this.resync(v, 'team'));
    }
    if (!c || c.at !== from || c.team !== team) {
      // Not kept up to date while the viewer had no connection: count afresh, send whatever comes.
      c = { at: from, count: visibleCount(s, v, from), team, body: null };
      this.cursors.set(key, c);
    }
    const events = visibleEventsAt(s, v, from, c.count);
    const legal = this.legalFor(v);
    const viewJson = JSON.stringify(view(s, v, { log: false }));
    const legalJson = legal ? JSON.stringify(legal) : '';
    const body = viewJson + legalJson; // bodyOf(v), with its parts kept for the frame
    c.count += events.length;
    c.at = s.log.length;
    if (events.length === 0 && !timer && body === c.body) return null;
    c.body = body;
    let frame = `{"type":"events","lastEvent":${c.count - 1},"events":${JSON.stringify(events)},"view":${viewJson}`;
    if (legal) frame += `,"legal":${legalJson}`;
    if (timer) frame += `,"timer":${JSON.stringify(timer)}`;
    return Buffer.from(frame + '}');
  }
}

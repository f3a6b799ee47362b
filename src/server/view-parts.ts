// The fields of a view that view() builds from the state alone (the phase, the options, the votes…)
// are the same for every viewer. Per command they are taken once out of the public view — the
// least a viewer may know, so nothing private reaches anyone through them — interned per table
// (a field equal to the last one keeps its object) and put into each viewer's own view() in
// place of its copies: comparing a viewer's view with the one it holds then finds an unchanged
// field by identity, and a field's JSON is made once per command, not once per viewer. The
// fields that depend on the viewer (its seats with the roles it may know, `you`) stay its own
// view()'s. view-parts.test.ts checks that the shared fields are the same in every viewer's view.
import { view, type GameState, type GameView } from '../engine/index.js';
import { sameJson } from './same-json.js';

/** The view's fields that view() computes from the state only, without looking at the viewer. */
export const SHARED_FIELDS = ['preset', 'options', 'phase', 'number', 'stage', 'finished', 'winner', 'nominations', 'ballot', 'voted', 'speakingOrder'] as const;
const SHARED: ReadonlySet<string> = new Set(SHARED_FIELDS);

type Fields = Record<string, unknown>;

export class SharedFields {
  private last: Fields = {};
  private json = new Map<string, string>();

  /** The public view's shared fields now, interned (one view() call: once per command, not per viewer). */
  take(s: GameState): this {
    const pub = view(s, { kind: 'public' }, { log: false }) as unknown as Fields;
    for (const k of SHARED_FIELDS) {
      if (k in this.last && sameJson(this.last[k], pub[k])) continue;
      this.last[k] = pub[k];
      this.json.delete(k);
    }
    return this;
  }

  /** The viewer's own view() with the shared fields replaced by the interned (equal) ones. */
  into(own: GameView): GameView {
    const o = own as unknown as Fields;
    for (const k of SHARED_FIELDS) if (k in o) o[k] = this.last[k];
    return own;
  }

  /** JSON of a field of a view made by into(). */
  fieldJson(k: string, value: unknown): string {
    if (!SHARED.has(k) || this.last[k] !== value) return JSON.stringify(value);
    let j = this.json.get(k);
    if (j === undefined) this.json.set(k, (j = JSON.stringify(value)));
    return j;
  }

  /** JSON of the named fields of `o` (all of them by default) — what JSON.stringify says of them. */
  objectJson(o: Fields, keys: Iterable<string> = Object.keys(o)): string {
    let out = '';
    for (const k of keys) {
      const v = o[k];
      if (v !== undefined) out += `,"${k}":${this.fieldJson(k, v)}`;
    }
    return `{${out.slice(1)}}`;
  }
}

/**
 * The top-level fields of `now` that differ from `was` (the log excepted: events carry it), or
 * null when a field of `was` is gone from `now` (a patch only adds and replaces).
 */
export function changed(was: GameView, now: GameView): Fields | null {
  const a = was as unknown as Fields;
  const b = now as unknown as Fields;
  const out: Fields = {};
  for (const k in a) if (k !== 'log' && !(k in b)) return null;
  for (const k in b) if (k !== 'log' && !sameJson(a[k], b[k])) out[k] = b[k];
  return out;
}

/** Two views without their logs are the same. */
export function sameView(a: GameView, b: GameView): boolean {
  const d = changed(a, b);
  return d !== null && Object.keys(d).length === 0;
}

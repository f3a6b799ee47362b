// Equality of JSON values, written for what view() and legalCommands() give.
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
    // Equal primitives (most fields) are told without a call.
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    const u = x[k];
    if (u === undefined) continue; // JSON drops it
    n++;
    const w = y[k];
    if (u !== w && !sameJson(u, w)) return false;
  }
  for (const k in y) if (y[k] !== undefined) n--;
  return n === 0;
}

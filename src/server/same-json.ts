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

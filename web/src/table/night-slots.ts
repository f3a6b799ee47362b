// Every role gets the same two night rows; a role's real abilities fill them in order, the rest
// are decoys whose choice stays on this screen (so a civilian "acts" like everyone else).
import { ROLE_DEFS, type RoleId, type Verb } from '../../../src/engine/index.js';

export const NIGHT_ROWS = 2;

export function nightSlots(role: RoleId): (Verb | null)[] {
  const verbs: Verb[] = [];
  for (const a of ROLE_DEFS[role].abilities) {
    if (a.when !== 'night' || a.verb === 'skip') continue;
    if (!verbs.includes(a.verb)) verbs.push(a.verb);
  }
  const out: (Verb | null)[] = verbs.slice(0, NIGHT_ROWS);
  while (out.length < NIGHT_ROWS) out.push(null);
  return out;
}

// Every role gets the same two night rows; a role's real abilities fill them in order, the rest
// are decoys whose choice stays on this screen (so a civilian "acts" like everyone else).
import { abilityOn, ROLE_DEFS, type Options, type RoleId, type Verb } from '../../../src/engine/index.js';

export const NIGHT_ROWS = 2;

/** `options`: an ability a table option switches on (the armed sheriff's shot) shows only at such tables. */
export function nightSlots(role: RoleId, options?: Options): (Verb | null)[] {
  const verbs: Verb[] = [];
  for (const a of ROLE_DEFS[role].abilities) {
    if (a.when !== 'night' || a.verb === 'skip') continue;
    if (a.uses !== undefined && !(options && abilityOn(a, options, () => 0))) continue;
    if (!verbs.includes(a.verb)) verbs.push(a.verb);
  }
  const out: (Verb | null)[] = verbs.slice(0, NIGHT_ROWS);
  while (out.length < NIGHT_ROWS) out.push(null);
  return out;
}

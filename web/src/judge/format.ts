// Events, commands and names in words for the console's log, the edit history, the table display
// and the protocol: the engine's one describer (src/engine/core/describe.ts, describe-command.ts)
// speaks for all of them; this file only adapts it to the console (a line is never null here).
import { describeEvent as engineDescribe, ROLE_DEFS, type GameEvent, type RoleId } from '../../../src/engine/index.js';
import type { Lang } from './lang.js';

export { causeName, describeCommand, roundName, teamName, verbName } from '../../../src/engine/index.js';

export function roleName(role: RoleId, lang: Lang): string {
  return ROLE_DEFS[role].title[lang];
}

/** One event in words (no rule; the caller shows `e.rule` beside it). Empty string: not worth a line. */
export function describeEvent(e: GameEvent, lang: Lang): string {
  return engineDescribe(e, lang) ?? '';
}

/** Events the room may hear about (public), for the decision strip and the display. */
export function isPublicEvent(e: GameEvent): boolean {
  return e.vis === 'public';
}

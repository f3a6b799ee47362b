import { roleDef } from './roles.js';
import type { RoleId, Team } from './vocab.js';

/** By roleDef: its switch answers the classic roles without a keyed lookup (every deal asks, W1 speed). */
export function teamOf(role: RoleId): Team {
  return roleDef(role).team;
}

import { ROLE_DEFS } from './roles.js';
import type { RoleId, Team } from './vocab.js';

export function teamOf(role: RoleId): Team {
  return ROLE_DEFS[role].team;
}

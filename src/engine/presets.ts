// Rule presets: which roles play, at which table sizes, and how the game opens.
// Each preset maps to a rules source (see docs/rules/<preset>.md).
import type { PresetId, RoleId } from './vocab.js';

export interface PresetDef {
  id: PresetId;
  sizes: readonly [min: number, max: number];
  defaultSize: number;
  /** Roles this preset knows (a deal may only use these). */
  roles: readonly RoleId[];
  /** The default deal for a table of n seats, in a fixed order (shuffled by the seed). */
  deal(n: number): RoleId[];
  /** The preset opens with an introduction night (classic, club, tournament) or a day (forum). */
  opensWith: 'introNight' | 'day';
  /** Night number after day d is d + nightOffset (R1: classic night 2 follows day 1; forum night 1 follows day 1). */
  nightOffset: 0 | 1;
  source: string;
}

function fill(n: number, roles: RoleId[]): RoleId[] {
  const out = roles.slice();
  while (out.length < n) out.push('civilian');
  return out;
}

export const PRESET_DEFS: Partial<Record<PresetId, PresetDef>> = {
  classic: {
    id: 'classic',
    sizes: [10, 10],
    defaultSize: 10,
    roles: ['civilian', 'sheriff', 'don', 'mafia'],
    deal: (n) => fill(n, ['don', 'mafia', 'mafia', 'sheriff']),
    opensWith: 'introNight',
    nightOffset: 1,
    source: 'classic-sports-10.ru.txt, guide-classic.ru.txt',
  },
};

export function presetDef(id: PresetId): PresetDef | undefined {
  return PRESET_DEFS[id];
}

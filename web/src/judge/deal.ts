// The app's deal (R60): the preset's cards shuffled with the browser's crypto, committed before the
// game by SHA-256 of the table, the deal and a secret salt (the server's format); after the game the deal and salt are published
// and anyone can recompute the hash.
import { presetDef, resolveOptions, type PresetId, type RoleId } from '../../../src/engine/index.js';
import { commitmentInput, sha256Hex } from '../lib/commitment.js';

function randomInt(n: number): number {
  // Rejection sampling keeps the shuffle unbiased.
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0]! < limit) return buf[0]! % n;
  }
}

export function randomDeal(preset: PresetId, size: number, options: Record<string, unknown> = {}): RoleId[] {
  const def = presetDef(preset);
  if (!def) throw new Error(`preset ${preset} is not available`);
  const o = resolveOptions(preset, options);
  const cards = def.deal(size, o.ok ? o.value : undefined);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
}

export function randomSalt(): string {
  const b = new Uint8Array(32);
  globalThis.crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** The same commitment the server publishes (docs/protocol.md "R60 commitment"), for this table id. */
export async function commitDeal(tableId: string, preset: PresetId, size: number, options: Record<string, unknown>, deal: readonly RoleId[], salt: string): Promise<string> {
  return sha256Hex(commitmentInput(tableId, preset, size, options, deal, salt));
}

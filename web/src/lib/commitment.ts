// R60 in the browser: recompute the deal's commitment from a finished game's record with
// WebCrypto SHA-256 (docs/protocol.md, "R60 commitment") and compare it with the published one.

export interface CommitCheck {
  ok: boolean;
  computed: string;
  /** The commitment the record carries. */
  recorded: string | null;
  /** The commitment announced before the game (when the caller knew it). */
  announced: string | null;
  reason?: 'noDeal' | 'noSalt' | 'noTableId' | 'mismatch' | 'noCrypto';
}

interface RecordLike {
  preset?: unknown;
  size?: unknown;
  options?: unknown;
  deal?: unknown;
  salt?: unknown;
  commitment?: unknown;
  meta?: { tableId?: unknown } & Record<string, unknown>;
}

export async function sha256Hex(text: string): Promise<string> {
  const data = new TextEncoder().encode(text);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', data);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function commitmentInput(tableId: string, preset: string, size: number, options: unknown, deal: readonly string[], salt: string): string {
  return `gorod-commit/1\n${tableId}\n${JSON.stringify({ preset, size, options: options ?? {} })}\n${deal.join(',')}\n${salt}`;
}

export async function verifyCommitment(record: unknown, announced: string | null = null): Promise<CommitCheck> {
  const r = (record ?? {}) as RecordLike;
  const recorded = typeof r.commitment === 'string' ? r.commitment : null;
  const base = { recorded, announced, computed: '' };
  if (!Array.isArray(r.deal)) return { ...base, ok: false, reason: 'noDeal' };
  if (typeof r.salt !== 'string') return { ...base, ok: false, reason: 'noSalt' };
  // A console's own deal that moved to a server table was committed under the console's id.
  const tableId = typeof r.meta?.['commitTableId'] === 'string' ? r.meta['commitTableId'] : r.meta?.tableId;
  if (typeof tableId !== 'string') return { ...base, ok: false, reason: 'noTableId' };
  if (!globalThis.crypto?.subtle) return { ...base, ok: false, reason: 'noCrypto' };
  const size = typeof r.size === 'number' ? r.size : r.deal.length;
  const computed = await sha256Hex(commitmentInput(tableId, String(r.preset), size, r.options ?? {}, r.deal as string[], r.salt));
  const ok = computed === recorded && (announced === null || computed === announced);
  return ok ? { ...base, computed, ok } : { ...base, computed, ok, reason: 'mismatch' };
}

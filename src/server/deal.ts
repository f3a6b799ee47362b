// Fair deal (R60): cards shuffled with a cryptographic source (unbiased Fisher–Yates over
// crypto.randomInt), committed by hash before night 1, deal and salt published after the game.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { parseRecord, presetDef, type Options, type PresetId, type RoleId } from '../engine/index.js';

export const COMMIT_FORMAT = 'gorod-commit/1';

/** 128 random bits as hex: seat, host and spectator tokens. */
export function newToken(): string {
  return randomBytes(16).toString('hex');
}

export function newTableId(): string {
  return 't' + randomBytes(8).toString('hex');
}

/** The preset's cards for this table (its options: a club or forum table's own role list). */
export function cryptoDeal(preset: PresetId, size: number, options?: Options): RoleId[] {
  const def = presetDef(preset);
  if (!def) throw new Error(`unknown preset ${preset}`);
  const cards = def.deal(size, options);
  // randomInt(max) is uniform on [0, max) (rejection sampling inside), so every order is equally likely.
  for (let i = cards.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    const t = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = t;
  }
  return cards;
}

export function newSalt(): string {
  return randomBytes(32).toString('hex');
}

export interface CommitInput {
  tableId: string;
  preset: string;
  size: number;
  options: Record<string, unknown>;
  deal: readonly string[];
  salt: string;
}

export function commitment(x: CommitInput): string {
  const setup = JSON.stringify({ preset: x.preset, size: x.size, options: x.options });
  const text = `${COMMIT_FORMAT}\n${x.tableId}\n${setup}\n${x.deal.join(',')}\n${x.salt}`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface VerifyResult {
  ok: boolean;
  /**
   * verified: the deal matches the commitment; mismatch: it does not; none: the record carries no
   * commitment at all (a local game, cards entered by the judge) — nothing to verify, not a
   * failure; invalid: not a record, or a commitment without what checking it needs.
   */
  status: 'verified' | 'mismatch' | 'none' | 'invalid';
  reason?: string;
  tableId?: string;
  commitment?: string;
  computed?: string;
  /** Where the deal came from, when not from this server's shuffle (`cards`, `app`, `fixed`). */
  dealSource?: string;
}

/** Check a finished game's record against its R60 commitment (record JSON, parsed or text). */
export function verifyRecord(input: unknown): VerifyResult {
  let x = input;
  if (typeof x === 'string') {
    try {
      x = JSON.parse(x);
    } catch {
      return { ok: false, status: 'invalid', reason: 'not JSON' };
    }
  }
  const parsed = parseRecord(x);
  if (!parsed.ok) return { ok: false, status: 'invalid', reason: `bad record: ${parsed.error.code} ${parsed.error.detail ?? ''}`.trim() };
  const rec = parsed.value;
  const tableId = rec.meta?.['tableId'];
  const source = rec.meta?.['dealSource'];
  if (source === 'cards')
    return {
      ok: false,
      status: 'none',
      ...(typeof tableId === 'string' ? { tableId } : {}),
      dealSource: 'cards',
      reason: 'the judge entered the deal from the physical cards: nobody committed to it before the game (R60), so there is nothing to verify',
    };
  if (!rec.commitment) return { ok: false, status: 'none', reason: 'the record carries no commitment (R60): the deal was not published before the game, so there is nothing to verify', ...(typeof tableId === 'string' ? { tableId } : {}) };
  if (typeof tableId !== 'string') return { ok: false, status: 'invalid', reason: 'record has no meta.tableId' };
  if (!rec.salt) return { ok: false, status: 'invalid', reason: 'record has no salt', tableId };
  // A deal the judge's console committed itself was hashed under the console's own table id.
  const commitId = rec.meta?.['commitTableId'];
  const idForCommit = typeof commitId === 'string' ? commitId : tableId;
  if (!rec.deal) return { ok: false, status: 'invalid', reason: 'record has no deal', tableId };
  if (!/^[0-9a-f]{64}$/.test(rec.salt)) return { ok: false, status: 'invalid', reason: 'salt is not 32 bytes of hex', tableId };
  const computed = commitment({
    tableId: idForCommit,
    preset: rec.preset,
    size: rec.deal.length,
    options: rec.options ?? {},
    deal: rec.deal,
    salt: rec.salt,
  });
  const ok = computed === rec.commitment;
  const out: VerifyResult = { ok, status: ok ? 'verified' : 'mismatch', tableId, commitment: rec.commitment, computed };
  if (typeof source === 'string') out.dealSource = source;
  if (!ok) out.reason = 'commitment does not match deal and salt';
  return out;
}

// gorod verify (R60): a record without a commitment has nothing to verify — said plainly, exit 0;
// a matching deal exits 0, a changed one 1, a file that is not a record 2; text unless --json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commitment, verifyRecord } from '../server/deal.js';
import { verifyExitCode, verifyText } from './verify.js';

const plain = JSON.parse(readFileSync(new URL('../../examples/records/classic-red-win.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const salt = 'ab'.repeat(32);
const deal = plain['deal'] as string[];
const committed = {
  ...plain,
  meta: { tableId: 't1' },
  salt,
  commitment: commitment({ tableId: 't1', preset: 'classic', size: deal.length, options: (plain['options'] as Record<string, unknown>) ?? {}, deal, salt }),
};

describe('gorod verify', () => {
  it('no commitment: nothing to verify, exit 0, in words', () => {
    const r = verifyRecord(plain);
    expect(r.status).toBe('none');
    expect(verifyExitCode(r)).toBe(0);
    expect(verifyText(r, 'ru')).toMatch(/^Проверять нечего/);
    expect(verifyText(r, 'en')).toMatch(/^Nothing to verify/);
  });

  it('a matching deal: verified, exit 0; a changed deal: mismatch, exit 1', () => {
    const ok = verifyRecord(committed);
    expect(ok.status).toBe('verified');
    expect(verifyExitCode(ok)).toBe(0);
    expect(verifyText(ok, 'ru')).toContain('✓ Раздача совпадает');
    const swapped = [...deal];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    const bad = verifyRecord({ ...committed, deal: swapped });
    expect(bad.status).toBe('mismatch');
    expect(verifyExitCode(bad)).toBe(1);
    expect(verifyText(bad, 'en')).toContain('does NOT match');
  });

  it('not a record: invalid, exit 2, the reason in the reader\'s words', () => {
    const r = verifyRecord('{nope');
    expect(r.status).toBe('invalid');
    expect(verifyExitCode(r)).toBe(2);
    expect(verifyText(r, 'ru')).toBe('Ошибка: запись не проверить — это не запись игры');
    const noSalt = verifyRecord({ ...committed, salt: undefined });
    expect(verifyText(noSalt, 'ru')).not.toMatch(/[A-Za-z]{3,}/);
  });
});

// The tournament pages' words: every key has its Russian and its English (plural forms aside:
// Russian has one, few and many, English one and other).
import { describe, expect, it } from 'vitest';
import ru from '../i18n/tournament.ru.json' with { type: 'json' };
import en from '../i18n/tournament.en.json' with { type: 'json' };

function keys(x: unknown, at = ''): string[] {
  if (typeof x !== 'object' || x === null) return [at.replace(/_(one|few|many|other)$/, '')];
  return Object.entries(x).flatMap(([k, v]) => keys(v, at ? `${at}.${k}` : k));
}

describe('tournament i18n', () => {
  it('Russian and English have the same keys', () => {
    expect([...new Set(keys(ru))].sort()).toEqual([...new Set(keys(en))].sort());
  });
  it('no empty text', () => {
    for (const lang of [ru, en]) expect(JSON.stringify(lang)).not.toMatch(/:""/);
  });
});

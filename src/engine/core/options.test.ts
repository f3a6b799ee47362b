import { describe, expect, it } from 'vitest';
import { OPTION_DEFS } from './options.js';

describe('option definitions', () => {
  it('every option has a Russian and English name and rule text; every enum value has a name', () => {
    for (const d of OPTION_DEFS) {
      expect(d.name.ru.length, d.key).toBeGreaterThan(0);
      expect(d.name.en.length, d.key).toBeGreaterThan(0);
      expect(d.doc.ru.length, d.key).toBeGreaterThan(0);
      for (const v of d.values ?? []) expect(d.valueNames?.[v], `${d.key}.${v}`).toBeDefined();
    }
  });
});

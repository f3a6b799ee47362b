// Dates read day first in both languages: a club in Russia reads 01/12/2026 as the 1st of December,
// and the English pages must not flip it to the browser's US order (12/1/2026).
import { describe, expect, it } from 'vitest';
import { dateLocale } from './i18n.js';

describe('dateLocale', () => {
  const first = new Date(Date.UTC(2026, 11, 1, 12));
  it('English dates are day/month/year', () => {
    expect(first.toLocaleDateString(dateLocale('en'), { timeZone: 'UTC' })).toBe('01/12/2026');
  });
  it('Russian dates are day.month.year', () => {
    expect(first.toLocaleDateString(dateLocale('ru'), { timeZone: 'UTC' })).toBe('01.12.2026');
  });
});

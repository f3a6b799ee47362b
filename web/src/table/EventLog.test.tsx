// @vitest-environment jsdom
// The player's log speaks through the engine's one describer (src/engine/core/describe.ts), with
// seats as the judge numbers them and the players' names; Russian and English alike.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEvent, view } from '../../../src/engine/index.js';
import { i18n } from '../lib/i18n.js';
import { EventLog } from './EventLog.js';
import { day1, run } from './test-fixtures.js';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ru');
});

describe('the player\'s event log', () => {
  it('R5 a nomination reads in the engine\'s words with the players\' names', () => {
    const s = run(day1(), { by: 1, do: 'nominate', target: 6 });
    render(<EventLog view={view(s, { kind: 'public' })} />);
    const log = screen.getByTestId('event-log');
    expect(log.textContent).toContain('№1 · Аня выставляет №6 · Егор. Принято');
  });
  it('in English, the same line from the same describer', async () => {
    await i18n.changeLanguage('en');
    const s = run(day1(), { by: 1, do: 'nominate', target: 6 });
    const v = view(s, { kind: 'public' });
    render(<EventLog view={v} />);
    const e = v.log.find((x) => x.t === 'nominated')!;
    expect(screen.getByTestId('event-log').textContent).toContain(describeEvent(e, 'en', (n) => `#${n} · ${v.seats[n - 1]!.name}`)!);
    expect(screen.getByTestId('event-log').textContent).toContain('#1 · Аня nominates #6 · Егор. Accepted');
  });
});

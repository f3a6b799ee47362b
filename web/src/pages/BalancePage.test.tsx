// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.js';
import BalancePage, { parseReports } from './BalancePage.js';

const sample = JSON.parse(readFileSync('web/public/sim/sample.json', 'utf8')) as unknown;

afterEach(() => vi.unstubAllGlobals());

describe('balance page (issue 8: the simulator report as a chart)', () => {
  it('accepts what gorod sim --json prints, one report or a --compare list, and nothing else', () => {
    expect(parseReports(sample)?.length).toBeGreaterThan(1);
    expect(parseReports((sample as unknown[])[0])?.length).toBe(1);
    expect(parseReports({ hello: 1 })).toBeNull();
    expect(parseReports(null)).toBeNull();
  });

  it('draws the sample report: the SVG chart and a row per run with its interval', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, json: async () => sample })));
    const { container } = render(<BalancePage />);
    await waitFor(() => expect(container.querySelector('.balance-chart svg')).not.toBeNull());
    expect(screen.getAllByRole('row').length).toBe((sample as unknown[]).length + 1);
    // Russian labels: presets, bot levels and options in words, never their ids; the dark theme.
    expect(container.textContent).toContain('Классика · клубные боты');
    expect(container.textContent).toContain('Голосование в первый день: нет');
    const svg = container.querySelector('.balance-chart svg')!.outerHTML;
    expect(svg).toContain('доля побед по местам');
    expect(svg).toContain('красные');
    expect(svg).not.toMatch(/classic club|win rate|firstDayVote/);
    expect(svg).toContain('fill="#1e2129"');
  });

  it('on a phone the chart is drawn for its width (the narrow layout), not shrunk or scrolled', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, json: async () => sample })));
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('max-width'), addEventListener: () => undefined, removeEventListener: () => undefined }));
    const { container } = render(<BalancePage />);
    await waitFor(() => expect(container.querySelector('.balance-chart svg')).not.toBeNull());
    const svg = container.querySelector('.balance-chart svg')!;
    expect(svg.getAttribute('width')).toBe('360');
    expect(svg.outerHTML).toContain('доля побед по местам');
    // Every figure of the table keeps its column's name (the phone shows the rows as blocks).
    expect(container.querySelector('td[data-label="Победы красных"]')).not.toBeNull();
  });
});

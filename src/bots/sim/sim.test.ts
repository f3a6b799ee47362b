// The simulator: the same seed gives the same totals for any number of workers; the report and
// the chart are built from the totals; the command line parses its options.
import { describe, expect, it } from 'vitest';
import { runSim, runTotals, type SimSpec } from './run.js';
import { canonicalTotals, wilson, zAbove } from './stats.js';
import { simChartSvg } from './svg.js';
import { parsePolicies, specsOf, formatTable } from './cli.js';

const spec: SimSpec = { preset: 'classic', policies: { red: 'club', black: 'random', neutral: 'club' }, games: 120, seed: 77 };

describe('simulator', () => {
  it('same seed → same totals with 0, 1 and 2 workers', async () => {
    const a = JSON.stringify(canonicalTotals(await runTotals(spec, { workers: 0, chunk: 25 })));
    const b = JSON.stringify(canonicalTotals(await runTotals(spec, { workers: 1, chunk: 40 })));
    const c = JSON.stringify(canonicalTotals(await runTotals(spec, { workers: 2, chunk: 7 })));
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('report: win rates with Wilson intervals, days, survival, seats, events by rule', async () => {
    const r = await runSim({ ...spec, games: 60 }, { workers: 0 });
    expect(r.games).toBe(60);
    expect(r.wins.red.rate + r.wins.black.rate + r.wins.other.rate + r.wins.draw.rate).toBeCloseTo(1);
    expect(r.wins.red.lo).toBeLessThanOrEqual(r.wins.red.rate);
    expect(r.wins.red.hi).toBeGreaterThanOrEqual(r.wins.red.rate);
    expect(r.avgDays).toBeGreaterThan(1);
    expect(Object.keys(r.survival).sort()).toEqual(['civilian', 'don', 'mafia', 'sheriff']);
    expect(r.seatWins).toHaveLength(10);
    expect(r.eventsPerGame['gameOver']).toBe(1);
    expect(r.eventsPerGame['rule:R15']).toBe(1);
    expect(r.rejected).toBe(0);
    const svg = simChartSvg([r]);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('classic');
    expect(formatTable([r, r])).toContain('z = 0.00');
    // The phone's layout: 360 wide, a long options line broken into lines that fit.
    const narrow = simChartSvg([r, r], { layout: 'narrow', labels: ['Классика\n' + 'Голосование в первый день: нет; '.repeat(3), 'Клуб'] });
    expect(narrow).toMatch(/^<svg[^>]* width="360"/);
    const lines = [...narrow.matchAll(/font-size="11"[^>]*>([^<]*)</g)].map((m) => m[1]!).filter((l) => l.startsWith('Голосование') || l.startsWith('день'));
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(54);
  });

  it('Wilson interval and z test', () => {
    const w = wilson(50, 100);
    expect(w.lo).toBeCloseTo(0.404, 2);
    expect(w.hi).toBeCloseTo(0.596, 2);
    expect(zAbove(60, 100, 40, 100)).toBeGreaterThan(2.8);
  });

  it('command line: policies per team and --compare setups', () => {
    expect(parsePolicies('club')).toEqual({ red: 'club', black: 'club', neutral: 'club' });
    expect(parsePolicies('red=club,black=random')).toEqual({ red: 'club', black: 'random', neutral: 'club' });
    expect(() => parsePolicies('nope')).toThrow(/unknown policy/);
    const specs = specsOf({
      preset: 'classic',
      policy: 'club',
      games: 10,
      workers: 0,
      seed: 1,
      option: ['firstDayVote=false'],
      compare: ['classic', 'classic,selfVote=false,policy=red=club+black=random'],
      json: false,
    });
    expect(specs).toHaveLength(2);
    expect(specs[0]!.options).toEqual({ firstDayVote: false });
    expect(specs[1]!.options).toEqual({ firstDayVote: false, selfVote: false });
    expect(specs[1]!.policies).toEqual({ red: 'club', black: 'random', neutral: 'club' });
  });
});

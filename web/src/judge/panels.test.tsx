// @vitest-environment jsdom
// The console's panels as components: taps become the right commands, the rule is on screen.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Command } from '../../../src/engine/index.js';
import { DayPanel } from './DayPanel.js';
import { NightPanel } from './NightPanel.js';
import { addEntry, stateOf, tryBatch, type JudgeGame } from './session.js';
import { classicGame } from './testkit.js';
import { VotePanel } from './VotePanel.js';

afterEach(cleanup);

function enter(g: JudgeGame, cmds: Command[]): JudgeGame {
  const r = tryBatch(stateOf(g), cmds);
  if (!r.ok) throw new Error(r.error.code);
  return addEntry(g, 't', r.commands, 0).game;
}

function day1Vote(): JudgeGame {
  let g = enter(classicGame(), [{ by: 'judge', do: 'endNight' }]);
  g = enter(g, [{ by: 1, do: 'nominate', target: 4 }, { by: 1, do: 'endSpeech' }, { by: 2, do: 'nominate', target: 6 }]);
  for (let seat = 2; seat <= 10; seat++) g = enter(g, [{ by: seat, do: 'endSpeech' }]);
  return g;
}

const seatButton = (grid: string, seat: number): HTMLElement => screen.getByTestId(grid).querySelector(`[data-seat="${seat}"]`) as HTMLElement;

describe('VotePanel', () => {
  it('R8 tapped hands are entered as one vote per seat for the current candidate', () => {
    const s = stateOf(day1Vote());
    const submit = vi.fn(() => true);
    render(<VotePanel s={s} lang="en" submit={submit} />);
    fireEvent.click(seatButton('hands-grid', 3));
    fireEvent.click(seatButton('hands-grid', 7));
    fireEvent.click(screen.getByTestId('apply-hands'));
    expect(submit).toHaveBeenCalledWith(expect.stringContaining('#4'), [
      { by: 3, do: 'vote', target: 4 },
      { by: 7, do: 'vote', target: 4 },
    ], {});
  });

  it('R8 a typed count is entered as a count, with no seats made up (issue 13.4)', () => {
    const s = stateOf(day1Vote());
    const submit = vi.fn(() => true);
    render(<VotePanel s={s} lang="en" submit={submit} />);
    fireEvent.change(screen.getByTestId('hand-count'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('apply-hands'));
    const calls = submit.mock.calls as unknown as [string, Command[]][];
    expect(calls[0]![1]).toEqual([{ by: 'judge', do: 'voteCount', target: 4, count: 2 }]);
  });

  it('R8 at the last candidate the defaults are shown before the judge closes', () => {
    let g = day1Vote();
    g = enter(g, [{ by: 1, do: 'vote', target: 4 }]);
    const s = stateOf(g);
    const submit = vi.fn(() => true);
    render(<VotePanel s={s} lang="en" submit={submit} />);
    expect(screen.getByTestId('defaults').textContent).toContain('#2'.replace('#', '№'));
    fireEvent.click(screen.getByTestId('close-vote'));
    expect(submit).toHaveBeenCalledWith(expect.any(String), [{ by: 'judge', do: 'closeVote' }]);
  });
});

describe('DayPanel', () => {
  it('R5 nominating on behalf of the speaker; R6 fouls show what they mean now', () => {
    let g = enter(classicGame(), [{ by: 'judge', do: 'endNight' }]);
    g = enter(g, [{ by: 'judge', do: 'foul', target: 5 }, { by: 'judge', do: 'foul', target: 5 }]);
    const s = stateOf(g);
    const submit = vi.fn(() => true);
    render(<DayPanel id="t" s={s} lang="en" submit={submit} />);
    expect(screen.getByTestId('speaker').getAttribute('data-seat')).toBe('1');
    fireEvent.click(seatButton('nominate-grid', 7));
    expect(submit).toHaveBeenCalledWith(expect.any(String), [{ by: 1, do: 'nominate', target: 7 }]);
    expect(seatButton('foul-grid', 5).textContent).toContain('a 3rd foul costs the next speech');
    fireEvent.click(seatButton('foul-grid', 5));
    expect(submit).toHaveBeenLastCalledWith(expect.any(String), [{ by: 'judge', do: 'foul', target: 5 }]);
  });
});

describe('DayPanel in a last word', () => {
  it('fiim 9.7 the player giving their last word can still be fouled', () => {
    let g = day1Vote();
    for (let seat = 1; seat <= 6; seat++) g = enter(g, [{ by: seat, do: 'vote', target: 4 }]);
    g = enter(g, [{ by: 'judge', do: 'closeVote' }]);
    const s = stateOf(g);
    expect(s.stage).toEqual({ kind: 'speech', speech: 'last', seat: 4 });
    const submit = vi.fn(() => true);
    render(<DayPanel id="t" s={s} lang="en" submit={submit} />);
    expect(seatButton('foul-grid', 4).hasAttribute('disabled')).toBe(false);
    fireEvent.click(seatButton('foul-grid', 4));
    expect(submit).toHaveBeenLastCalledWith(expect.any(String), [{ by: 'judge', do: 'foul', target: 4 }]);
  });
});

describe('NightPanel', () => {
  it('R12 "all at N" and R13 the check answer shown by gesture', () => {
    let g = enter(classicGame(), [{ by: 'judge', do: 'endNight' }]);
    for (let seat = 1; seat <= 10; seat++) g = enter(g, [{ by: seat, do: 'endSpeech' }]);
    let s = stateOf(g);
    const submit = vi.fn(() => true);
    render(<NightPanel s={s} lang="en" submit={submit} />);
    fireEvent.click(seatButton('all-at-grid', 6));
    expect(submit).toHaveBeenCalledWith(expect.any(String), [
      { by: 2, do: 'shoot', target: 6 },
      { by: 5, do: 'shoot', target: 6 },
      { by: 8, do: 'shoot', target: 6 },
    ]);
    cleanup();
    g = enter(g, [{ by: 2, do: 'shoot', target: 6 }, { by: 5, do: 'shoot', target: 6 }, { by: 8, do: 'shoot', target: 6 }, { by: 2, do: 'check', target: 3 }]);
    s = stateOf(g);
    render(<NightPanel s={s} lang="en" submit={submit} />);
    expect(screen.getByTestId('shot-verdict').textContent).toContain('#6');
    expect(screen.getByTestId('check-answer').textContent).toContain('Seat 3 is the sheriff');
  });
});

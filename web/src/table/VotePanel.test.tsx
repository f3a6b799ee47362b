// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view, type Command } from '../../../src/engine/index.js';
import '../lib/i18n.js';
import { day1Vote, run, seatView } from './test-fixtures.js';
import { VotePanel } from './VotePanel.js';

afterEach(cleanup);

describe('the vote panel', () => {
  it('lists the candidates in nomination order and explains the default-to-last rule', () => {
    const s = day1Vote();
    const { view: v, legal } = seatView(s, 3);
    render(<VotePanel view={v} legal={legal} send={async () => ({ ok: true })} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('data-candidate'))).toEqual(['5', '7']);
    expect(screen.getByText(/не проголосует, отдаёт голос за последнюю кандидатуру — игрока 7 · Женя/)).toBeTruthy();
  });

  it('sends one vote, then shows it and locks the buttons', async () => {
    const s = day1Vote();
    const sent: unknown[] = [];
    const mine = seatView(s, 3);
    render(<VotePanel view={mine.view} legal={mine.legal} send={async (c) => (sent.push(c), { ok: true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Против игрока 5 · Даша' }));
    await Promise.resolve();
    expect(sent).toEqual([{ do: 'vote', target: 5 }]);
    cleanup();
    run(s, { by: 3, do: 'vote', target: 5 } as Command);
    const after = seatView(s, 3);
    render(<VotePanel view={after.view} legal={after.legal} send={async () => ({ ok: true })} />);
    expect(screen.getByText(/Ваш голос: против игрока 5 · Даша/)).toBeTruthy();
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Проголосовали 1 из 10/)).toBeTruthy();
  });

  it('a spectator sees the candidates but cannot vote', () => {
    const s = day1Vote();
    render(<VotePanel view={view(s, { kind: 'public' })} send={async () => ({ ok: true })} />);
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Вы наблюдаете за голосованием.')).toBeTruthy();
  });

  it('the "all leave?" round asks yes or no', async () => {
    const s = day1Vote();
    // 5 votes each: tie → tie speeches → revote tie → all leave?
    for (let seat = 1; seat <= 10; seat++) run(s, { by: seat, do: 'vote', target: seat <= 5 ? 5 : 7 });
    run(s, { by: 5, do: 'endSpeech' }, { by: 7, do: 'endSpeech' });
    for (let seat = 1; seat <= 10; seat++) run(s, { by: seat, do: 'vote', target: seat <= 5 ? 5 : 7 });
    const mine = seatView(s, 2);
    expect(mine.view.stage).toEqual({ kind: 'vote', round: 'allLeave' });
    const sent: unknown[] = [];
    render(<VotePanel view={mine.view} legal={mine.legal} send={async (c) => (sent.push(c), { ok: true })} />);
    expect(screen.getByText(/покинут стол вместе, если «за» проголосуют больше половины/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Да, уходят все' }));
    await Promise.resolve();
    expect(sent).toEqual([{ do: 'vote', leave: true }]);
  });
});

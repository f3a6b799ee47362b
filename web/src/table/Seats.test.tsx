// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view } from '../../../src/engine/index.js';
import '../lib/i18n.js';
import { TableView } from './TableView.js';
import { day1, run, seatView } from './test-fixtures.js';

afterEach(cleanup);

describe('the player table', () => {
  it('shows every seat with its number and name, and who is speaking', () => {
    const s = day1();
    render(<TableView view={view(s, { kind: 'public' })} />);
    const table = screen.getByRole('list', { name: 'Игровой стол' });
    expect(within(table).getAllByRole('listitem')).toHaveLength(10);
    const first = table.querySelector('[data-seat="1"]')!;
    expect(first.textContent).toContain('Аня');
    expect(first.className).toContain('seat-speaking');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('День 1. Говорит игрок 1 · Аня');
  });

  it('a table bigger than 15 (forum) is a list, not a ring', () => {
    const v = view(day1(), { kind: 'public' });
    for (let seat = 11; seat <= 18; seat++) v.seats.push({ seat, name: `P${seat}`, alive: true, exit: null, fouls: 0 });
    const { container } = render(<TableView view={v} />);
    expect(container.querySelector('.ring')).toBeNull();
    expect(container.querySelectorAll('.seat-list [data-seat]')).toHaveLength(18);
    expect(container.querySelector('.seat-list [data-seat="1"]')!.className).toContain('seat-speaking');
  });

  it('marks fouls, nominations and players who are out', () => {
    const s = day1();
    run(s, { by: 1, do: 'nominate', target: 6 }, { by: 'judge', do: 'foul', target: 3 }, { by: 'judge', do: 'remove', target: 9 });
    render(<TableView view={view(s, { kind: 'public' })} />);
    const seat = (n: number) => document.querySelector(`[data-seat="${n}"]`)!;
    expect(seat(6).textContent).toContain('выставлен');
    expect(seat(3).querySelector('.badge-foul')?.textContent).toBe('●');
    expect(seat(9).className).toContain('seat-out');
    expect(seat(9).textContent).toContain('удалён');
  });

  it('a spectator sees no role; a player sees their own only after tapping the card', () => {
    const s = day1();
    const { container } = render(<TableView view={view(s, { kind: 'public' })} />);
    expect(container.querySelector('.badge-role')).toBeNull();
    expect(screen.queryByText('Показать мою роль')).toBeNull();
    cleanup();
    const { view: v } = seatView(s, 4);
    render(<TableView view={v} />);
    expect(screen.queryByTestId('role-face')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Показать мою роль' }));
    expect(screen.getByTestId('role-face').textContent).toContain('Шериф');
  });

  it('nothing private shows while the role card is face down', () => {
    const s = day1();
    const { view: v } = seatView(s, 4);
    render(<TableView view={v} />);
    expect(document.querySelector('.badge-role')).toBeNull();
    expect(document.querySelector('[data-ev="roleDealt"]')).toBeNull();
    expect(screen.getByText('Личные события скрыты — откройте карту роли.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Показать мою роль' }));
    expect(document.querySelector('[data-seat="4"] .badge-role')?.textContent).toBe('Шериф');
    expect(document.querySelector('[data-ev="roleDealt"]')!.textContent).toContain('Шериф');
  });

  it('a black player sees their team on the card and on the seats', () => {
    const s = day1();
    const { view: v } = seatView(s, 2);
    render(<TableView view={v} />);
    fireEvent.click(screen.getByRole('button', { name: 'Показать мою роль' }));
    const face = screen.getByTestId('role-face').textContent!;
    expect(face).toContain('Мафия');
    expect(face).toContain('1 · Аня (Дон)');
    expect(face).toContain('3 · Вика (Мафия)');
    expect(document.querySelector('[data-seat="1"]')!.className).toContain('seat-black');
    expect(document.querySelector('[data-seat="5"]')!.querySelector('.badge-role')).toBeNull();
  });

  it('only the speaker can write, nominate and say "Спасибо"', async () => {
    const s = day1();
    const sent: unknown[] = [];
    const send = async (c: unknown) => (sent.push(c), { ok: true as const });
    const other = seatView(s, 2);
    render(<TableView view={other.view} legal={other.legal} send={send} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Спасибо' })).toBeNull();
    cleanup();
    const me = seatView(s, 1);
    render(<TableView view={me.view} legal={me.legal} send={send} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Я мирный' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Сказать' })));
    fireEvent.change(screen.getByRole('combobox', { name: 'Кого выставить?' }), { target: { value: '7' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Выставить' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Спасибо' })));
    expect(sent).toEqual([{ do: 'say', text: 'Я мирный' }, { do: 'nominate', target: 7 }, { do: 'endSpeech' }]);
  });

  it('shows the speech to everyone and explains the default vote before the vote', () => {
    const s = day1();
    run(s, { by: 1, do: 'say', text: 'Всем привет' }, { by: 1, do: 'nominate', target: 5 }, { by: 1, do: 'endSpeech' }, { by: 2, do: 'nominate', target: 8 });
    render(<TableView view={view(s, { kind: 'seat', seat: 6 })} />);
    expect(screen.getByTestId('nominations').textContent).toContain('последнюю кандидатуру — игрока 8 · Зоя');
    cleanup();
    const s2 = day1();
    run(s2, { by: 1, do: 'say', text: 'Всем привет' });
    render(<TableView view={view(s2, { kind: 'seat', seat: 6 })} />);
    expect(screen.getByTestId('speech-feed').textContent).toContain('Всем привет');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.js';
import type { LobbyTable } from '../lib/protocol.js';
import { HomePage, LobbyRow } from './HomePage.js';

const seats = (n: number, bots: number[] = []): LobbyTable['seats'] =>
  Array.from({ length: n }, (_, i) => ({ seat: i + 1, name: `${i + 1}`, bot: bots.includes(i + 1), connected: bots.includes(i + 1) }));

function table(extra: Partial<LobbyTable> = {}): LobbyTable {
  return {
    id: 't0123456789abcdef',
    preset: 'classic',
    mode: 'online',
    status: 'lobby',
    size: 10,
    seats: seats(10, [9, 10]),
    open: false,
    freeSeats: 0,
    spectatorToken: 'ab'.repeat(16),
    watch: `/play/t0123456789abcdef?token=${'ab'.repeat(16)}`,
    ...extra,
  };
}

function row(t: LobbyTable, onChanged?: () => void) {
  return render(
    <ul>
      <LobbyRow table={t} onChanged={onChanged} />
    </ul>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the lobby row', () => {
  it('offers Watch with the spectator link, and no seat at a table by invitation', () => {
    row(table());
    const watch = screen.getByRole('link', { name: 'Смотреть' });
    expect(watch.getAttribute('href')).toBe(`/play/t0123456789abcdef?token=${'ab'.repeat(16)}`);
    expect(screen.queryByRole('button', { name: 'Занять место' })).toBeNull();
    expect(screen.getByText('на месте 0 из 8')).toBeTruthy();
  });

  it('an open table: free seats, Take a seat with a nickname, then the seat link (name already given)', async () => {
    const token = 'cd'.repeat(16);
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 't0123456789abcdef', seat: 3, token, play: '' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    row(table({ open: true, freeSeats: 6 }));
    expect(screen.getByText('свободных мест: 6')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Занять место' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ник за столом' }), { target: { value: '  Аня ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сесть' }));
    await waitFor(() => expect(window.location.pathname).toBe('/play/t0123456789abcdef'));
    expect(window.location.search).toBe(`?token=${token}&seat=3`);
    expect(fetch).toHaveBeenCalledWith('/api/tables/t0123456789abcdef/claim', expect.objectContaining({ method: 'POST', body: JSON.stringify({ nickname: 'Аня' }) }));
    expect(sessionStorage.getItem('gorod.named.t0123456789abcdef.3')).toBe('1');
    // The browser keeps the seat: the row now leads back to it.
    cleanup();
    row(table({ open: true, freeSeats: 5 }));
    expect(screen.getByRole('link', { name: 'Моё место 3' }).getAttribute('href')).toBe(`/play/t0123456789abcdef?token=${token}&seat=3`);
    expect(screen.queryByRole('button', { name: 'Занять место' })).toBeNull();
  });

  it('says so when the last seat went meanwhile, and asks for a fresh list', async () => {
    const body = { code: 'noFreeSeat', message: { ru: 'Свободных мест нет', en: 'No free seat is left' } };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status: 409 })));
    const changed = vi.fn();
    row(table({ open: true, freeSeats: 1 }), changed);
    fireEvent.click(screen.getByRole('button', { name: 'Занять место' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ваш ник за столом' }), { target: { value: 'Боря' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сесть' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Свободных мест нет');
    expect(changed).toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
  });

  it('no seat to take once the game runs or the table is full', () => {
    row(table({ open: true, freeSeats: 0 }));
    expect(screen.queryByRole('button', { name: 'Занять место' })).toBeNull();
    cleanup();
    row(table({ open: true, freeSeats: 4, status: 'playing' }));
    expect(screen.queryByRole('button', { name: 'Занять место' })).toBeNull();
    expect(screen.queryByText(/свободных мест/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Смотреть' })).toBeTruthy();
  });
});

describe('the create form', () => {
  it('an online table may be open to strangers (sent as open: true); a judge table may not', async () => {
    const posted: unknown[] = [];
    const created = { id: 'tfedcba9876543210', hostToken: 'h', spectatorToken: 's', commitment: null, seats: [] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posted.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify(created), { status: 201 });
        }
        return new Response('[]', { status: 200 });
      }),
    );
    render(<HomePage />);
    const open = screen.getByRole('checkbox', { name: /Открытый стол/ });
    expect((open as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /Живой ведущий/ }));
    expect(screen.queryByRole('checkbox', { name: /Открытый стол/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Программа/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Открытый стол/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Создать стол' }));
    await waitFor(() => expect(window.location.pathname).toBe('/created/tfedcba9876543210'));
    expect(posted).toEqual([expect.objectContaining({ mode: 'online', open: true })]);
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { view } from '../../../src/engine/index.js';
import '../lib/i18n.js';
import { NightPanel } from './NightPanel.js';
import { newGame, night2, seatView } from './test-fixtures.js';

afterEach(cleanup);

/** The panel's shape with the seat-specific bits (own seat in the lists) left out. */
function shape(el: HTMLElement): string {
  const parts: string[] = [];
  el.querySelectorAll('h3, p, .night-label, select, button').forEach((n) => {
    parts.push(n.tagName === 'SELECT' ? `select(${(n as HTMLSelectElement).options.length})` : `${n.tagName}:${n.textContent}`);
  });
  return parts.join('|');
}

describe('the night panel', () => {
  it('looks the same for the don, a mafia, the sheriff and a civilian', () => {
    const s = night2();
    const shapes = [1, 2, 4, 8].map((seat) => {
      const { view: v, legal } = seatView(s, seat);
      const { container, unmount } = render(<NightPanel view={v} legal={legal} send={async () => ({ ok: true })} />);
      const out = shape(container);
      unmount();
      return out;
    });
    expect(new Set(shapes).size).toBe(1);
    expect(shapes[0]).toContain('Ход 1');
    expect(shapes[0]).toContain('Ход 2');
  });

  it('the introduction night looks the same for the don and a civilian', () => {
    const s = newGame();
    const a = render(<NightPanel view={view(s, { kind: 'seat', seat: 1 })} send={async () => ({ ok: true })} />);
    const don = shape(a.container);
    a.unmount();
    const b = render(<NightPanel view={view(s, { kind: 'seat', seat: 9 })} send={async () => ({ ok: true })} />);
    expect(shape(b.container)).toBe(don);
  });

  it("a mafia's move goes to the server as a shot; a civilian's stays on the screen", async () => {
    const s = night2();
    const sent: unknown[] = [];
    const send = async (c: unknown) => (sent.push(c), { ok: true as const });
    const maf = seatView(s, 2);
    render(<NightPanel view={maf.view} legal={maf.legal} send={send} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Ход 1' }), { target: { value: '6' } });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Подтвердить' })[0]!));
    expect(sent).toEqual([{ do: 'shoot', target: 6 }]);
    cleanup();
    const civ = seatView(s, 8);
    render(<NightPanel view={civ.view} legal={civ.legal} send={send} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Ход 1' }), { target: { value: '6' } });
    await act(async () => {
      fireEvent.click(screen.getAllByRole('button', { name: 'Подтвердить' })[0]!);
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(sent).toHaveLength(1);
    expect(screen.getByText(/Выбрано: 6 · Егор/)).toBeTruthy();
  });

  it('the don checks with the second move', async () => {
    const s = night2();
    const sent: unknown[] = [];
    const don = seatView(s, 1);
    render(<NightPanel view={don.view} legal={don.legal} send={async (c) => (sent.push(c), { ok: true })} />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Ход 2' }), { target: { value: '4' } });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Подтвердить' })[1]!));
    expect(sent).toEqual([{ do: 'check', target: 4 }]);
  });

  it('a spectator only reads that the town sleeps', () => {
    const s = night2();
    render(<NightPanel view={view(s, { kind: 'public' })} send={async () => ({ ok: true })} />);
    expect(screen.getByText('Город спит.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

// Patch frames (docs/protocol.md): what a client holds after an events frame, whole or patched.
import { describe, expect, it } from 'vitest';
import { startGame, validateSetup, view, type Command, type GameView } from '../engine/index.js';
import { foldEvents } from './fold.js';
import type { EventsFrame } from './server.js';

function held(): GameView {
  const setup = validateSetup({ preset: 'classic', players: Array.from({ length: 10 }, (_, i) => `${i + 1}`) });
  if (!setup.ok) throw new Error(setup.error.code);
  return view(startGame(setup.value), { kind: 'seat', seat: 1 }, { log: false });
}

const vote: Command = { do: 'vote', by: 1, target: 2 };

describe('patch frames fold into the view held', () => {
  it('a patch replaces only the fields it names; legal stays unless sent', () => {
    const v = held();
    const f: EventsFrame = { type: 'events', events: [], lastEvent: 3, patch: { voted: [4] } };
    const out = foldEvents({ view: v, legal: [vote] }, f);
    expect(out.view).toEqual({ ...v, voted: [4] });
    expect(out.legal).toEqual([vote]);
    expect(foldEvents({ view: v, legal: [vote] }, { ...f, legal: [] }).legal).toEqual([]);
  });

  it('a whole view replaces everything; no legal in it means none', () => {
    const v = held();
    const other = { ...v, number: 2 };
    const out = foldEvents({ view: v, legal: [vote] }, { type: 'events', events: [], lastEvent: 3, view: other });
    expect(out).toEqual({ view: other, legal: [] });
  });

  it('a patch with no view held is a broken stream, never guessed at', () => {
    expect(() => foldEvents({ view: null, legal: [] }, { type: 'events', events: [], lastEvent: 0, patch: {} })).toThrow();
  });
});

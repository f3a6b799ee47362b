// Event numbering in views: each viewer counts only what it may see (R18: no one can tell roles
// apart by timing, nor count the night's hidden actions).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../../test/support/random-game.js';
import { apply, startGame, view, visibleCount, visibleEvents, visibleEventsAt, type Command, type GameState, type Viewer } from '../index.js';

function viewersOf(s: GameState): Viewer[] {
  return [{ kind: 'public' }, { kind: 'judge' }, ...s.seats.map((x) => ({ kind: 'seat' as const, seat: x.seat }))];
}

describe('view numbering', () => {
  it('R18 a viewer numbers its events 0, 1, 2, … and every incremental form agrees with view()', () => {
    for (let g = 0; g < 60; g++) {
      const preset = (['classic', 'club', 'tournament', 'forum'] as const)[g % 4]!;
      const { state } = playRandom({ preset, seed: `n${g}` }, g + 101);
      for (const v of viewersOf(state)) {
        const log = view(state, v).log;
        expect(log.map((e) => e.n)).toEqual(log.map((_e, i) => i));
        expect(visibleCount(state, v)).toBe(log.length);
        if (v.kind === 'judge') expect(log).toEqual(state.log);
        for (const at of [0, 7, Math.floor(state.log.length / 2), state.log.length]) {
          const first = visibleCount(state, v, at);
          const tail = visibleEventsAt(state, v, at, first);
          expect(tail).toEqual(log.slice(first));
          expect(visibleEvents(state, v, first)).toEqual(tail);
        }
      }
    }
  });

  it('R18 R13 hidden night actions leave no trace in a civilian’s or the public’s numbering', () => {
    const rec = JSON.parse(readFileSync(new URL('../../../examples/records/classic-black-win.json', import.meta.url), 'utf8')) as {
      players: string[];
      deal: string[];
      commands: Command[];
    };
    const play = (cmds: Command[]): GameState => {
      const s = startGame({ preset: 'classic', players: rec.players, deal: rec.deal } as never);
      for (const c of cmds) expect(apply(s, c).ok, JSON.stringify(c)).toBe(true);
      return s;
    };
    const upToShots = rec.commands.slice(0, 26); // night 2: all three black shoot seat 2
    const close: Command = { by: 'clock', do: 'endNight' } as Command;
    const busy = play([...upToShots, rec.commands[26]!, close]); // the don also checks
    const quiet = play([...upToShots, close]); // nobody checks
    expect(busy.log.length).toBeGreaterThan(quiet.log.length);
    for (const v of [{ kind: 'public' }, { kind: 'seat', seat: 1 }, { kind: 'seat', seat: 3 }] as Viewer[]) {
      expect(view(busy, v), JSON.stringify(v)).toEqual(view(quiet, v));
    }
    // The don's own numbering does move: the check is his.
    expect(visibleCount(busy, { kind: 'seat', seat: 5 })).toBeGreaterThan(visibleCount(quiet, { kind: 'seat', seat: 5 }));
  });
});

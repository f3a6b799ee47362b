// The canary itself: it must flag what a viewer may not know and pass what the rules give them,
// or the fuzzer cries wolf (a false leak) or sleeps through a real one.
import { describe, expect, it } from 'vitest';
import { mulberry32, startGame, view, type GameState, type Setup } from '../../src/engine/index.js';
import { randomCommand } from '../support/random-game.js';
import { apply } from '../../src/engine/index.js';
import { scanFrames } from './canary.js';

/** Plays a seeded game until `until` holds (or it ends). */
function playUntil(setup: Setup, seed: number, until: (s: GameState) => boolean): GameState {
  const rand = mulberry32(seed);
  const s = startGame(setup);
  for (let i = 0; i < 5000 && !s.finished && !until(s); i++) {
    const c = randomCommand(s, rand);
    if (!c) break;
    apply(s, c);
  }
  return s;
}

const someoneDead = (s: GameState): boolean => s.seats.some((x) => !x.alive);

describe('canary scan', () => {
  it('R16 revealRoles onExit: a dead seat’s role in a view sent without its log (a resume) is no leak', () => {
    const setup = { preset: 'classic', seed: 'canary-r16', options: { revealRoles: 'onExit' } } as unknown as Setup;
    const s = playUntil(setup, 7, someoneDead);
    expect(someoneDead(s)).toBe(true);
    const start = startGame(setup);
    const frame = { type: 'welcome', view: view(s, { kind: 'public' }, { log: false }) };
    expect(scanFrames([], [frame], { kind: 'public' }, { strings: [] }, start)).toEqual([]);
    // The same view under revealRoles never would not show the role; shown, it is flagged.
    const hidden = { ...start, options: { ...start.options, revealRoles: 'never' } } as GameState;
    const dead = s.seats.find((x) => !x.alive)!;
    const forged = { type: 'welcome', view: { ...frame.view, seats: frame.view.seats.map((x) => (x.seat === dead.seat ? { ...x, role: dead.role } : x)) } };
    expect(scanFrames([], [forged], { kind: 'public' }, { strings: [] }, hidden).length).toBeGreaterThan(0);
  });

  it('a living seat’s role reaching the public is flagged whatever the option', () => {
    const setup = { preset: 'classic', seed: 'canary-alive', options: { revealRoles: 'onExit' } } as unknown as Setup;
    const s = startGame(setup);
    const v = view(s, { kind: 'public' }, { log: false });
    const forged = { type: 'events', view: { ...v, seats: v.seats.map((x) => (x.seat === 3 ? { ...x, role: s.seats[2]!.role } : x)) } };
    expect(scanFrames([], [forged], { kind: 'public' }, { strings: [] }, s)).toEqual(['role of seat 3 reached {"kind":"public"}']);
  });
});

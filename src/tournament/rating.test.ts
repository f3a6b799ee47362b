// Elo with red-side and black-side ratings against the other team's average, K by game kind
// (club 4/3, tournament 16/12, elite 64/48), halved under ten seats; worked by hand.
import { describe, expect, it } from 'vitest';
import { eloRatings, expected, type RatedGame } from './rating.js';

const names = 'ABCDEFGHIJ'.split('');
const game = (kind: RatedGame['kind'], black: string[], winner: 'red' | 'black', seats = names): RatedGame => ({
  kind,
  seats: seats.map((name) => {
    const team = black.includes(name) ? ('black' as const) : ('red' as const);
    return { name, team, result: team === winner ? ('win' as const) : ('loss' as const) };
  }),
});

describe('Elo', () => {
  it('equal teams: E = 0.5; a tournament win +16·0.5, a loss −12·0.5', () => {
    const { rows } = eloRatings([game('tournament', ['A', 'B', 'C'], 'red')]);
    const by = new Map(rows.map((r) => [r.name, r]));
    expect(by.get('D')).toMatchObject({ rating: 1008, red: 1008, black: 1000, games: 1, wins: 1 });
    expect(by.get('A')).toMatchObject({ rating: 994, red: 1000, black: 994, games: 1, wins: 0 });
    expect(rows[0]!.place).toBe(1);
  });

  it('each side has its own rating; a red player meets the black team’s average black-side rating', () => {
    const { rows, changes } = eloRatings([game('tournament', ['A', 'B', 'C'], 'red'), game('club', ['D', 'E', 'F'], 'black')]);
    const by = new Map(rows.map((r) => [r.name, r]));
    // Game 2: black D, E, F (black side 1000 each); red A, B, C (red 1000) and G–J (red 1008).
    const redAvg = (3 * 1000 + 4 * 1008) / 7;
    const eD = 1 / (1 + 10 ** ((redAvg - 1000) / 400));
    const eG = 1 / (1 + 10 ** ((1000 - 1008) / 400));
    expect(by.get('D')!.black).toBeCloseTo(1000 + 4 * (1 - eD), 2);
    expect(by.get('D')!.rating).toBeCloseTo(1008 + 4 * (1 - eD), 2);
    expect(by.get('A')!.red).toBeCloseTo(1000 - 3 * 0.5, 2);
    expect(by.get('G')!.red).toBeCloseTo(1008 - 3 * eG, 2);
    expect(changes[1]!.find((c) => c.name === 'G')!.expected).toBeCloseTo(eG, 4);
    expect(expected(1008, 1000)).toBeCloseTo(0.5115, 4);
  });

  it('elite 64/48; a table under ten seats halves K', () => {
    const elite = eloRatings([game('elite', ['A', 'B', 'C'], 'red')]).rows.find((r) => r.name === 'D')!;
    expect(elite.rating).toBe(1032);
    const nine = eloRatings([game('club', ['A', 'B', 'C'], 'black', names.slice(0, 9))]).rows;
    expect(nine.find((r) => r.name === 'A')!.rating).toBe(1001); // 4 · 0.5 · 0.5
    expect(nine.find((r) => r.name === 'D')!.rating).toBe(999.25); // −3 · 0.5 · 0.5
  });

  it('recomputed in the order given: the order changes the numbers, the same order the same ones', () => {
    const g1 = game('tournament', ['A', 'B', 'C'], 'red');
    const g2 = game('tournament', ['A', 'D', 'E'], 'black');
    expect(eloRatings([g1, g2])).toEqual(eloRatings([g1, g2]));
    expect(eloRatings([g1, g2]).rows).not.toEqual(eloRatings([g2, g1]).rows);
  });

  it('a drawn game or one without both teams changes nothing; nicknames match case and spacing aside', () => {
    const draw: RatedGame = { kind: 'club', seats: names.map((name, i) => ({ name, team: i < 3 ? 'black' : 'red', result: 'draw' })) };
    expect(eloRatings([draw]).rows.every((r) => r.rating === 1000 && r.games === 0)).toBe(true);
    const a = game('club', ['A', 'B', 'C'], 'red');
    const b = { ...a, seats: a.seats.map((s) => ({ ...s, name: s.name === 'D' ? '  d ' : s.name })) };
    expect(eloRatings([a, b]).rows.find((r) => r.name.trim().toLowerCase() === 'd')!.games).toBe(2);
  });
});

// Every scoring rule with a hand-computed game, for the three built-in systems; the regulation's
// system equals the tournament preset's own score (src/engine/core/score.ts) on random games.
import { describe, expect, it } from 'vitest';
import { playRandom } from '../../test/support/random-game.js';
import { score } from '../engine/index.js';
import { gameFacts } from './facts.js';
import { scoreGame } from './score-game.js';
import { builtinScoring, resolveScoring } from './scoring-systems.js';
import { DEFAULT_TIEBREAKS, validateScoring } from './scoring-format.js';
import { bestMoveGame, playedOut, teamDefeatGame } from '../../test/support/tournament-games.js';

const points = (id: string, t: { state: Parameters<typeof gameFacts>[0] }): number[] =>
  scoreGame(builtinScoring(id)!, gameFacts(t.state)).map((c) => Math.round(c.lines.reduce((s, l) => s + l.points, 0) * 1000) / 1000);

describe('FIIM scoring', () => {
  const g = bestMoveGame();
  it('a win 1; the first killed red who names three black +0.7; the judge +0.3; removal −0.5, also the one that ends the game', () => {
    // Seat 3's removal leaves no black and red wins: an ordinary removal (mafiaratings "kicked
    // out", −0.5), not a team's defeat.
    // seat:       1     2     3    4    5  6  7    8  9  10
    expect(points('fiim', g)).toEqual([-0.5, -0.5, -0.5, 1.3, 1, 1, 1.7, 1, 1, 1]);
  });
  it('fiim 9.3 a team’s defeat: −0.7 for the offender (mafiaratings "team kicked out"); two technical fouls −0.5', () => {
    // fiim preset. Night 2 kills red 1, who names 5, 7, 10 (all black): +0.7. Seat 3 leaves on
    // two technical fouls: −0.5. Seat 2: the judge's +0.3. The judge defeats black for seat 7.
    // seat:                                   1    2    3    4  5  6  7     8  9  10
    expect(points('fiim', teamDefeatGame(7))).toEqual([1.7, 1.3, 0.5, 1, 0, 1, -0.7, 1, 1, 0]);
    // The same game, red defeated for seat 4's offence: black wins.
    expect(points('fiim', teamDefeatGame(4))).toEqual([0.7, 0.3, -0.5, -0.7, 1, 0, 1, 0, 0, 1]);
    const lines = scoreGame(builtinScoring('fiim')!, gameFacts(teamDefeatGame(4).state));
    expect(lines[3]!.lines.find((l) => l.rule === 'exitPenalty')!.note).toBe('teamDefeated; the other team won');
    expect(lines[2]!.lines.find((l) => l.rule === 'exitPenalty')!.note).toBe('techFouls');
    // Seat 1, red, killed on night 2 in a lost game: Ci is due (worked out over the tournament).
    expect(lines[0]!.ci).toEqual([{ rule: 'ci', counts: true, applies: true }]);
  });
  it('version 1 (kept for tournaments that stored it) had no technical fouls', () => {
    expect(scoreGame(builtinScoring('fiim', 1)!, gameFacts(teamDefeatGame(7).state))[2]!.lines.map((l) => l.rule)).toEqual(['win']);
  });
  it('two black named: +0.5', () => {
    expect(points('fiim', bestMoveGame(undefined, [1, 2, 8]))[6]).toBe(1.5);
  });
  it('the best move counts only for a red player', () => {
    const cards = scoreGame(builtinScoring('fiim')!, { ...gameFacts(g.state), seats: gameFacts(g.state).seats.map((x) => (x.seat === 7 ? { ...x, team: 'black' as const } : x)) });
    expect(cards[6]!.lines.map((l) => l.rule)).not.toContain('bestMove');
  });
  it('Ci: a red player killed on night 2 is marked in every game, receives it only in a lost one', () => {
    const lost = scoreGame(builtinScoring('fiim')!, gameFacts(playedOut('black').state));
    expect(lost[0]!.ci).toEqual([{ rule: 'ci', counts: true, applies: true }]);
    const won = scoreGame(builtinScoring('fiim')!, gameFacts(playedOut('red').state));
    expect(won[0]!.ci).toEqual([{ rule: 'ci', counts: true, applies: false }]);
    expect(won[1]!.ci).toEqual([]);
    // A drawn game (no winner) is not lost: the kill counts toward K, no Ci in it.
    const f = gameFacts(playedOut('black').state);
    const drawn = scoreGame(builtinScoring('fiim')!, { ...f, winner: null, seats: f.seats.map((x) => ({ ...x, result: 'draw' as const })) });
    expect(drawn[0]!.ci).toEqual([{ rule: 'ci', counts: true, applies: false }]);
  });
  it('lines say why: the guess, the exit cause, the judge’s words', () => {
    const cards = scoreGame(builtinScoring('fiim')!, gameFacts(g.state));
    expect(cards[6]!.lines.find((l) => l.rule === 'bestMove')!.note).toBe('1,2,3: 3 black');
    expect(cards[2]!.lines.find((l) => l.rule === 'exitPenalty')!.note).toBe('removal');
    expect(cards[3]!.lines.find((l) => l.kind === 'extraPoints')!.note).toBe('good game');
  });
});

describe('the regulation’s system (tournament preset, R34)', () => {
  it('4.2 a win 1, a loss 0; 4.3.2 the sheriff’s first check found black +1; the extras by option', () => {
    // seat 4: win + first check + 0.3; seat 7: win + best move 0.4; removals −0.5 (no −0.7 here).
    expect(points('tournament', bestMoveGame())).toEqual([-0.5, -0.5, -0.5, 2.3, 1, 1, 1.4, 1, 1, 1]);
  });
  it('equals the tournament preset’s own score on random games with every extra on', () => {
    const seen = new Set<string>();
    let finished = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { state } = playRandom({ preset: 'tournament', seed: `s${seed}`, options: { pointsBestMove: true, pointsExitPenalty: true, pointsExtra: true } }, seed, { judgeRate: 0.01 });
      if (!state.finished) continue;
      finished++;
      const cards = scoreGame(builtinScoring('tournament')!, gameFacts(state));
      for (const c of cards) for (const l of c.lines) seen.add(l.rule);
      expect(cards.map((c) => Math.round(c.lines.reduce((s, l) => s + l.points, 0) * 1000))).toEqual(score(state).map((r) => Math.round(r.points * 1000)));
    }
    expect(finished).toBeGreaterThan(40);
    expect([...seen].sort()).toEqual(expect.arrayContaining(['bestMove', 'exitPenalty', 'loss', 'win']));
  });
  it('without the options the extras give nothing', () => {
    const t = bestMoveGame();
    const facts = { ...gameFacts(t.state), options: { ...t.state.options, pointsBestMove: false, pointsExitPenalty: false, pointsExtra: false } };
    const pts = scoreGame(builtinScoring('tournament')!, facts).map((c) => c.lines.reduce((s, l) => s + l.points, 0));
    expect(pts).toEqual([0, 0, 0, 2, 1, 1, 1, 1, 1, 1]);
  });
});

describe('win 4 / loss 1 / best move +1', () => {
  it('a loss 1, a win 4, two or three black named +1, the judge’s points as given', () => {
    expect(points('win4', bestMoveGame())).toEqual([1, 1, 1, 4.3, 4, 4, 5, 4, 4, 4]);
    expect(points('win4', bestMoveGame(undefined, [1, 2, 8]))[6]).toBe(5);
    expect(points('win4', bestMoveGame(undefined, [1, 8, 9]))[6]).toBe(4);
  });
  it('names no tie-breaks of its own, so it breaks ties as FIIM does (the default)', () => {
    expect(builtinScoring('win4')!.tiebreaks).toEqual(DEFAULT_TIEBREAKS);
    expect(builtinScoring('fiim')!.tiebreaks).toEqual(DEFAULT_TIEBREAKS);
  });
});

describe('scoring systems are data', () => {
  it('every built-in system passes its own validation and names a source for every rule', () => {
    for (const id of ['fiim', 'tournament', 'win4']) {
      const s = builtinScoring(id)!;
      expect(validateScoring(s).ok).toBe(true);
      for (const r of s.rules) expect(r.source.length).toBeGreaterThan(3);
    }
  });
  it('a custom system: unknown kinds, groups and fields are refused with the place named', () => {
    const base = builtinScoring('win4')!;
    const bad = { ...base, rules: [{ ...base.rules[0]!, kind: 'mvp' }] };
    const r = validateScoring(bad);
    expect(!r.ok && r.error.detail).toContain('rules.0.kind');
    expect(resolveScoring('nope').ok).toBe(false);
    expect(resolveScoring({ id: 'fiim', version: 1 }).ok).toBe(true);
    expect(resolveScoring({ ...base, id: 'club-a', rules: [...base.rules, { ...base.rules[0]!, id: 'win' }] }).ok).toBe(false);
  });
  it('a custom system that names no tie-breaks gets the default ones (FIIM’s)', () => {
    const { tiebreaks: _, ...rest } = builtinScoring('win4')!;
    const r = resolveScoring({ ...rest, id: 'club-b' });
    expect(r.ok && r.value.tiebreaks).toEqual(DEFAULT_TIEBREAKS);
    const none = resolveScoring({ ...rest, id: 'club-c', tiebreaks: [] });
    expect(none.ok && none.value.tiebreaks).toEqual([]);
  });
});

// The fiim preset (docs/rules/fiim.md): the classic table with mafiaratings' default rule set, the
// first night's victim's guess, technical fouls, the final minute and the draw after quiet nights.
import { describe, expect, it } from 'vitest';
import { atFour, atNine, daySpeeches, DEAL, shoot, table } from '../../../../test/support/fiim-table.js';
import { defaultOptions, describeEvent, legalCommands, replay, stageTimer, validateSetup, view } from '../../index.js';

describe('fiim: the preset', () => {
  it('fiim 1.1 ten seats: 6 civilians, the sheriff, the don and 2 mafia, exactly', () => {
    expect(validateSetup({ preset: 'fiim', deal: DEAL }).ok).toBe(true);
    expect(validateSetup({ preset: 'fiim', deal: DEAL.map((r) => (r === 'sheriff' ? 'civilian' : r)) }).ok).toBe(false);
    expect(validateSetup({ preset: 'fiim', size: 12 }).ok).toBe(false);
  });
  it('mafiaratings DEFAULT_RULES 0002000010000 and the FIIM practice the issue names', () => {
    expect(defaultOptions('fiim')).toMatchObject({
      rotation: 'opener', // 6.3.1
      onRecord: 'none', // 6.7.1
      withdrawNomination: 'never', // 7.5.3
      dayOneVote: 'standard', // 7.16.1
      revoteOrder: 'same', // 7.18.1
      tieOfAll: 'night', // 7.21.1
      allLeaveTwoOfFour: true, // 7.22.1
      allLeaveThreeOfNine: 'no', // 7.23.2
      firstKilledGuess: true, // 8.17.1
      finalSpeech: true, // 8.19.1
      thirdFoul: 'loseSpeech', // 9.5.1
      silencedMayNominate: true,
      silencedShortAt: 4,
      technicalFouls: true, // 9.6.2: the issue's FIIM practice (DEFAULT_RULES' last digit 0 is 9.6.1, none)
      removalCancelsVote: 'any', // 9.8.1
      quietRoundsDraw: 3, // 1.5
      provocation: 'foul', // 7.14, 10.6
      pointsExtra: true, // 8.20
    });
  });
  it('fiim 5.1 the black team meets on night 1 (the introduction night)', () => {
    expect(table('fiim').events('teamRevealed')).toMatchObject([{ vis: 'black', rule: 'fiim 5.1' }]);
  });
});

describe('fiim 8.17 the first night\'s victim names three (a best move)', () => {
  it('the player killed on night 2 names up to three seats in the last word; public, scored from the record', () => {
    const t = table('fiim').night([]).speeches();
    shoot(t, 1);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 1 });
    expect(legalCommands(t.state, 1).filter((c) => c.do === 'bestMove')).toHaveLength(84);
    t.do({ by: 1, do: 'bestMove', targets: [5, 7, 10] });
    expect(t.events('bestMove')).toMatchObject([{ seat: 1, targets: [5, 7, 10], vis: 'public', rule: 'fiim 8.17' }]);
    expect(t.try({ by: 1, do: 'bestMove', targets: [3] })).toMatchObject({ ok: false, error: { code: 'alreadyActed' } });
    expect(describeEvent(t.events('bestMove')[0]!, 'ru')).toBe('Лучший ход №1: №5, №7, №10');
  });
  it('not a victim of a later night, and not after two players left by the day-one vote', () => {
    const t = table('fiim').night([]).speeches();
    shoot(shoot(t, null).speeches(), 1);
    expect(t.try({ by: 1, do: 'bestMove', targets: [5, 7, 10] })).toMatchObject({ ok: false, error: { code: 'notAllowed', rule: 'fiim 8.17' } });
    const tie = { 1: 6, 2: 6, 3: 6, 4: 6, 6: 6, 5: 5, 7: 5, 8: 5, 9: 5, 10: 5 };
    const u = table('fiim').night([]).speeches({ 1: 5, 2: 6 }).vote(tie).talkThrough().vote(tie);
    for (const seat of [1, 2, 3, 4, 6, 8]) u.do({ by: seat, do: 'vote', leave: true });
    u.do({ by: 'clock', do: 'closeVote' });
    shoot(u.talkThrough(), 1);
    expect(u.try({ by: 1, do: 'bestMove', targets: [7, 10, 2] }).ok).toBe(false);
  });
  it('classic takes no best move at all', () => {
    const t = table('classic').night([]).speeches();
    shoot(t, 1);
    expect(t.try({ by: 1, do: 'bestMove', targets: [5, 7, 10] })).toMatchObject({ ok: false, error: { code: 'notAllowed' } });
  });
});

describe('fiim 9.6 technical fouls', () => {
  it('counted apart from fouls; the second removes the player without a last word and cancels the vote (9.8)', () => {
    const t = table('fiim').night([]);
    expect(legalCommands(t.state, 'judge').some((c) => c.do === 'techFoul')).toBe(true);
    t.do({ by: 'judge', do: 'techFoul', target: 4, reason: 'стук по столу' });
    expect(t.state.seats[3]).toMatchObject({ techFouls: 1, fouls: 0, alive: true });
    t.do({ by: 'judge', do: 'techFoul', target: 4 });
    expect(t.events('eliminated')).toMatchObject([{ seat: 4, cause: 'techFouls', lastWord: false, rule: 'fiim 9.6.2' }]);
    expect(t.events('voteCancelled')).toMatchObject([{ seat: 4, day: 1 }]);
    expect(describeEvent(t.events('techFouled')[0]!, 'ru')).toBe('Технический фол №4 (1): стук по столу');
    expect(view(t.state, { kind: 'public' }).seats[3]!.techFouls).toBe(2);
  });
  it('classic has none', () => {
    const t = table('classic').night([]);
    expect(t.try({ by: 'judge', do: 'techFoul', target: 4 })).toMatchObject({ ok: false, error: { code: 'notAllowed', rule: 'fiim 9.6' } });
    expect(legalCommands(t.state, 'judge').some((c) => c.do === 'techFoul')).toBe(false);
  });
});

describe('fiim 8.19 the final minute: the last word before the verdict', () => {
  it('the vote-out that decides the game: the verdict waits (judge only), the last word, then the result', () => {
    const t = atFour(table('fiim'));
    daySpeeches(t, { 9: 10 });
    expect(t.events('singleCandidate').at(-1)).toMatchObject({ seat: 10, number: 5 });
    expect(t.state.finished).toBe(false);
    expect(t.events('verdict')).toMatchObject([{ winner: 'red', vis: 'judge', rule: 'fiim 8.19' }]);
    expect(view(t.state, { kind: 'public' }).log.some((e) => e.t === 'verdict')).toBe(false);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 10 });
    // A removal during the final minute does not change the result.
    t.do({ by: 'judge', do: 'remove', target: 8 });
    expect(t.state.finished).toBe(false);
    t.do({ by: 10, do: 'endSpeech' });
    expect(t.events('gameOver')).toMatchObject([{ winner: 'red', rule: 'fiim 8.19' }]);
  });
  it('off (classic): the result at once, no last word', () => {
    const t = atFour(table('classic'));
    daySpeeches(t, { 9: 10 });
    expect(t.events('gameOver')).toMatchObject([{ winner: 'red', rule: 'R15' }]);
  });
  it('a removal that decides the game ends it at once (no last word to wait for)', () => {
    const t = atFour(table('fiim'));
    t.do({ by: 'judge', do: 'remove', target: 10 });
    expect(t.events('gameOver')).toMatchObject([{ winner: 'red', rule: 'R15' }]);
  });
});

describe('fiim 9.7 penalties in one\'s own last word', () => {
  it('a player giving their last word may be fouled; the fourth foul ends the last word, no second exit', () => {
    const t = table('fiim').night([]).speeches();
    for (let i = 0; i < 3; i++) t.do({ by: 'judge', do: 'foul', target: 1 });
    shoot(t, 1);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 1 });
    expect(legalCommands(t.state, 'judge')).toContainEqual({ by: 'judge', do: 'foul', target: 1 });
    t.do({ by: 1, do: 'bestMove', targets: [5, 7, 10] });
    t.do({ by: 'judge', do: 'foul', target: 1 });
    expect(t.events('fouled').at(-1)).toMatchObject({ seat: 1, count: 4 });
    expect(t.events('speechEnded').at(-1)).toMatchObject({ seat: 1, by: 'removal' });
    expect(t.events('eliminated').filter((e) => e.seat === 1)).toHaveLength(1);
    // 9.8.1: the night's victim is out already — no vote is cancelled.
    expect(t.events('voteCancelled')).toEqual([]);
    expect(t.state.stage).toMatchObject({ kind: 'speech', speech: 'day' });
  });
  it('a third foul does not take the last word (9.5.1); a second technical foul ends it', () => {
    const t = table('fiim').night([]).speeches({ 1: 5, 2: 6 }).vote({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5 });
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 5 });
    for (let i = 0; i < 3; i++) t.do({ by: 'judge', do: 'foul', target: 5 });
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 5 });
    t.do({ by: 'judge', do: 'techFoul', target: 5 });
    t.do({ by: 'judge', do: 'techFoul', target: 5 });
    expect(t.state.phase).toBe('night');
    expect(t.events('voteCancelled')).toEqual([]);
  });
  it('a player out and silent is no one\'s to penalise', () => {
    const t = table('fiim').night([]).speeches({ 1: 5, 2: 6 }).vote({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5 }).talkThrough();
    expect(t.try({ by: 'judge', do: 'foul', target: 5 })).toMatchObject({ ok: false, error: { code: 'targetNotAlive' } });
    expect(legalCommands(t.state, 'judge').some((c) => c.do === 'foul' && c.target === 5)).toBe(false);
  });
});

describe('fiim 9.5.1 with three or four players left, a silenced player speaks a short speech', () => {
  it('day 5 at four: three fouls before the speech — 30 seconds, and the nomination', () => {
    const t = atFour(table('fiim'));
    for (let i = 0; i < 3; i++) t.do({ by: 'judge', do: 'foul', target: 9 });
    daySpeeches(t.talkThrough().speeches(), {});
    const started = t.events('speechStarted').filter((e) => e.seat === 9 && e.number === 5);
    expect(started).toMatchObject([{ kind: 'day', short: true, rule: 'fiim 9.5.1' }]);
  });
  it('at nine: the nomination without a speech', () => {
    const t = atNine(table('fiim'));
    for (let i = 0; i < 3; i++) t.do({ by: 'judge', do: 'foul', target: 3 });
    t.do({ by: 2, do: 'endSpeech' });
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'silent', seat: 3 });
    expect(describeEvent(t.events('speechStarted').at(-1)!, 'ru')).toBe('№3: лишён слова (три фола), может выставить кандидатуру');
  });
});

describe('fiim 1.5 a draw after three nights and the days between them with no one leaving', () => {
  it('nights 2, 3 and 4 pass with no exit: a draw at the close of night 4', () => {
    const t = table('fiim').night([]).speeches();
    shoot(t, null).speeches();
    shoot(t, null).speeches();
    expect(t.state.finished).toBe(false);
    shoot(t, null);
    expect(t.events('gameOver')).toMatchObject([{ winner: null, rule: 'fiim 1.5', number: 4 }]);
  });
  it('an exit in between starts the count again; classic never draws so', () => {
    const t = table('fiim').night([]).speeches();
    shoot(t, null).speeches();
    t.do({ by: 'judge', do: 'remove', target: 4 });
    shoot(t, null).speeches();
    shoot(t, null);
    expect(t.state.finished).toBe(false);
    const c = table('classic').night([]).speeches();
    for (let i = 0; i < 3; i++) shoot(c, null).speeches();
    expect(c.state.finished).toBe(false);
  });
});

describe('the day flow\'s timers (day-flow.ts stageTimer): what the server\'s clock and the judge console run', () => {
  it('speeches by kind from the options; votes and nights from the host\'s clock settings', () => {
    const t = table('fiim', { speechSeconds: 50 });
    expect(stageTimer(t.state)).toMatchObject({ kind: 'introNight', clock: 'introNightSeconds', command: { by: 'clock', do: 'endNight' } });
    t.night([]);
    expect(stageTimer(t.state)).toMatchObject({ kind: 'speech', seat: 1, seconds: 50, warn: true, command: { by: 'clock', do: 'endSpeech' } });
    t.speeches({ 1: 5, 2: 6 });
    expect(stageTimer(t.state)).toMatchObject({ kind: 'vote', clock: 'voteSeconds', command: { do: 'closeVote' } });
  });
  it('forum days run on a timer: the lawyer\'s deadline, then the close of the day', () => {
    const r = replay({ format: 'gorod-record/1', preset: 'forum', size: 12, seed: 'f', options: { daySeconds: 7200, lawyerSeconds: 1800 }, commands: [] });
    if (!r.ok) throw new Error(r.error.code);
    const s = r.value.state;
    expect(stageTimer(s)).toMatchObject({ kind: 'lawyer', seconds: 1800, command: { by: 'clock', do: 'lawyerDeadline' } });
    const r2 = replay({ format: 'gorod-record/1', preset: 'forum', size: 12, seed: 'f', options: { daySeconds: 7200, lawyerSeconds: 1800 }, commands: [{ by: 'clock', do: 'lawyerDeadline' }] });
    if (!r2.ok) throw new Error(r2.error.code);
    expect(stageTimer(r2.value.state)).toMatchObject({ kind: 'day', seconds: 5400, command: { by: 'clock', do: 'endDay' } });
  });
});

// The day flow's rule variants (option-defs-day.ts, docs/rules/variants.md), clause by clause, on
// the classic table: each option changes only what its clause says. The fiim preset's own tests
// (its defaults together) are in fiim.test.ts.
import { describe, expect, it } from 'vitest';
import { atFour, atNine, BLACK, daySpeeches, shoot, table } from '../../../test/support/fiim-table.js';
import { describeEvent, legalCommands, presetOptions, replay, resolveOptions, stageTimer } from '../index.js';

describe('fiim 6.3 option rotation: who opens the next day', () => {
  it('opener (R3): the seat after the one who opened day 1; seat 1 killed, seat 2 still opens', () => {
    const t = atNine(table('classic'));
    expect(t.events('dayStarted')[1]!.order[0]).toBe(2);
  });
  it('closer: the seat after the next living closer opens — day 1 closed by 10, 1 killed: 2 closes, 3 opens', () => {
    const t = atNine(table('classic', { rotation: 'closer' }));
    const order = t.events('dayStarted')[1]!.order;
    expect(order[0]).toBe(3);
    expect(order[order.length - 1]).toBe(2);
  });
  it('closer with no one killed: 1 closes day 2, 2 opens it', () => {
    const t = table('classic', { rotation: 'closer' }).night([]).speeches();
    shoot(t, null);
    expect(t.events('dayStarted')[1]!.order).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
  });
});

describe('fiim 7.5 option withdrawNomination', () => {
  const speaking = (o: Record<string, unknown>) => table('classic', o).night([]);
  it('explicit (R5): a second nomination needs a withdrawal first', () => {
    const t = speaking({});
    t.do({ by: 1, do: 'nominate', target: 5 });
    expect(t.try({ by: 1, do: 'nominate', target: 6 })).toMatchObject({ ok: false, error: { code: 'nominationLimit' } });
    t.do({ by: 1, do: 'withdraw' });
    t.do({ by: 1, do: 'nominate', target: 6 });
    expect(t.state.nominations).toEqual([{ by: 1, target: 6 }]);
  });
  it('auto (fiim 7.5.2): nominating again in the same speech replaces the earlier nomination', () => {
    const t = speaking({ withdrawNomination: 'auto' });
    t.do({ by: 1, do: 'nominate', target: 5 });
    expect(legalCommands(t.state, 1).some((c) => c.do === 'nominate' && c.target === 6)).toBe(true);
    const ev = t.do({ by: 1, do: 'nominate', target: 6 });
    expect(ev.map((e) => e.t)).toEqual(['nominationWithdrawn', 'nominated']);
    expect(ev[0]).toMatchObject({ by: 1, target: 5, rule: 'fiim 7.5.2' });
    expect(t.state.nominations).toEqual([{ by: 1, target: 6 }]);
  });
  it('never (fiim 7.5.3): no withdrawing, the first nomination stands', () => {
    const t = speaking({ withdrawNomination: 'never' });
    t.do({ by: 1, do: 'nominate', target: 5 });
    expect(t.try({ by: 1, do: 'withdraw' })).toMatchObject({ ok: false, error: { code: 'notAllowed', rule: 'fiim 7.5.3' } });
    expect(t.try({ by: 1, do: 'nominate', target: 6 })).toMatchObject({ ok: false, error: { code: 'nominationLimit' } });
    expect(legalCommands(t.state, 1).map((c) => c.do)).toEqual(['endSpeech']);
  });
});

describe('fiim 7.16, polemica zeroVoting: option dayOneVote', () => {
  /** Day 1: 1 nominates 5, 2 nominates 6; the vote gives 6 the most. */
  const dayOne = (o: Record<string, unknown>, votes: Record<number, number> = { 1: 6, 2: 6, 3: 6, 4: 6, 6: 6, 5: 5, 7: 5, 8: 5, 9: 5, 10: 5 }) => {
    const t = table('classic', o).night([]).speeches({ 1: 5, 2: 6 });
    for (const [seat, target] of Object.entries(votes)) t.do({ by: Number(seat), do: 'vote', target });
    return t;
  };
  const tie = { 1: 6, 2: 6, 3: 6, 4: 6, 6: 6, 5: 5, 7: 5, 8: 5, 9: 5, 10: 5 };
  const sixWins = { ...tie, 10: 6 };
  it('standard (R7): the winner of the day-one vote leaves', () => {
    const t = dayOne({ dayOneVote: 'standard' }, sixWins);
    expect(t.events('eliminated')).toMatchObject([{ seat: 6, cause: 'vote' }]);
  });
  it('none: nominations but no vote — the old firstDayVote: false, which records still carry', () => {
    const a = table('classic', { dayOneVote: 'none' }).night([]).speeches({ 1: 5, 2: 6 });
    expect(a.events('noVote')).toMatchObject([{ why: 'firstDayNoVote', rule: 'R7' }]);
    const b = table('classic', { firstDayVote: false }).night([]).speeches({ 1: 5, 2: 6 });
    expect(JSON.stringify(b.state.log)).toBe(JSON.stringify(a.state.log));
    expect(resolveOptions('classic', { dayOneVote: 'none' })).toMatchObject({ ok: true, value: { firstDayVote: false } });
  });
  it('respeech (fiim 7.16.2): the winner stays and speaks a short extra speech, then night', () => {
    const t = dayOne({ dayOneVote: 'respeech' }, sixWins);
    expect(t.events('dayOneStays')).toMatchObject([{ seat: 6, respeech: true }]);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'respeech', seat: 6 });
    expect(stageTimer(t.state)).toMatchObject({ kind: 'respeech', seconds: 30, seat: 6 });
    t.do({ by: 6, do: 'say', text: 'Я мирный' });
    expect(t.try({ by: 6, do: 'nominate', target: 5 }).ok).toBe(false);
    t.do({ by: 6, do: 'endSpeech' });
    expect(t.state.phase).toBe('night');
    expect(t.state.seats[5]!.alive).toBe(true);
  });
  it('liftOnly (fiim 7.16.3, polemica liftOnly): the winner stays without a speech; a tie can still lift both', () => {
    const t = dayOne({ dayOneVote: 'liftOnly' }, sixWins);
    expect(t.events('dayOneStays')).toMatchObject([{ seat: 6, respeech: false }]);
    expect(t.state.phase).toBe('night');
    const u = dayOne({ dayOneVote: 'liftOnly' }, tie).talkThrough().vote(tie);
    for (const seat of [1, 2, 3, 4, 6, 7]) u.do({ by: seat, do: 'vote', leave: true });
    u.do({ by: 'clock', do: 'closeVote' });
    expect(u.events('eliminated').map((e) => e.seat)).toEqual([5, 6]);
  });
  it('selfBreak (fiim 7.16.4): the winner leaves only if they voted for themselves', () => {
    expect(dayOne({ dayOneVote: 'selfBreak' }, sixWins).events('eliminated')).toMatchObject([{ seat: 6 }]);
    const t = dayOne({ dayOneVote: 'selfBreak' }, { ...sixWins, 6: 5, 9: 6 });
    expect(t.events('dayOneStays')).toMatchObject([{ seat: 6, respeech: true }]);
  });
  it('a single nominee on day one is never voted (fiim 7.16.1)', () => {
    for (const v of ['standard', 'liftOnly', 'selfBreak']) {
      const t = table('classic', { dayOneVote: v }).night([]).speeches({ 1: 5 });
      expect(t.events('noVote')).toMatchObject([{ why: 'firstDaySingle' }]);
    }
  });
  it('respeech (fiim 7.16.2): a single nominee is voted unopposed, as mafiaratings records it; the winner speaks', () => {
    const t = daySpeeches(table('classic', { dayOneVote: 'respeech' }).night([]), { 1: 5 });
    expect(t.events('votingStarted')).toMatchObject([{ round: 'main', ballot: [5], rule: 'fiim 7.16.2, polemica zeroVoting respeech' }]);
    expect(legalCommands(t.state, 3)).toEqual([{ by: 3, do: 'vote', target: 5 }]);
    for (let seat = 1; seat <= 10; seat++) t.do({ by: seat, do: 'vote', target: 5 });
    expect(t.events('voteClosed')).toMatchObject([{ ballot: [5], tally: [{ target: 5, count: 10 }] }]);
    expect(t.events('dayOneStays')).toMatchObject([{ seat: 5, respeech: true }]);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'respeech', seat: 5 });
    t.do({ by: 5, do: 'endSpeech' });
    expect(t.state.phase).toBe('night');
    expect(t.state.seats[4]!.alive).toBe(true);
    expect(t.replays()).toBe(true);
  });
  it('respeech (fiim 7.16.2): some hands, then the judge closes — the rest go to the only candidate (R8)', () => {
    const t = daySpeeches(table('fiim', { dayOneVote: 'respeech' }).night([]), { 1: 5 });
    t.do({ by: 5, do: 'vote', target: 5 });
    t.do({ by: 'judge', do: 'voteCount', target: 5, count: 6 });
    t.do({ by: 'judge', do: 'closeVote' });
    expect(t.events('voteClosed')).toMatchObject([{ tally: [{ target: 5, count: 10 }] }]);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'respeech', seat: 5 });
  });
  it('respeech (fiim 7.16.2): a record that goes straight on to the speech, without the hands, still replays', () => {
    const t = daySpeeches(table('classic', { dayOneVote: 'respeech' }).night([]), { 1: 5 });
    const before = t.state.log.length;
    expect(t.try({ by: 3, do: 'endSpeech' }).ok).toBe(false);
    expect(t.state.log).toHaveLength(before);
    const ev = t.do({ by: 5, do: 'say', text: 'Я мирный' });
    expect(ev.map((e) => e.t).slice(0, 3)).toEqual(['voteClosed', 'dayOneStays', 'speechStarted']);
    t.do({ by: 'clock', do: 'endSpeech' });
    expect(t.state.phase).toBe('night');
    expect(t.replays()).toBe(true);
    const u = daySpeeches(table('classic', { dayOneVote: 'respeech' }).night([]), { 1: 5 });
    u.do({ by: 5, do: 'endSpeech' });
    expect(u.state.phase).toBe('night');
  });
  it('respeech (fiim 7.16.2): a ballot that a removal cut down to one is not an unopposed vote', () => {
    const t = daySpeeches(table('classic', { dayOneVote: 'respeech', removalCancelsVote: 'never' }).night([]), { 1: 5, 2: 6 });
    t.do({ by: 'judge', do: 'remove', target: 6 });
    expect(t.events('voteClosed')).toHaveLength(1);
    expect(t.events('dayOneStays')).toHaveLength(0);
    expect(t.state.phase).toBe('night');
  });

});

describe('fiim 7.18 option revoteOrder', () => {
  /** Day 2 at nine: 2 nominates 3, 3 nominates 4, 4 nominates 6; the vote ties all three. */
  const threeTied = (order: string) =>
    atNine(table('classic', { revoteOrder: order }))
      .speeches({ 2: 3, 3: 4, 4: 6 })
      .vote({ 2: 3, 3: 3, 4: 3, 5: 4, 6: 4, 7: 4, 8: 6, 9: 6, 10: 6 });
  it('same (R9): tie speeches and the revote in the order of the vote', () => {
    expect(threeTied('same').events('tie')).toMatchObject([{ seats: [3, 4, 6] }]);
  });
  it('reverse: the first revote reversed, the next one back in nomination order', () => {
    const t = threeTied('reverse');
    expect(t.events('tie')[0]!.seats).toEqual([6, 4, 3]);
    expect(t.talkThrough().events('votingStarted')[1]).toMatchObject({ round: 'revote', ballot: [6, 4, 3] });
    t.vote({ 2: 6, 3: 6, 4: 6, 5: 6, 6: 4, 7: 4, 8: 4, 9: 4, 10: 3 });
    expect(t.events('tie')[1]!.seats).toEqual([4, 6]);
  });
});

describe('fiim 7.21–7.23: a tie repeated in the revote, and «all leave?»', () => {
  /** Day 1: every seat nominates the next one and votes for it — the whole table ties, twice. */
  const wholeTable = (o: Record<string, unknown>) => {
    const noms: Record<number, number> = {};
    const votes: Record<number, number> = {};
    for (let s = 1; s <= 10; s++) noms[s] = votes[s] = (s % 10) + 1;
    return table('classic', o).night([]).speeches(noms).vote(votes).talkThrough().vote(votes);
  };
  it('7.21 tieOfAll allLeave (R9): the whole table votes «all leave?» like any tie', () => {
    expect(wholeTable({}).state.stage).toEqual({ kind: 'vote', round: 'allLeave' });
  });
  it('7.21 tieOfAll night: nobody leaves, night falls', () => {
    const t = wholeTable({ tieOfAll: 'night' });
    expect(t.events('tieKept')).toMatchObject([{ why: 'everyone', rule: 'fiim 7.21' }]);
    expect(t.state.phase).toBe('night');
  });
  it('7.21 tieOfAll draw: the table lifted whole is a draw', () => {
    const t = wholeTable({ tieOfAll: 'draw' });
    for (let s = 1; s <= 6; s++) t.do({ by: s, do: 'vote', leave: true });
    t.do({ by: 'clock', do: 'closeVote' });
    expect(t.state.finished).toBe(true);
    expect(t.state.winner).toBe(null);
    expect(t.events('gameOver')).toMatchObject([{ winner: null, rule: 'fiim 7.21' }]);
    expect(t.events('eliminated')).toEqual([]);
  });
  /** Day 5 at four (2, 8, 9, 10): 9 nominates 2, 10 nominates 8; two votes each, twice. */
  const twoOfFour = (o: Record<string, unknown>) => {
    const t = atFour(table('classic', o)).speeches({ 9: 2, 10: 8 });
    return t.vote({ 9: 2, 10: 2, 2: 8, 8: 8 }).talkThrough().vote({ 9: 2, 10: 2, 2: 8, 8: 8 });
  };
  it('7.22 allLeaveTwoOfFour true: «all leave?» as in any tie', () => {
    expect(twoOfFour({}).state.stage).toEqual({ kind: 'vote', round: 'allLeave' });
  });
  it('7.22 allLeaveTwoOfFour false: no such vote, night falls, both stay', () => {
    const t = twoOfFour({ allLeaveTwoOfFour: false });
    expect(t.events('tieKept')).toMatchObject([{ seats: [2, 8], why: 'twoOfFour', rule: 'fiim 7.22' }]);
    expect(t.state.phase).toBe('night');
  });
  /** Day 2 at nine: three tied, twice. */
  const threeOfNine = (o: Record<string, unknown>) => {
    const votes = { 2: 3, 3: 3, 4: 3, 5: 4, 6: 4, 7: 4, 8: 6, 9: 6, 10: 6 };
    return atNine(table('classic', o)).speeches({ 2: 3, 3: 4, 4: 6 }).vote(votes).talkThrough().vote(votes);
  };
  it('7.23 allLeaveThreeOfNine yes: «all leave?»; no: night; afterDay2: not on day 2', () => {
    expect(threeOfNine({ allLeaveThreeOfNine: 'yes' }).state.stage).toEqual({ kind: 'vote', round: 'allLeave' });
    expect(threeOfNine({ allLeaveThreeOfNine: 'no' }).events('tieKept')).toMatchObject([{ why: 'threeOfNine', rule: 'fiim 7.23' }]);
    expect(threeOfNine({ allLeaveThreeOfNine: 'afterDay2' }).events('tieKept')).toMatchObject([{ why: 'threeOfNine' }]);
  });
});

describe('fiim 9.5 options thirdFoul, silencedMayNominate, silencedShortAt, shortSpeechSeconds', () => {
  /** Day 1: seat 3 gets three fouls before speaking; seats 1 and 2 speak. */
  const silenced = (o: Record<string, unknown>) => {
    const t = table('classic', o).night([]);
    for (let i = 0; i < 3; i++) t.do({ by: 'judge', do: 'foul', target: 3 });
    t.do({ by: 1, do: 'endSpeech' });
    t.do({ by: 2, do: 'endSpeech' });
    return t;
  };
  it('loseSpeech (R6): the speech is skipped, and the skip says why', () => {
    const t = silenced({});
    expect(t.events('speechSkipped')).toMatchObject([{ seat: 3, cause: 'fouls', rule: 'R6' }]);
    expect(describeEvent(t.events('speechSkipped')[0]!, 'ru')).toBe('№3 пропускает речь (три фола)');
  });
  it('9.5.1 silencedMayNominate: at the moment of the speech the player nominates without speaking', () => {
    const t = silenced({ silencedMayNominate: true });
    expect(t.events('speechSkipped')).toEqual([]);
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'silent', seat: 3 });
    expect(stageTimer(t.state)).toMatchObject({ kind: 'silentTurn', seconds: 10 });
    expect(t.try({ by: 3, do: 'say', text: 'Я мирный' })).toMatchObject({ ok: false, error: { code: 'silenced' } });
    t.do({ by: 3, do: 'nominate', target: 5 });
    t.do({ by: 3, do: 'endSpeech' });
    expect(t.state.nominations).toEqual([{ by: 3, target: 5 }]);
    expect(t.state.seats[2]!.silenced).toBe(false);
  });
  it('9.5.1 silencedShortAt: with that many players left or fewer the silenced player gets a short speech', () => {
    const t = silenced({ silencedShortAt: 10, shortSpeechSeconds: 25 });
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'day', seat: 3, short: true });
    expect(stageTimer(t.state)).toMatchObject({ kind: 'speech', seconds: 25 });
    expect(t.events('speechStarted').at(-1)).toMatchObject({ seat: 3, short: true, rule: 'fiim 9.5.1' });
    expect(silenced({ silencedShortAt: 9 }).events('speechSkipped')).toHaveLength(1);
  });
  it('9.5.2 shortSpeech: a third foul in one\'s own speech does not end it; the next speech is short', () => {
    const t = table('classic', { thirdFoul: 'shortSpeech' }).night([]);
    for (let i = 0; i < 3; i++) t.do({ by: 'judge', do: 'foul', target: 1 });
    expect(t.state.stage).toMatchObject({ kind: 'speech', seat: 1 });
    t.speeches();
    shoot(t, null).speeches();
    expect(t.events('speechStarted').find((e) => e.seat === 1 && e.number === 2)).toMatchObject({ short: true, rule: 'fiim 9.5.2' });
  });
  it('9.5.3 none: three fouls take nothing', () => {
    const t = silenced({ thirdFoul: 'none' });
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'day', seat: 3 });
    expect(t.state.seats[2]!.silenced).toBe(false);
  });
});

describe('fiim 9.8 option removalCancelsVote', () => {
  it('critical (R11) and never: the same games as the old cancelVoteOnCriticalRemoval true and false', () => {
    for (const [now, old] of [['critical', true], ['never', false]] as const) {
      const a = atNine(table('classic', { removalCancelsVote: now }));
      const b = atNine(table('classic', { cancelVoteOnCriticalRemoval: old }));
      for (const t of [a, b]) for (let i = 0; i < 4; i++) t.do({ by: 'judge', do: 'foul', target: 4 });
      expect(JSON.stringify(a.state.log)).toBe(JSON.stringify(b.state.log));
    }
  });
  it('any: a removal during the speeches cancels that day\'s vote; the speeches go on', () => {
    const t = atNine(table('classic', { removalCancelsVote: 'any' }));
    t.do({ by: 'judge', do: 'remove', target: 9 });
    expect(t.events('voteCancelled')).toMatchObject([{ seat: 9, day: 2, rule: 'fiim 9.8' }]);
    expect(t.state.stage).toMatchObject({ kind: 'speech', seat: 2 });
    t.speeches({ 2: 3, 3: 4 });
    const noVote = t.events('noVote').filter((e) => e.number === 2);
    expect(noVote).toMatchObject([{ why: 'cancelled', rule: 'fiim 9.8' }]);
    expect(describeEvent(noVote[0]!, 'ru')).toBe('Голосования нет: его отменило удаление');
  });
  it('any: a removal during the vote stops it', () => {
    const t = atNine(table('classic', { removalCancelsVote: 'any' })).speeches({ 2: 3, 3: 4 });
    t.do({ by: 2, do: 'vote', target: 3 });
    t.do({ by: 'judge', do: 'remove', target: 8 });
    expect(t.events('noVote').at(-1)).toMatchObject({ why: 'cancelled', number: 2 });
    expect(t.state.phase).toBe('night');
  });
  it('any: a removal after the vote is decided cancels the next day\'s vote', () => {
    const t = daySpeeches(atNine(table('classic', { removalCancelsVote: 'any' })), { 2: 3 });
    expect(t.state.stage).toEqual({ kind: 'speech', speech: 'last', seat: 3 });
    t.do({ by: 'judge', do: 'remove', target: 8 });
    expect(t.events('voteCancelled')).toMatchObject([{ seat: 8, day: 3 }]);
    shoot(t.talkThrough(), null).speeches({ 2: 4, 4: 6 });
    expect(t.events('noVote').at(-1)).toMatchObject({ why: 'cancelled', number: 3 });
  });
  it('any, 9.8.1: a removal during a vote already settled lets its result stand and cancels the next day\'s vote', () => {
    const t = atNine(table('classic', { removalCancelsVote: 'any' })).speeches({ 2: 3, 3: 4, 4: 5 });
    // Six of nine for 3 with three hands to come: no later vote can change it.
    for (const seat of [2, 3, 4, 5, 6, 7]) t.do({ by: seat, do: 'vote', target: 3 });
    t.do({ by: 'judge', do: 'remove', target: 9 });
    expect(t.events('voteCancelled')).toMatchObject([{ seat: 9, day: 3, rule: 'fiim 9.8' }]);
    expect(t.state.stage).toMatchObject({ kind: 'vote', round: 'main' });
    t.vote({ 8: 4 });
    expect(t.events('eliminated').at(-1)).toMatchObject({ seat: 3, cause: 'vote', number: 2 });
    shoot(t.talkThrough(), null).speeches({ 2: 4, 4: 6 });
    expect(t.events('noVote').at(-1)).toMatchObject({ why: 'cancelled', number: 3 });
  });
  it('any, 9.8.1: not settled yet, or settled only by the removed player\'s own hand — the vote is cancelled', () => {
    const t = atNine(table('classic', { removalCancelsVote: 'any' })).speeches({ 2: 3, 3: 4 });
    for (const seat of [2, 3, 4, 5]) t.do({ by: seat, do: 'vote', target: 3 });
    t.do({ by: 'judge', do: 'remove', target: 9 });
    expect(t.events('voteCancelled')).toMatchObject([{ seat: 9, day: 2 }]);
    expect(t.events('noVote').at(-1)).toMatchObject({ why: 'cancelled', number: 2 });
    const u = atNine(table('classic', { removalCancelsVote: 'any' })).speeches({ 2: 3, 3: 4 });
    for (const seat of [2, 3, 4, 5, 6]) u.do({ by: seat, do: 'vote', target: 3 });
    for (const seat of [8, 9]) u.do({ by: seat, do: 'vote', target: 4 });
    // 5–2 with two hands to come is settled, but 6's hand was one of the five: 4–2 with two to come is not.
    u.do({ by: 'judge', do: 'remove', target: 6 });
    expect(u.events('voteCancelled')).toMatchObject([{ seat: 6, day: 2 }]);
  });
  it('any, 9.8.1: the player a settled vote puts out is removed — nobody else leaves, the next day votes', () => {
    const t = atNine(table('classic', { removalCancelsVote: 'any' })).speeches({ 2: 3, 3: 4 });
    for (const seat of [2, 3, 4, 5, 6, 7]) t.do({ by: seat, do: 'vote', target: 3 });
    t.do({ by: 'judge', do: 'remove', target: 3 });
    expect(t.events('voteCancelled')).toEqual([]);
    expect(t.events('noVote').at(-1)).toMatchObject({ why: 'cancelled', number: 2 });
    expect(t.events('eliminated').filter((e) => e.cause === 'vote')).toEqual([]);
    shoot(t, null).speeches({ 2: 4, 4: 6 });
    expect(t.state.stage).toMatchObject({ kind: 'vote', round: 'main' });
  });
  it('any, 9.8.1: «all leave?» already carried — the tied players leave, the next day\'s vote is cancelled', () => {
    const t = atNine(table('classic', { removalCancelsVote: 'any' })).speeches({ 2: 3, 3: 4, 4: 5 });
    const tie = { 2: 3, 3: 3, 4: 3, 5: 4, 6: 4, 7: 4, 8: 5, 9: 5, 10: 5 };
    t.vote(tie).talkThrough().vote(tie);
    expect(t.state.stage).toMatchObject({ kind: 'vote', round: 'allLeave' });
    for (const seat of [2, 3, 4, 5, 6]) t.do({ by: seat, do: 'vote', leave: true });
    t.do({ by: 'judge', do: 'remove', target: 9 });
    expect(t.events('voteCancelled')).toMatchObject([{ seat: 9, day: 3 }]);
    t.do({ by: 'clock', do: 'closeVote' });
    expect(t.events('eliminated').filter((e) => e.cause === 'vote').map((e) => e.seat)).toEqual([3, 4, 5]);
  });
  it('any: a removal at night cancels the next day\'s vote, unless the mafia shot the removed player', () => {
    const t = table('classic', { removalCancelsVote: 'any' }).night([]).speeches();
    t.do({ by: 'judge', do: 'remove', target: 9 });
    expect(t.events('voteCancelled')).toMatchObject([{ seat: 9, day: 2, phase: 'night' }]);
    const u = table('classic', { removalCancelsVote: 'any' }).night([]).speeches();
    for (const b of [5, 7, 10]) u.do({ by: b, do: 'shoot', target: 9 });
    u.do({ by: 'judge', do: 'remove', target: 9 });
    expect(u.events('voteCancelled')).toEqual([]);
  });
});

describe('fiim 6.7–6.8 options onRecord, onRecordMax', () => {
  it('none: colours are not recorded', () => {
    const t = table('classic').night([]);
    expect(t.try({ by: 1, do: 'onRecord', black: [5] })).toMatchObject({ ok: false, error: { code: 'notAllowed' } });
  });
  it('all, at most two: once a speech, each seat once, never oneself', () => {
    const t = table('classic', { onRecord: 'all', onRecordMax: 2 }).night([]);
    expect(t.try({ by: 1, do: 'onRecord', red: [2], black: [5, 7] })).toMatchObject({ ok: false, error: { code: 'limitReached' } });
    expect(t.try({ by: 1, do: 'onRecord', red: [1] }).ok).toBe(false);
    t.do({ by: 1, do: 'onRecord', red: [2], black: [5] });
    expect(t.events('leftOnRecord')).toMatchObject([{ seat: 1, red: [2], black: [5], rule: 'fiim 6.7' }]);
    expect(t.try({ by: 1, do: 'onRecord', black: [7] })).toMatchObject({ ok: false, error: { code: 'alreadyActed' } });
    expect(describeEvent(t.events('leftOnRecord')[0]!, 'ru')).toBe('№1 оставляет под протокол: №2 красный, №5 чёрный');
  });
  it('nightKilled: only in the last word of a player killed at night', () => {
    const t = table('classic', { onRecord: 'nightKilled' }).night([]);
    expect(t.try({ by: 1, do: 'onRecord', black: [5] }).ok).toBe(false);
    t.speeches();
    shoot(t, 1);
    t.do({ by: 1, do: 'onRecord', black: [5, 7, 10] });
  });
});

describe('R8 counted hands (the judge console\'s count) stay a count in the record', () => {
  const counted = () => atNine(table('classic')).speeches({ 2: 3, 3: 4 });
  it('a count for a candidate; the rest go to the last candidate as a count, not as made-up seats', () => {
    const t = counted();
    t.do({ by: 'judge', do: 'voteCount', target: 3, count: 5 });
    expect(t.events('votesCounted')).toMatchObject([{ target: 3, count: 5, vis: 'public', rule: 'R8' }]);
    t.do({ by: 'judge', do: 'closeVote' });
    const closed = t.events('voteClosed')[0]!;
    expect(closed.votes).toEqual([]);
    expect(closed.counted).toEqual([{ target: 3, count: 5 }, { target: 4, count: 4, defaulted: true }]);
    expect(closed.tally).toEqual([{ target: 3, count: 5 }, { target: 4, count: 4 }]);
    expect(t.events('eliminated').at(-1)).toMatchObject({ seat: 3, cause: 'vote' });
    expect(describeEvent(t.events('votesCounted')[0]!, 'ru')).toBe('За №3 — 5 (счётом)');
    expect(replay(t.record()).ok).toBe(true);
  });
  it('counts and seat votes mix; a round closes itself once every voter is accounted for', () => {
    const t = counted();
    t.do({ by: 2, do: 'vote', target: 4 });
    t.do({ by: 'judge', do: 'voteCount', target: 3, count: 4 });
    t.do({ by: 'judge', do: 'voteCount', target: 4, count: 4 });
    const closed = t.events('voteClosed')[0]!;
    expect(closed.votes).toEqual([{ seat: 2, target: 4, defaulted: false }]);
    expect(closed.tally).toEqual([{ target: 3, count: 4 }, { target: 4, count: 5 }]);
  });
  it('more hands than voters, a second count for one candidate, or a count by a seat are refused', () => {
    const t = counted();
    expect(t.try({ by: 'judge', do: 'voteCount', target: 3, count: 10 }).ok).toBe(false);
    expect(t.try({ by: 2, do: 'voteCount', target: 3, count: 1 })).toMatchObject({ ok: false, error: { code: 'badActor' } });
    t.do({ by: 'judge', do: 'voteCount', target: 3, count: 2 });
    expect(t.try({ by: 'judge', do: 'voteCount', target: 3, count: 1 })).toMatchObject({ ok: false, error: { code: 'alreadyVoted' } });
    expect(t.try({ by: 'judge', do: 'voteCount', target: 4, count: 8 }).ok).toBe(false);
  });
  it('«all leave?» counted: yes by count, no for everyone else', () => {
    const t = atFour(table('classic')).speeches({ 9: 2, 10: 8 });
    t.vote({ 9: 2, 10: 2, 2: 8, 8: 8 }).talkThrough().vote({ 9: 2, 10: 2, 2: 8, 8: 8 });
    t.do({ by: 'judge', do: 'voteCount', leave: true, count: 3 });
    t.do({ by: 'judge', do: 'closeVote' });
    expect(t.events('allLeaveClosed')).toMatchObject([{ yes: [], no: [], counted: { yes: 3, no: 1 }, leave: true }]);
  });
});

describe('fiim 8.3, 8.7 option shotAtOut: the mafia shoots a player already out', () => {
  /** Night 3 at nine: seat 1 was killed on night 2; day 2 had no vote. */
  const nightThree = (preset: 'classic' | 'fiim', o?: Record<string, unknown>) => atNine(table(preset, o)).speeches();
  it('rejected (R18): classic refuses the shot; club and tournament play the same', () => {
    const t = nightThree('classic');
    expect(t.try({ by: 5, do: 'shoot', target: 1 })).toMatchObject({ ok: false, error: { code: 'targetNotAlive' } });
    for (const p of ['classic', 'club', 'tournament'] as const) expect(presetOptions(p)).toMatchObject({ shotAtOut: 'rejected' });
    expect(presetOptions('fiim')).toMatchObject({ shotAtOut: 'miss' });
    expect('shotAtOut' in presetOptions('forum')).toBe(false);
  });
  it('miss (fiim 8.7): every black player shoots the seat that is out — a miss, nobody leaves', () => {
    const n = nightThree('fiim');
    expect(legalCommands(n.state, 5)).toContainEqual({ by: 5, do: 'shoot', target: 1 });
    expect(legalCommands(nightThree('classic').state, 5)).not.toContainEqual({ by: 5, do: 'shoot', target: 1 });
    const t = shoot(n, 1);
    expect(t.events('nightMiss')).toMatchObject([{ rule: 'fiim 8.7' }]);
    expect(t.events('eliminated')).toHaveLength(1);
    expect(t.alive()).toHaveLength(9);
    expect(t.replays()).toBe(true);
  });
  it('miss (fiim 8.7): on classic by the option; one shot at the out seat and two at a living one — a miss (R12)', () => {
    const t = nightThree('classic', { shotAtOut: 'miss' });
    t.night([{ by: 5, do: 'shoot', target: 1 }, { by: 7, do: 'shoot', target: 3 }, { by: 10, do: 'shoot', target: 3 }]);
    expect(t.events('nightMiss')).toMatchObject([{ rule: 'R12' }]);
    expect(t.alive()).toHaveLength(9);
  });
  it('fiim 8.8–8.15, R18: the don and the sheriff may check a player already out; the answer still comes', () => {
    const t = nightThree('fiim');
    t.night([{ by: 5, do: 'check', target: 1 }, { by: 2, do: 'check', target: 1 }, ...BLACK.map((b) => ({ by: b, do: 'shoot' as const, target: 3 }))]);
    expect(t.events('checkResult').map((e) => [e.seat, e.target])).toEqual([[5, 1], [2, 1]]);
    expect(t.events('eliminated').map((e) => e.seat)).toEqual([1, 3]);
  });
  it('fiim 8.7, R12: a black player who does not shoot — by no shot at all or a shot at nobody — makes a miss', () => {
    const t = nightThree('fiim');
    t.night([{ by: 5, do: 'shoot', target: 3 }, { by: 7, do: 'shoot', target: 3 }]);
    expect(t.events('nightMiss')).toHaveLength(1);
    const u = nightThree('fiim');
    u.night([{ by: 5, do: 'shoot', target: 3 }, { by: 7, do: 'shoot', target: 3 }, { by: 10, do: 'shoot', target: null }]);
    expect(u.events('nightMiss')).toHaveLength(1);
    expect(u.alive()).toHaveLength(9);
  });
  it('fiim 8.7, R12: black players shooting different seats — a miss', () => {
    const t = nightThree('fiim');
    t.night([{ by: 5, do: 'shoot', target: 3 }, { by: 7, do: 'shoot', target: 4 }, { by: 10, do: 'shoot', target: 3 }]);
    expect(t.events('nightMiss')).toHaveLength(1);
    expect(t.alive()).toHaveLength(9);
  });
});

describe('option defaults and the create form', () => {
  it('classic takes every variant at its own rule; the options they replace are not shown twice', () => {
    const o = presetOptions('classic');
    expect(o).toMatchObject({ dayOneVote: 'standard', removalCancelsVote: 'critical', thirdFoul: 'loseSpeech', tieOfAll: 'allLeave' });
    expect('firstDayVote' in o).toBe(false);
    expect(presetOptions('club')).toMatchObject({ dayOneVote: 'none' });
    expect('dayOneVote' in presetOptions('forum')).toBe(false);
    expect(resolveOptions('forum', { dayOneVote: 'none' }).ok).toBe(false);
  });
});

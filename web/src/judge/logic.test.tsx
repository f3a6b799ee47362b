// @vitest-environment jsdom
// The console's own logic: hands → votes, the tie procedure, night entry, undo, the timer and the
// offline outbox. Each test names the rule it checks.
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../src/engine/index.js';
import { allAt, checkAnswer, nightSlots, slotCommand } from './night.js';
import { emptyOutbox, enqueue, enqueueAll, flush, loadGame, loadOutbox, saveGame, saveOutbox, type SyncOp } from './offline.js';
import { addEntry, gameFromRecord, recordOf, stateOf, tryBatch, undoEntry, type JudgeGame } from './session.js';
import { classicGame } from './testkit.js';
import { remaining, timerAdjust, timerNew, timerPause, timerStart, timerTick } from './timer.js';
import { allLeaveCommands, countCommand, currentCandidateIndex, defaultCount, defaultVoters, handsToCommands, pendingVoters } from './votes.js';

function enter(g: JudgeGame, cmds: Command[], opts: { closeIfOpen?: boolean } = {}): JudgeGame {
  const r = tryBatch(stateOf(g), cmds, opts);
  if (!r.ok) throw new Error(`${r.error.code} at ${JSON.stringify(r.command)}`);
  return addEntry(g, 'test', r.commands, 1).game;
}

/** Night 1 over, day 1: every speech ends; nominations by the first speakers. */
function toDay1Vote(g0: JudgeGame, noms: [number, number][]): JudgeGame {
  let g = enter(g0, [{ by: 'judge', do: 'endNight' }]);
  for (let seat = 1; seat <= 10; seat++) {
    const n = noms.find(([by]) => by === seat);
    const cmds: Command[] = n ? [{ by: seat, do: 'nominate', target: n[1] }] : [];
    cmds.push({ by: seat, do: 'endSpeech' });
    g = enter(g, cmds);
  }
  return g;
}

describe('votes from a show of hands', () => {
  it('R8 hands for a candidate become one vote per seat; the rest default to the last candidate', () => {
    let g = toDay1Vote(classicGame(), [
      [1, 4],
      [2, 6],
    ]);
    let s = stateOf(g);
    expect(s.stage).toEqual({ kind: 'vote', round: 'main' });
    expect(currentCandidateIndex(s)).toBe(0);
    const { commands, refused } = handsToCommands(s, { target: 4, hands: [1, 3, 5, 7] });
    expect(refused).toEqual([]);
    expect(commands).toEqual([1, 3, 5, 7].map((seat) => ({ by: seat, do: 'vote', target: 4 })));
    g = enter(g, commands);
    s = stateOf(g);
    expect(currentCandidateIndex(s)).toBe(1);
    expect(defaultVoters(s)).toEqual([2, 4, 6, 8, 9, 10]);
    g = enter(g, [], { closeIfOpen: true });
    s = stateOf(g);
    const closed = s.log.find((e) => e.t === 'voteClosed');
    expect(closed && closed.t === 'voteClosed' && closed.tally).toEqual([
      { target: 4, count: 4 },
      { target: 6, count: 6 },
    ]);
    expect(closed && closed.t === 'voteClosed' && closed.votes.filter((v) => v.defaulted).map((v) => v.seat)).toEqual([2, 4, 6, 8, 9, 10]);
    expect(s.seats[5]!.alive).toBe(false);
  });

  it('R8 a typed count stays a count: one voteCount, no votes made up for seats (issue 13.4)', () => {
    let g = toDay1Vote(classicGame(), [
      [1, 4],
      [2, 6],
    ]);
    let s = stateOf(g);
    expect(countCommand(s, 4, 3)).toEqual({ by: 'judge', do: 'voteCount', target: 4, count: 3 });
    expect(countCommand(s, 4, 11)).toBeNull();
    g = enter(g, [countCommand(s, 4, 3)!]);
    s = stateOf(g);
    expect(currentCandidateIndex(s)).toBe(1);
    expect(defaultCount(s)).toBe(7);
    g = enter(g, [], { closeIfOpen: true });
    const closed = stateOf(g).log.find((e) => e.t === 'voteClosed');
    expect(closed && closed.t === 'voteClosed' && closed.votes).toEqual([]);
    expect(closed && closed.t === 'voteClosed' && closed.tally).toEqual([
      { target: 4, count: 3 },
      { target: 6, count: 7 },
    ]);
  });

  it('R9 tie → tie speeches → revote tie → "all leave?" with more than half yes', () => {
    let g = toDay1Vote(classicGame(), [
      [1, 4],
      [2, 6],
    ]);
    g = enter(g, handsToCommands(stateOf(g), { target: 4, hands: [1, 2, 3, 5, 7] }).commands);
    g = enter(g, [], { closeIfOpen: true });
    let s = stateOf(g);
    expect(s.log.some((e) => e.t === 'tie')).toBe(true);
    expect(s.stage).toEqual({ kind: 'speech', speech: 'tie', seat: 4 });
    g = enter(g, [{ by: 4, do: 'endSpeech' }]);
    g = enter(g, [{ by: 'clock', do: 'endSpeech' }]);
    s = stateOf(g);
    expect(s.stage).toEqual({ kind: 'vote', round: 'revote' });
    g = enter(g, handsToCommands(s, { target: 4, hands: [1, 2, 3, 5, 7] }).commands);
    g = enter(g, [], { closeIfOpen: true });
    s = stateOf(g);
    expect(s.stage).toEqual({ kind: 'vote', round: 'allLeave' });
    expect(pendingVoters(s)).toHaveLength(10);
    g = enter(g, allLeaveCommands(s, [1, 2, 3, 4, 5, 6]), { closeIfOpen: true });
    s = stateOf(g);
    const al = s.log.find((e) => e.t === 'allLeaveClosed');
    expect(al && al.t === 'allLeaveClosed' && al.leave).toBe(true);
    expect(s.seats[3]!.alive || s.seats[5]!.alive).toBe(false);
  });

  it('R9 "all leave?" with exactly half yes: all stay', () => {
    let g = toDay1Vote(classicGame(), [
      [1, 4],
      [2, 6],
    ]);
    for (let k = 0; k < 2; k++) {
      g = enter(g, handsToCommands(stateOf(g), { target: 4, hands: [1, 2, 3, 5, 7] }).commands);
      g = enter(g, [], { closeIfOpen: true });
      if (k === 0) g = enter(enter(g, [{ by: 4, do: 'endSpeech' }]), [{ by: 6, do: 'endSpeech' }]);
    }
    const s = stateOf(g);
    g = enter(g, allLeaveCommands(s, [1, 2, 3, 4, 5]), { closeIfOpen: true });
    const after = stateOf(g);
    expect(after.seats.filter((x) => x.alive)).toHaveLength(10);
    expect(after.phase).toBe('night');
  });

  it('R8 a seat that cannot vote for the target is refused, not sent', () => {
    const g = toDay1Vote(classicGame(), [
      [1, 4],
      [2, 6],
    ]);
    const s = stateOf(g);
    const r = handsToCommands(s, { target: 4, hands: [1, 99] });
    expect(r.refused).toEqual([99]);
  });
});

describe('night entry', () => {
  function toNight2(): JudgeGame {
    const g = toDay1Vote(classicGame(), []);
    return g;
  }

  it('R12 "all at N" gives every shooter the same shot; a kill follows when the checks are in', () => {
    let g = toNight2();
    let s = stateOf(g);
    expect(s.stage).toEqual({ kind: 'night', intro: false });
    const slots = nightSlots(s);
    expect(slots.map((x) => `${x.seat}:${x.verb}`)).toEqual(['2:shoot', '5:shoot', '8:shoot', '2:check', '3:check']);
    g = enter(g, allAt(s, 7));
    s = stateOf(g);
    expect(nightSlots(s).filter((x) => x.done).map((x) => x.seat)).toEqual([2, 5, 8]);
    expect(checkAnswer(s, 2, 3, 'en')!.yes).toBe(true);
    expect(checkAnswer(s, 3, 4, 'en')!.yes).toBe(false);
    g = enter(g, [{ by: 2, do: 'check', target: 3 }]);
    g = enter(g, [{ by: 3, do: 'check', target: 5 }]);
    s = stateOf(g);
    expect(s.phase).toBe('day');
    expect(s.seats[6]!.alive).toBe(false);
  });

  it('R12 one shooter elsewhere or not shooting is a miss', () => {
    let g = toNight2();
    const s = stateOf(g);
    const shooter8 = nightSlots(s).find((x) => x.seat === 8)!;
    g = enter(g, [{ by: 2, do: 'shoot', target: 7 }, { by: 5, do: 'shoot', target: 7 }, slotCommand(shooter8, null), { by: 2, do: 'check', target: 1 }, { by: 3, do: 'check', target: 2 }]);
    const after = stateOf(g);
    expect(after.log.some((e) => e.t === 'nightMiss')).toBe(true);
    expect(after.seats.every((x) => x.alive)).toBe(true);
  });
});

describe('undo and the edit history', () => {
  it('undo drops the last entry (all its commands) and keeps it in the history, marked', () => {
    let g = toDay1Vote(classicGame(), [
      [1, 4],
      [2, 6],
    ]);
    const before = stateOf(g).log.length;
    g = enter(g, handsToCommands(stateOf(g), { target: 4, hands: [1, 3] }).commands);
    const u = undoEntry(g, 5)!;
    expect(u.undone.commands).toHaveLength(2);
    expect(stateOf(u.game).log.length).toBe(before);
    expect(u.game.history[u.game.history.length - 1]!.undoneAt).toBe(5);
    expect(recordOf(u.game).commands.length).toBe(recordOf(g).commands.length - 2);
  });

  it('a batch that fails part way applies nothing', () => {
    const g = toDay1Vote(classicGame(), [
      [1, 4],
      [2, 6],
    ]);
    const r = tryBatch(stateOf(g), [
      { by: 1, do: 'vote', target: 4 },
      { by: 1, do: 'vote', target: 4 },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('alreadyVoted');
      expect(r.index).toBe(1);
    }
  });
});

describe('speech timer', () => {
  it('R2 warns once at 10 s and ends once at 0', () => {
    let t = timerStart(timerNew(60_000), 0);
    let r = timerTick(t, 49_000);
    expect(r.signals).toEqual([]);
    r = timerTick(r.state, 50_100);
    expect(r.signals).toEqual(['warn']);
    r = timerTick(r.state, 55_000);
    expect(r.signals).toEqual([]);
    r = timerTick(r.state, 60_500);
    expect(r.signals).toEqual(['end']);
    expect(remaining(r.state, 70_000)).toBe(0);
    t = timerAdjust(r.state, 30_000, 70_000);
    expect(remaining(t, 70_000)).toBe(30_000);
    expect(t.warned).toBe(false);
  });

  it('pause keeps the time left; +/− move it', () => {
    let t = timerStart(timerNew(30_000), 1000);
    t = timerPause(t, 11_000);
    expect(remaining(t, 99_000)).toBe(20_000);
    t = timerAdjust(t, -25_000, 99_000);
    expect(remaining(t, 99_000)).toBe(0);
  });
});

describe('offline outbox', () => {
  const cmd = (n: number): SyncOp => ({ kind: 'cmd', cmd: { by: n, do: 'endSpeech' } });

  it('an undo of an unsent command cancels it locally', () => {
    let b = enqueueAll(emptyOutbox(), [cmd(1), cmd(2)]);
    b = enqueue(b, { kind: 'undo' });
    expect(b.items.map((x) => x.op)).toEqual([cmd(1)]);
  });

  it('an undo with nothing unsent goes to the server', () => {
    const b = enqueue(emptyOutbox(), { kind: 'undo' });
    expect(b.items).toHaveLength(1);
  });

  it('flush sends in order and stops while offline; resumes later', async () => {
    const sent: SyncOp[] = [];
    let up = false;
    const send = async (op: SyncOp) => {
      if (!up) return 'offline' as const;
      sent.push(op);
      return 'ok' as const;
    };
    let b = enqueueAll(emptyOutbox(), [cmd(1), cmd(2), cmd(3)]);
    let r = await flush(b, send);
    expect(r.offline).toBe(true);
    expect(r.box.items).toHaveLength(3);
    up = true;
    b = r.box;
    r = await flush(b, send);
    expect(r.offline).toBe(false);
    expect(sent).toEqual([cmd(1), cmd(2), cmd(3)]);
    expect(r.box.items).toEqual([]);
  });

  it('the game and the outbox survive a reload (local storage)', () => {
    const g = toDay1Vote(classicGame('persist'), [[1, 4]]);
    saveGame(localStorage, g);
    saveOutbox(localStorage, 'persist', enqueue(emptyOutbox(), cmd(1)));
    const back = loadGame(localStorage, 'persist')!;
    expect(recordOf(back)).toEqual(recordOf(g));
    expect(loadOutbox(localStorage, 'persist').items).toHaveLength(1);
    localStorage.setItem('gorod.judge.game.bad', '{"id":1}');
    expect(loadGame(localStorage, 'bad')).toBeNull();
  });

  it('each item keeps its nonce across a reload, so a resend after it applies at most once', async () => {
    const b = enqueueAll(emptyOutbox(), [cmd(1), { kind: 'undo' }, cmd(2)], 1);
    const nonces = b.items.map((x) => x.nonce);
    expect(new Set(nonces).size).toBe(3);
    saveOutbox(localStorage, 'nonces', b);
    const back = loadOutbox(localStorage, 'nonces');
    expect(back.items.map((x) => x.nonce)).toEqual(nonces);
    // Queued after the reload: a fresh nonce, not one of the saved ones.
    expect(nonces).not.toContain(enqueue(back, cmd(3)).items[3]!.nonce);
    const seen: string[] = [];
    await flush(back, async (_op, nonce) => (seen.push(nonce), 'ok' as const));
    expect(seen).toEqual(nonces);
    // An outbox saved before nonces existed gets stable ones on load.
    localStorage.setItem('gorod.judge.outbox.old', JSON.stringify({ items: [{ seq: 4, op: cmd(1) }], nextSeq: 5 }));
    const old = loadOutbox(localStorage, 'old');
    expect(old.items[0]!.nonce).toBe(`${old.prefix}-4`);
  });
});

describe('taking over on another device', () => {
  it("the server's record rebuilds the same game, one entry per command; a record that does not replay is refused", () => {
    const g = toDay1Vote(classicGame('t-over'), [[1, 4]]);
    const rec = { ...recordOf(g), commitment: 'c'.repeat(64) };
    const back = gameFromRecord('t-over', rec, (c) => c.do, 5)!;
    expect(stateOf(back).log).toEqual(stateOf(g).log);
    expect(back.entries).toHaveLength(rec.commands.length);
    expect(back.commitment).toBe(rec.commitment);
    expect(gameFromRecord('t-over', { ...rec, commands: [...rec.commands, { by: 1, do: 'vote', target: 99 }] }, (c) => c.do, 5)).toBeNull();
  });
});

describe('R60 the app deal', () => {
  it('the commitment shown before the game verifies against the finished record', async () => {
    const { commitDeal, randomDeal, randomSalt } = await import('./deal.js');
    const { newGame } = await import('./session.js');
    const { verifyCommitment } = await import('../lib/commitment.js');
    const deal = randomDeal('classic', 10);
    expect(deal.slice().sort()).toEqual(['civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'civilian', 'don', 'mafia', 'mafia', 'sheriff']);
    const salt = randomSalt();
    const commitment = await commitDeal('local-1', 'classic', 10, {}, deal, salt);
    const g = newGame('local-1', { preset: 'classic', players: deal.map((_, i) => `${i + 1}`), deal, options: {} }, 0, { commitment, salt });
    if ('code' in g) throw new Error(g.code);
    const check = await verifyCommitment(recordOf(g), commitment);
    expect(check.ok).toBe(true);
    const forged = { ...recordOf(g), deal: [...deal].reverse() };
    expect((await verifyCommitment(forged, commitment)).ok).toBe(deal.join() === [...deal].reverse().join());
  });
});

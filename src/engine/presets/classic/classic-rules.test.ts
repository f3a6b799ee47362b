// The classic preset, ruling by ruling (../shared/rules/RULINGS.md R1–R19, docs/rules/classic.md).
// Every scenario is built from commands on one fixed deal:
//   seat:  1    2        3    4    5    6    7      8    9    10
//   role:  civ  sheriff  civ  civ  don  civ  mafia  civ  civ  mafia
import { describe, expect, it } from 'vitest';
import type { Command } from '../../core/command.js';
import type { GameEvent } from '../../core/events.js';
import { apply } from '../../core/game.js';
import { legalCommands } from '../../core/legal.js';
import { defaultOptions } from '../../core/options.js';
import { replay, toRecord, undoLast } from '../../core/record.js';
import { seedFromText } from '../../core/rng.js';
import type { RejectionCode } from '../../core/rejection.js';
import { dealFromSeed, startGame, validateSetup } from '../../core/setup.js';
import type { GameState } from '../../core/state.js';
import { view } from '../../core/view.js';
import type { RoleId } from '../../core/vocab.js';
import '../registry.js';

const DEAL: RoleId[] = ['civilian', 'sheriff', 'civilian', 'civilian', 'don', 'civilian', 'mafia', 'civilian', 'civilian', 'mafia'];
const DON = 5;
const SHERIFF = 2;
const BLACK = [5, 7, 10];

type Ev<K extends GameEvent['t']> = Extract<GameEvent, { t: K }>;

class T {
  s: GameState;
  constructor(options?: Record<string, unknown>) {
    const v = validateSetup({ preset: 'classic', deal: DEAL, ...(options ? { options } : {}) });
    if (!v.ok) throw new Error(v.error.code);
    this.s = startGame(v.value);
  }
  /** Apply a command that must be accepted; returns its events. */
  ok(cmd: Command): GameEvent[] {
    const r = apply(this.s, cmd);
    if (!r.ok) throw new Error(`rejected ${JSON.stringify(cmd)}: ${r.error.code} (${r.error.detail ?? ''})`);
    return r.value;
  }
  /** Apply a command that must be rejected with `code`; the state must not change. */
  no(cmd: unknown, code: RejectionCode): void {
    const before = JSON.stringify(this.s);
    const r = apply(this.s, cmd as Command);
    expect(r.ok ? 'accepted' : r.error.code, JSON.stringify(cmd)).toBe(code);
    expect(JSON.stringify(this.s)).toBe(before);
  }
  all<K extends GameEvent['t']>(t: K): Ev<K>[] {
    return this.s.log.filter((e): e is Ev<K> => e.t === t);
  }
  last<K extends GameEvent['t']>(t: K): Ev<K> | undefined {
    const a = this.all(t);
    return a[a.length - 1];
  }
  get speaker(): number | undefined {
    const st = this.s.stage;
    return st.kind === 'speech' ? st.seat : undefined;
  }
  intro(): this {
    this.ok({ by: 'clock', do: 'endNight' });
    return this;
  }
  /** Day speeches: each speaker nominates per `noms` and ends; stops after `count` speeches or when day speeches end. */
  speeches(noms: Record<number, number> = {}, count = 99): this {
    for (let i = 0; i < count; i++) {
      const st = this.s.stage;
      if (st.kind !== 'speech' || st.speech !== 'day') break;
      if (noms[st.seat] !== undefined) this.ok({ by: st.seat, do: 'nominate', target: noms[st.seat]! });
      this.ok({ by: st.seat, do: 'endSpeech' });
    }
    return this;
  }
  clockEnd(): this {
    this.ok({ by: 'clock', do: 'endSpeech' });
    return this;
  }
  votes(v: Record<number, number>): this {
    for (const [seat, target] of Object.entries(v)) this.ok({ by: Number(seat), do: 'vote', target });
    return this;
  }
  close(): this {
    this.ok({ by: 'clock', do: 'closeVote' });
    return this;
  }
  leave(v: Record<number, boolean>): this {
    for (const [seat, leave] of Object.entries(v)) this.ok({ by: Number(seat), do: 'vote', leave });
    return this;
  }
  /** Shots by seat, then the don's and the sheriff's checks (when given). */
  night(shots: Record<number, number | null>, don?: number, sheriff?: number): this {
    for (const [seat, target] of Object.entries(shots)) this.ok({ by: Number(seat), do: 'shoot', target });
    if (don !== undefined) this.ok({ by: DON, do: 'check', target: don });
    if (sheriff !== undefined) this.ok({ by: SHERIFF, do: 'check', target: sheriff });
    return this;
  }
  /** A quiet night: the shooters split, every living checker checks someone. */
  miss(): this {
    const living = (x: number): boolean => this.s.seats[x - 1]!.alive;
    const shooters = BLACK.filter(living);
    const reds = this.s.seats.filter((x) => x.alive && x.team === 'red').map((x) => x.seat);
    const shots: Record<number, number | null> = {};
    shooters.forEach((b, i) => (shots[b] = i === 0 ? reds[0]! : reds[1]!));
    if (shooters.length === 1) shots[shooters[0]!] = null;
    this.night(shots, living(DON) ? 1 : undefined, living(SHERIFF) ? 1 : undefined);
    if (this.s.stage.kind === 'night') this.ok({ by: 'clock', do: 'endNight' });
    return this;
  }
}

/** Day 1 with no nominations, then a quiet night: ready at the first day-2 speech. */
function atDay2(options?: Record<string, unknown>): T {
  return new T(options).intro().speeches().miss();
}

describe('R1 phases are numbered from 1: night 1 (introductions) → day 1 → night 2 …', () => {
  it('opens with night 1, an introduction night; days and nights alternate with chronological numbers', () => {
    const t = new T();
    expect(t.s.phase).toBe('night');
    expect(t.s.number).toBe(1);
    expect(t.last('nightStarted')).toMatchObject({ intro: true, night: 1, phase: 'night', number: 1, vis: 'public', rule: 'R1' });
    t.intro();
    expect(t.last('dayStarted')).toMatchObject({ day: 1, phase: 'day', number: 1 });
    t.speeches();
    expect(t.last('nightStarted')).toMatchObject({ intro: false, night: 2, phase: 'night', number: 2 });
    t.miss();
    expect(t.last('dayStarted')).toMatchObject({ day: 2, phase: 'day', number: 2 });
  });
  it('no one shoots or checks on night 1; it ends only by endNight from the clock or the judge', () => {
    const t = new T();
    t.no({ by: 7, do: 'shoot', target: 1 }, 'wrongPhase');
    t.no({ by: SHERIFF, do: 'check', target: 5 }, 'wrongPhase');
    t.no({ by: 3, do: 'endNight' }, 'badActor');
    t.ok({ by: DON, do: 'plan', targets: [1, 2, 3] });
    expect(t.s.phase).toBe('night');
    t.ok({ by: 'judge', do: 'endNight' });
    expect(t.s.phase).toBe('day');
  });
  it('every event is stamped with the phase and number it happened in', () => {
    const t = atDay2();
    for (const e of t.s.log) {
      expect(['night', 'day']).toContain(e.phase);
      expect(e.number).toBeGreaterThanOrEqual(1);
    }
    expect(t.all('nightAction').every((e) => e.phase === 'night' && e.number === 2)).toBe(true);
  });
});

describe('R2 no clock in the engine: a timer that runs out is a command by `clock`; the judge may give the same', () => {
  it('clock and judge end speeches, close votes and nights; a seat may not', () => {
    const t = new T().intro();
    t.ok({ by: 'clock', do: 'endSpeech' });
    t.ok({ by: 'judge', do: 'endSpeech' });
    expect(t.speaker).toBe(3);
    t.no({ by: 3, do: 'closeVote' }, 'badActor');
    t.no({ by: 'clock', do: 'closeVote' }, 'wrongPhase');
    t.no({ by: 'judge', do: 'endNight' }, 'wrongPhase');
  });
  it('time lengths are options for the host, with the sources\' defaults', () => {
    const t = new T();
    expect(t.s.options).toMatchObject({ speechSeconds: 60, tieSpeechSeconds: 30, lastWordSeconds: 60 });
    expect(new T({ lastWordSeconds: 30 }).s.options.lastWordSeconds).toBe(30);
    expect(validateSetup({ preset: 'classic', options: { speechSeconds: 5 } }).ok).toBe(false);
  });
});

describe('R3 speaking order: day 1 from seat 1, each next day from the next living seat after the previous first speaker', () => {
  it('day 1 opens at 1, day 2 at 2, day 3 at 3', () => {
    const t = new T().intro();
    expect(t.last('dayStarted')!.order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(t.speaker).toBe(1);
    t.speeches().miss();
    expect(t.last('dayStarted')!.order).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
    t.speeches().miss();
    expect(t.last('dayStarted')!.order).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 1, 2]);
  });
  it('dead seats are skipped, both as the opener and in the order', () => {
    const t = new T().intro().speeches();
    t.night({ 5: 2, 7: 2, 10: 2 }, 1, 4); // the sheriff (2) is killed
    t.clockEnd(); // last word
    expect(t.last('dayStarted')!.order).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 1]);
    expect(t.speaker).toBe(3);
    t.speeches().night({ 5: 4, 7: 4, 10: 4 }, 1).clockEnd();
    // Day 2 was opened by 3, so day 3 opens at the next living seat after 3: 4 is dead, so 5.
    expect(t.last('dayStarted')!.order).toEqual([5, 6, 7, 8, 9, 10, 1, 3]);
  });
});

describe('R4 a speech ends with «Спасибо»/«Пас» (endSpeech) or when time runs out', () => {
  it('the speaker, the clock or the judge ends it; another seat may not', () => {
    const t = new T().intro();
    t.no({ by: 2, do: 'endSpeech' }, 'notYourTurn');
    const ev = t.ok({ by: 1, do: 'endSpeech' });
    expect(ev[0]).toMatchObject({ t: 'speechEnded', seat: 1, by: 1, vis: 'public', rule: 'R4' });
    expect(ev[1]).toMatchObject({ t: 'speechStarted', seat: 2, kind: 'day', rule: 'R3' });
  });
  it('`say` is the speaker\'s alone, within the length limit', () => {
    const t = new T().intro();
    expect(t.ok({ by: 1, do: 'say', text: 'Я мирный житель.' })[0]).toMatchObject({ t: 'said', seat: 1, vis: 'public' });
    t.no({ by: 2, do: 'say', text: 'перебиваю' }, 'notYourTurn');
    t.no({ by: 1, do: 'say', text: '   ' }, 'malformed');
    t.no({ by: 1, do: 'say', text: 'a'.repeat(1001) }, 'textTooLong');
    t.no({ by: 1, do: 'say', text: 'a'.repeat(5000) }, 'textTooLong');
  });
  it('no speech, no endSpeech', () => {
    const t = new T();
    t.no({ by: 'clock', do: 'endSpeech' }, 'wrongPhase');
  });
});

describe('R5 nominations: the speaker, in their own day speech, one standing, a living player not yet nominated', () => {
  it('accepted: «Принято» is a public event', () => {
    const t = new T().intro();
    expect(t.ok({ by: 1, do: 'nominate', target: 5 })).toEqual([
      expect.objectContaining({ t: 'nominated', by: 1, target: 5, vis: 'public', rule: 'R5' }),
    ]);
    expect(t.s.nominations).toEqual([{ by: 1, target: 5 }]);
  });
  it('the judge stays silent: out of turn, a second nomination, an already nominated or dead target', () => {
    const t = new T().intro();
    t.no({ by: 2, do: 'nominate', target: 5 }, 'notYourTurn');
    t.ok({ by: 1, do: 'nominate', target: 5 });
    t.no({ by: 1, do: 'nominate', target: 6 }, 'nominationLimit');
    t.ok({ by: 1, do: 'endSpeech' });
    t.no({ by: 2, do: 'nominate', target: 5 }, 'alreadyNominated');
    t.no({ by: 2, do: 'nominate', target: 11 }, 'badTarget');
    t.ok({ by: 'judge', do: 'remove', target: 9, reason: 'peeking' });
    t.no({ by: 2, do: 'nominate', target: 9 }, 'targetNotAlive');
  });
  it('self-nomination is allowed', () => {
    const t = new T().intro();
    t.ok({ by: 1, do: 'nominate', target: 1 });
    expect(t.s.nominations).toEqual([{ by: 1, target: 1 }]);
  });
  it('«отзыв»: withdraw in the same speech, then nominate someone else', () => {
    const t = new T().intro();
    t.no({ by: 1, do: 'withdraw' }, 'nothingToWithdraw');
    t.ok({ by: 1, do: 'nominate', target: 5 });
    expect(t.ok({ by: 1, do: 'withdraw' })[0]).toMatchObject({ t: 'nominationWithdrawn', by: 1, target: 5, rule: 'R5' });
    t.ok({ by: 1, do: 'nominate', target: 6 });
    t.ok({ by: 1, do: 'endSpeech' });
    expect(t.s.nominations).toEqual([{ by: 1, target: 6 }]);
  });
  it('a nomination cannot be withdrawn in a later speech', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    t.votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 5: 7, 7: 7, 8: 7, 9: 7, 10: 7 }); // 5:5 tie
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'tie', seat: 5 });
    t.clockEnd();
    expect(t.speaker).toBe(7);
    t.no({ by: 7, do: 'withdraw' }, 'wrongPhase');
    t.no({ by: 7, do: 'nominate', target: 3 }, 'wrongPhase');
  });
  it('nothing to nominate in a last word', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    t.votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5, 5: 7, 7: 7, 9: 7, 10: 7 });
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 5 });
    t.no({ by: 5, do: 'nominate', target: 1 }, 'wrongPhase');
  });
});

describe('R6 fouls: the 3rd takes the next speech (and ends the current one), the 4th removes; removal takes the last word', () => {
  it('fouls are public and counted; only the judge gives them, to living players', () => {
    const t = new T().intro();
    expect(t.ok({ by: 'judge', do: 'foul', target: 4, reason: '«честно»' })[0]).toMatchObject({
      t: 'fouled',
      seat: 4,
      count: 1,
      reason: '«честно»',
      vis: 'public',
      rule: 'R6',
    });
    t.no({ by: 3, do: 'foul', target: 4 }, 'badActor');
    t.no({ by: 'clock', do: 'foul', target: 4 }, 'badActor');
    t.ok({ by: 'judge', do: 'remove', target: 8 });
    t.no({ by: 'judge', do: 'foul', target: 8 }, 'targetNotAlive');
  });
  it('a 3rd foul during the player\'s own speech ends it at once; the next day speech is lost too', () => {
    const t = new T().intro();
    t.ok({ by: 'judge', do: 'foul', target: 1 });
    t.ok({ by: 'judge', do: 'foul', target: 1 });
    t.ok({ by: 1, do: 'nominate', target: 5 });
    const ev = t.ok({ by: 'judge', do: 'foul', target: 1 });
    expect(ev.map((e) => e.t)).toEqual(['fouled', 'speechEnded', 'speechStarted']);
    expect(ev[1]).toMatchObject({ seat: 1, by: 'foul', rule: 'R6' });
    expect(t.speaker).toBe(2);
    expect(t.s.nominations).toEqual([{ by: 1, target: 5 }]); // the nomination stands
    t.speeches().miss(); // day 2 opens at 2; seat 1 speaks last
    t.speeches();
    const skipped = t.all('speechSkipped');
    expect(skipped).toEqual([expect.objectContaining({ seat: 1, vis: 'public', rule: 'R6', number: 2 })]);
    t.miss();
    t.speeches({}, 9); // day 3: 3 … 10, 1
    expect(t.speaker).toBe(2); // seat 1 spoke again on day 3
    expect(t.all('speechSkipped')).toHaveLength(1);
  });
  it('a 3rd foul outside the player\'s speech does not end the current speaker\'s speech', () => {
    const t = new T().intro();
    for (let i = 0; i < 3; i++) t.ok({ by: 'judge', do: 'foul', target: 6 });
    expect(t.speaker).toBe(1);
  });
  it('the 4th foul removes the player: cause "fouls", no last word', () => {
    const t = new T().intro();
    for (let i = 0; i < 3; i++) t.ok({ by: 'judge', do: 'foul', target: 6 });
    const ev = t.ok({ by: 'judge', do: 'foul', target: 6, reason: 'insult' });
    expect(ev.map((e) => e.t)).toEqual(['fouled', 'eliminated']);
    expect(ev[1]).toMatchObject({ seat: 6, cause: 'fouls', lastWord: false, vis: 'public', rule: 'R6' });
    expect(t.s.seats[5]!.exit).toEqual({ cause: 'fouls', phase: 'day', number: 1 });
    expect(t.all('speechStarted').some((e) => e.seat === 6)).toBe(false);
  });
  it('a judge\'s removal during the player\'s own speech ends it; no last word', () => {
    const t = new T().intro();
    const ev = t.ok({ by: 'judge', do: 'remove', target: 1, reason: 'oath' });
    expect(ev.map((e) => e.t)).toEqual(['speechEnded', 'eliminated', 'speechStarted']);
    expect(ev[0]).toMatchObject({ seat: 1, by: 'removal' });
    expect(ev[1]).toMatchObject({ seat: 1, cause: 'removal', lastWord: false, reason: 'oath' });
    expect(ev[2]).toMatchObject({ seat: 2, kind: 'day' });
  });
  it('a removed candidate leaves the candidate list', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7, 3: 9 }, 4);
    t.ok({ by: 'judge', do: 'remove', target: 7 });
    expect(t.s.nominations).toEqual([
      { by: 1, target: 5 },
      { by: 3, target: 9 },
    ]);
    t.speeches();
    expect(t.last('votingStarted')!.ballot).toEqual([5, 9]);
  });
  it('removal at night: no last word in the morning', () => {
    const t = new T().intro().speeches();
    t.ok({ by: 'judge', do: 'remove', target: 4, reason: 'peeking' });
    t.miss();
    expect(t.speaker).toBe(2);
    expect(t.s.seats[3]!.exit).toEqual({ cause: 'removal', phase: 'night', number: 2 });
  });
});

describe('R7 voting after the last speech: none → night; one on day 1 → no vote; one later → leaves; else a vote in nomination order', () => {
  it('no candidates: no vote, night', () => {
    const t = new T().intro().speeches();
    expect(t.last('noVote')).toMatchObject({ why: 'noCandidates', rule: 'R7', vis: 'public' });
    expect(t.s.phase).toBe('night');
  });
  it('day 1, a single candidate: no vote, they stay', () => {
    const t = new T().intro().speeches({ 4: 7 });
    expect(t.last('noVote')).toMatchObject({ why: 'firstDaySingle', rule: 'R7' });
    expect(t.s.seats[6]!.alive).toBe(true);
    expect(t.all('votingStarted')).toHaveLength(0);
  });
  it('day 2, a single candidate: leaves without a vote, with a last word', () => {
    const t = atDay2().speeches({ 4: 7 });
    expect(t.all('votingStarted')).toHaveLength(0);
    expect(t.last('singleCandidate')).toMatchObject({ seat: 7, rule: 'R7' });
    expect(t.last('eliminated')).toMatchObject({ seat: 7, cause: 'vote', lastWord: true, rule: 'R7' });
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 7 });
  });
  it('two or more: a vote with the ballot in nomination order', () => {
    const t = new T().intro().speeches({ 2: 10, 4: 1, 8: 5 });
    expect(t.last('votingStarted')).toMatchObject({ round: 'main', ballot: [10, 1, 5], rule: 'R7' });
  });
  it('option firstDayVote: false — day 1 has nominations but no vote', () => {
    const t = new T({ firstDayVote: false }).intro().speeches({ 2: 10, 4: 1 });
    expect(t.last('noVote')).toMatchObject({ why: 'firstDayNoVote' });
    expect(t.s.phase).toBe('night');
    t.miss().speeches({ 2: 10, 4: 1 });
    expect(t.last('votingStarted')).toMatchObject({ ballot: [10, 1] });
  });
});

describe('R8 one vote each, candidates included; self-vote allowed; a missing vote goes to the last candidate; provocation', () => {
  it('a vote is public as it is cast (hands are raised in the open), and the close repeats every vote', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    const ev = t.ok({ by: 5, do: 'vote', target: 5 }); // self-vote
    expect(ev).toEqual([expect.objectContaining({ t: 'voteCast', seat: 5, target: 5, vis: 'public', rule: 'R8' })]);
    t.no({ by: 5, do: 'vote', target: 7 }, 'alreadyVoted');
    t.no({ by: 3, do: 'vote', target: 4 }, 'notCandidate');
    t.no({ by: 3, do: 'vote' }, 'notCandidate');
    t.no({ by: 'judge', do: 'vote', target: 5 }, 'badActor');
    expect(view(t.s, { kind: 'public' }).log.filter((e) => e.t === 'voteCast')).toEqual([expect.objectContaining({ seat: 5, target: 5 })]);
    expect(view(t.s, { kind: 'public' }).voted).toEqual([5]);
  });
  it('players who do not vote count for the last candidate', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    t.votes({ 1: 5, 2: 5, 3: 5, 4: 5 }).close();
    const closed = t.last('voteClosed')!;
    expect(closed.tally).toEqual([
      { target: 5, count: 4 },
      { target: 7, count: 6 },
    ]);
    expect(closed.votes.filter((v) => v.defaulted).map((v) => v.seat)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(closed.vis).toBe('public');
    expect(t.last('eliminated')).toMatchObject({ seat: 7, cause: 'vote' });
  });
  it('the round closes by itself when every living player has voted', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    t.votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5, 5: 7, 7: 7, 9: 7 });
    expect(t.s.stage.kind).toBe('vote');
    t.votes({ 10: 7 });
    expect(t.last('voteClosed')).toBeDefined();
  });
  it('option selfVote: false', () => {
    const t = new T({ selfVote: false }).intro().speeches({ 1: 5, 2: 7 });
    t.no({ by: 5, do: 'vote', target: 5 }, 'selfVote');
  });
  it('a withdrawn hand, default `provocation: removal` (classic-sports-10): removed, the vote is void', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    const ev = t.ok({ by: 9, do: 'vote', target: 5, withdrawn: true });
    expect(ev.map((e) => e.t)).toEqual(['handWithdrawn', 'eliminated']);
    expect(ev[0]).toMatchObject({ seat: 9, target: 5, vis: 'public', rule: 'R8' });
    expect(ev[1]).toMatchObject({ seat: 9, cause: 'removal', lastWord: false, reason: 'provocation' });
    t.close();
    expect(t.last('voteClosed')!.votes.some((v) => v.seat === 9)).toBe(false);
  });
  it('`provocation: foul` (guide-classic): a foul, and the vote counts', () => {
    const t = new T({ provocation: 'foul' }).intro().speeches({ 1: 5, 2: 7 });
    const ev = t.ok({ by: 9, do: 'vote', target: 5, withdrawn: true });
    expect(ev.map((e) => e.t)).toEqual(['handWithdrawn', 'voteCast', 'fouled']);
    expect(ev[2]).toMatchObject({ seat: 9, count: 1, reason: 'provocation' });
    t.close();
    expect(t.last('voteClosed')!.votes).toContainEqual({ seat: 9, target: 5, defaulted: false });
  });
  it('`provocation: none` (tournament-regulation 3.4.9): noted, the vote counts', () => {
    const t = new T({ provocation: 'none' }).intro().speeches({ 1: 5, 2: 7 });
    const ev = t.ok({ by: 9, do: 'vote', target: 5, withdrawn: true });
    expect(ev.map((e) => e.t)).toEqual(['handWithdrawn', 'voteCast']);
    expect(t.s.seats[8]!.fouls).toBe(0);
  });
  it('a dead player has no vote', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    t.ok({ by: 'judge', do: 'remove', target: 3 });
    t.no({ by: 3, do: 'vote', target: 5 }, 'notAlive');
  });
});

describe('R9 tie → 30-second speeches → revote → all leave?', () => {
  const split = { 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 5: 1, 7: 1, 8: 1, 9: 1, 10: 1 };
  function tied(): T {
    return new T().intro().speeches({ 1: 5, 5: 1 }).votes(split);
  }
  it('a tie gives each tied candidate a tie speech in nomination order, then a revote among them', () => {
    const t = tied();
    expect(t.last('tie')).toMatchObject({ seats: [5, 1], rule: 'R9', vis: 'public' });
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'tie', seat: 5 });
    t.clockEnd();
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'tie', seat: 1 });
    t.clockEnd();
    expect(t.last('votingStarted')).toMatchObject({ round: 'revote', ballot: [5, 1] });
  });
  it('the revote decides: most votes leaves', () => {
    const t = tied().clockEnd().clockEnd();
    t.votes({ ...split, 6: 1 });
    expect(t.last('eliminated')).toMatchObject({ seat: 1, cause: 'vote', lastWord: true, rule: 'R9' });
  });
  it('the same tie again: "all leave?"; more than half of the living say yes: all leave, last words in nomination order', () => {
    const t = tied().clockEnd().clockEnd().votes(split);
    expect(t.last('votingStarted')).toMatchObject({ round: 'allLeave', ballot: [5, 1] });
    t.no({ by: 1, do: 'vote', target: 5 }, 'malformed');
    // A withdrawn hand is not silently dropped here: the judge records it as a foul or removal.
    t.no({ by: 1, do: 'vote', leave: true, withdrawn: true }, 'malformed');
    t.leave({ 1: true, 2: true, 3: true, 4: true, 6: true, 8: true });
    t.ok({ by: 9, do: 'vote', leave: false });
    t.close();
    expect(t.last('allLeaveClosed')).toMatchObject({ yes: [1, 2, 3, 4, 6, 8], no: [5, 7, 9, 10], leave: true });
    expect(t.all('eliminated').map((e) => [e.seat, e.cause])).toEqual([
      [5, 'vote'],
      [1, 'vote'],
    ]);
    expect(t.s.lastWords).toEqual([1]);
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 5 });
  });
  it('exactly half is not enough: all stay, night comes; silence counts as no', () => {
    const t = tied().clockEnd().clockEnd().votes(split);
    t.leave({ 1: true, 2: true, 3: true, 4: true, 6: true });
    t.close();
    expect(t.last('allLeaveClosed')).toMatchObject({ leave: false });
    expect(t.last('allLeaveClosed')!.no).toEqual([5, 7, 8, 9, 10]);
    expect(t.all('eliminated')).toHaveLength(0);
    expect(t.s.phase).toBe('night');
  });
  it('a revote that ties among a smaller set: speeches and a revote with that set (tournament-regulation 3.4.12.2)', () => {
    const t = new T().intro().speeches().night({ 5: 1, 7: 1, 10: 1 }, 3, 6).clockEnd();
    t.speeches({ 2: 7, 3: 4, 4: 9 });
    // nine alive: 3 : 3 : 3
    t.votes({ 2: 7, 3: 7, 6: 7, 5: 4, 8: 4, 10: 4, 4: 9, 7: 9, 9: 9 });
    expect(t.last('tie')!.seats).toEqual([7, 4, 9]);
    t.clockEnd().clockEnd().clockEnd();
    t.votes({ 2: 7, 3: 7, 6: 7, 8: 7, 5: 4, 10: 4, 7: 4, 9: 4, 4: 9 }); // 4 : 4 : 1
    expect(t.last('tie')!.seats).toEqual([7, 4]);
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'tie', seat: 7 });
    t.clockEnd().clockEnd();
    expect(t.last('votingStarted')).toMatchObject({ round: 'revote', ballot: [7, 4] });
  });
  it('"all leave?" takes only yes/no; the main round takes no yes/no', () => {
    const t = new T().intro().speeches({ 1: 5, 5: 1 });
    t.no({ by: 1, do: 'vote', leave: true }, 'malformed');
    t.no({ by: 1, do: 'vote', target: 5, leave: true }, 'malformed');
  });
  it('the tie speech length is an option (30 s)', () => {
    expect(new T().s.options.tieSpeechSeconds).toBe(30);
  });
});

describe('R10 a last word after leaving by vote or being killed; none after a removal', () => {
  it('vote: a last word, then night', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 }).votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5 }).close();
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 5 });
    expect(t.last('speechStarted')).toMatchObject({ seat: 5, kind: 'last', rule: 'R10' });
    t.ok({ by: 5, do: 'say', text: 'Я был доном.' }); // the leaving player still speaks
    t.ok({ by: 5, do: 'endSpeech' });
    expect(t.s.phase).toBe('night');
  });
  it('kill: a last word in the morning before the first speech', () => {
    const t = new T().intro().speeches().night({ 5: 4, 7: 4, 10: 4 }, 1, 3);
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 4 });
    t.clockEnd();
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'day', seat: 2 });
  });
  it('the last word lasts 60 s by default (option lastWordSeconds)', () => {
    expect(new T().s.options.lastWordSeconds).toBe(60);
  });
});

describe('R11 a removal in a critical situation ends the day: no more speeches, no vote', () => {
  /** Day 3 with 3 black (5, 7, 10) and 4 red (2, 6, 8, 9) alive: black ≥ red − 1. */
  function critical(options?: Record<string, unknown>): T {
    const t = new T(options).intro().speeches({ 1: 3, 2: 6 });
    t.votes({ 1: 3, 2: 3, 4: 3, 5: 3, 7: 3, 8: 3, 10: 3 }).close().clockEnd();
    t.night({ 5: 1, 7: 1, 10: 1 }, 2, 9).clockEnd();
    t.speeches({ 2: 4, 6: 9 }).votes({ 2: 4, 5: 4, 6: 4, 7: 4, 10: 4 }).close().clockEnd();
    t.miss();
    expect(t.s.seats.filter((x) => x.alive).map((x) => x.seat)).toEqual([2, 5, 6, 7, 8, 9, 10]);
    return t;
  }
  it('4th foul during the speeches: speech ended, the vote cancelled, night', () => {
    const t = critical().speeches({ 7: 6 }, 3); // 5, 6, 7 spoke; 7 nominated 6
    expect(t.speaker).toBe(8);
    for (let i = 0; i < 3; i++) t.ok({ by: 'judge', do: 'foul', target: 7 });
    const ev = t.ok({ by: 'judge', do: 'foul', target: 7 });
    expect(ev.map((e) => e.t)).toEqual(['fouled', 'eliminated', 'speechEnded', 'noVote', 'nightStarted']);
    expect(ev[2]).toMatchObject({ seat: 8, rule: 'R11' });
    expect(ev[3]).toMatchObject({ why: 'criticalRemoval', rule: 'R11', vis: 'public' });
    expect(t.s.seats[5]!.alive).toBe(true); // 6, the single candidate, stays
  });
  it('a judge\'s removal during the vote cancels it too', () => {
    const t = critical().speeches({ 5: 6, 6: 5 });
    t.votes({ 2: 5 });
    const ev = t.ok({ by: 'judge', do: 'remove', target: 10, reason: 'leaving the table' });
    expect(ev.map((e) => e.t)).toEqual(['eliminated', 'noVote', 'nightStarted']);
    expect(t.all('voteClosed').filter((e) => e.number === 3)).toHaveLength(0);
  });
  it('a removal that decides the game ends it instead (R15)', () => {
    const t = critical().speeches({}, 2);
    const ev = t.ok({ by: 'judge', do: 'remove', target: 8 });
    expect(ev.map((e) => e.t)).toEqual(['eliminated', 'gameOver']);
    expect(t.s.winner).toBe('black');
  });
  it('not critical: the day goes on', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 }, 3);
    const ev = t.ok({ by: 'judge', do: 'remove', target: 9 });
    expect(ev.map((e) => e.t)).toEqual(['eliminated']);
    t.speeches();
    expect(t.last('votingStarted')!.ballot).toEqual([5, 7]);
  });
  it('option cancelVoteOnCriticalRemoval: false — the vote goes on', () => {
    const t = critical({ cancelVoteOnCriticalRemoval: false }).speeches({ 7: 6 }, 3);
    t.ok({ by: 'judge', do: 'remove', target: 7 });
    expect(t.all('noVote').filter((e) => e.why === 'criticalRemoval')).toHaveLength(0);
    t.speeches();
    expect(t.last('singleCandidate')).toMatchObject({ seat: 6, number: 3 });
  });
});

describe('R12 the target dies only if every living black player shot it', () => {
  it('unanimous: killed, announced by seat (public), shots private to each shooter', () => {
    const t = new T().intro().speeches();
    const shot = t.ok({ by: 7, do: 'shoot', target: 4 });
    expect(shot).toEqual([expect.objectContaining({ t: 'nightAction', seat: 7, verb: 'shoot', target: 4, vis: [7], rule: 'R12' })]);
    t.night({ 5: 4, 10: 4 }, 1, 3);
    expect(t.last('eliminated')).toMatchObject({ seat: 4, cause: 'kill', lastWord: true, vis: 'public', rule: 'R12', phase: 'night', number: 2 });
    // the mafia do not see each other's shots (closed eyes)
    expect(view(t.s, { kind: 'seat', seat: 10 }).log.filter((e) => e.t === 'nightAction').map((e) => (e as Ev<'nightAction'>).seat)).toEqual([10]);
  });
  it('split shots: a miss', () => {
    const t = new T().intro().speeches().night({ 5: 4, 7: 4, 10: 3 }, 1, 3);
    expect(t.last('nightMiss')).toMatchObject({ vis: 'public', rule: 'R12' });
    expect(t.all('eliminated')).toHaveLength(0);
  });
  it('a deliberate no-shot (target null): a miss', () => {
    const t = new T().intro().speeches().night({ 5: 4, 7: 4, 10: null }, 1, 3);
    expect(t.last('nightMiss')).toBeDefined();
  });
  it('a shot never given before the night is closed: a miss', () => {
    const t = new T().intro().speeches().night({ 5: 4, 7: 4 }, 1, 3);
    expect(t.s.phase).toBe('night'); // the night waits for seat 10
    t.ok({ by: 'clock', do: 'endNight' });
    expect(t.last('nightMiss')).toBeDefined();
  });
  it('a removed shooter does not count: the others\' unanimous shot kills', () => {
    const t = new T().intro().speeches();
    t.ok({ by: 'judge', do: 'remove', target: 10 });
    t.night({ 5: 4, 7: 4 }, 1, 3);
    expect(t.last('eliminated')).toMatchObject({ seat: 4, cause: 'kill' });
  });
  it('any living player may be shot, a teammate included; not a dead one; only black shoots, once', () => {
    const t = new T().intro().speeches({ 1: 3, 2: 4 }).votes({ 1: 4 }).close().clockEnd(); // 4 leaves
    t.no({ by: 5, do: 'shoot', target: 4 }, 'targetNotAlive');
    t.no({ by: 1, do: 'shoot', target: 5 }, 'notAllowed');
    t.no({ by: SHERIFF, do: 'shoot', target: 5 }, 'notAllowed');
    t.ok({ by: 5, do: 'shoot', target: 10 });
    t.no({ by: 5, do: 'shoot', target: 9 }, 'alreadyActed');
    t.night({ 7: 10, 10: 10 }, 1, 3);
    expect(t.last('eliminated')).toMatchObject({ seat: 10, cause: 'kill' });
  });
  it('the night closes by itself once every living shooter and checker has acted', () => {
    const t = new T().intro().speeches();
    t.night({ 5: 4, 7: 4, 10: 4 }, 1);
    expect(t.s.phase).toBe('night');
    t.ok({ by: SHERIFF, do: 'check', target: 5 });
    expect(t.s.phase).toBe('day');
  });
});

describe('R13 the don checks for the sheriff, then the sheriff checks for black; a player shot this night still checks', () => {
  it('answers: "sheriff"/"notSheriff" to the don, "red"/"black" to the sheriff (the don is black), each to the checker alone', () => {
    const t = new T().intro().speeches().night({ 5: 1, 7: 3, 10: 3 }, SHERIFF, DON);
    const res = t.all('checkResult');
    expect(res).toEqual([
      expect.objectContaining({ seat: DON, target: SHERIFF, result: 'sheriff', vis: [DON], rule: 'R13' }),
      expect.objectContaining({ seat: SHERIFF, target: DON, result: 'black', vis: [SHERIFF], rule: 'R13' }),
    ]);
    t.speeches().night({ 5: 1, 7: 3, 10: 3 }, 4, 6);
    expect(t.all('checkResult').slice(2).map((e) => e.result)).toEqual(['notSheriff', 'red']);
    expect(view(t.s, { kind: 'public' }).log.some((e) => e.t === 'checkResult' || e.t === 'nightAction')).toBe(false);
    expect(view(t.s, { kind: 'seat', seat: 7 }).log.some((e) => e.t === 'checkResult')).toBe(false);
  });
  it('the sheriff shot this night still gets the answer', () => {
    const t = new T().intro().speeches();
    t.ok({ by: SHERIFF, do: 'check', target: 10 });
    t.night({ 5: SHERIFF, 7: SHERIFF, 10: SHERIFF }, SHERIFF);
    const ev = t.s.log.slice(-5).map((e) => e.t);
    expect(ev).toEqual(['eliminated', 'checkResult', 'checkResult', 'dayStarted', 'speechStarted']);
    expect(t.last('checkResult')).toMatchObject({ seat: SHERIFF, target: 10, result: 'black' });
    expect(view(t.s, { kind: 'seat', seat: SHERIFF }).log.some((e) => e.t === 'checkResult')).toBe(true);
  });
  it('the don\'s answer comes before the sheriff\'s whatever order they were given in (wake order)', () => {
    const t = new T().intro().speeches();
    t.ok({ by: SHERIFF, do: 'check', target: 7 });
    t.night({ 5: 1, 7: 3, 10: 3 }, 9);
    expect(t.all('checkResult').map((e) => e.seat)).toEqual([DON, SHERIFF]);
  });
  it('a checker removed during the night is out of the game: no answer (only a shot checker still checks)', () => {
    const t = new T().intro().speeches();
    t.ok({ by: SHERIFF, do: 'check', target: 7 });
    t.ok({ by: 'judge', do: 'remove', target: SHERIFF, reason: 'peeking' });
    t.night({ 5: 1, 7: 1, 10: 1 }, 3);
    expect(t.all('checkResult').map((e) => e.seat)).toEqual([DON]);
  });
  it('one check a night; not oneself; only the don and the sheriff', () => {
    const t = new T().intro().speeches();
    t.no({ by: SHERIFF, do: 'check', target: SHERIFF }, 'badTarget');
    t.no({ by: 7, do: 'check', target: 1 }, 'notAllowed');
    t.no({ by: 1, do: 'check', target: 7 }, 'notAllowed');
    t.no({ by: SHERIFF, do: 'check' }, 'malformed');
    t.no({ by: SHERIFF, do: 'check', target: null }, 'malformed');
    t.ok({ by: SHERIFF, do: 'check', target: 7 });
    t.no({ by: SHERIFF, do: 'check', target: 10 }, 'alreadyActed');
  });
});

describe('R14 the morning announces the kill (seat, not role) or the miss; the killed player speaks, then the day', () => {
  it('a kill: public elimination without the role, then the last word, then seat-order speeches', () => {
    const t = new T().intro().speeches().night({ 5: 4, 7: 4, 10: 4 }, 1, 3);
    const pub = view(t.s, { kind: 'public' });
    expect(pub.seats[3]).toMatchObject({ alive: false, exit: { cause: 'kill', phase: 'night', number: 2 } });
    expect(pub.seats[3]!.role).toBeUndefined();
    expect(pub.log.some((e) => e.t === 'roleRevealed')).toBe(false);
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 4 });
    t.clockEnd();
    expect(t.speaker).toBe(2);
  });
  it('a miss: «утро действительно доброе», no last word', () => {
    const t = new T().intro().speeches().night({ 5: 4, 7: 4, 10: 3 }, 1, 3);
    expect(t.last('nightMiss')).toBeDefined();
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'day', seat: 2 });
  });
});

describe('R15 red wins when no black is alive; black when living black ≥ living red; checked after every elimination', () => {
  it('black wins at night when the kill makes it 3 : 3', () => {
    const t = new T().intro().speeches({ 1: 1, 2: 3 }).votes({ 1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1 }).close().clockEnd();
    t.night({ 5: 2, 7: 2, 10: 2 }, 2, 5).clockEnd();
    t.speeches({ 3: 4, 4: 6 }).votes({ 3: 6 }).close().clockEnd(); // 6 leaves: 3 black, 4 red
    expect(t.s.finished).toBe(false);
    t.night({ 5: 8, 7: 8, 10: 8 }, 9);
    expect(t.last('gameOver')).toMatchObject({ winner: 'black', vis: 'public', rule: 'R15' });
    expect(t.s.finished).toBe(true);
    expect(t.last('gameOver')!.roles).toHaveLength(10);
    expect(view(t.s, { kind: 'public' }).seats.every((x) => x.role !== undefined)).toBe(true);
    t.no({ by: 'clock', do: 'endSpeech' }, 'gameOver');
  });
  it('red wins the moment the last black leaves, with no last word', () => {
    const t = new T().intro();
    t.ok({ by: 'judge', do: 'remove', target: 5 });
    t.ok({ by: 'judge', do: 'remove', target: 7 });
    const ev = t.ok({ by: 'judge', do: 'remove', target: 10 });
    expect(ev.map((e) => e.t)).toEqual(['eliminated', 'gameOver']);
    expect(t.s.winner).toBe('red');
    expect(legalCommands(t.s, 'judge')).toEqual([]);
  });
  it('a mid-day removal is checked at once', () => {
    const t = new T().intro();
    for (const x of [1, 3, 4]) t.ok({ by: 'judge', do: 'remove', target: x });
    expect(t.s.finished).toBe(false); // 3 black, 4 red
    const ev = t.ok({ by: 'judge', do: 'remove', target: 6 });
    expect(ev.map((e) => e.t)).toEqual(['eliminated', 'gameOver']);
    expect(t.s.winner).toBe('black');
  });
});

describe('R16 roles are not revealed when a player leaves (option revealRoles: never | onExit)', () => {
  it('never (default): no roleRevealed, no role in public or other seats\' views', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 }).votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5 }).close();
    expect(t.all('roleRevealed')).toHaveLength(0);
    expect(view(t.s, { kind: 'public' }).seats[4]!.role).toBeUndefined();
    expect(view(t.s, { kind: 'seat', seat: 1 }).seats[4]!.role).toBeUndefined();
    expect(view(t.s, { kind: 'seat', seat: 7 }).seats[4]!.role).toBe('don'); // black know black
  });
  it('onExit: every exit reveals the role — vote, removal and night kill', () => {
    const t = new T({ revealRoles: 'onExit' }).intro().speeches({ 1: 5, 2: 7 });
    t.votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5 }).close();
    expect(t.last('roleRevealed')).toMatchObject({ seat: 5, role: 'don', vis: 'public', rule: 'R16' });
    t.clockEnd();
    t.ok({ by: 'judge', do: 'remove', target: 9 });
    expect(t.last('roleRevealed')).toMatchObject({ seat: 9, role: 'civilian' });
    t.night({ 7: 4, 10: 4 }, undefined, 3);
    expect(t.last('roleRevealed')).toMatchObject({ seat: 4, role: 'civilian', phase: 'night', number: 2 });
    expect(view(t.s, { kind: 'public' }).seats[3]!.role).toBe('civilian');
  });
});

describe('R17 on night 1 the don may record a kill plan: private to black and the judge, binding nothing', () => {
  it('the plan is an event only black and the judge see', () => {
    const t = new T();
    const ev = t.ok({ by: DON, do: 'plan', targets: [2, 4, 6] });
    expect(ev).toEqual([expect.objectContaining({ t: 'planSet', seat: DON, targets: [2, 4, 6], vis: 'black', rule: 'R17' })]);
    expect(view(t.s, { kind: 'seat', seat: 7 }).log.some((e) => e.t === 'planSet')).toBe(true);
    expect(view(t.s, { kind: 'seat', seat: 2 }).log.some((e) => e.t === 'planSet')).toBe(false);
    expect(view(t.s, { kind: 'public' }).log.some((e) => e.t === 'planSet')).toBe(false);
    expect(view(t.s, { kind: 'judge' }).log.some((e) => e.t === 'planSet')).toBe(true);
  });
  it('the don alone, on night 1 alone, with distinct seats', () => {
    const t = new T();
    t.no({ by: 7, do: 'plan', targets: [1] }, 'notAllowed');
    t.no({ by: 1, do: 'plan', targets: [1] }, 'notAllowed');
    t.no({ by: DON, do: 'plan', targets: [] }, 'malformed');
    t.no({ by: DON, do: 'plan', targets: [1, 1] }, 'malformed');
    t.no({ by: DON, do: 'plan', targets: [1, 12] }, 'badTarget');
    t.no({ by: DON, do: 'plan' }, 'malformed');
    t.intro().speeches();
    t.no({ by: DON, do: 'plan', targets: [1] }, 'wrongPhase');
  });
  it('binds nothing: the mafia may shoot someone else', () => {
    const t = new T();
    t.ok({ by: DON, do: 'plan', targets: [2, 4, 6] });
    t.intro().speeches().night({ 5: 8, 7: 8, 10: 8 }, 1, 3);
    expect(t.last('eliminated')).toMatchObject({ seat: 8, cause: 'kill' });
  });
});

describe('R18 night actions in any order; the night resolves at close and every answer is delivered then', () => {
  it('no answer before the night closes', () => {
    const t = new T().intro().speeches();
    const ev = t.ok({ by: SHERIFF, do: 'check', target: 7 });
    expect(ev.map((e) => e.t)).toEqual(['nightAction']);
    expect(t.all('checkResult')).toHaveLength(0);
    t.ok({ by: DON, do: 'check', target: 1 });
    expect(t.all('checkResult')).toHaveLength(0);
    t.night({ 5: 3, 7: 3, 10: 3 });
    expect(t.all('checkResult')).toHaveLength(2);
  });
  it('a check may name a seat that already left', () => {
    const t = new T().intro().speeches({ 1: 7, 2: 3 }).votes({ 1: 7 }).close().clockEnd(); // 3 leaves
    t.night({ 5: 1, 7: 1, 10: 1 }, 3, 3);
    expect(t.all('checkResult').map((e) => [e.seat, e.target, e.result])).toEqual([
      [DON, 3, 'notSheriff'],
      [SHERIFF, 3, 'red'],
    ]);
  });
  it('closing the night early: missing checks are none', () => {
    const t = new T().intro().speeches().night({ 5: 1, 7: 1, 10: 1 });
    t.ok({ by: 'judge', do: 'endNight' });
    expect(t.all('checkResult')).toHaveLength(0);
    expect(t.last('eliminated')).toMatchObject({ seat: 1, cause: 'kill' });
  });
  it('a command for a night that has closed is refused', () => {
    const t = new T().intro().speeches().night({ 5: 1, 7: 1, 10: 1 }, 2, 3);
    t.no({ by: SHERIFF, do: 'check', target: 5 }, 'wrongPhase');
    t.no({ by: 'clock', do: 'endNight' }, 'wrongPhase');
  });
  it('option nightEnds "close": everyone has acted and the night still waits for the clock', () => {
    const t = new T({ nightEnds: 'close' }).intro().speeches();
    for (const [by, target] of [[5, 1], [7, 1], [10, 1]] as const) t.ok({ by, do: 'shoot', target });
    t.ok({ by: DON, do: 'check', target: 2 });
    t.ok({ by: SHERIFF, do: 'check', target: 5 });
    expect(t.s.stage.kind).toBe('night');
    expect(t.all('checkResult')).toHaveLength(0);
    t.ok({ by: 'clock', do: 'endNight' });
    expect(t.all('checkResult')).toHaveLength(2);
    expect(t.last('eliminated')).toMatchObject({ seat: 1, cause: 'kill' });
  });
});

describe('R19 speaking-order details: skipped openers rotate, same-day 3rd fouls, freed nominees, last-word order', () => {
  it('the seat whose turn it was to open the day counts for the rotation even if its speech was skipped', () => {
    const t = new T().intro();
    t.speeches({}, 5);
    for (let i = 0; i < 3; i++) t.ok({ by: 'judge', do: 'foul', target: 2 });
    t.speeches().miss(); // day 2 should open at 2, whose speech is skipped
    expect(t.last('dayStarted')!.order[0]).toBe(2);
    expect(t.last('speechSkipped')).toMatchObject({ seat: 2, number: 2 });
    t.speeches().miss();
    expect(t.last('dayStarted')!.order[0]).toBe(3);
  });
  it('a 3rd foul before the player\'s own speech that day costs that day\'s speech', () => {
    const t = new T().intro();
    for (let i = 0; i < 3; i++) t.ok({ by: 'judge', do: 'foul', target: 4 });
    t.speeches({}, 3);
    expect(t.last('speechSkipped')).toMatchObject({ seat: 4, number: 1 });
    expect(t.speaker).toBe(5);
    t.speeches().miss().speeches();
    expect(t.all('speechSkipped')).toHaveLength(1); // day 2: seat 4 speaks again
  });
  it('a withdrawn nomination frees its target', () => {
    const t = new T().intro();
    t.ok({ by: 1, do: 'nominate', target: 7 });
    t.ok({ by: 1, do: 'withdraw' });
    t.ok({ by: 1, do: 'endSpeech' });
    t.ok({ by: 2, do: 'nominate', target: 7 });
    expect(t.s.nominations).toEqual([{ by: 2, target: 7 }]);
  });
  it('several leaving at once: last words in nomination order', () => {
    const t = new T().intro().speeches({ 1: 9, 2: 3 });
    const split = { 1: 9, 2: 9, 4: 9, 5: 9, 6: 9, 7: 3, 8: 3, 9: 3, 10: 3, 3: 3 };
    t.votes(split).clockEnd().clockEnd().votes(split);
    t.leave({ 1: true, 2: true, 4: true, 5: true, 6: true, 7: true });
    t.close();
    expect(t.all('eliminated').map((e) => e.seat)).toEqual([9, 3]);
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 9 });
    t.clockEnd();
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 3 });
  });
});

describe('Engine choices where neither source nor ruling decides (docs/rules/classic.md)', () => {
  it('a silenced candidate still gets a tie speech; a 3rd foul in one\'s own tie speech ends it', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 }, 3);
    for (let i = 0; i < 3; i++) t.ok({ by: 'judge', do: 'foul', target: 7 });
    t.speeches().votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 5: 7, 7: 7, 8: 7, 9: 7, 10: 7 });
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'tie', seat: 5 });
    t.ok({ by: 'judge', do: 'foul', target: 5 });
    t.ok({ by: 'judge', do: 'foul', target: 5 });
    const ev = t.ok({ by: 'judge', do: 'foul', target: 5 });
    expect(ev.map((e) => e.t)).toEqual(['fouled', 'speechEnded', 'speechStarted']);
    expect(ev[2]).toMatchObject({ seat: 7, kind: 'tie' }); // 7 has 3 fouls and still speaks here
  });
  it('a day-1 opener removed on night 1: day 1 opens at 2, day 2 at 3', () => {
    const t = new T();
    t.ok({ by: 'judge', do: 'remove', target: 1, reason: 'peeking' });
    t.intro();
    expect(t.last('dayStarted')!.order[0]).toBe(2);
    t.speeches().miss();
    expect(t.last('dayStarted')!.order[0]).toBe(3);
  });
  it('a candidate removed during the vote: votes for them return to their voters', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7, 3: 9 });
    t.votes({ 1: 9, 2: 9, 3: 5 });
    t.ok({ by: 'judge', do: 'remove', target: 9 });
    expect(t.s.ballot).toEqual([5, 7]);
    expect(view(t.s, { kind: 'public' }).voted).toEqual([3]);
    t.ok({ by: 1, do: 'vote', target: 5 });
    t.close();
    expect(t.last('voteClosed')!.votes.find((v) => v.seat === 2)).toEqual({ seat: 2, target: 7, defaulted: true });
  });
  it('a voter removed during the round loses the vote already cast', () => {
    const t = new T().intro().speeches({ 1: 5, 2: 7 });
    t.votes({ 9: 5 });
    t.ok({ by: 'judge', do: 'remove', target: 9, reason: 'oath' });
    t.close();
    expect(t.last('voteClosed')!.votes.some((v) => v.seat === 9)).toBe(false);
  });
  it('a ballot shrunk to one by a removal: day 2 — that candidate leaves; day 1 — stays', () => {
    const t = atDay2().speeches({ 2: 4, 3: 6 });
    const ev = t.ok({ by: 'judge', do: 'remove', target: 6 });
    expect(ev.map((e) => e.t)).toEqual(['eliminated', 'voteClosed', 'singleCandidate', 'eliminated', 'speechStarted']);
    expect(ev[3]).toMatchObject({ seat: 4, cause: 'vote' });
    const d1 = new T().intro().speeches({ 2: 4, 3: 6 });
    d1.ok({ by: 'judge', do: 'remove', target: 6 });
    expect(d1.s.phase).toBe('night');
    expect(d1.s.seats[3]!.alive).toBe(true);
  });
  it('R11 also cuts the morning last word; a removal after the day\'s vote cancels nothing', () => {
    // critical at day 2: 3 black, 4 red after two eliminations on day 1 and a kill
    const t = new T().intro().speeches({ 1: 3, 2: 4 });
    split(t);
    t.clockEnd().clockEnd();
    split(t);
    t.leave({ 1: true, 2: true, 5: true, 6: true, 7: true, 8: true, 9: true }).close();
    t.clockEnd().clockEnd(); // last words of 3 and 4
    t.night({ 5: 1, 7: 1, 10: 1 }, 2, 9); // 1 is killed: 3 black, 4 red
    expect(t.s.stage).toMatchObject({ kind: 'speech', speech: 'last', seat: 1 });
    const ev = t.ok({ by: 'judge', do: 'remove', target: 10 });
    expect(ev.map((e) => e.t)).toEqual(['eliminated', 'speechEnded', 'noVote', 'nightStarted']);
    const u = new T().intro().speeches({ 1: 5, 2: 7 }).votes({ 1: 5, 2: 5, 3: 5, 4: 5, 6: 5, 8: 5 }).close();
    expect(u.s.stage).toMatchObject({ kind: 'speech', speech: 'last' });
    expect(u.ok({ by: 'judge', do: 'remove', target: 9 }).map((e) => e.t)).toEqual(['eliminated']);
  });
  it('a provocation removal in a critical situation cancels the vote too', () => {
    const t = new T().intro();
    for (const x of [1, 3, 4]) t.ok({ by: 'judge', do: 'remove', target: x }); // 3 black, 4 red: critical
    t.speeches({ 2: 5, 6: 7 });
    const ev = t.ok({ by: 8, do: 'vote', target: 5, withdrawn: true });
    expect(ev.map((e) => e.t)).toEqual(['handWithdrawn', 'eliminated', 'gameOver']); // 3 : 3 — black wins
    const u = new T().intro();
    for (const x of [1, 3]) u.ok({ by: 'judge', do: 'remove', target: x });
    u.ok({ by: 'judge', do: 'remove', target: 7 }); // 2 black, 5 red: not critical
    u.ok({ by: 'judge', do: 'remove', target: 4 }); // 2 black, 4 red: not critical
    u.ok({ by: 'judge', do: 'remove', target: 6 }); // 2 black, 3 red: critical
    u.speeches({ 2: 8, 8: 9 });
    expect(u.ok({ by: 5, do: 'vote', target: 8, withdrawn: true }).map((e) => e.t)).toEqual([
      'handWithdrawn',
      'eliminated',
      'noVote',
      'nightStarted',
    ]);
  });
  it('`shoot` without a target is a deliberate no-shot', () => {
    const t = new T().intro().speeches();
    expect(t.ok({ by: 7, do: 'shoot' })[0]).toMatchObject({ t: 'nightAction', verb: 'shoot', target: null });
    t.night({ 5: 4, 10: 4 }, 1, 3);
    expect(t.last('nightMiss')).toBeDefined();
  });
  it('a target removed after being shot is not killed', () => {
    const t = new T().intro().speeches().night({ 5: 4, 7: 4, 10: 4 }, 1);
    t.ok({ by: 'judge', do: 'remove', target: 4 });
    t.ok({ by: SHERIFF, do: 'check', target: 5 });
    expect(t.last('nightMiss')).toBeDefined();
    expect(t.s.seats[3]!.exit?.cause).toBe('removal');
  });
  it('the don may record the plan again; each planSet is kept', () => {
    const t = new T();
    t.ok({ by: DON, do: 'plan', targets: [1, 2] });
    t.ok({ by: DON, do: 'plan', targets: [3] });
    expect(t.all('planSet').map((e) => e.targets)).toEqual([[1, 2], [3]]);
  });
});

describe('The classic table and its record (docs/rules/classic.md, docs/record-format.md)', () => {
  it('classic takes exactly the documented options, with their defaults', () => {
    expect(defaultOptions('classic')).toEqual({
      firstDayVote: true,
      selfVote: true,
      provocation: 'removal',
      cancelVoteOnCriticalRemoval: true,
      revealRoles: 'never',
      nightEnds: 'allActed',
      speechSeconds: 60,
      tieSpeechSeconds: 30,
      lastWordSeconds: 60,
      sayMaxLength: 1000,
    });
    for (const options of [{ maniacSkips: 2 }, { seats: 10 }, { provocation: 'kick' }, { revealRoles: true }])
      expect(validateSetup({ preset: 'classic', options }).ok).toBe(false);
  });
  it('a classic deal is exactly 6 civilians, the sheriff, the don and 2 mafia', () => {
    expect(validateSetup({ preset: 'classic', deal: DEAL }).ok).toBe(true);
    const twoSheriffs = DEAL.map((r) => (r === 'civilian' ? 'sheriff' : r));
    expect(validateSetup({ preset: 'classic', deal: twoSheriffs }).ok).toBe(false);
    expect(validateSetup({ preset: 'classic', deal: [...DEAL, 'civilian'] }).ok).toBe(false);
  });
  it('the seed deals by FNV-1a + fmix32 → mulberry32 → Fisher–Yates (the documented example)', () => {
    expect(seedFromText('gorod')).toBe(2162972847);
    expect(seedFromText('')).toBe(2872998923);
    const deal = ['civilian', 'sheriff', 'mafia', 'civilian', 'civilian', 'don', 'civilian', 'civilian', 'mafia', 'civilian'];
    expect(dealFromSeed('classic', 10, 'gorod')).toEqual(deal);
    const r = replay({ format: 'gorod-record/1', preset: 'classic', seed: 'gorod' });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value.state.seats.map((x) => x.role)).toEqual(deal);
  });
  it('undo: the game is the replay of the record without its last command', () => {
    const rec = toRecord({ preset: 'classic', deal: DEAL }, [
      { by: 'clock', do: 'endNight' },
      { by: 1, do: 'nominate', target: 5 },
    ]);
    const back = replay(undoLast(rec));
    const fresh = replay(toRecord({ preset: 'classic', deal: DEAL }, [{ by: 'clock', do: 'endNight' }]));
    if (!back.ok || !fresh.ok) throw new Error('replay');
    expect(JSON.stringify(back.value.state)).toBe(JSON.stringify(fresh.value.state));
    expect(back.value.state.nominations).toEqual([]);
  });
});

/** A 5 : 5 split between the first two candidates on the ballot (seats 3 and 4 here). */
function split(t: T): void {
  t.votes({ 1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 4, 7: 4, 8: 4, 9: 4, 10: 4 });
}

describe('Malformed commands and records: a code, never a throw (issue 2, R70)', () => {
  const bad: [unknown, RejectionCode][] = [
    [null, 'malformed'],
    [undefined, 'malformed'],
    ['endSpeech', 'malformed'],
    [42, 'malformed'],
    [[{ by: 1, do: 'endSpeech' }], 'malformed'],
    [{}, 'unknownVerb'],
    [{ by: 1, do: 'dance' }, 'unknownVerb'],
    [{ by: 1, do: 'toString' }, 'unknownVerb'],
    [{ by: 1, do: '__proto__' }, 'unknownVerb'],
    [{ by: 1, do: 7 }, 'unknownVerb'],
    [{ do: 'endSpeech' }, 'badActor'],
    [{ by: 0, do: 'endSpeech' }, 'badActor'],
    [{ by: 11, do: 'endSpeech' }, 'badActor'],
    [{ by: -1, do: 'endSpeech' }, 'badActor'],
    [{ by: 1.5, do: 'endSpeech' }, 'badActor'],
    [{ by: '1', do: 'endSpeech' }, 'badActor'],
    [{ by: 'god', do: 'endSpeech' }, 'badActor'],
    [{ by: 1, do: 'nominate', target: '5' }, 'malformed'],
    [{ by: 1, do: 'nominate', target: 5.5 }, 'malformed'],
    [{ by: 1, do: 'nominate', target: 0 }, 'badTarget'],
    [{ by: 1, do: 'nominate', target: 11 }, 'badTarget'],
    [{ by: 1, do: 'nominate', target: 1e300 }, 'badTarget'],
    [{ by: 1, do: 'nominate', target: [5] }, 'malformed'],
    [{ by: 1, do: 'nominate', target: { seat: 5 } }, 'malformed'],
    [{ by: 1, do: 'nominate', target: 5, extra: 1 }, 'unknownField'],
    [{ by: 1, do: 'endSpeech', target: 5 }, 'unknownField'],
    [{ by: 1, do: 'vote', leave: 'yes' }, 'malformed'],
    [{ by: 1, do: 'foul', target: 2, reason: 5 }, 'malformed'],
    [{ by: 5, do: 'plan', targets: 'all' }, 'malformed'],
    [{ by: 5, do: 'plan', targets: new Array(100000).fill(1) }, 'malformed'],
    [{ by: 5, do: 'plan', targets: [1, '2'] }, 'malformed'],
    [{ by: 1, do: 'say', text: 'x'.repeat(1_000_000) }, 'textTooLong'],
    [JSON.parse('{"by":1,"do":"endSpeech","__proto__":{"target":5}}'), 'unknownField'],
    [JSON.parse('{"by":1,"do":"nominate","target":5,"constructor":{"prototype":{}}}'), 'unknownField'],
  ];
  for (const [cmd, code] of bad) {
    const label = JSON.stringify(cmd)?.slice(0, 80) ?? String(cmd);
    it(`${label} → ${code}`, () => {
      const t = new T().intro();
      t.no(cmd, code);
    });
  }
  it('records: malformed envelopes are rejected with a code, without throwing', () => {
    const cases: unknown[] = [
      null,
      [],
      'gorod',
      {},
      { format: 'gorod-record/2', preset: 'classic' },
      { format: 'gorod-record/1', preset: 'chess' },
      { format: 'gorod-record/1', preset: 'classic', commands: {} },
      { format: 'gorod-record/1', preset: 'classic', deal: ['don'] },
      { format: 'gorod-record/1', preset: 'classic', deal: new Array(10).fill('civilian') },
      { format: 'gorod-record/1', preset: 'classic', players: new Array(100000).fill('x') },
      { format: 'gorod-record/1', preset: 'classic', options: { firstDayVote: 'yes' } },
      { format: 'gorod-record/1', preset: 'classic', options: { nope: true } },
      { format: 'gorod-record/1', preset: 'classic', meta: [] },
      { format: 'gorod-record/1', preset: 'classic', seed: 7 },
      JSON.parse('{"format":"gorod-record/1","preset":"classic","__proto__":{"x":1}}'),
      JSON.parse('{"format":"gorod-record/1","preset":"classic","options":{"__proto__":{"selfVote":false}}}'),
    ];
    for (const c of cases) {
      const r = replay(c);
      expect(r.ok, JSON.stringify(c)?.slice(0, 80)).toBe(false);
      if (!r.ok) expect(['malformed', 'unknownField']).toContain(r.error.code);
    }
  });
  it('replay reports each rejected command by its 0-based index and goes on (R70)', () => {
    const r = replay({
      format: 'gorod-record/1',
      preset: 'classic',
      deal: DEAL,
      commands: [{ by: 'clock', do: 'endNight' }, { by: 2, do: 'endSpeech' }, 'junk', { by: 1, do: 'endSpeech' }, { by: 2, do: 'endSpeech' }],
    });
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value.rejected).toEqual([
      { index: 1, code: 'notYourTurn' },
      { index: 2, code: 'malformed' },
    ]);
    expect(r.value.applied).toHaveLength(3);
    expect(r.value.state.stage).toMatchObject({ kind: 'speech', seat: 3 });
  });
});

// decide/apply: validate a command against the rules, then emit its events and every automatic
// step that follows. advance() is the day flow's interpreter: it reads the flow's declaration
// (day-flow.ts, flow-vote.ts) and moves the game on until someone has to act.
import { commandShapeError, type Command } from './command.js';
import { endSpeech, nominate, say, withdraw } from './day.js';
import { dayTurn } from './day-flow.js';
import { foul, remove, techFoul } from './discipline.js';
import { emit, emitEvent, PUBLIC, type Ctx, emitSpeechStarted } from './emit.js';
import type { GameEvent } from './events.js';
import { unopposedVote } from './flow-vote.js';
import { allActed, endNight, nightAction, plan, resolveNight } from './night.js';
import { onRecord } from './on-record.js';
import { gameOver } from './outcome.js';
import { bestMove, extraPoints, takesAfterGame } from './points.js';
import { presetDef } from './presets.js';
import { err, ok, reject, type Rejection, type Result } from './rejection.js';
import { rulesOf, type Handler } from './rules.js';
import type { GameState } from './state.js';
import { allVoted, closeRound, closeVote, leaveByVote, startVoting, vote, voteCount } from './vote.js';
import type { Verb } from './vocab.js';

/**
 * Apply a command to the state in place. On rejection the state is untouched: every check
 * runs before the first event is emitted.
 */
export function apply(s: GameState, cmd: Command): Result<GameEvent[], Rejection> {
  const start = s.log.length;
  const r = applyCommand(s, cmd);
  return r ? err(r) : ok(appended(s.log, start));
}

/**
 * apply for callers that read the command's events from the log (they are its tail from the
 * length before the call): the rejection, or null when applied. Builds neither the events' list
 * nor a result object — the server and a replay never read them (W1 speed, issue 18).
 */
export function applyCommand(s: GameState, cmd: Command): Rejection | null {
  const shape = commandShapeError(cmd, s.seats.length);
  if (shape !== null) return shape;
  if (s.finished === true && !takesAfterGame(s, cmd.do)) return reject('gameOver');
  const c: Ctx = { s };
  const r = perform(c, cmd);
  if (r !== null) {
    if (!passesUnopposed(s, cmd)) return r;
    // Settled already: the vote closes with every hand to its candidate, then the command applies.
    closeRound(c);
    advance(c);
    if (perform(c, cmd)) throw new Error('unopposed vote: a command accepted on a fork was refused');
  }
  advance(c);
  return null;
}

/** The command's events: what it appended to the log (copied by index: cheaper than slice for a few). */
function appended(log: GameEvent[], start: number): GameEvent[] {
  const out = new Array<GameEvent>(log.length - start);
  for (let i = start; i < log.length; i++) out[i - start] = log[i]!;
  return out;
}

const VOTE_VERBS: ReadonlySet<string> = new Set(['vote', 'voteCount', 'closeVote']);

/**
 * fiim 7.16.2: a command for what follows an unopposed day-one vote (the winner's speech) moves
 * past it, as records do that went straight to that speech without the hands. Tried on a fork.
 */
function passesUnopposed(s: GameState, cmd: Command): boolean {
  if (VOTE_VERBS.has(cmd.do) || !unopposedVote(s)) return false;
  const c: Ctx = { s: fork(s) };
  closeRound(c);
  advance(c);
  return perform(c, cmd) === null;
}

/**
 * Pure: the events a command would produce, without touching the given state. Handlers read the
 * state and emit; evolve changes the state's top level, its seats and the lists it changes in
 * place (evolve.ts), and a fork has its own of each.
 */
export function decide(s: GameState, cmd: Command): Result<GameEvent[], Rejection> {
  return apply(fork(s), cmd);
}

/**
 * A state with its own top level, log, seats and the lists evolve changes in place (evolve.ts),
 * sharing the rest with `s`: evolve on it leaves `s` as it was.
 */
export function fork(s: GameState): GameState {
  return {
    ...s,
    log: s.log.slice(),
    seats: s.seats.map((x) => ({ ...x })),
    votes: s.votes.slice(),
    actions: s.actions.slice(),
    nominations: s.nominations.slice(),
    queue: s.queue.slice(),
  };
}

/** A deep copy, for callers that change a state's parts themselves (tests, snapshots). */
export function cloneState(s: GameState): GameState {
  const log = s.log;
  const copy = structuredClone({ ...s, log: [] }) as GameState;
  copy.log = log.slice();
  return copy;
}

/** Without a prototype: every command's verb is looked up here, and a plain dictionary answers fastest. */
const HANDLERS: Partial<Record<Verb, Handler>> = Object.assign(Object.create(null) as Partial<Record<Verb, Handler>>, {
  endSpeech,
  say,
  nominate,
  withdraw,
  onRecord,
  vote,
  voteCount,
  closeVote,
  foul,
  techFoul,
  remove,
  shoot: nightAction('shoot', 'optional', 'R12'),
  check: nightAction('check', 'other', 'R13'),
  plan,
  endNight,
  bestMove,
  extraPoints,
});

const VOTE = HANDLERS.vote!;
const SHOOT = HANDLERS.shoot!;
const CHECK = HANDLERS.check!;

/**
 * The verb's handler runs: a preset's own first, then the frequent verbs each called from a site of
 * its own (a call whose target is known is direct and may be inlined, where one site calling every
 * handler is a generic call, W1 speed, issue 18), then the rest from the table.
 */
function perform(c: Ctx, cmd: Command): Rejection | null {
  const own = rulesOf(c.s).handlers?.[cmd.do];
  if (own !== undefined) return own(c, cmd);
  switch (cmd.do) {
    case 'endSpeech':
      return endSpeech(c, cmd);
    case 'vote':
      return VOTE(c, cmd);
    case 'nominate':
      return nominate(c, cmd);
    case 'shoot':
      return SHOOT(c, cmd);
    case 'check':
      return CHECK(c, cmd);
  }
  const h = HANDLERS[cmd.do];
  if (h === undefined) return reject('notAllowed', undefined, `${cmd.do} is not part of ${c.s.preset}`);
  return h(c, cmd);
}

/** Move the game on until it waits for someone: next speech, vote close, night resolution. */
export function advance(c: Ctx): void {
  const s = c.s;
  const rules = rulesOf(s);
  if (rules.advance !== undefined) return rules.advance(c);
  for (let guard = 0; guard < 10000; guard++) {
    if (s.finished === true) return;
    const st = s.stage;
    if (st.kind === 'speech' || st.kind === 'over') return;
    if (st.kind === 'night') {
      // R18 option nightEnds: 'close' waits for the judge or the clock, so the morning's time
      // says nothing about who is left to act.
      if (st.intro !== true && s.options.nightEnds !== 'close' && allActed(s, rules)) {
        resolveNight(c);
        continue;
      }
      return;
    }
    if (st.kind === 'vote') {
      if (st.round !== 'allLeave' && s.ballot.length < 2 && !unopposedVote(s)) {
        // Removals emptied the ballot: one candidate left leaves (R7), none — night.
        emit(c, { t: 'voteClosed', round: st.round, ballot: s.ballot.slice(), votes: [], tally: [] }, PUBLIC, 'R7');
        if (s.ballot.length === 1 && s.number > 1) leaveByVote(c, s.ballot.slice(), 'R7', true);
        continue;
      }
      if (allVoted(s, rules)) {
        closeRound(c);
        continue;
      }
      return;
    }
    // idle
    if (s.phase === 'night') return;
    if (s.lastWords.length > 0) {
      emitSpeechStarted(c, { t: 'speechStarted', seat: s.lastWords[0]!, kind: 'last', n: s.log.length, vis: PUBLIC, rule: 'R10', phase: s.phase, number: s.number });
      return;
    }
    if (s.verdict !== undefined) {
      // fiim 8.19: the last word is over; the result settled before it stands.
      gameOver(c, s.verdict.winner, 'fiim 8.19');
      return;
    }
    if (nextDayStep(c) === true) return;
  }
}

/** One step of the day between speeches; true when the game now waits for someone. */
function nextDayStep(c: Ctx): boolean {
  const s = c.s;
  const next = s.queue[0];
  switch (s.dayStep) {
    case 'speeches': {
      if (next === undefined) {
        startVoting(c);
        return false;
      }
      const turn = dayTurn(s, next);
      if ('skip' in turn) {
        emit(c, { t: 'speechSkipped', seat: next, cause: turn.skip }, PUBLIC, turn.rule);
        return false;
      }
      const rule = turn.rule;
      emitSpeechStarted(
        c,
        turn.short === true
          ? { t: 'speechStarted', seat: next, kind: turn.speech, short: true, n: s.log.length, vis: PUBLIC, rule, phase: s.phase, number: s.number }
          : { t: 'speechStarted', seat: next, kind: turn.speech, n: s.log.length, vis: PUBLIC, rule, phase: s.phase, number: s.number },
      );
      return true;
    }
    case 'tie':
      if (next !== undefined && rulesOf(s).mutedToday(s, next)) {
        // club: a frozen candidate has no tie speech either (R23)
        emit(c, { t: 'speechSkipped', seat: next, cause: 'frozen' }, PUBLIC, 'R23');
        return false;
      }
      if (next !== undefined) {
        emitSpeechStarted(c, { t: 'speechStarted', seat: next, kind: 'tie', n: s.log.length, vis: PUBLIC, rule: 'R9', phase: s.phase, number: s.number });
        return true;
      }
      emit(c, { t: 'votingStarted', round: 'revote', ballot: s.ballot.slice() }, PUBLIC, 'R9');
      return false;
    case 'respeech':
      if (next !== undefined) {
        emit(c, { t: 'speechStarted', seat: next, kind: 'respeech' }, PUBLIC, 'fiim 7.16');
        return true;
      }
      return nightFalls(c);
    case 'voting':
    case 'evening':
      return nightFalls(c);
  }
}

function nightFalls(c: Ctx): false {
  const def = presetDef(c.s.preset);
  const s = c.s;
  emitEvent(c, { t: 'nightStarted', intro: false, night: s.number + (def?.nightOffset ?? 1), n: s.log.length, vis: PUBLIC, rule: 'R1', phase: s.phase, number: s.number });
  return false;
}

export type { Handler } from './rules.js';
export { rulesOf, registerRules } from './rules.js';
export { nightAction, startDay } from './night.js';
export { closeRound, leaveByVote } from './vote.js';
export { checkWin } from './outcome.js';
export { removePlayer } from './discipline.js';

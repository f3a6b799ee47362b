// decide/apply: validate a command against the rules, then emit its events and every
// automatic step that follows (next speaker, vote close, night resolution, win).
import { classicRules } from './classic.js';
import { commandShapeError, type Command } from './command.js';
import { emit, PUBLIC, BLACK, type Ctx } from './emit.js';
import type { GameEvent } from './events.js';
import { presetDef } from './presets.js';
import { err, ok, reject, type Rejection, type Result } from './rejection.js';
import type { PresetRules } from './rules.js';
import type { GameState } from './state.js';
import { ability, hasActed, livingByTeam, livingCount, livingFrom, nextLiving, seatOf } from './table.js';
import { ROLE_DEFS } from './roles.js';
import type { Cause, PresetId, RoleId, Team, Verb } from './vocab.js';

const RULES: Partial<Record<PresetId, PresetRules>> = { classic: classicRules };

export function registerRules(preset: PresetId, rules: PresetRules): void {
  RULES[preset] = rules;
}

export function rulesOf(s: GameState): PresetRules {
  return RULES[s.preset] ?? classicRules;
}

/**
 * Apply a command to the state in place. On rejection the state is untouched: every check
 * runs before the first event is emitted.
 */
export function apply(s: GameState, cmd: Command): Result<GameEvent[], Rejection> {
  const shape = commandShapeError(cmd, s.seats.length);
  if (shape) return err(shape);
  if (s.finished && !rulesOf(s).afterGame?.includes(cmd.do)) return err(reject('gameOver'));
  const c: Ctx = { s, out: [] };
  const r = perform(c, cmd);
  if (r) return err(r);
  advance(c);
  return ok(c.out);
}

/** Pure: the events a command would produce, without touching the given state. */
export function decide(s: GameState, cmd: Command): Result<GameEvent[], Rejection> {
  return apply(cloneState(s), cmd);
}

export function cloneState(s: GameState): GameState {
  const log = s.log;
  const copy = structuredClone({ ...s, log: [] }) as GameState;
  copy.log = log.slice();
  return copy;
}

type Handler = (c: Ctx, cmd: Command) => Rejection | null;

function perform(c: Ctx, cmd: Command): Rejection | null {
  const h = rulesOf(c.s).handlers?.[cmd.do] ?? HANDLERS[cmd.do];
  if (!h) return reject('notAllowed', undefined, `${cmd.do} is not part of ${c.s.preset}`);
  return h(c, cmd);
}

function livingSeat(s: GameState, by: Command['by']): Rejection | null {
  if (typeof by !== 'number') return reject('badActor');
  const seat = seatOf(s, by);
  if (!seat) return reject('badActor');
  if (!seat.alive) return reject('notAlive');
  return null;
}

function targetAlive(s: GameState, target: unknown): Rejection | null {
  if (typeof target !== 'number') return reject('malformed', undefined, 'target');
  const seat = seatOf(s, target);
  if (!seat) return reject('badTarget');
  if (!seat.alive) return reject('targetNotAlive');
  return null;
}

// ---- day: speeches -------------------------------------------------------------------------

const endSpeech: Handler = (c, cmd) => {
  const st = c.s.stage;
  if (st.kind !== 'speech') return reject('wrongPhase', 'R4');
  if (cmd.by !== st.seat && cmd.by !== 'clock' && cmd.by !== 'judge') return reject('notYourTurn', 'R4');
  emit(c, { t: 'speechEnded', seat: st.seat, by: cmd.by }, PUBLIC, 'R4');
  return null;
};

const say: Handler = (c, cmd) => {
  const st = c.s.stage;
  if (st.kind !== 'speech') return reject('wrongPhase', 'R4');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R4');
  const text = cmd.text;
  if (typeof text !== 'string' || text.trim().length === 0) return reject('malformed', undefined, 'text');
  if (text.length > c.s.options.sayMaxLength) return reject('textTooLong');
  emit(c, { t: 'said', seat: st.seat, text }, PUBLIC, 'R4');
  return null;
};

const nominate: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'speech' || st.speech !== 'day') return reject('wrongPhase', 'R5');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R5');
  if (rulesOf(s).mutedToday(s, st.seat)) return reject('silenced', 'R23');
  const bad = targetAlive(s, cmd.target);
  if (bad) return bad;
  const target = cmd.target as number;
  for (const n of s.nominations) {
    if (n.target === target) return reject('alreadyNominated', 'R5');
    if (n.by === st.seat) return reject('nominationLimit', 'R5');
  }
  emit(c, { t: 'nominated', by: st.seat, target }, PUBLIC, 'R5');
  return null;
};

const withdraw: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'speech' || st.speech !== 'day') return reject('wrongPhase', 'R5');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R5');
  const mine = s.nominations.find((n) => n.by === st.seat);
  if (!s.speechNominated || !mine) return reject('nothingToWithdraw', 'R5');
  emit(c, { t: 'nominationWithdrawn', by: st.seat, target: mine.target }, PUBLIC, 'R5');
  return null;
};

// ---- fouls and removals --------------------------------------------------------------------

/** R11: black one elimination away from winning, counted before the removal. */
function critical(s: GameState): boolean {
  const n = livingByTeam(s);
  return n.black >= n.red + n.neutral - 1;
}

export function removePlayer(c: Ctx, seat: number, cause: Cause, rule: string, reason?: string): void {
  const s = c.s;
  const wasCritical = s.phase === 'day' && critical(s);
  const st = s.stage;
  if (st.kind === 'speech' && st.seat === seat) emit(c, { t: 'speechEnded', seat, by: 'removal' }, PUBLIC, rule);
  const body: GameEvent = { t: 'eliminated', seat, cause, lastWord: false } as GameEvent;
  if (reason !== undefined) (body as { reason?: string }).reason = reason;
  emit(c, body, PUBLIC, rule);
  revealOnExit(c, seat);
  if (checkWin(c)) return;
  if (
    wasCritical &&
    s.options.cancelVoteOnCriticalRemoval &&
    s.phase === 'day' &&
    s.dayStep !== 'evening' &&
    (cause === 'fouls' || cause === 'removal')
  ) {
    const now = s.stage;
    if (now.kind === 'speech') emit(c, { t: 'speechEnded', seat: now.seat, by: 'judge' }, PUBLIC, 'R11');
    emit(c, { t: 'noVote', why: 'criticalRemoval' }, PUBLIC, 'R11');
  }
}

const foul: Handler = (c, cmd) => {
  const s = c.s;
  if (cmd.by !== 'judge') return reject('badActor', 'R6');
  const bad = targetAlive(s, cmd.target);
  if (bad) return bad;
  const seat = s.seats[(cmd.target as number) - 1]!;
  const count = seat.fouls + 1;
  const body = { t: 'fouled', seat: seat.seat, count } as GameEvent;
  if (cmd.reason !== undefined) (body as { reason?: string }).reason = cmd.reason;
  emit(c, body, PUBLIC, 'R6');
  if (count >= 4) {
    removePlayer(c, seat.seat, 'fouls', 'R6', cmd.reason);
  } else if (count === 3) {
    const st = s.stage;
    if (st.kind === 'speech' && st.seat === seat.seat) emit(c, { t: 'speechEnded', seat: seat.seat, by: 'foul' }, PUBLIC, 'R6');
  }
  return null;
};

const remove: Handler = (c, cmd) => {
  if (cmd.by !== 'judge') return reject('badActor', 'R6');
  const bad = targetAlive(c.s, cmd.target);
  if (bad) return bad;
  removePlayer(c, cmd.target as number, 'removal', 'R6', cmd.reason);
  return null;
};

// ---- voting ---------------------------------------------------------------------------------

const vote: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'vote') return reject('wrongPhase', 'R8');
  const bad = livingSeat(s, cmd.by);
  if (bad) return bad;
  const seat = cmd.by as number;
  if (!rulesOf(s).canVote(s, seat)) return reject('silenced', 'R23');
  if (s.votes[seat - 1] !== -1) return reject('alreadyVoted', 'R8');
  if (st.round === 'allLeave') {
    if (typeof cmd.leave !== 'boolean' || cmd.target !== undefined) return reject('malformed', 'R9', 'leave');
    // A withdrawn hand has no handWithdrawn form here; refuse it rather than drop it (R8).
    if (cmd.withdrawn === true) return reject('malformed', 'R8', 'withdrawn');
    emit(c, { t: 'voteCast', seat, target: null, leave: cmd.leave }, PUBLIC, 'R9');
    return null;
  }
  if (cmd.leave !== undefined) return reject('malformed', 'R9', 'leave');
  const target = cmd.target;
  if (typeof target !== 'number' || !s.ballot.includes(target)) return reject('notCandidate', 'R8');
  if (target === seat && !s.options.selfVote) return reject('selfVote', s.preset === 'club' ? 'R24' : 'R8');
  if (cmd.withdrawn === true) {
    emit(c, { t: 'handWithdrawn', seat, target }, PUBLIC, 'R8');
    const mode = s.options.provocation;
    if (mode === 'removal') {
      removePlayer(c, seat, 'removal', 'R8', 'provocation');
      return null;
    }
    emit(c, { t: 'voteCast', seat, target }, PUBLIC, 'R8');
    if (mode === 'foul') return foul(c, { by: 'judge', do: 'foul', target: seat, reason: 'provocation' });
    return null;
  }
  // R8: hands are raised in the open — every player sees each vote as it is cast.
  emit(c, { t: 'voteCast', seat, target }, PUBLIC, 'R8');
  return null;
};

const closeVote: Handler = (c, cmd) => {
  if (cmd.by !== 'clock' && cmd.by !== 'judge') return reject('badActor', 'R8');
  if (c.s.stage.kind !== 'vote') return reject('wrongPhase', 'R8');
  closeRound(c);
  return null;
};

function allVoted(s: GameState, rules: PresetRules): boolean {
  for (const seat of s.seats) if (seat.alive && s.votes[seat.seat - 1] === -1 && rules.canVote(s, seat.seat)) return false;
  return true;
}

/** R7: after the last speech — no candidates, a single one, or a vote. */
function startVoting(c: Ctx): void {
  const s = c.s;
  const ballot = s.nominations.map((n) => n.target);
  if (s.number === 1 && !s.options.firstDayVote) {
    emit(c, { t: 'noVote', why: 'firstDayNoVote' }, PUBLIC, 'R7');
  } else if (ballot.length === 0) {
    emit(c, { t: 'noVote', why: 'noCandidates' }, PUBLIC, 'R7');
  } else if (ballot.length === 1) {
    if (s.number === 1) emit(c, { t: 'noVote', why: 'firstDaySingle' }, PUBLIC, 'R7');
    else leaveByVote(c, ballot, 'R7', true);
  } else {
    emit(c, { t: 'votingStarted', round: 'main', ballot }, PUBLIC, 'R7');
  }
}

/** Players leave by vote (R9, R19 order); a preset may keep some (tournament lover, R32). */
function leaveByVote(c: Ctx, seats: number[], rule: string, single: boolean): void {
  const s = c.s;
  if (single) emit(c, { t: 'singleCandidate', seat: seats[0]! }, PUBLIC, rule);
  const leaving = rulesOf(s).keepsFromVote(c, seats);
  for (const seat of leaving) {
    emit(c, { t: 'eliminated', seat, cause: 'vote', lastWord: true }, PUBLIC, rule);
    revealOnExit(c, seat);
  }
  if (leaving.length > 0) checkWin(c);
}

function closeRound(c: Ctx): void {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'vote') return;
  const rules = rulesOf(s);
  const ballot = s.ballot.slice();
  if (st.round === 'allLeave') {
    const yes: number[] = [];
    const no: number[] = [];
    for (const seat of s.seats) {
      if (!seat.alive || !rules.canVote(s, seat.seat)) continue;
      (s.votes[seat.seat - 1] === 1 ? yes : no).push(seat.seat);
    }
    const leave = 2 * yes.length > livingCount(s);
    emit(c, { t: 'allLeaveClosed', yes, no, leave }, PUBLIC, 'R9');
    if (leave && ballot.length > 0) leaveByVote(c, ballot, 'R9', false);
    return;
  }
  const last = ballot[ballot.length - 1];
  const votes: { seat: number; target: number; defaulted: boolean }[] = [];
  const counts = new Array<number>(ballot.length).fill(0);
  for (const seat of s.seats) {
    if (!seat.alive || !rules.canVote(s, seat.seat)) continue;
    const v = s.votes[seat.seat - 1]!;
    const i = v === -1 ? -1 : ballot.indexOf(v);
    if (i >= 0) {
      votes.push({ seat: seat.seat, target: v, defaulted: false });
      counts[i]!++;
    } else if (last !== undefined) {
      votes.push({ seat: seat.seat, target: last, defaulted: true });
      counts[ballot.length - 1]!++;
    }
  }
  const tally = ballot.map((target, i) => ({ target, count: counts[i]! }));
  emit(c, { t: 'voteClosed', round: st.round, ballot, votes, tally }, PUBLIC, 'R8');
  if (ballot.length === 0) return;
  let max = -1;
  for (const n of counts) if (n > max) max = n;
  const top = ballot.filter((_, i) => counts[i] === max);
  if (top.length === 1) {
    leaveByVote(c, top, 'R9', false);
  } else if (st.round === 'revote' && top.length === ballot.length) {
    emit(c, { t: 'votingStarted', round: 'allLeave', ballot: top }, PUBLIC, 'R9');
  } else if (!rules.onTie(c, top)) {
    emit(c, { t: 'tie', seats: top }, PUBLIC, 'R9');
  }
}

// ---- night ----------------------------------------------------------------------------------

function nightAction(verb: Verb, targetRule: 'alive' | 'other' | 'optional', rule: string): Handler {
  return (c, cmd) => {
    const s = c.s;
    const st = s.stage;
    if (st.kind !== 'night' || st.intro) return reject('wrongPhase', rule);
    const bad = livingSeat(s, cmd.by);
    if (bad) return bad;
    const seat = s.seats[(cmd.by as number) - 1]!;
    if (!ability(seat, verb, 'night')) return reject('notAllowed', rule);
    if (hasActed(s, seat.seat, verb)) return reject('alreadyActed', rule);
    const target = cmd.target ?? null;
    if (target === null) {
      if (targetRule !== 'optional') return reject('malformed', rule, 'target');
    } else if (targetRule === 'other') {
      if (!seatOf(s, target)) return reject('badTarget');
      if (target === seat.seat) return reject('badTarget', rule);
    } else {
      const t = targetAlive(s, target);
      if (t) return t;
    }
    const extra = rulesOf(s).checkNightAction(s, seat.seat, verb, target);
    if (extra) return extra;
    emit(c, { t: 'nightAction', seat: seat.seat, verb, target }, [seat.seat], rule);
    return null;
  };
}

const plan: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'night' || !st.intro) return reject('wrongPhase', 'R17');
  const bad = livingSeat(s, cmd.by);
  if (bad) return bad;
  const seat = s.seats[(cmd.by as number) - 1]!;
  if (!ability(seat, 'plan', 'intro')) return reject('notAllowed', 'R17');
  const targets = cmd.targets;
  if (!Array.isArray(targets) || targets.length === 0 || targets.length > s.seats.length)
    return reject('malformed', 'R17', 'targets');
  if (new Set(targets).size !== targets.length) return reject('malformed', 'R17', 'targets repeat');
  emit(c, { t: 'planSet', seat: seat.seat, targets: targets.slice() }, BLACK, 'R17');
  return null;
};

const endNight: Handler = (c, cmd) => {
  if (cmd.by !== 'clock' && cmd.by !== 'judge') return reject('badActor', 'R18');
  if (c.s.stage.kind !== 'night') return reject('wrongPhase', 'R18');
  resolveNight(c);
  return null;
};

function resolveNight(c: Ctx): void {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'night') return;
  if (!st.intro) {
    rulesOf(s).resolveNight(c);
    if (checkWin(c)) return;
  }
  startDay(c);
}

/** Every living seat with a required night ability has used it (alternatives share a slot). */
function allActed(s: GameState, rules: PresetRules): boolean {
  for (const seat of s.seats) {
    if (!seat.alive) continue;
    for (const a of ROLE_DEFS[seat.role].abilities) {
      if (a.when !== 'night') continue;
      if (!(rules.owes ? rules.owes(s, seat.seat, a) : a.required === true)) continue;
      let done = false;
      for (const x of s.actions) if (x.seat === seat.seat && (x.verb === a.verb || (a.slot !== undefined && slotOf(seat.role, x.verb) === a.slot))) done = true;
      if (!done) return false;
    }
  }
  return true;
}

function slotOf(role: RoleId, verb: string): string | undefined {
  return ROLE_DEFS[role].abilities.find((a) => a.verb === verb)?.slot;
}

function startDay(c: Ctx): void {
  const s = c.s;
  const def = presetDef(s.preset);
  const day = s.phase === 'night' ? s.number + 1 - (def?.nightOffset ?? 1) : s.number + 1;
  const first = s.firstSpeaker === 0 ? (s.seats[0]?.alive ? 1 : nextLiving(s, 1)) : nextLiving(s, s.firstSpeaker);
  emit(c, { t: 'dayStarted', day, order: livingFrom(s, first) }, PUBLIC, 'R3');
}

// ---- the end ---------------------------------------------------------------------------------

function revealOnExit(c: Ctx, seat: number): void {
  if (c.s.options.revealRoles !== 'onExit') return;
  const x = c.s.seats[seat - 1];
  if (x) emit(c, { t: 'roleRevealed', seat, role: x.role }, PUBLIC, 'R16');
}

/** R15: checked after every elimination; a finished game reveals every role. */
export function checkWin(c: Ctx): boolean {
  const s = c.s;
  if (s.finished) return true;
  const w = rulesOf(s).winner(s);
  if (w === null) return false;
  const winner: Team | null = w === 'draw' ? null : w;
  emit(c, { t: 'gameOver', winner, roles: s.seats.map((x) => ({ seat: x.seat, role: x.role })) }, PUBLIC, 'R15');
  return true;
}

// ---- automatic steps -------------------------------------------------------------------------

/** Move the game on until it waits for someone: next speech, vote close, night resolution. */
export function advance(c: Ctx): void {
  const s = c.s;
  const rules = rulesOf(s);
  if (rules.advance) return rules.advance(c);
  for (let guard = 0; guard < 10000; guard++) {
    if (s.finished) return;
    const st = s.stage;
    if (st.kind === 'speech' || st.kind === 'over') return;
    if (st.kind === 'night') {
      // R18 option nightEnds: 'close' waits for the judge or the clock, so the morning's time
      // says nothing about who is left to act.
      if (!st.intro && s.options.nightEnds !== 'close' && allActed(s, rules)) {
        resolveNight(c);
        continue;
      }
      return;
    }
    if (st.kind === 'vote') {
      if (st.round !== 'allLeave' && s.ballot.length < 2) {
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
      emit(c, { t: 'speechStarted', seat: s.lastWords[0]!, kind: 'last' }, PUBLIC, 'R10');
      return;
    }
    switch (s.dayStep) {
      case 'speeches': {
        const next = s.queue[0];
        if (next === undefined) {
          startVoting(c);
          continue;
        }
        const seat = s.seats[next - 1]!;
        if (seat.silenced || rules.mutedToday(s, next)) {
          emit(c, { t: 'speechSkipped', seat: next }, PUBLIC, seat.silenced ? 'R6' : 'R23');
          continue;
        }
        emit(c, { t: 'speechStarted', seat: next, kind: 'day' }, PUBLIC, 'R3');
        return;
      }
      case 'tie': {
        const next = s.queue[0];
        if (next !== undefined && rules.mutedToday(s, next)) {
          // club: a frozen candidate has no tie speech either (R23)
          emit(c, { t: 'speechSkipped', seat: next }, PUBLIC, 'R23');
          continue;
        }
        if (next !== undefined) {
          emit(c, { t: 'speechStarted', seat: next, kind: 'tie' }, PUBLIC, 'R9');
          return;
        }
        emit(c, { t: 'votingStarted', round: 'revote', ballot: s.ballot.slice() }, PUBLIC, 'R9');
        continue;
      }
      case 'voting':
      case 'evening': {
        const def = presetDef(s.preset);
        emit(c, { t: 'nightStarted', intro: false, night: s.number + (def?.nightOffset ?? 1) }, PUBLIC, 'R1');
        continue;
      }
    }
  }
}

const HANDLERS: Partial<Record<Verb, Handler>> = {
  endSpeech,
  say,
  nominate,
  withdraw,
  vote,
  closeVote,
  foul,
  remove,
  shoot: nightAction('shoot', 'optional', 'R12'),
  check: nightAction('check', 'other', 'R13'),
  plan,
  endNight,
};

export type { Handler };
export { nightAction, closeRound, startDay, leaveByVote };

// The night (R12, R13, R17, R18): night actions, the don's plan, closing and resolving the night
// through the preset's table, and the morning that follows.
import { dayOpener } from './day-flow.js';
import { targetAlive } from './discipline.js';
import { emit, emitEvent, BLACK, PUBLIC, type Ctx, emitNightAction } from './emit.js';
import { dayOptions } from './options.js';
import { checkWin, quietDraw } from './outcome.js';
import { presetDef } from './presets.js';
import { reject } from './rejection.js';
import { roleDef, type Ability, type RoleDef } from './roles.js';
import { rulesOf, type Handler, type PresetRules } from './rules.js';
import type { GameEvent } from './events.js';
import type { GameState, NightAction, SeatState } from './state.js';
import { ability, livingFrom, seatOf } from './table.js';
import type { RoleId, Verb } from './vocab.js';

function livingSeat(s: GameState, by: unknown): ReturnType<Handler> {
  if (typeof by !== 'number') return reject('badActor');
  const seat = seatOf(s, by);
  if (seat === undefined) return reject('badActor');
  if (seat.alive !== true) return reject('notAlive');
  return null;
}

export function nightAction(verb: Verb, targetRule: 'alive' | 'other' | 'optional', rule: string): Handler {
  return (c, cmd) => {
    const s = c.s;
    const st = s.stage;
    if (st.kind !== 'night' || st.intro === true) return reject('wrongPhase', rule);
    const bad = livingSeat(s, cmd.by);
    if (bad !== null) return bad;
    const seat = s.seats[(cmd.by as number) - 1]!;
    const a = ability(s, seat, verb, 'night');
    if (a === undefined) return reject('notAllowed', rule);
    // Abilities sharing a slot are alternatives (the maniac's kill or skip, the armed sheriff's
    // check or shot): one a night. One pass over tonight's actions finds the same verb again
    // (refused now) and a slot-mate (refused after the target's checks, as the rules read).
    const slot = a.slot;
    let slotUsed = false;
    const actions = s.actions;
    for (let i = 0; i < actions.length; i++) {
      const x = actions[i]!;
      if (x.seat !== seat.seat) continue;
      if (x.verb === verb) return reject('alreadyActed', rule);
      if (slot !== undefined && slotOf(seat.role, x.verb) === slot) slotUsed = true;
    }
    const target = cmd.target ?? null;
    if (target === null) {
      if (targetRule !== 'optional') return reject('malformed', rule, 'target');
    } else if (targetRule === 'other') {
      if (!seatOf(s, target)) return reject('badTarget');
      if (target === seat.seat) return reject('badTarget', rule);
    } else {
      const t = targetAlive(s, target);
      if (t !== null && !(t.code === 'targetNotAlive' && missesOut(s, a))) return t;
    }
    if (slotUsed) return reject('alreadyActed', rule);
    const extra = rulesOf(s).checkNightAction(s, seat.seat, verb, target);
    if (extra !== null) return extra;
    emitNightAction(c, { t: 'nightAction', seat: seat.seat, verb, target, n: s.log.length, vis: [seat.seat], rule, phase: s.phase, number: s.number });
    return null;
  };
}

/**
 * fiim 8.3, 8.7 (option shotAtOut 'miss'): the judge calls every number, the out ones too, and a
 * team's shot at a player already out is taken — the night resolver makes it a miss. R18 refuses it.
 */
export function missesOut(s: GameState, a: Ability | undefined): boolean {
  return a?.effect?.kind === 'groupKill' && dayOptions(s.options).shotAtOut === 'miss';
}

export const plan: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'night' || st.intro !== true) return reject('wrongPhase', 'R17');
  const bad = livingSeat(s, cmd.by);
  if (bad !== null) return bad;
  const seat = s.seats[(cmd.by as number) - 1]!;
  if (!ability(s, seat, 'plan', 'intro')) return reject('notAllowed', 'R17');
  const targets = cmd.targets;
  if (!Array.isArray(targets) || targets.length === 0 || targets.length > s.seats.length)
    return reject('malformed', 'R17', 'targets');
  if (new Set(targets).size !== targets.length) return reject('malformed', 'R17', 'targets repeat');
  emit(c, { t: 'planSet', seat: seat.seat, targets: targets.slice() }, BLACK, 'R17');
  return null;
};

export const endNight: Handler = (c, cmd) => {
  if (cmd.by !== 'clock' && cmd.by !== 'judge') return reject('badActor', 'R18');
  if (c.s.stage.kind !== 'night') return reject('wrongPhase', 'R18');
  resolveNight(c);
  return null;
};

/** The night's table (the preset's), the win check, then the morning. */
export function resolveNight(c: Ctx): void {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'night') return;
  if (st.intro !== true) {
    rulesOf(s).resolveNight(c);
    // A verdict waits for the victim's last word (fiim 8.19): the morning still comes.
    if (s.finished === true || (checkWin(c, true) === true && s.verdict === undefined)) return;
    if (quietDraw(c) === true) return;
  }
  startDay(c);
}

/** Every living seat with a required night ability has used it (alternatives share a slot). */
export function allActed(s: GameState, rules: PresetRules): boolean {
  const owes = rules.owes;
  if (owes === undefined) {
    const counted = actedByCount(s);
    if (counted !== null) return counted;
  }
  return allActedByScan(s, rules);
}

/** allActed asked of every living seat's owed abilities against tonight's actions. */
export function allActedByScan(s: GameState, rules: PresetRules): boolean {
  const owes = rules.owes;
  for (const seat of s.seats) {
    if (seat.alive !== true) continue;
    const abilities = roleDef(seat.role).abilities;
    // Asked after every night action: most seats hold no ability, and the loops allocate nothing.
    for (let i = 0; i < abilities.length; i++) {
      const a = abilities[i]!;
      if (a.when !== 'night') continue;
      if (!(owes ? owes(s, seat.seat, a) : a.required === true)) continue;
      if (!usedTonight(s, seat.seat, seat.role, a)) return false;
    }
  }
  return true;
}

/**
 * How many night choices a role owes each night when the preset has no `owes`: one per required
 * ability, the alternatives of a slot once; -1 when it also has a night ability that owes nothing.
 * Every action a living seat took then stands for one choice it owed — the handler refuses an
 * ability the role lacks and a second one of a slot, and a verb given twice replaces the first —
 * so tonight's actions by the living, counted, tell whether every owed choice was made.
 */
export function nightDuty(def: RoleDef): number {
  const slots: string[] = [];
  let n = 0;
  for (const a of def.abilities) {
    if (a.when !== 'night' || a.required !== true) continue;
    if (a.slot === undefined) n++;
    else if (!slots.includes(a.slot)) {
      slots.push(a.slot);
      n++;
    }
  }
  for (const a of def.abilities) if (a.when === 'night' && a.required !== true && (a.slot === undefined || !slots.includes(a.slot))) return -1;
  return n;
}

// The classic four's duties, read off their definitions once (roleDef answers them by a switch too).
const CIVILIAN_DUTY = nightDuty(roleDef('civilian'));
const MAFIA_DUTY = nightDuty(roleDef('mafia'));
const DON_DUTY = nightDuty(roleDef('don'));
const SHERIFF_DUTY = nightDuty(roleDef('sheriff'));

function dutyOf(role: RoleId): number {
  switch (role) {
    case 'civilian':
      return CIVILIAN_DUTY;
    case 'mafia':
      return MAFIA_DUTY;
    case 'don':
      return DON_DUTY;
    case 'sheriff':
      return SHERIFF_DUTY;
    default:
      return nightDuty(roleDef(role));
  }
}

/**
 * allActed without a preset's `owes`, by counting (nightDuty): the choices the living owe against
 * the actions the living took. Asked after every night action, it reads each action once instead
 * of every owed ability against every action (W1 speed, issue 18); null when a living role's duty
 * cannot be counted.
 */
function actedByCount(s: GameState): boolean | null {
  const owed = owedTonight(s);
  if (owed < 0) return null;
  const seats = s.seats;
  const actions = s.actions;
  let acted = 0;
  for (let i = 0; i < actions.length; i++) if (seats[actions[i]!.seat - 1]?.alive === true) acted++;
  return acted >= owed;
}

/**
 * The choices the living owe tonight, -1 if uncountable. Kept for the last night asked (its
 * actions list, seats and log, like rulesOf's last preset) until an exit or a role change is
 * logged — the only events that change it — so that a night's questions after the first read the
 * events since instead of every seat.
 */
let owedFor: NightAction[] | undefined;
let owedSeats: SeatState[] | undefined;
let owedLog: GameEvent[] | undefined;
let owedAt = 0;
let owedCount = 0;

function owedTonight(s: GameState): number {
  const log = s.log;
  if (s.actions === owedFor && s.seats === owedSeats && log === owedLog && log.length >= owedAt) {
    let changed = false;
    for (let i = owedAt; i < log.length; i++) {
      const t = log[i]!.t;
      if (t === 'eliminated' || t === 'roleChanged') changed = true;
    }
    if (!changed) {
      owedAt = log.length;
      return owedCount;
    }
  }
  const seats = s.seats;
  let owed = 0;
  for (let i = 0; i < seats.length; i++) {
    const x = seats[i]!;
    if (x.alive !== true) continue;
    const d = dutyOf(x.role);
    if (d < 0) {
      owed = -1;
      break;
    }
    owed += d;
  }
  owedFor = s.actions;
  owedSeats = seats;
  owedLog = log;
  owedAt = log.length;
  owedCount = owed;
  return owed;
}

/** Has this seat used this ability, or another of its slot, tonight? */
function usedTonight(s: GameState, seat: number, role: RoleId, a: Ability): boolean {
  for (const x of s.actions) if (x.seat === seat && (x.verb === a.verb || (a.slot !== undefined && slotOf(role, x.verb) === a.slot))) return true;
  return false;
}

function slotOf(role: RoleId, verb: string): string | undefined {
  for (const a of roleDef(role).abilities) if (a.verb === verb) return a.slot;
  return undefined;
}

export function startDay(c: Ctx): void {
  const s = c.s;
  const def = presetDef(s.preset);
  const day = s.phase === 'night' ? s.number + 1 - (def?.nightOffset ?? 1) : s.number + 1;
  emitEvent(c, { t: 'dayStarted', day, order: livingFrom(s, dayOpener(s)), n: s.log.length, vis: PUBLIC, rule: 'R3', phase: s.phase, number: s.number });
}

// Club mafia, 8–15 players (club-8-15; R20–R29): putana, doctor and maniac on top of classic.
// One night table: freeze → heal → kills → checks. Everything not named here is classic.
import { classicWinner } from '../classic/classic.js';
import { resolveByTable, type NightTable } from '../../core/night-resolve.js';
import { livingMask, seatRun, type Listing } from '../../core/listing.js';
import type { Command } from '../../core/command.js';
import { emit, JUDGE, PUBLIC, type Ctx } from '../../core/emit.js';
import { mayTalk } from '../../core/day.js';
import { nightAction } from '../../core/night.js';
import { anyTarget, doctorLimits, limitError, pastTargets } from '../../core/limits.js';
import { reject, type Rejection } from '../../core/rejection.js';
import type { Ability } from '../../core/roles.js';
import type { Handler, PresetRules } from '../../core/rules.js';
import type { GameState } from '../../core/state.js';
import { livingCount } from '../../core/table.js';
import type { Verb } from '../../core/vocab.js';

function muted(s: GameState, seat: number): boolean {
  return s.muted !== undefined && s.muted.includes(seat);
}

function skipsUsed(s: GameState, seat: number): number {
  // Asked at every night step for the maniac (who may act, his list, the command's check): the
  // count of the same log and seat is carried on from the events added since (a log only grows;
  // another log, or one whose last seen event moved, starts over), not counted over the game.
  const log = s.log;
  const k = SKIPS;
  if (k.log !== log || k.seat !== seat || log.length < k.len || (k.len > 0 && log[k.len - 1] !== k.last)) {
    k.log = log;
    k.seat = seat;
    k.len = 0;
    k.n = 0;
  }
  for (let i = k.len; i < log.length; i++) {
    const e = log[i]!;
    if (e.t === 'nightAction' && e.seat === seat && e.verb === 'skip') k.n++;
  }
  k.len = log.length;
  k.last = log[log.length - 1];
  return k.n;
}

const SKIPS: { log: unknown; seat: number; len: number; last: unknown; n: number } = { log: null, seat: 0, len: 0, last: null, n: 0 };

function actedThisNight(s: GameState, seat: number, verbs: readonly string[]): boolean {
  for (const a of s.actions) if (a.seat === seat && verbs.includes(a.verb)) return true;
  return false;
}

function checkNightAction(s: GameState, seat: number, verb: Verb, target: number | null): Rejection | null {
  switch (verb) {
    case 'heal':
      return target === null ? null : limitError(s, seat, target, pastTargets(s, seat, 'heal'), doctorLimits(s, 'R23'));
    case 'guard':
      // A bodyguard guards someone else: dying in his own place means nothing (docs/rules/club.md).
      return target === seat ? reject('badTarget', 'R23', 'self') : null;
    case 'block':
      // A putana who freezes herself would void her own freeze: no club judge takes it.
      return target === seat ? reject('badTarget', 'R22', 'self') : null;
    case 'kill':
      if (actedThisNight(s, seat, ['skip'])) return reject('alreadyActed', 'R22');
      return target === seat ? reject('badTarget', 'R22', 'self') : null;
    case 'skip':
      if (actedThisNight(s, seat, ['kill'])) return reject('alreadyActed', 'R22');
      return skipsUsed(s, seat) >= (s.options.maniacSkips ?? 2) ? reject('limitReached', 'R22', 'skips') : null;
    default:
      return null;
  }
}

/** R22/R23/R29: freeze → heal → kills → checks, then the four-player quiet-night count (R26). */
const CLUB_NIGHT: NightTable = { order: ['block', 'protect', 'kill', 'inform'], missRule: 'R22', protectRule: 'R23', killRule: 'R22', after: quietNight };

/** R26: four at the table and no black player shot at all, three nights running: red wins. */
function quietNight(c: Ctx, livingAtDusk: number): void {
  const s = c.s;
  const need = s.options.quietNightsWin ?? 0;
  if (need === 0 || livingAtDusk !== 4) return;
  for (const a of s.actions) if (a.verb === 'shoot' && a.target !== null) return;
  let count = 1;
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'quietNight') {
      if (e.number === s.number - 1) count = e.count + 1;
      break;
    }
  }
  emit(c, { t: 'quietNight', count }, JUDGE, 'R26');
  if (count >= need && classicWinner(s) === null)
    emit(c, { t: 'gameOver', winner: 'red', roles: s.seats.map((x) => ({ seat: x.seat, role: x.role })) }, PUBLIC, 'R26');
}

/** Who holds the floor in the current day speech: its owner, or whom the owner gave it to (R27). */
export function floorHolder(s: GameState): number | null {
  const st = s.stage;
  if (st.kind !== 'speech') return null;
  for (let i = s.log.length - 1; i >= 0; i--) {
    const e = s.log[i]!;
    if (e.t === 'floorGiven') return e.to;
    if (e.t === 'speechStarted') break;
  }
  return st.seat;
}

/** R27: "Номер игрока речь" — the speaker lends the floor within their own minute. */
const giveFloor: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'speech' || st.speech !== 'day') return reject('wrongPhase', 'R27');
  if (cmd.by !== st.seat) return reject('notYourTurn', 'R27');
  const to = cmd.target;
  if (typeof to !== 'number') return reject('malformed', 'R27', 'target');
  const x = s.seats[to - 1];
  if (!x) return reject('badTarget');
  if (!x.alive) return reject('targetNotAlive', 'R27');
  if (to === floorHolder(s)) return reject('badTarget', 'R27', 'already has the floor');
  if (muted(s, to)) return reject('silenced', 'R23');
  emit(c, { t: 'floorGiven', seat: st.seat, to }, PUBLIC, 'R27');
  return null;
};

/** `say` as classic, except that the seat holding a lent floor speaks instead of the owner (R27). */
const say: Handler = (c, cmd) => {
  const s = c.s;
  const st = s.stage;
  if (st.kind !== 'speech') return reject('wrongPhase', 'R4');
  const holder = floorHolder(s);
  if (cmd.by !== holder) return reject('notYourTurn', holder === st.seat ? 'R4' : 'R27');
  if (!mayTalk(s)) return reject('silenced', 'fiim 9.5.1');
  const text = cmd.text;
  if (typeof text !== 'string' || text.trim().length === 0) return reject('malformed', undefined, 'text');
  if (text.length > s.options.sayMaxLength) return reject('textTooLong');
  emit(c, { t: 'said', seat: holder, text }, PUBLIC, holder === st.seat ? 'R4' : 'R27');
  return null;
};

function owes(s: GameState, seat: number, a: Ability): boolean {
  if (a.verb === 'heal') return anyTarget(s, seat, 'heal', doctorLimits(s, 'R23'));
  return a.required === true;
}

function speakerExtras(s: GameState, seat: number, l: Listing): void {
  const st = s.stage;
  if (st.kind !== 'speech' || st.speech !== 'day' || st.seat !== seat) return;
  // Listed once a speech (a bot lending the floor over and over would never end its minute).
  if (floorHolder(s) !== seat) return;
  // Every other living seat not frozen: counted by arithmetic, the one picked built (seatRun).
  let frozen = 0;
  if (s.muted !== undefined) for (const m of s.muted) frozen |= 1 << m;
  seatRun(l, livingMask(s) & ~frozen & ~(1 << seat), 1, seat, giveFloorTo);
}

const giveFloorTo = (by: number, target: number): Command => ({ by, do: 'giveFloor', target });

export const clubRules: PresetRules = {
  canVote: (s, seat) => !muted(s, seat),
  mutedToday: (s, seat) => s.phase === 'day' && muted(s, seat),
  checkNightAction,
  resolveNight: (c) => resolveByTable(c, CLUB_NIGHT),
  winner: classicWinner,
  onTie(c, tied) {
    if (!(c.s.options.fourPlayerTieStays ?? false) || livingCount(c.s) !== 4) return false;
    emit(c, { t: 'tieKept', seats: tied.slice() }, PUBLIC, 'R25');
    return true;
  },
  keepsFromVote: (_c, seats) => seats,
  owes,
  speakerExtras,
  handlers: {
    heal: nightAction('heal', 'alive', 'R22'),
    block: nightAction('block', 'alive', 'R22'),
    kill: nightAction('kill', 'alive', 'R22'),
    skip: nightAction('skip', 'optional', 'R22'),
    guard: nightAction('guard', 'alive', 'R23'),
    giveFloor,
    say,
  },
};

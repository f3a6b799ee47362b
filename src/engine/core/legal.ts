// legalCommands(state, actor): what an actor may do now. Bots and UIs choose from this list;
// every command in it is accepted by apply() (a property test holds it to that). Free-form
// commands are not listed: `say` and the don's `plan`. Colours on record are listed one seat and
// colour at a time (a speaker may name several in one command), the judge's counted hands as every
// count the round still allows.
//
// mayAct(state, actor) and actors(state) answer «who may act now» from the same lister: it stops
// at the first command it would list, so there is one copy of the rules and asking every seat
// costs a few compares each (most seats may do nothing most of the time).
import type { Command } from './command.js';
import { SPEECHES } from './day-flow.js';
import type { Actor } from './events.js';
import { penaltyTargets } from './discipline.js';
import { dayOptions } from './options.js';
import { missesOut } from './night.js';
import { mayLeaveOnRecord } from './on-record.js';
import { legalBestMoves } from './points.js';
import { rulesOf, type PresetRules } from './rules.js';
import { countsLeft } from './vote.js';
import { ROLE_DEFS } from './roles.js';
import type { GameState } from './state.js';
import { hasActed, isOn } from './table.js';

/**
 * Where a lister puts commands. `one`: the caller asks only whether there is any, so the lister
 * returns after the first it puts (mayAct); otherwise it lists them all (legalCommands).
 */
export interface Listing {
  out: Command[];
  one: boolean;
}

export function legalCommands(s: GameState, actor: Actor): Command[] {
  const l: Listing = { out: [], one: false };
  list(s, actor, l);
  return l.out;
}

/** May the actor give any command now? Exactly `legalCommands(s, actor).length > 0`, without the list. */
export function mayAct(s: GameState, actor: Actor): boolean {
  const l = PROBE;
  const before = l.out.length;
  list(s, actor, l);
  const n = l.out.length;
  if (n === before) return false;
  if (n >= 256) l.out = [];
  return true;
}

/**
 * One listing for every mayAct, which asks only whether the lister put anything. It is not
 * emptied after each question (setting an array's length is a runtime call, slower than the
 * question itself): it keeps up to a few hundred dead commands, then starts a new array.
 */
const PROBE: Listing = { out: [], one: true };

/**
 * Everyone who may give a command now: seats in seat order, then the clock and the judge if they
 * may. The same answer as asking mayAct of each; kept per state until its log changes, so a bot
 * loop and the server's bot scheduler asking again for the same state read it once.
 */
export function actors(s: GameState): Actor[] {
  const last = s.log[s.log.length - 1];
  const k = ACTORS;
  if (k.s !== s || k.log !== s.log || k.len !== s.log.length || k.last !== last) {
    const out: Actor[] = [];
    const rules = rulesOf(s);
    if (!s.finished && !rules.legal) {
      // The seats through the per-seat part of the lister, the game-wide checks made once.
      const l = PROBE;
      for (const x of s.seats) {
        const before = l.out.length;
        seat(s, rules, x.seat, l);
        if (l.out.length > before) out.push(x.seat);
      }
      if (l.out.length >= 256) l.out = [];
    } else for (const x of s.seats) if (mayAct(s, x.seat)) out.push(x.seat);
    if (mayAct(s, 'clock')) out.push('clock');
    if (mayAct(s, 'judge')) out.push('judge');
    k.s = s;
    k.log = s.log;
    k.len = s.log.length;
    k.last = last;
    k.out = out;
  }
  // A copy: the caller may change its answer, the cache must not change with it.
  return k.out.slice();
}

/**
 * The last actors() answer and the state it was for. A state changes only by events appended to
 * its log (apply), and a fork (decide) is another object with a log of its own: the state
 * object, its log, the log's length and its last event together stand for what the state holds.
 */
const ACTORS: { s: unknown; log: unknown; len: number; last: unknown; out: Actor[] } = { s: null, log: null, len: -1, last: null, out: [] };

function list(s: GameState, actor: Actor, l: Listing): void {
  if (s.finished) return;
  const rules = rulesOf(s);
  if (rules.legal) return rules.legal(s, actor, l);
  if (actor === 'clock' || actor === 'judge') return officials(s, actor, l);
  seat(s, rules, actor, l);
}

/** A seat's commands, for a game that goes on and lists through the shared lister. */
function seat(s: GameState, rules: PresetRules, actor: number, l: Listing): void {
  const me = s.seats[actor - 1];
  if (!me) return;
  const st = s.stage;
  if (st.kind === 'speech' && st.seat === actor) return speaker(s, actor, l);
  if (!me.alive) return;
  if (st.kind === 'vote') {
    if (s.votes[actor - 1] === -1 && rules.canVote(s, actor)) return voter(s, actor, l);
  } else if (st.kind === 'night' && !st.intro && ROLE_DEFS[me.role].abilities.length > 0) {
    // Most seats hold no night ability: nothing to list, nothing to allocate.
    if (night(s, actor, l) && l.one) return;
  }
  rules.legalExtras?.(s, actor, l);
}

/** The clock closes the stage; the judge too, and penalises, counts hands, and the preset's own. */
function officials(s: GameState, actor: 'clock' | 'judge', l: Listing): void {
  const out = l.out;
  const st = s.stage;
  if (st.kind === 'speech') out.push({ by: actor, do: 'endSpeech' });
  else if (st.kind === 'vote') out.push({ by: actor, do: 'closeVote' });
  else if (st.kind === 'night') out.push({ by: actor, do: 'endNight' });
  if (actor === 'clock' || (l.one && out.length > 0)) return;
  const penalised = penaltyTargets(s);
  for (const t of penalised) out.push({ by: 'judge', do: 'foul', target: t });
  if (l.one && out.length > 0) return;
  if (dayOptions(s.options).technicalFouls) for (const t of penalised) out.push({ by: 'judge', do: 'techFoul', target: t });
  for (const t of penalised) out.push({ by: 'judge', do: 'remove', target: t });
  if (l.one && out.length > 0) return;
  if (st.kind === 'vote' && legalCounts(s, l) && l.one) return;
  rulesOf(s).judgeExtras?.(s, l);
}

/** The seat holding the floor: end the speech, nominate or withdraw, colours on record, best move. */
function speaker(s: GameState, actor: number, l: Listing): void {
  const out = l.out;
  const rules = rulesOf(s);
  out.push({ by: actor, do: 'endSpeech' });
  if (l.one) return;
  const st = s.stage;
  if (st.kind !== 'speech') return;
  if (SPEECHES[st.speech].nominate && !rules.mutedToday(s, actor)) {
    const mine = s.nominations.find((n) => n.by === actor);
    const withdrawing = dayOptions(s.options).withdrawNomination;
    if (mine && s.speechNominated && withdrawing !== 'never') out.push({ by: actor, do: 'withdraw' });
    // fiim 7.5.2: a new nomination in the same speech replaces the earlier one.
    if (!mine || (s.speechNominated && withdrawing === 'auto'))
      for (const x of s.seats) if (x.alive && !nominated(s, x.seat)) out.push({ by: actor, do: 'nominate', target: x.seat });
  }
  if (mayLeaveOnRecord(s, actor))
    for (const x of s.seats) if (x.seat !== actor) out.push({ by: actor, do: 'onRecord', red: [x.seat] }, { by: actor, do: 'onRecord', black: [x.seat] });
  legalBestMoves(s, actor, l);
  rules.legalExtras?.(s, actor, l);
}

function nominated(s: GameState, seat: number): boolean {
  for (const n of s.nominations) if (n.target === seat) return true;
  return false;
}

/** A living seat that has not voted this round (and may: club R29): each hand it may raise. */
function voter(s: GameState, actor: number, l: Listing): void {
  const out = l.out;
  const st = s.stage;
  if (st.kind !== 'vote') return;
  if (st.round === 'allLeave') {
    out.push({ by: actor, do: 'vote', leave: true });
    if (!l.one) out.push({ by: actor, do: 'vote', leave: false });
    return;
  }
  for (const t of s.ballot)
    if (t !== actor || s.options.selfVote) {
      out.push({ by: actor, do: 'vote', target: t });
      if (l.one) return;
    }
}

/** A living seat's night abilities still open tonight, each with every target the rules allow. Returns whether it listed any. */
function night(s: GameState, actor: number, l: Listing): boolean {
  const out = l.out;
  const before = out.length;
  const rules = rulesOf(s);
  const me = s.seats[actor - 1]!;
  const abilities = ROLE_DEFS[me.role].abilities;
  for (const a of abilities) {
    if (a.when !== 'night' || hasActed(s, actor, a.verb) || !isOn(s, actor, a)) continue;
    if (a.slot !== undefined && s.actions.some((x) => x.seat === actor && abilities.some((b) => b.verb === x.verb && b.slot === a.slot))) continue;
    if (a.verb === 'skip') {
      if (!rules.checkNightAction(s, actor, 'skip', null)) {
        out.push({ by: actor, do: 'skip' });
        if (l.one) return true;
      }
      continue;
    }
    // A team's shot may name a seat already out where that is a miss (fiim 8.7, option shotAtOut).
    const check = a.verb === 'check';
    const anyone = check || missesOut(s, a);
    for (const x of s.seats) {
      const t = x.seat;
      if ((check && t === actor) || (!anyone && !x.alive)) continue;
      if (rules.checkNightAction(s, actor, a.verb, t)) continue;
      out.push({ by: actor, do: a.verb, target: t });
      if (l.one) return true;
    }
    if (a.verb === 'shoot') {
      out.push({ by: actor, do: 'shoot', target: null });
      if (l.one) return true;
    }
  }
  return out.length > before;
}

/** The judge's counts of raised hands (R8) the round still allows: each uncounted candidate, each count. Returns whether it listed any. */
function legalCounts(s: GameState, l: Listing): boolean {
  const st = s.stage;
  if (st.kind !== 'vote') return false;
  const out = l.out;
  const before = out.length;
  const targets: (number | null)[] = st.round === 'allLeave' ? [null] : s.ballot;
  for (const target of targets) {
    const max = countsLeft(s, target);
    for (let count = 1; count <= max; count++) {
      out.push(target === null ? { by: 'judge', do: 'voteCount', leave: true, count } : { by: 'judge', do: 'voteCount', target, count });
      if (l.one) return true;
    }
  }
  return out.length > before;
}

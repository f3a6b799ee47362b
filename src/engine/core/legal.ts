// legalCommands(state, actor): what an actor may do now. Bots and UIs choose from this list;
// every command in it is accepted by apply() (a property test holds it to that). Free-form
// commands are not listed: `say` and the don's `plan`. Colours on record are listed one seat and
// colour at a time (a speaker may name several in one command), the judge's counted hands as every
// count the round still allows.
//
// mayAct(state, actor) and actors(state) answer «who may act now» from the same lister: it stops
// at the first command it would list, so there is one copy of the rules and asking every seat
// costs a few compares each (most seats may do nothing most of the time). legalCount and
// legalAt(k) count the list and build its k-th command alone, from the same walk (a random bot's
// pick without the list); seatActors writes the seats of actors() into the caller's array.
import type { Command } from './command.js';
import { SPEECHES } from './day-flow.js';
import type { Actor, SpeechKind } from './events.js';
import { penaltyTargets } from './discipline.js';
import { dayOptions } from './options.js';
import { missesOut } from './night.js';
import { mayLeaveOnRecord } from './on-record.js';
import { legalBestMoves } from './points.js';
import { rulesOf, type PresetRules } from './rules.js';
import { countsLeft } from './vote.js';
import { ROLE_DEFS, type Ability, type RoleDef } from './roles.js';
import type { GameState } from './state.js';
import { hasActed, indexIn, isOn } from './table.js';
import { isKept, keyTo, type StateKey } from './state-key.js';
import { ALL, allSeatsMask, done, livingMask, NONE, seatRun, skipRun, take, type Listing } from './listing.js';

export function legalCommands(s: GameState, actor: Actor): Command[] {
  const l: Listing = { out: [], n: 0, stop: Infinity, keep: ALL };
  list(s, actor, l);
  return l.out;
}

/**
 * How many commands legalCommands(s, actor) would list. At night the list is built on the way and
 * kept (KEPT) for a legalAt that follows on the same state, the bot's next question: each night
 * target costs the preset's check (checkNightAction), more than building its command, so one walk
 * a step. Elsewhere a target costs a compare or two, less than the command's allocation (a club
 * speaker has ~19: nominations and lending the floor): counted only, and legalAt walks to its k.
 * (Building and keeping a speaker's list too, tried in issue 18's fifth round: +40,000 JS
 * instructions a club game, −17,000 a tournament game.)
 */
export function legalCount(s: GameState, actor: Actor): number {
  if (s.stage.kind !== 'night') {
    const l = COUNT;
    l.n = 0;
    list(s, actor, l);
    return l.n;
  }
  const out: Command[] = [];
  const l = BUILD;
  l.out = out;
  l.n = 0;
  list(s, actor, l);
  l.out = NO_OUT;
  keep(s, actor, out);
  return out.length;
}

/**
 * legalCommands(s, actor)[k], building only that command (undefined when k is out of range). A
 * random bot picks legalAt(s, a, floor(rand() * legalCount(s, a))): the same command as from
 * the list, without the list. Right after legalCount of the same state and actor at night: the
 * k-th of the list it kept, which is then dropped (each command handed out is a new object, never
 * one twice).
 */
export function legalAt(s: GameState, actor: Actor, k: number): Command | undefined {
  if (!(k >= 0) || !Number.isInteger(k)) return undefined;
  const kept = KEPT;
  if (kept.out !== null && kept.actor === actor && isKept(s, kept)) {
    const c = kept.out[k];
    kept.out = null;
    return c;
  }
  const l = PICK;
  l.n = 0;
  l.stop = k + 1;
  l.keep = k;
  list(s, actor, l);
  return l.out.pop();
}

/** May the actor give any command now? Exactly `legalCommands(s, actor).length > 0`, without the list. */
export function mayAct(s: GameState, actor: Actor): boolean {
  const l = PROBE;
  l.n = 0;
  list(s, actor, l);
  return l.n > 0;
}

/** The listings of the questions that build nothing or one command: reused, the engine is synchronous. */
const PROBE: Listing = { out: [], n: 0, stop: 1, keep: NONE };
const COUNT: Listing = { out: [], n: 0, stop: Infinity, keep: NONE };
const BUILD: Listing = { out: [], n: 0, stop: Infinity, keep: ALL };
const NO_OUT: Command[] = [];

/** The list the last legalCount built, for its state and actor, until a legalAt takes from it. */
const KEPT: StateKey & { actor: Actor; out: Command[] | null } = { s: null, log: null, len: -1, last: null, actor: 0, out: null };

function keep(s: GameState, actor: Actor, out: Command[]): void {
  keyTo(s, KEPT);
  KEPT.actor = actor;
  KEPT.out = out;
}
const PICK: Listing = { out: [], n: 0, stop: 1, keep: 0 };

/**
 * The seat that alone may act in this stage, when only one may: a speech's speaker (the shared
 * lister lists nothing for the other seats then, see seat()); else 0, any seat may.
 */
function loneSeat(s: GameState): number {
  const st = s.stage;
  return st.kind === 'speech' ? st.seat : 0;
}

/**
 * Everyone who may give a command now: seats in seat order, then the clock and the judge if they
 * may. The same answer as asking mayAct of each; kept per state until its log changes, so a bot
 * loop and the server's bot scheduler asking again for the same state read it once.
 */
export function actors(s: GameState): Actor[] {
  const k = ACTORS;
  if (!isKept(s, k)) {
    const out: Actor[] = [];
    seatActors(s, out);
    if (mayAct(s, 'clock')) out.push('clock');
    if (mayAct(s, 'judge')) out.push('judge');
    keyTo(s, k);
    k.out = out;
  }
  // A copy: the caller may change its answer, the cache must not change with it.
  return k.out.slice();
}

/**
 * The seats among actors(s), in seat order: how many, written from out[0] on (what `out` holds
 * past them is left as it was). For a loop that asks at every step and picks a seat, without a new
 * array each time and without asking the judge (a random bot never picks him).
 */
export function seatActors(s: GameState, out: Actor[]): number {
  let n = 0;
  if (s.finished === true) return n;
  const rules = rulesOf(s);
  if (rules.legal) {
    for (const x of s.seats) if (mayAct(s, x.seat)) out[n++] = x.seat;
    return n;
  }
  // The seats through the per-seat part of the lister, the game-wide checks made once; in a
  // speech only its speaker (most steps of a game: asking every seat was most of actors()).
  // A vote asks every seat at every step: who has hands told by voters(), no listing.
  if (s.stage.kind === 'vote') return voters(s, rules, out);
  const l = PROBE;
  const lone = loneSeat(s);
  for (let a = lone || 1, end = lone || s.seats.length; a <= end; a++) {
    l.n = 0;
    seat(s, rules, a, l);
    if (l.n > 0) out[n++] = a;
  }
  return n;
}

/** The last actors() answer and the state it was for (StateKey). */
const ACTORS: StateKey & { out: Actor[] } = { s: null, log: null, len: -1, last: null, out: [] };

function list(s: GameState, actor: Actor, l: Listing): void {
  if (s.finished === true) return;
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
  // A speech: its speaker alone (actors() asks no other seat, loneSeat()).
  if (st.kind === 'speech') {
    if (st.seat === actor) speaker(s, actor, l);
    return;
  }
  if (st.kind === 'vote') {
    const hands = handsOf(s, rules, me);
    if (hands > 0) voter(s, actor, hands, l);
    return;
  }
  if (me.alive !== true) return;
  if (st.kind === 'night' && st.intro !== true) {
    // Most seats hold no night ability: nothing to list, nothing to allocate.
    const abilities = nightAbilities(s, actor, me);
    if (abilities.length > 0) night(s, actor, abilities, l);
  }
}

/** The clock closes the stage; the judge too, and penalises, counts hands, and the preset's own. */
function officials(s: GameState, actor: 'clock' | 'judge', l: Listing): void {
  const out = l.out;
  const st = s.stage;
  if (st.kind === 'speech') {
    if (take(l)) out.push({ by: actor, do: 'endSpeech' });
  } else if (st.kind === 'vote') {
    if (take(l)) out.push({ by: actor, do: 'closeVote' });
  } else if (st.kind === 'night') {
    if (take(l)) out.push({ by: actor, do: 'endNight' });
  }
  if (actor === 'clock' || done(l)) return;
  const penalised = penaltyTargets(s);
  for (const t of penalised) {
    if (take(l)) out.push({ by: 'judge', do: 'foul', target: t });
    if (done(l)) return;
  }
  if (dayOptions(s.options).technicalFouls)
    for (const t of penalised) {
      if (take(l)) out.push({ by: 'judge', do: 'techFoul', target: t });
      if (done(l)) return;
    }
  for (const t of penalised) {
    if (take(l)) out.push({ by: 'judge', do: 'remove', target: t });
    if (done(l)) return;
  }
  if (st.kind === 'vote') legalCounts(s, l);
  if (done(l)) return;
  rulesOf(s).judgeExtras?.(s, l);
}

/** The seat holding the floor: end the speech, nominate or withdraw, colours on record, best move, the preset's own. */
function speaker(s: GameState, actor: number, l: Listing): void {
  const out = l.out;
  const rules = rulesOf(s);
  if (take(l)) out.push({ by: actor, do: 'endSpeech' });
  if (done(l)) return;
  const st = s.stage;
  if (st.kind !== 'speech') return;
  if (nominates(st.speech) && !rules.mutedToday(s, actor)) {
    const noms = nominationsOf(s, actor);
    const mine = (noms & 1) !== 0;
    const withdrawing = dayOptions(s.options).withdrawNomination;
    if (mine && s.speechNominated === true && withdrawing !== 'never') {
      if (take(l)) out.push({ by: actor, do: 'withdraw' });
      if (done(l)) return;
    }
    // fiim 7.5.2: a new nomination in the same speech replaces the earlier one.
    if (!mine || (s.speechNominated === true && withdrawing === 'auto'))
      if (seatRun(l, livingMask(s) & ~noms, 1, actor, nominate)) return;
  }
  // Each other seat, red then black.
  if (mayLeaveOnRecord(s, actor) && seatRun(l, allSeatsMask(s) & ~(1 << actor), 2, actor, onRecord)) return;
  legalBestMoves(s, actor, l);
  if (done(l)) return;
  rules.speakerExtras?.(s, actor, l);
}

/**
 * SPEECHES[kind].nominate, the last answer kept: a keyed load by a string is a megamorphic lookup
 * (~80 instructions), and a random bot's speech step asks twice (count, pick).
 */
function nominates(kind: SpeechKind): boolean {
  if (kind !== LAST_KIND.kind) {
    LAST_KIND.kind = kind;
    LAST_KIND.nominate = SPEECHES[kind].nominate;
  }
  return LAST_KIND.nominate;
}

const LAST_KIND: { kind: SpeechKind | null; nominate: boolean } = { kind: null, nominate: false };

const nominate = (by: number, target: number): Command => ({ by, do: 'nominate', target });
const onRecord = (by: number, t: number, j: number): Command => (j === 0 ? { by, do: 'onRecord', red: [t] } : { by, do: 'onRecord', black: [t] });

/**
 * Today's nominations in one pass (a speaker's walk, twice a random bot's speech step): the seats
 * nominated as bits (1 << seat; the shared lister seats at most 15), and bit 0 — no seat's — set
 * when `seat` has nominated.
 */
function nominationsOf(s: GameState, seat: number): number {
  let m = 0;
  for (const n of s.nominations) m |= n.by === seat ? (1 << n.target) | 1 : 1 << n.target;
  return m;
}

/**
 * How many hands this seat may raise now, in a vote (0: it may not vote): a living seat that has
 * not voted this round and may (club R29), for each candidate but itself unless selfVote, or
 * leave / stay at an all-leave round.
 */
function handsOf(s: GameState, rules: PresetRules, me: GameState['seats'][number]): number {
  const st = s.stage;
  if (st.kind !== 'vote' || me.alive !== true || s.votes[me.seat - 1] !== -1 || !rules.canVote(s, me.seat)) return 0;
  if (st.round === 'allLeave') return 2;
  return s.options.selfVote || indexIn(s.ballot, me.seat) < 0 ? s.ballot.length : s.ballot.length - 1;
}

/**
 * The seats with hands to raise (handsOf > 0) written into out, how many: what asking handsOf of
 * each seat answers, with the stage's part of it read once. A vote step asks every seat (a quarter
 * of a tournament's steps, 12 seats each). Each seat has the ballot's length of hands (two at an
 * all-leave round), one fewer on the ballot without selfVote: with two candidates or more every
 * living seat that has not voted and may (canVote) has hands, with one its candidate has none.
 */
function voters(s: GameState, rules: PresetRules, out: Actor[]): number {
  const st = s.stage;
  if (st.kind !== 'vote') return 0;
  const all = st.round === 'allLeave';
  const ballot = s.ballot;
  if (!all && ballot.length === 0) return 0;
  const handless = !all && ballot.length === 1 && !s.options.selfVote ? ballot[0]! : 0;
  const seats = s.seats;
  const votes = s.votes;
  let n = 0;
  for (let i = 0; i < seats.length; i++) {
    const x = seats[i]!;
    const t = x.seat;
    if (x.alive === true && votes[t - 1] === -1 && t !== handless && rules.canVote(s, t)) out[n++] = t;
  }
  return n;
}

/** A seat with `hands` (handsOf, > 0) hands to raise: each of them. */
function voter(s: GameState, actor: number, hands: number, l: Listing): void {
  const out = l.out;
  const st = s.stage;
  if (st.kind !== 'vote') return;
  if (st.round === 'allLeave') {
    if (take(l)) out.push({ by: actor, do: 'vote', leave: true });
    if (take(l)) out.push({ by: actor, do: 'vote', leave: false });
    return;
  }
  const ballot = s.ballot;
  // Each candidate on the ballot, in its order, but himself unless selfVote.
  const self = s.options.selfVote ? 0 : actor;
  if (l.keep === ALL) {
    for (const t of ballot)
      if (t !== self) {
        if (take(l)) out.push({ by: actor, do: 'vote', target: t });
        if (done(l)) return;
      }
    return;
  }
  // Counted by arithmetic, the one picked found by index (past himself when he is on the ballot).
  const i = skipRun(l, hands);
  if (i < 0) return;
  const at = indexIn(ballot, self);
  out.push({ by: actor, do: 'vote', target: ballot[at < 0 || i < at ? i : i + 1]! });
}


/** A living seat's night abilities (nightAbilities) still open tonight, each with every target the rules allow. */
function night(s: GameState, actor: number, abilities: readonly Ability[], l: Listing): void {
  const out = l.out;
  const rules = rulesOf(s);
  for (const a of abilities) {
    if (hasActed(s, actor, a.verb) || !isOn(s, actor, a)) continue;
    if (a.slot !== undefined && slotTaken(s, actor, ROLE_DEFS[s.seats[actor - 1]!.role].abilities, a.slot)) continue;
    if (a.verb === 'skip') {
      if (!rules.checkNightAction(s, actor, 'skip', null)) {
        if (take(l)) out.push({ by: actor, do: 'skip' });
        if (done(l)) return;
      }
      continue;
    }
    // A team's shot may name a seat already out where that is a miss (fiim 8.7, option shotAtOut).
    const check = a.verb === 'check';
    const anyone = check || missesOut(s, a);
    for (const x of s.seats) {
      const t = x.seat;
      if ((check && t === actor) || (!anyone && x.alive !== true)) continue;
      if (rules.checkNightAction(s, actor, a.verb, t)) continue;
      if (take(l)) out.push({ by: actor, do: a.verb, target: t });
      if (done(l)) return;
    }
    if (a.verb === 'shoot') {
      if (take(l)) out.push({ by: actor, do: 'shoot', target: null });
      if (done(l)) return;
    }
  }
}

/**
 * The seat's role's night abilities (ROLE_DEFS, those with when 'night'). Asked of every seat at
 * every night step, where the keyed lookup of the role and the scan of its abilities were most of
 * who-may-act: kept by seat for the last seat list, each entry checked against the seat's role
 * (a role may change), and made once per role definition.
 */
function nightAbilities(s: GameState, actor: number, me: GameState['seats'][number]): readonly Ability[] {
  const i = actor - 1;
  const k = BY_SEAT;
  if (k.seats !== s.seats) {
    k.seats = s.seats;
    k.roles = [];
    k.abilities = [];
  }
  if (k.roles[i] === me.role) return k.abilities[i]!;
  const def = ROLE_DEFS[me.role];
  let a = BY_DEF.get(def);
  if (a === undefined) {
    a = def.abilities.filter((x) => x.when === 'night');
    BY_DEF.set(def, a);
  }
  k.roles[i] = me.role;
  k.abilities[i] = a;
  return a;
}

/** By the role's definition, not its id: a role added at run time (and removed) may reuse an id. */
const BY_DEF = new WeakMap<RoleDef, readonly Ability[]>();
const BY_SEAT: { seats: unknown; roles: string[]; abilities: (readonly Ability[])[] } = { seats: null, roles: [], abilities: [] };

/** Has the seat used tonight an ability of this slot (kill or skip, check or shot)? Loops, not closures: asked for every sheriff at every night step. */
function slotTaken(s: GameState, actor: number, abilities: readonly Ability[], slot: string): boolean {
  for (const x of s.actions) if (x.seat === actor) for (const b of abilities) if (b.verb === x.verb && b.slot === slot) return true;
  return false;
}

/** The judge's counts of raised hands (R8) the round still allows: each uncounted candidate, each count. */
function legalCounts(s: GameState, l: Listing): void {
  const st = s.stage;
  if (st.kind !== 'vote') return;
  const out = l.out;
  const targets: (number | null)[] = st.round === 'allLeave' ? [null] : s.ballot;
  for (const target of targets) {
    const max = countsLeft(s, target);
    for (let count = 1; count <= max; count++) {
      if (take(l)) out.push(target === null ? { by: 'judge', do: 'voteCount', leave: true, count } : { by: 'judge', do: 'voteCount', target, count });
      if (done(l)) return;
    }
  }
}

// One ordered night resolver for every preset with a night table (classic, club, tournament, and
// fiim through classic): it asks each action's ability what it does (roles.ts `effect`), never the
// role's name. A preset gives only its order of stages and its exceptions (NightTable).
// block → protect → kill → inform → shield is the club-8-15 order (R22, R23), the tournament's
// heal → kill → checks (3.5.4–3.5.10, R32, R33) and classic's shot → checks (R12, R13).
import { emit, emitEvent, JUDGE, PUBLIC, type Ctx } from './emit.js';
import { roleDef, ROLE_DEFS, type Ability, type CheckAnswer, type Effect, type RoleDef, type VerdictAnswer } from './roles.js';
import type { GameState, SeatState } from './state.js';
import { indexIn, livingCount } from './table.js';
import type { RoleId, Team, Verb } from './vocab.js';

export type ResolveStage = 'block' | 'protect' | 'kill' | 'inform' | 'shield';

export interface NightTable {
  /** The stages this preset resolves, in order; an effect whose stage is absent does nothing. */
  order: readonly ResolveStage[];
  /** The rule a night without a death applies (R12 classic and tournament, R22 club). */
  missRule: string;
  /** The rule a doctor's heal applies (R23 club, R33 tournament). */
  protectRule: string;
  /** The rule of a death by someone's own kill, by the killer's verb (club maniac R22). */
  killRule: string;
  /** R16 `revealRoles: onExit` reveals a night kill at once (classic only: its source says so). */
  revealOnKill?: boolean;
  /** An exception after the table, with the number of living players at dusk (club R26). */
  after?(c: Ctx, livingAtDusk: number): void;
}

/**
 * The night as the resolver builds it, stage by stage. Lists, not sets: they hold a seat or two,
 * and a classic night (W1 speed, issue 18) fills none of them.
 */
interface Work {
  frozenBy: number[];
  frozen: number[];
  heals: { by: number; seat: number }[];
  guards: { by: number; seat: number }[];
}

/** The effect of the ability this seat used with this verb. */
export function effectOf(s: GameState, seat: number, verb: string): Effect | undefined {
  const x = s.seats[seat - 1];
  if (!x) return undefined;
  for (const a of roleDef(x.role).abilities) if (a.verb === verb && a.when === 'night') return a.effect;
  return undefined;
}

function livingActions(s: GameState, kind: Effect['kind']): { seat: number; verb: string; target: number }[] {
  const out: { seat: number; verb: string; target: number }[] = [];
  for (const a of s.actions) {
    if (a.target === null || s.seats[a.seat - 1]?.alive !== true) continue;
    if (effectOf(s, a.seat, a.verb)?.kind === kind) out.push(a as { seat: number; verb: string; target: number });
  }
  return out;
}

const GROUP_KILLERS = new Set(
  Object.values(ROLE_DEFS)
    .filter((r) => r.abilities.some((a: Ability) => a.effect?.kind === 'groupKill'))
    .map((r) => r.id),
);

/** R12: the target dies only if every living shooter shot it (excluded: frozen shooters, R29). */
export function unanimousShot(s: GameState, excluded?: (seat: number) => boolean): number | null {
  let target: number | null = null;
  // Indexed loops: every night asks (W1 speed, issue 18).
  const seats = s.seats;
  const actions = s.actions;
  for (let i = 0; i < seats.length; i++) {
    const seat = seats[i]!;
    if (seat.alive !== true || seat.team !== 'black') continue;
    if (excluded !== undefined && excluded(seat.seat)) continue;
    if (!GROUP_KILLERS.has(seat.role)) continue;
    let shot: number | null = null;
    for (let j = 0; j < actions.length; j++) {
      const a = actions[j]!;
      if (a.seat === seat.seat && a.verb === 'shoot') shot = a.target;
    }
    if (shot === null) return null;
    if (target === null) target = shot;
    else if (target !== shot) return null;
  }
  return target;
}

/** R13: each check's answer goes to the checker alone, in wake order (the don before the sheriff). */
export function deliverChecks(c: Ctx, blocked?: (seat: number) => boolean): void {
  const s = c.s;
  const checks: { seat: number; target: number; e: Extract<Effect, { kind: 'inspect' }> }[] = [];
  for (const a of s.actions) {
    if (a.target === null) continue;
    const e = effectOf(s, a.seat, a.verb);
    if (e?.kind === 'inspect') checks.push({ seat: a.seat, target: a.target, e });
  }
  // Stable: within one wake, checks keep the order they arrived in. By insertion: a night holds a
  // check or two, and Array.prototype.sort would allocate its work list.
  for (let i = 1; i < checks.length; i++) {
    const k = checks[i]!;
    let j = i - 1;
    for (; j >= 0 && checks[j]!.e.wake > k.e.wake; j--) checks[j + 1] = checks[j]!;
    checks[j + 1] = k;
  }
  for (const k of checks) {
    const checker = s.seats[k.seat - 1];
    const target = s.seats[k.target - 1];
    if (checker === undefined || target === undefined) continue;
    if (blocked !== undefined && blocked(k.seat) === true) continue;
    // R13 keeps the check of a player shot tonight; one removed tonight is out of the game (R6).
    if (checker.alive !== true && checker.exit?.cause !== 'kill') continue;
    emitEvent(c, { t: 'checkResult', seat: k.seat, target: k.target, result: answer(k.e, target), n: s.log.length, vis: [k.seat], rule: 'R13', phase: s.phase, number: s.number });
  }
}

function answer(e: Extract<Effect, { kind: 'inspect' }>, target: SeatState): CheckAnswer {
  const hit = e.role !== undefined ? target.role === e.role : target.team === e.team;
  return hit ? e.yes : e.no;
}

/** The answer a check of `target` by `checker` gets (R13), as the judge shows it by gesture; null if no check. */
export function checkAnswerOf(s: GameState, checker: number, target: number): CheckAnswer | null {
  const e = effectOf(s, checker, 'check');
  const t = s.seats[target - 1];
  return e?.kind === 'inspect' && t ? answer(e, t) : null;
}

/** R16 `revealRoles: onExit`: a night kill reveals the role like any other exit. */
export function revealOnKill(c: Ctx, seat: number): void {
  const x = c.s.seats[seat - 1];
  if (x && c.s.options.revealRoles === 'onExit') emit(c, { t: 'roleRevealed', seat, role: x.role }, PUBLIC, 'R16');
}

/** Resolve tonight's actions through the preset's table. */
export function resolveByTable(c: Ctx, table: NightTable): void {
  const s = c.s;
  const livingAtDusk = livingCount(s);
  // The stages that fill these lists give them their own; a classic night reads only the empty one.
  const w: Work = { frozenBy: NONE, frozen: NONE, heals: NONE, guards: NONE };
  for (const stage of table.order) {
    switch (stage) {
      case 'block':
        // A freeze and a heal are simultaneous choices: a frozen doctor heals no one (R23).
        w.frozenBy = [];
        for (const a of livingActions(s, 'block')) if (!w.frozenBy.includes(a.target)) w.frozenBy.push(a.target);
        break;
      case 'protect': {
        w.heals = [];
        w.guards = [];
        w.frozen = [];
        for (const a of livingActions(s, 'protect')) if (!w.frozenBy.includes(a.seat)) w.heals.push({ by: a.seat, seat: a.target });
        for (const a of livingActions(s, 'guard')) if (!w.frozenBy.includes(a.seat)) w.guards.push({ by: a.seat, seat: a.target });
        // A heal also lifts a freeze (R23).
        for (const x of w.frozenBy) if (!healed(w, x)) w.frozen.push(x);
        break;
      }
      case 'kill':
        kills(c, table, w);
        break;
      case 'inform':
        deliverChecks(c, w.frozen.length > 0 ? (seat) => w.frozen.includes(seat) : undefined);
        break;
      case 'shield':
        // A lover shot this night still made her choice before the shot, like a checker (R13).
        for (const a of s.actions) {
          if (a.target !== null && effectOf(s, a.seat, a.verb)?.kind === 'shield') emit(c, { t: 'voteShield', seat: a.target, by: a.seat }, JUDGE, 'R32');
        }
        break;
    }
  }
  table.after?.(c, livingAtDusk);
}

/** The empty list of a stage that did not run (never written: the stages make their own). */
const NONE: never[] = Object.freeze([]) as unknown as never[];

function healed(w: Work, seat: number): boolean {
  const heals = w.heals;
  for (let i = 0; i < heals.length; i++) if (heals[i]!.seat === seat) return true;
  return false;
}

/** The kill stage: who is aimed at, who is saved and why (the judge's log), then who dies. */
function kills(c: Ctx, table: NightTable, w: Work): void {
  const s = c.s;
  // A classic night has no freeze, heal or guard: the loops over them are skipped, not run empty.
  const frozen = w.frozen;
  const shot = unanimousShot(s, frozen.length > 0 ? (seat) => frozen.includes(seat) : undefined);
  // Own kills of unfrozen killers, with the verb's label for the heal's «saved» list.
  let own: { seat: number; target: number; e: Extract<Effect, { kind: 'kill' }> }[] | undefined;
  const actions = s.actions;
  for (let i = 0; i < actions.length; i++) {
    const a = actions[i]!;
    if (a.target === null || s.seats[a.seat - 1]?.alive !== true) continue;
    const e = effectOf(s, a.seat, a.verb);
    if (e?.kind === 'kill' && !(frozen.length > 0 && frozen.includes(a.seat))) (own ??= []).push({ seat: a.seat, target: a.target, e });
  }
  if (w.heals.length > 0) healedBy(c, table, w, shot, own ?? NONE);
  if (frozen.length > 0) {
    for (const seat of frozen.slice().sort((a, b) => a - b)) {
      const voided = s.actions.filter((a) => a.seat === seat).map((a) => a.verb);
      emit(c, { t: 'frozen', seat, voided }, [seat], 'R23');
    }
  }
  // fiim 8.7 (option shotAtOut): a shot at a player already out kills no one; the night may still
  // bring another role's kill.
  const outShot = shot !== null && s.seats[shot - 1]?.alive !== true;
  // Who dies and by which rule, as two parallel lists (a seat or two). The shot's victim is made
  // in the list (a push onto an empty one grows its store; most nights have this death only).
  const shotDies = shot !== null && !outShot && !healed(w, shot);
  const dead: number[] = shotDies ? [shot] : [];
  const deadRule: string[] = shotDies ? ['R12'] : [];
  if (own !== undefined)
    for (const k of own)
      if (!healed(w, k.target) && !dead.includes(k.target)) {
        dead.push(k.target);
        deadRule.push(k.e.rule ?? table.killRule);
      }
  if (w.guards.length > 0) guardedBy(c, w, dead, deadRule);
  let died = 0;
  // In seat order.
  for (let seat = 1, left = dead.length; seat <= s.seats.length && left > 0; seat++) {
    const i = indexIn(dead, seat);
    if (i < 0) continue;
    left--;
    if (s.seats[seat - 1]?.alive !== true) continue;
    emitEvent(c, { t: 'eliminated', seat, cause: 'kill', lastWord: true, n: s.log.length, vis: PUBLIC, rule: deadRule[i]!, phase: s.phase, number: s.number });
    if (table.revealOnKill === true) revealOnKill(c, seat);
    died++;
  }
  if (died === 0) emitEvent(c, { t: 'nightMiss', n: s.log.length, vis: PUBLIC, rule: outShot ? 'fiim 8.7' : table.missRule, phase: s.phase, number: s.number });
}

/** The judge's log of each heal: whom it saved, and from what. */
function healedBy(c: Ctx, table: NightTable, w: Work, shot: number | null, own: readonly { target: number; e: Extract<Effect, { kind: 'kill' }> }[]): void {
  for (const h of w.heals) {
    const saved: ('shot' | 'maniac' | 'sheriff' | 'freeze')[] = [];
    if (h.seat === shot) saved.push('shot');
    for (const k of own) if (k.target === h.seat && !saved.includes(k.e.saved)) saved.push(k.e.saved);
    if (w.frozenBy.includes(h.seat)) saved.push('freeze');
    emit(c, { t: 'healed', seat: h.seat, by: h.by, saved }, JUDGE, table.protectRule);
  }
}

/** A bodyguard dies in the place of the one he guards (R23); a heal on him saves him too. */
function guardedBy(c: Ctx, w: Work, dead: number[], deadRule: string[]): void {
  for (const g of w.guards) {
    const i = dead.indexOf(g.seat);
    if (i < 0 || g.seat === g.by) continue;
    dead.splice(i, 1);
    deadRule.splice(i, 1);
    emit(c, { t: 'guarded', seat: g.seat, by: g.by }, JUDGE, 'R23');
    if (!healed(w, g.by) && !dead.includes(g.by)) {
      dead.push(g.by);
      deadRule.push('R23');
    }
  }
}

// ---- presets that resolve by stages of their own (forum) ----------------------------------------

/** A role's powers one seat holds for a night, taken from their owner (the forum priestess). */
export interface Held {
  seat: number;
  role: RoleId;
  from: number;
}

/** How a preset reads its roles at night: its role table, a power held for the night, once-a-game uses. */
export interface ActSource {
  role(r: RoleId): RoleDef;
  held?(s: GameState): Held | null;
  /** Has this once-a-game ability been used already? */
  spent?(s: GameState, a: Ability): boolean;
}

/** One standing night choice, read as the effect of the ability it used and the role it acted as. */
export interface Act {
  by: number;
  verb: Verb;
  target: number;
  /** Its place among tonight's choices (the last of a kind counts, R52). */
  order: number;
  effect: Effect;
  as: RoleId;
}

function nightAbility(def: RoleDef, verb: string): Ability | undefined {
  for (const a of def.abilities) if (a.verb === verb && a.when === 'night') return a;
  return undefined;
}

/** Does the ability work tonight (its nights, its one use)? */
function works(s: GameState, a: Ability, src: ActSource): boolean {
  if (a.nights === 'odd' && s.number % 2 !== 1) return false;
  if (typeof a.nights === 'object' && s.number > a.nights.upTo) return false;
  return !(a.once && src.spent?.(s, a));
}

/** May this seat use this verb tonight? Its own ability (an owner whose power is held is accepted, and ignored) or a held one. */
export function canAct(s: GameState, seat: number, verb: Verb, src: ActSource): boolean {
  const x = s.seats[seat - 1];
  if (!x) return false;
  const own = nightAbility(src.role(x.role), verb);
  if (own && works(s, own, src)) return true;
  const h = src.held?.(s);
  const held = h && h.seat === seat ? nightAbility(src.role(h.role), verb) : undefined;
  return held !== undefined && works(s, held, src);
}

/** Does the role shoot with its team (its power held by another stops the whole team's shot)? */
export function teamShooter(def: RoleDef): boolean {
  return def.abilities.some((a) => a.effect?.kind === 'groupKill');
}

/**
 * Tonight's choices between living players, in the order given, each as the effect of the ability
 * it used: a held power acts for its holder and not its owner; a team's held shot is the holder's alone.
 */
export function collectActs(s: GameState, src: ActSource): Act[] {
  const h = src.held?.(s) ?? null;
  const heldDef = h ? src.role(h.role) : null;
  const teamHeld = heldDef !== null && teamShooter(heldDef);
  const out: Act[] = [];
  s.actions.forEach((a, order) => {
    if (a.target === null || s.seats[a.seat - 1]?.alive !== true || s.seats[a.target - 1]?.alive !== true) return;
    const x = s.seats[a.seat - 1]!;
    let ability: Ability | undefined;
    let as: RoleId = x.role;
    if (h && heldDef && h.seat === a.seat) {
      const b = nightAbility(heldDef, a.verb);
      if (b && works(s, b, src)) {
        ability = b;
        as = h.role;
      }
    }
    if (!ability) {
      const b = nightAbility(src.role(x.role), a.verb);
      const taken = h !== null && h.from === a.seat && h.role === x.role;
      if (b && works(s, b, src) && !taken) ability = b;
    }
    if (!ability?.effect) return;
    if (ability.effect.kind === 'groupKill' && teamHeld && a.seat !== h!.seat) return;
    out.push({ by: a.seat, verb: a.verb as Verb, target: a.target, order, effect: ability.effect, as });
  });
  return out;
}

/** The answer a verdict gives on a role (null: a plain player for the night) of a team (R45). */
export function verdictOf(e: Extract<Effect, { kind: 'verdict' }>, role: RoleId | null, team: Team): VerdictAnswer {
  if (team === 'black') return e.black;
  return (role !== null ? e.answers[role] : undefined) ?? e.otherwise;
}

/** A night a preset resolves by stages of its own over the shared reading of tonight's acts. */
export interface StagedNight<W> {
  source: ActSource;
  /** The preset's working record of the night, from the acts. */
  start(c: Ctx, acts: readonly Act[]): W;
  /** Its stages, in order: the preset's order and its exceptions. */
  order: readonly ((c: Ctx, w: W) => void)[];
}

export function resolveStaged<W>(c: Ctx, night: StagedNight<W>): void {
  const w = night.start(c, collectActs(c.s, night.source));
  for (const stage of night.order) stage(c, w);
}

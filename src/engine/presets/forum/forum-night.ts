// The forum night (forum-mafia.ru.txt "НОЧЬ" and "ФОРС-МАЖОРЫ", R45–R48, R50, R52, R54).
// Choices can be changed until the clock closes the night; the last one counts. At the close the
// shared resolver (core/night-resolve.ts) reads them as their abilities' effects (forum-roles.ts),
// and the forum's stages resolve them in order: the seduction's block and takeover, the void power,
// the force-majeure cases between shots, protection and deaths, then the morning's posts. Each
// stage asks the roles' effects and traits, never a role's name.
import type { Command } from '../../core/command.js';
import { emit, PUBLIC, type Ctx } from '../../core/emit.js';
import type { EventBody, Visibility } from '../../core/events.js';
import { canAct, resolveStaged, teamShooter, verdictOf, type Act, type ActSource, type StagedNight } from '../../core/night-resolve.js';
import { ownShot, SHOTS, traitOf, type Effect, type RoleDef } from '../../core/roles.js';
import { exitPlayer, isAlive, livingBlack, roleOf, settle, startForumDay } from './forum-common.js';
import { forumRole } from './forum-roles.js';
import type { CheckResult, Takeover, TellKind } from './forum-types.js';
import { reject, type Rejection } from '../../core/rejection.js';
import type { GameState, SeatState } from '../../core/state.js';
import type { RoleId, Verb } from '../../core/vocab.js';

export function takeoverTonight(s: GameState): Takeover | null {
  const t = s.forum?.takeover ?? null;
  return t && t.night === s.number && s.phase === 'night' ? t : null;
}

/** How the forum reads its roles at night: its role table, the priestess's takeover, her one seduction. */
export const FORUM_ACTS: ActSource = {
  role: forumRole,
  held: takeoverTonight,
  // The seduction is the forum's one once-a-game night ability; the night's record marks it used.
  spent: (s, a) => a.effect?.kind === 'seduce' && s.forum?.seduced === true,
};

/** May this seat give this night verb tonight? (Owners whose power is taken are accepted and ignored.) */
export function nightVerbAllowed(s: GameState, seat: number, verb: Verb): boolean {
  const x = s.seats[seat - 1];
  if (!x || !x.alive || !s.forum || s.phase !== 'night') return false;
  return canAct(s, seat, verb, FORUM_ACTS);
}

function ruleFor(verb: Verb): string {
  switch (verb) {
    case 'shoot':
      return 'R52';
    case 'kill':
      return 'R45';
    case 'explode':
      return 'forum-mafia Камикадзе';
    case 'heal':
      return 'forum-mafia Доктор';
    default:
      return 'forum-mafia ЖЛ';
  }
}

export function nightHandler(verb: Verb) {
  return (c: Ctx, cmd: Command): Rejection | null => {
    const s = c.s;
    const rule = ruleFor(verb);
    if (s.stage.kind !== 'night') return reject('wrongPhase', rule);
    if (typeof cmd.by !== 'number' || !s.seats[cmd.by - 1]) return reject('badActor');
    const seat = cmd.by;
    if (!isAlive(s, seat)) return reject('notAlive');
    if (!nightVerbAllowed(s, seat, verb)) return reject('notAllowed', rule);
    const target = cmd.target ?? null;
    if (target !== null) {
      if (!s.seats[target - 1]) return reject('badTarget');
      if (!isAlive(s, target)) return reject('targetNotAlive');
      if (target === seat && verb !== 'heal') return reject('badTarget', rule);
      if (verb === 'heal' && s.forum!.healCounts[target - 1]! >= 2) return reject('limitReached', rule);
    }
    const t = takeoverTonight(s);
    const vis = verb === 'shoot' && !(t && t.seat === seat) ? livingBlack(s) : [seat];
    emit(c, { t: 'nightAction', seat, verb, target }, vis, rule);
    return null;
  };
}

export const forumEndNight = (c: Ctx, cmd: Command): Rejection | null => {
  if (cmd.by !== 'clock' && cmd.by !== 'judge') return reject('badActor', 'R52');
  if (c.s.stage.kind !== 'night') return reject('wrongPhase', 'R52');
  resolveForumNight(c);
  if (c.s.finished) return null;
  if (settle(c, [])) return null;
  startForumDay(c);
  return null;
};

// ---- the resolution table -------------------------------------------------------------------

/** The team's shot is written as the mafia's in the judge's record of the night, whoever gave it. */
const TEAM_AS: RoleId = 'mafia';

type ShotKind = 'groupKill' | 'kill' | 'verdict' | 'explode';
interface Attack {
  by: number;
  kind: ShotKind;
  effect: Effect;
  as: RoleId;
  target: number;
  order: number;
}

interface Tell {
  kind: TellKind;
  /** The force-majeure case (or rule) the message comes from. */
  rule: string;
  to: number[];
  target?: number;
  result?: CheckResult;
}

/** The night as the forum's stages build it. */
interface Night {
  t: Takeover | null;
  attacks: Attack[];
  heal: { by: number; target: number } | null;
  seduce: { by: number; target: number } | null;
  cases: string[];
  blocked: number[];
  next: { from: number; role: RoleId; by: 'seduce' | 'void'; holder: number } | null;
  voided: number | null;
  off: Set<Attack>;
  tells: Tell[];
  dead: Set<number>;
  bonusTonight: number | null;
  bonusPlayed: boolean;
  healSaved: boolean;
  conversions: { seat: number; to: RoleId; joins: boolean }[];
}

function isShot(k: Effect['kind']): k is ShotKind {
  return SHOTS.includes(k);
}

/** The choices that stand at the close: the team's last shot, each own shot, the last heal and seduction. */
function start(c: Ctx, acts: readonly Act[]): Night {
  const s = c.s;
  const f = s.forum!;
  let team: Attack | null = null;
  const own: Attack[] = [];
  let heal: Night['heal'] = null;
  let seduce: Night['seduce'] = null;
  for (const a of acts) {
    const k = a.effect.kind;
    if (k === 'groupKill') team = { by: a.by, kind: k, effect: a.effect, as: TEAM_AS, target: a.target, order: a.order };
    else if (isShot(k)) own.push({ by: a.by, kind: k, effect: a.effect, as: a.as, target: a.target, order: a.order });
    else if (k === 'protect') heal = { by: a.by, target: a.target };
    else if (k === 'seduce') seduce = { by: a.by, target: a.target };
  }
  const attacks: Attack[] = team ? [team, ...own] : own;
  attacks.sort((a, b) => a.order - b.order);
  return {
    t: takeoverTonight(s),
    attacks,
    heal,
    seduce,
    cases: [],
    blocked: [],
    next: null,
    voided: null,
    off: new Set(),
    tells: [],
    dead: new Set(),
    bonusTonight: f.bonus && !f.bonusUsed && f.bonus.day === s.number ? f.bonus.seat : null,
    bonusPlayed: false,
    healSaved: false,
    conversions: [],
  };
}

/** 1. The seduction blocks the target's action tonight; a shooting role is the priestess's next night. */
function seduction(c: Ctx, w: Night): void {
  if (!w.seduce) return;
  const S = w.seduce.target;
  if (w.attacks.some((a) => a.by === S) || w.heal?.by === S) w.blocked.push(S);
  w.attacks = w.attacks.filter((a) => a.by !== S);
  if (w.heal?.by === S) w.heal = null;
  const role = roleOf(c.s, S);
  const asHeld = w.t && w.t.seat === S ? null : role;
  if (asHeld && ownShot(forumRole(asHeld), SHOTS)) w.next = { from: S, role: asHeld, by: 'seduce', holder: w.seduce.by };
}

/**
 * 2. The void power (once, at tables big enough): the first shooter to choose its holder loses his
 *    powers to her next night; the others who chose her miss too (case 10*, 10**).
 */
function voidPower(c: Ctx, w: Night): void {
  const s = c.s;
  if (s.forum!.voidUsed) return;
  const holder = s.seats.find((x) => x.alive && traitOf(forumRole(x.role), 'voids'));
  const power = holder && traitOf(forumRole(holder.role), 'voids');
  if (!holder || !power || s.seats.length < power.minPlayers) return;
  const onHer = w.attacks.filter((a) => a.target === holder.seat);
  if (onHer.length === 0) return;
  const first = onHer[0]!;
  w.voided = first.by;
  w.attacks = w.attacks.filter((a) => a.target !== holder.seat);
  w.cases.push(onHer.length > 1 ? '10*' : '10');
  if (first.kind === 'explode') w.cases.push('10**');
  if (!w.next) w.next = { from: first.by, role: first.kind === 'groupKill' ? roleOf(s, first.by) : first.as, by: 'void', holder: holder.seat };
}

/** The death of a seat, unless the doctor's heal or the hidden bonus stops it; false when stopped. */
function hit(w: Night, seat: number): boolean {
  if (w.heal && w.heal.target === seat) {
    w.healSaved = true;
    return false;
  }
  if (w.bonusTonight === seat && !w.bonusPlayed) {
    w.bonusPlayed = true;
    return false;
  }
  w.dead.add(seat);
  return true;
}

/** 3. The force-majeure cases between the shots, then each target against the shots that stand on it. */
function clash(c: Ctx, w: Night): void {
  const s = c.s;
  const t = w.t;
  const { cases, tells, off } = w;
  // Who each seat counts as tonight: a priestess holding a role that shoots on its own acts and is
  // attacked as that role; its owner counts as a plain player (null) for the night.
  const personal = t !== null && !teamShooter(forumRole(t.role));
  const asRole = (seat: number): RoleId | null => {
    if (t && personal) {
      if (t.seat === seat) return t.role;
      if (t.from === seat) return null;
    }
    return roleOf(s, seat);
  };
  const defOf = (role: RoleId | null): RoleDef | undefined => (role !== null ? forumRole(role) : undefined);
  const leads = (x: SeatState): boolean => traitOf(forumRole(x.role), 'leads') !== undefined;
  const find = (k: ShotKind): Attack | null => w.attacks.find((a) => a.kind === k) ?? null;
  const M = find('groupKill');
  const C = find('verdict');
  const X = find('kill');
  const K = find('explode');
  const teamHeld = t !== null && teamShooter(forumRole(t.role));
  const mafiaTo = teamHeld ? [t.seat] : livingBlack(s);

  // 3. An own kill on a role that repels it (the maniac on the commissar): the shooter dies — unless
  //    the team chose the shooter (case 9: no one dies) or the same target (case 2*: the target lives,
  //    the shooter leaves).
  if (X && traitOf(defOf(asRole(X.target)), 'repels')?.shot === X.kind) {
    off.add(X);
    if (M && M.target === X.by) {
      off.add(M);
      cases.push('9');
      tells.push({ kind: 'maniacShotYou', rule: 'forum-mafia ФМ 9', to: [X.target] });
    } else if (M && M.target === X.target) {
      off.add(M);
      cases.push('2*');
      tells.push({ kind: 'mafiaAimedAtYou', rule: 'forum-mafia ФМ 2*', to: [X.target] });
      if (hit(w, X.by)) tells.push({ kind: 'removedManiac', rule: 'forum-mafia ФМ 2*', to: mafiaTo });
    } else {
      cases.push('maniac→commissar');
      hit(w, X.by);
    }
  }
  // 4. Case 5: the team on the commissar while he hits a black player who is not the team's head —
  //    the team's shot fails, the commissar lives. On the head (5*) both shots stand.
  if (M && !off.has(M) && C && M.target === C.by && s.seats[C.target - 1]!.team === 'black') {
    if (!leads(s.seats[C.target - 1]!)) {
      off.add(M);
      cases.push('5');
      if (!s.seats.some((x) => x.alive && leads(x))) cases.push('8**');
    } else cases.push('5*');
  }

  // 5. Each target against the attacks that still stand on it.
  const live = w.attacks.filter((a) => !off.has(a));
  const targets = [...new Set(live.map((a) => a.target))].sort((a, b) => a - b);
  for (const seat of targets) {
    const on = live.filter((a) => a.target === seat);
    const has = (k: ShotKind): boolean => on.some((a) => a.kind === k);
    const by = (k: ShotKind): number[] => on.filter((a) => a.kind === k).map((a) => a.by);
    const role = asRole(seat);
    const def = defOf(role);
    const team = s.seats[seat - 1]!.team;
    /** The commissar learns what his verdict finds (R45). */
    const checked = (rule = 'R45'): void => {
      for (const a of on) {
        if (a.effect.kind !== 'verdict') continue;
        tells.push({ kind: 'checked', rule, to: [a.by], target: seat, result: verdictOf(a.effect, role, team) });
      }
    };
    if (traitOf(def, 'retaliates')) {
      if (has('verdict')) {
        checked('forum-mafia ФМ 6, R54');
        cases.push('6');
      }
      const hostile = on.filter((a) => a.kind !== 'verdict');
      if (hostile.length === 0) continue;
      const exploding = K !== null && K.by === seat;
      if (!exploding && !hit(w, seat)) continue;
      if (exploding) w.dead.add(seat);
      // He takes his attackers with him; for the team's shot it is the team's head (case 6*).
      for (const a of hostile) {
        let victim = a.by;
        if (a.kind === 'groupKill' && !teamHeld) {
          const head = s.seats.find((x) => x.alive && leads(x));
          if (head) victim = head.seat;
          cases.push('6*');
        }
        hit(w, victim);
      }
      continue;
    }
    if (team === 'black') {
      if (has('verdict')) {
        checked();
        if (has('kill')) cases.push('1*');
      }
      hit(w, seat);
      continue;
    }
    const converts = traitOf(def, 'converts');
    if (converts) {
      if (has('verdict') && has('groupKill')) {
        cases.push('4');
        checked('forum-mafia ФМ 4');
        hit(w, seat);
      } else if (has('explode')) hit(w, seat);
      else if (has('kill') && !has('verdict')) {
        if (has('groupKill')) cases.push('2**');
        hit(w, seat);
      } else if (has('kill') && has('verdict')) {
        cases.push('1***');
        tells.push({ kind: 'savedCivilian', rule: 'forum-mafia ФМ 1***', to: by('verdict') });
        tells.push({ kind: 'woundedCivilian', rule: 'forum-mafia ФМ 1***', to: by('kill') });
        w.conversions.push({ seat, to: converts.byVerdict, joins: false });
      } else if (has('verdict')) {
        checked('R46');
        w.conversions.push({ seat, to: converts.byVerdict, joins: false });
      } else if (has('groupKill')) w.conversions.push({ seat, to: converts.byTeamShot, joins: true });
      continue;
    }
    if (has('verdict')) {
      // The commissar's shot saves a non-black target from the maniac and the mafia (cases 1**, 3).
      if (has('kill')) {
        cases.push('1**');
        tells.push({ kind: 'savedCivilian', rule: 'forum-mafia ФМ 1**', to: by('verdict') });
        tells.push({ kind: 'woundedCivilian', rule: 'forum-mafia ФМ 1**', to: by('kill') });
      } else if (!has('groupKill')) checked();
      if (has('groupKill')) {
        cases.push('3');
        if (!has('kill')) checked('forum-mafia ФМ 3');
        tells.push({ kind: 'commissarSaved', rule: 'forum-mafia ФМ 3', to: mafiaTo });
      }
      if (has('explode')) hit(w, seat);
      continue;
    }
    if (has('groupKill') && has('kill')) cases.push('2***');
    hit(w, seat);
  }
  // The kamikaze who blows himself up leaves with his target, whatever the doctor does.
  if (K && !off.has(K)) w.dead.add(K.by);
}

/** 4. The morning: the judge's record, private results, then the public post (R50). */
function morning(c: Ctx, w: Night): void {
  const s = c.s;
  const night = s.number;
  const out = (body: EventBody, vis: Visibility, rule: string): void => emit(c, body, vis, rule);
  out(
    {
      t: 'nightSummary',
      heal: w.heal?.target ?? null,
      seduce: w.seduce?.target ?? null,
      voided: w.voided,
      blocked: w.blocked,
      attacks: w.attacks.map((a) => ({ by: a.by, as: a.as, target: a.target })),
      cases: w.cases,
    },
    'judge',
    'R45',
  );
  for (const tell of w.tells) {
    // The commissar's result on a player who died is the public post itself.
    if (tell.kind === 'checked' && tell.target !== undefined && w.dead.has(tell.target)) continue;
    const body: Extract<EventBody, { t: 'told' }> = { t: 'told', kind: tell.kind };
    if (tell.target !== undefined) body.target = tell.target;
    if (tell.result !== undefined) body.result = tell.result;
    out(body, tell.to, tell.rule);
  }
  for (const cv of w.conversions) {
    const from = roleOf(s, cv.seat);
    if (cv.joins) {
      // Joining the team: the team learns its new member, and the new member the team (R46).
      const team = [...livingBlack(s), cv.seat].sort((a, b) => a - b);
      out({ t: 'roleChanged', seat: cv.seat, from, to: cv.to }, team, 'R46');
      out({ t: 'teamRevealed', team: 'black', members: team.map((seat) => ({ seat, role: roleOf(s, seat) })) }, [cv.seat], 'R46');
    } else out({ t: 'roleChanged', seat: cv.seat, from, to: cv.to }, [cv.seat], 'R46');
  }
  const next = w.next;
  if (next) {
    out(
      { t: 'priestessTook', seat: next.holder, from: next.from, role: next.role, night: night + 1, by: next.by },
      [next.holder],
      next.by === 'void' ? 'forum-mafia ФМ 10' : 'forum-mafia ЖЛ',
    );
  }
  if (w.heal) out({ t: 'healAnnounced', seat: w.heal.target, saved: w.healSaved }, PUBLIC, 'R50');
  if (w.bonusPlayed && w.bonusTonight !== null) out({ t: 'bonusPlayed', seat: w.bonusTonight }, PUBLIC, 'R41');
  const died = [...w.dead].sort((a, b) => a - b);
  for (const seat of died) exitPlayer(c, seat, 'kill', 'R45, R50');
  if (died.length === 0) out({ t: 'nightMiss' }, PUBLIC, 'R50');
  settle(c, died);
}

/** The forum's night: the shared reading of tonight's acts, then the forum's order of stages. */
export const FORUM_NIGHT: StagedNight<Night> = {
  source: FORUM_ACTS,
  start,
  order: [seduction, voidPower, clash, morning],
};

export function resolveForumNight(c: Ctx): void {
  resolveStaged(c, FORUM_NIGHT);
}

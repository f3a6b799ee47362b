// The forum night (forum-mafia.ru.txt "НОЧЬ" and "ФОРС-МАЖОРЫ", R45–R48, R50, R52, R54).
// Choices can be changed until the clock closes the night; the last one counts. At the close
// one ordered table resolves them: takeovers, the priestess's block and void, the
// force-majeure cases between shooters, protection, deaths, then what the deaths set off.
import type { Command } from '../../core/command.js';
import { emit, PUBLIC, type Ctx } from '../../core/emit.js';
import type { EventBody, Visibility } from '../../core/events.js';
import { BLACK_ROLES, exitPlayer, isAlive, livingBlack, roleOf, settle, SHOOTING_ROLES, startForumDay } from './forum-common.js';
import { PRIESTESS_VOID_MIN } from './forum-deal.js';
import type { CheckResult, Takeover, TellKind } from './forum-types.js';
import { reject, type Rejection } from '../../core/rejection.js';
import type { GameState } from '../../core/state.js';
import type { RoleId, Verb } from '../../core/vocab.js';

/** The roles whose powers a priestess can hold for a night and that act against an attacker. */
const PASSIVE: readonly RoleId[] = ['commissar', 'maniac', 'kamikaze'];

export function takeoverTonight(s: GameState): Takeover | null {
  const t = s.forum?.takeover ?? null;
  return t && t.night === s.number && s.phase === 'night' ? t : null;
}

export function maniacNight(night: number): boolean {
  return night % 2 === 1;
}

/** May this seat give this night verb tonight? (Owners whose power is taken are accepted and ignored.) */
export function nightVerbAllowed(s: GameState, seat: number, verb: Verb): boolean {
  const x = s.seats[seat - 1];
  const f = s.forum;
  if (!x || !x.alive || !f || s.phase !== 'night') return false;
  const t = takeoverTonight(s);
  const held = t && t.seat === seat ? t.role : null;
  switch (verb) {
    case 'shoot':
      return x.team === 'black' || (held !== null && BLACK_ROLES.includes(held));
    case 'kill':
      return x.role === 'commissar' || held === 'commissar' || ((x.role === 'maniac' || held === 'maniac') && maniacNight(s.number));
    case 'explode':
      return x.role === 'kamikaze' || held === 'kamikaze';
    case 'heal':
      return x.role === 'doctor';
    case 'seduce':
      return x.role === 'priestess' && s.number <= 2 && !f.seduced;
    default:
      return false;
  }
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

type As = 'mafia' | 'commissar' | 'maniac' | 'kamikaze';
interface Attack {
  by: number;
  as: As;
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

/** The choices that stand at the close, each as the role it acts for tonight. */
function collect(s: GameState, t: Takeover | null) {
  const attacks: Attack[] = [];
  let team: Attack | null = null;
  let heal: { by: number; target: number } | null = null;
  let seduce: { by: number; target: number } | null = null;
  const takenBlack = t !== null && BLACK_ROLES.includes(t.role);
  const held = (seat: number): RoleId | null => (t && t.seat === seat ? t.role : null);
  const taken = (seat: number, role: RoleId): boolean => t !== null && t.from === seat && t.role === role;
  const byOrder: Attack[] = [];
  s.actions.forEach((a, order) => {
    if (a.target === null || !isAlive(s, a.seat) || !isAlive(s, a.target)) return;
    const x = s.seats[a.seat - 1]!;
    const target = a.target;
    switch (a.verb) {
      case 'shoot':
        if (takenBlack ? a.seat === t!.seat : x.team === 'black') team = { by: a.seat, as: 'mafia', target, order };
        break;
      case 'kill': {
        const h = held(a.seat);
        if (h === 'commissar' || h === 'maniac') {
          if (h === 'commissar' || maniacNight(s.number)) byOrder.push({ by: a.seat, as: h, target, order });
        } else if (x.role === 'commissar' && !taken(a.seat, 'commissar')) byOrder.push({ by: a.seat, as: 'commissar', target, order });
        else if (x.role === 'maniac' && !taken(a.seat, 'maniac') && maniacNight(s.number)) byOrder.push({ by: a.seat, as: 'maniac', target, order });
        break;
      }
      case 'explode':
        if (held(a.seat) === 'kamikaze' || (x.role === 'kamikaze' && !taken(a.seat, 'kamikaze'))) byOrder.push({ by: a.seat, as: 'kamikaze', target, order });
        break;
      case 'heal':
        if (x.role === 'doctor') heal = { by: a.seat, target };
        break;
      case 'seduce':
        if (x.role === 'priestess' && s.number <= 2 && !s.forum!.seduced) seduce = { by: a.seat, target };
        break;
    }
  });
  if (team) attacks.push(team);
  for (const a of byOrder) attacks.push(a);
  attacks.sort((a, b) => a.order - b.order);
  return { attacks, heal: heal as { by: number; target: number } | null, seduce: seduce as { by: number; target: number } | null };
}

export function resolveForumNight(c: Ctx): void {
  const s = c.s;
  const f = s.forum!;
  const night = s.number;
  const t = takeoverTonight(s);
  const got = collect(s, t);
  let attacks = got.attacks;
  let heal = got.heal;
  const seduce = got.seduce;
  const cases: string[] = [];
  const blocked: number[] = [];
  let next: { from: number; role: RoleId; by: 'seduce' | 'void' } | null = null;
  let voided: number | null = null;

  // 1. The priestess's choice blocks a role player's action tonight; a shooting role is hers next night.
  if (seduce) {
    const S = seduce.target;
    if (attacks.some((a) => a.by === S) || heal?.by === S) blocked.push(S);
    attacks = attacks.filter((a) => a.by !== S);
    if (heal?.by === S) heal = null;
    const role = roleOf(s, S);
    const asHeld = t && t.seat === S ? null : role;
    if (asHeld && SHOOTING_ROLES.includes(asHeld)) next = { from: S, role: asHeld, by: 'seduce' };
  }

  // 2. Her void power (12+ players, once): the first shooter to choose her loses his powers to her
  //    next night; the others who chose her miss too (case 10*, 10**).
  const priestess = s.seats.find((x) => x.alive && x.role === 'priestess');
  if (priestess && s.seats.length >= PRIESTESS_VOID_MIN && !f.voidUsed) {
    const onHer = attacks.filter((a) => a.target === priestess.seat);
    if (onHer.length > 0) {
      const first = onHer[0]!;
      voided = first.by;
      attacks = attacks.filter((a) => a.target !== priestess.seat);
      cases.push(onHer.length > 1 ? '10*' : '10');
      if (first.as === 'kamikaze') cases.push('10**');
      if (!next) next = { from: first.by, role: first.as === 'mafia' ? roleOf(s, first.by) : first.as, by: 'void' };
    }
  }

  // Who each seat counts as tonight: a priestess holding commissar, maniac or kamikaze powers acts
  // and is attacked as that role; the owner counts as a plain civilian for the night.
  const asRole = (seat: number): RoleId => {
    if (t && PASSIVE.includes(t.role)) {
      if (t.seat === seat) return t.role;
      if (t.from === seat) return 'civilian';
    }
    return roleOf(s, seat);
  };
  const M = attacks.find((a) => a.as === 'mafia') ?? null;
  const C = attacks.find((a) => a.as === 'commissar') ?? null;
  const X = attacks.find((a) => a.as === 'maniac') ?? null;
  const K = attacks.find((a) => a.as === 'kamikaze') ?? null;
  const off = new Set<Attack>();
  const tells: Tell[] = [];
  const mafiaTo = t && BLACK_ROLES.includes(t.role) ? [t.seat] : livingBlack(s);
  const dead = new Set<number>();
  const bonusTonight = f.bonus && !f.bonusUsed && f.bonus.day === night ? f.bonus.seat : null;
  let bonusPlayed = false;
  let healSaved = false;
  /** A death the doctor's heal or the bonus can stop; false when it was stopped. */
  const hit = (seat: number): boolean => {
    if (heal && heal.target === seat) {
      healSaved = true;
      return false;
    }
    if (bonusTonight === seat && !bonusPlayed) {
      bonusPlayed = true;
      return false;
    }
    dead.add(seat);
    return true;
  };
  const conversions: { seat: number; to: RoleId }[] = [];

  // 3. The maniac on the commissar (role 4): the maniac dies — unless the mafia chose the maniac (case 9:
  //    no one dies) or the same commissar (case 2*: the commissar lives, the maniac leaves).
  if (X && asRole(X.target) === 'commissar') {
    off.add(X);
    if (M && M.target === X.by) {
      off.add(M);
      cases.push('9');
      tells.push({ kind: 'maniacShotYou', rule: 'forum-mafia ФМ 9', to: [X.target] });
    } else if (M && M.target === X.target) {
      off.add(M);
      cases.push('2*');
      tells.push({ kind: 'mafiaAimedAtYou', rule: 'forum-mafia ФМ 2*', to: [X.target] });
      if (hit(X.by)) tells.push({ kind: 'removedManiac', rule: 'forum-mafia ФМ 2*', to: mafiaTo });
    } else {
      cases.push('maniac→commissar');
      hit(X.by);
    }
  }
  // 4. Case 5: the mafia on the commissar while he hits a black player who is not the don —
  //    the mafia member dies, the commissar lives. On the don (5*) both shots stand.
  if (M && !off.has(M) && C && M.target === C.by && s.seats[C.target - 1]!.team === 'black') {
    if (roleOf(s, C.target) !== 'don') {
      off.add(M);
      cases.push('5');
      if (!s.seats.some((x) => x.alive && x.role === 'don')) cases.push('8**');
    } else cases.push('5*');
  }

  // 5. Each target against the attacks that still stand on it.
  const live = attacks.filter((a) => !off.has(a));
  const targets = [...new Set(live.map((a) => a.target))].sort((a, b) => a - b);
  for (const seat of targets) {
    const on = live.filter((a) => a.target === seat);
    const has = (as: As): boolean => on.some((a) => a.as === as);
    const by = (as: As): number[] => on.filter((a) => a.as === as).map((a) => a.by);
    const checked = (result: CheckResult, rule = 'R45'): void => {
      for (const c of by('commissar')) tells.push({ kind: 'checked', rule, to: [c], target: seat, result });
    };
    const role = asRole(seat);
    if (role === 'kamikaze') {
      if (has('commissar')) {
        checked('kamikaze', 'forum-mafia ФМ 6, R54');
        cases.push('6');
      }
      const hostile = on.filter((a) => a.as !== 'commissar');
      if (hostile.length === 0) continue;
      const exploding = K !== null && K.by === seat;
      if (!exploding && !hit(seat)) continue;
      if (exploding) dead.add(seat);
      // He takes his attackers with him; for the mafia it is the don (case 6*).
      for (const a of hostile) {
        let victim = a.by;
        if (a.as === 'mafia' && !(t && BLACK_ROLES.includes(t.role))) {
          const don = s.seats.find((x) => x.alive && x.role === 'don');
          if (don) victim = don.seat;
          cases.push('6*');
        }
        hit(victim);
      }
      continue;
    }
    if (s.seats[seat - 1]!.team === 'black') {
      if (has('commissar')) {
        checked('black');
        if (has('maniac')) cases.push('1*');
      }
      hit(seat);
      continue;
    }
    if (role === 'child') {
      if (has('commissar') && has('mafia')) {
        cases.push('4');
        checked('civilian', 'forum-mafia ФМ 4');
        hit(seat);
      } else if (has('kamikaze')) hit(seat);
      else if (has('maniac') && !has('commissar')) {
        if (has('mafia')) cases.push('2**');
        hit(seat);
      } else if (has('maniac') && has('commissar')) {
        cases.push('1***');
        tells.push({ kind: 'savedCivilian', rule: 'forum-mafia ФМ 1***', to: by('commissar') });
        tells.push({ kind: 'woundedCivilian', rule: 'forum-mafia ФМ 1***', to: by('maniac') });
        conversions.push({ seat, to: 'civilian' });
      } else if (has('commissar')) {
        checked('civilian', 'R46');
        conversions.push({ seat, to: 'civilian' });
      } else if (has('mafia')) conversions.push({ seat, to: 'mafia' });
      continue;
    }
    if (has('commissar')) {
      // The commissar's shot saves a non-black target from the maniac and the mafia (cases 1**, 3).
      if (has('maniac')) {
        cases.push('1**');
        tells.push({ kind: 'savedCivilian', rule: 'forum-mafia ФМ 1**', to: by('commissar') });
        tells.push({ kind: 'woundedCivilian', rule: 'forum-mafia ФМ 1**', to: by('maniac') });
      } else if (!has('mafia')) checked(role === 'maniac' ? 'maniac' : 'civilian');
      if (has('mafia')) {
        cases.push('3');
        if (!has('maniac')) checked(role === 'maniac' ? 'maniac' : 'civilian', 'forum-mafia ФМ 3');
        tells.push({ kind: 'commissarSaved', rule: 'forum-mafia ФМ 3', to: mafiaTo });
      }
      if (has('kamikaze')) hit(seat);
      continue;
    }
    if (has('mafia') && has('maniac')) cases.push('2***');
    hit(seat);
  }
  // The kamikaze who blows himself up leaves with his target, whatever the doctor does.
  if (K && !off.has(K)) dead.add(K.by);

  // ---- the morning: the judge's record, private results, then the public post (R50) ----
  const out = (body: EventBody, vis: Visibility, rule: string): void => emit(c, body, vis, rule);
  out(
    {
      t: 'nightSummary',
      heal: heal?.target ?? null,
      seduce: seduce?.target ?? null,
      voided,
      blocked,
      attacks: attacks.map((a) => ({ by: a.by, as: a.as, target: a.target })),
      cases,
    },
    'judge',
    'R45',
  );
  for (const tell of tells) {
    // The commissar's result on a player who died is the public post itself.
    if (tell.kind === 'checked' && tell.target !== undefined && dead.has(tell.target)) continue;
    const body: Extract<EventBody, { t: 'told' }> = { t: 'told', kind: tell.kind };
    if (tell.target !== undefined) body.target = tell.target;
    if (tell.result !== undefined) body.result = tell.result;
    out(body, tell.to, tell.rule);
  }
  for (const cv of conversions) {
    if (cv.to === 'mafia') {
      const team = [...livingBlack(s), cv.seat].sort((a, b) => a - b);
      out({ t: 'roleChanged', seat: cv.seat, from: 'child', to: 'mafia' }, team, 'R46');
      out(
        { t: 'teamRevealed', team: 'black', members: team.map((seat) => ({ seat, role: roleOf(s, seat) })) },
        [cv.seat],
        'R46',
      );
    } else out({ t: 'roleChanged', seat: cv.seat, from: 'child', to: 'civilian' }, [cv.seat], 'R46');
  }
  if (next && priestess) {
    out(
      { t: 'priestessTook', seat: priestess.seat, from: next.from, role: next.role, night: night + 1, by: next.by },
      [priestess.seat],
      next.by === 'void' ? 'forum-mafia ФМ 10' : 'forum-mafia ЖЛ',
    );
  }
  if (heal) out({ t: 'healAnnounced', seat: heal.target, saved: healSaved }, PUBLIC, 'R50');
  if (bonusPlayed && bonusTonight !== null) out({ t: 'bonusPlayed', seat: bonusTonight }, PUBLIC, 'R41');
  const died = [...dead].sort((a, b) => a - b);
  for (const seat of died) exitPlayer(c, seat, 'kill', 'R45, R50');
  if (died.length === 0) out({ t: 'nightMiss' }, PUBLIC, 'R50');
  settle(c, died);
}

// Events and phases for the player's table: event lines come from the engine's one describer,
// banners are translation keys (banner.*), so the same code speaks Russian and English.
import type { TFunction } from 'i18next';
import { describeEvent, seatNo, type GameEvent, type GameView, type Lang, type RoleId, type SeatView, type Team } from '../../../src/engine/index.js';

export type NameOf = (seat: number) => string;

/** "3 · Анна" or just "3" when the seat has no name of its own. */
export function seatLabel(seats: readonly Pick<SeatView, 'seat' | 'name'>[], seat: number): string {
  const s = seats[seat - 1];
  if (!s || !s.name || s.name === String(seat)) return String(seat);
  return `${seat} · ${s.name}`;
}

export function nameOf(view: Pick<GameView, 'seats'>): NameOf {
  return (seat) => seatLabel(view.seats, seat);
}

export function roleName(t: TFunction, role: RoleId | undefined): string {
  return role ? t(`role.${role}`) : t('role.unknown');
}

export function teamName(t: TFunction, team: Team | null | undefined): string {
  return team ? t(`team.${team}`) : t('team.none');
}

/**
 * One line of the log, or null for events a player's log does not print: the engine's one
 * describer (src/engine/core/describe.ts), with each seat as the judge numbers it and its name.
 */
export function eventText(e: GameEvent, lang: Lang, name: NameOf): string | null {
  return describeEvent(e, lang, name);
}

/** A seat in a log line: the judge's «№3» (or "#3") and the player's name when they have one. */
export function logName(view: Pick<GameView, 'seats'>, lang: Lang): NameOf {
  return (seat) => {
    const n = view.seats[seat - 1]?.name;
    const no = seatNo(seat, lang);
    return n && n !== String(seat) ? `${no} · ${n}` : no;
  };
}

/** The banner over the table: "Ночь 2. Мафия выходит на охоту", "День 1. Говорит игрок 3". */
export function phaseBanner(v: Pick<GameView, 'stage' | 'phase' | 'number' | 'winner' | 'seats'>, t: TFunction): string {
  const name = nameOf(v);
  const st = v.stage;
  switch (st.kind) {
    case 'over':
      return t('banner.over', { winner: t(`winner.${v.winner ?? 'draw'}`) });
    case 'night':
      return t(st.intro ? 'banner.nightIntro' : 'banner.night', { n: v.number });
    case 'speech':
      return t(`banner.speech_${st.speech}`, { n: v.number, seat: name(st.seat) });
    case 'vote':
      return t(`banner.vote_${st.round}`, { n: v.number });
    default:
      return v.phase === 'night' ? t('banner.nightIdle', { n: v.number }) : t('banner.dayIdle', { n: v.number });
  }
}

/** The events of the current speech (from its speechStarted on), for the speech panel. */
export function currentSpeech(log: readonly GameEvent[]): { start: number; said: Extract<GameEvent, { t: 'said' }>[] } {
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--) if (log[i]!.t === 'speechStarted') {
    start = i;
    break;
  }
  const said: Extract<GameEvent, { t: 'said' }>[] = [];
  if (start >= 0) for (let i = start + 1; i < log.length; i++) {
    const e = log[i]!;
    if (e.t === 'said') said.push(e);
  }
  return { start, said };
}

/** The votes of the round under way (R8: public as cast): voters by candidate, and "all leave?" answers. */
export function votesThisRound(log: readonly GameEvent[]): { byTarget: Map<number, number[]>; leaveYes: number[]; leaveNo: number[] } {
  const out = { byTarget: new Map<number, number[]>(), leaveYes: [] as number[], leaveNo: [] as number[] };
  let start = -1;
  for (let i = log.length - 1; i >= 0; i--)
    if (log[i]!.t === 'votingStarted') {
      start = i;
      break;
    }
  if (start < 0) return out;
  for (const e of log.slice(start + 1)) {
    if (e.t !== 'voteCast') continue;
    if (e.leave !== undefined) (e.leave ? out.leaveYes : out.leaveNo).push(e.seat);
    else if (e.target !== null) out.byTarget.set(e.target, [...(out.byTarget.get(e.target) ?? []), e.seat]);
  }
  return out;
}

/**
 * What this player's own night checks found, by the seat checked (the sheriff's and the don's
 * checkResult, the forum commissar's `told`): only events this viewer's log holds, so only theirs.
 */
export function myChecks(view: Pick<GameView, 'log' | 'you'>): Map<number, string> {
  const out = new Map<number, string>();
  const me = view.you?.seat;
  if (me === undefined) return out;
  for (const e of view.log) {
    if (e.t === 'checkResult' && e.seat === me) out.set(e.target, e.result);
    else if (e.t === 'told' && e.kind === 'checked' && e.target !== undefined && e.result !== undefined) out.set(e.target, e.result);
  }
  return out;
}

// Events and phases in the judge's words. Every sentence is a translation key (ev.*, phase.*),
// so the same code speaks Russian and English; the judge console reuses these helpers.
import type { TFunction } from 'i18next';
import { skipCause, type GameEvent, type GameView, type RoleId, type SeatView, type Team } from '../../../src/engine/index.js';

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

function list(seats: readonly number[], name: NameOf): string {
  return seats.map(name).join(', ');
}

/** One line of the log, or null for events a player's log does not print. */
export function eventText(e: GameEvent, t: TFunction, name: NameOf): string | null {
  switch (e.t) {
    case 'gameStarted':
      return t('ev.gameStarted', { preset: t(`preset.${e.preset}`), seats: e.seats });
    case 'roleDealt':
      return t('ev.roleDealt', { seat: name(e.seat), role: roleName(t, e.role) });
    case 'teamRevealed':
      return t('ev.teamRevealed', {
        members: e.members.map((m) => `${name(m.seat)} (${roleName(t, m.role)})`).join(', '),
      });
    case 'nightStarted':
      return t(e.intro ? 'ev.nightIntro' : 'ev.night', { n: e.night });
    case 'planSet':
      return t('ev.planSet', { seat: name(e.seat), targets: list(e.targets, name) });
    case 'nightAction':
      return e.target === null
        ? t('ev.nightActionNone', { seat: name(e.seat), verb: t(`verb.${e.verb}`) })
        : t('ev.nightAction', { seat: name(e.seat), verb: t(`verb.${e.verb}`), target: name(e.target) });
    case 'nightMiss':
      return t('ev.nightMiss');
    case 'checkResult':
      return t('ev.checkResult', { seat: name(e.seat), target: name(e.target), result: t(`check.${e.result}`) });
    case 'dayStarted':
      return t('ev.dayStarted', { n: e.day, first: e.order[0] !== undefined ? name(e.order[0]) : '—' });
    case 'speechStarted':
      return t(e.short ? 'ev.speech_short' : `ev.speech_${e.kind}`, { seat: name(e.seat) });
    case 'speechEnded':
      if (e.by === 'removal') return null;
      if (typeof e.by === 'number') return t('ev.speechEndedSelf', { seat: name(e.seat) });
      return t(`ev.speechEnded_${e.by}`, { seat: name(e.seat) });
    case 'speechSkipped':
      return t(`ev.speechSkipped_${skipCause(e)}`, { seat: name(e.seat) });
    case 'said':
      return t('ev.said', { seat: name(e.seat), text: e.text });
    case 'floorGiven':
      return t('ev.floorGiven', { seat: name(e.seat), to: name(e.to) });
    case 'nominated':
      return t('ev.nominated', { by: name(e.by), target: name(e.target) });
    case 'nominationWithdrawn':
      return t('ev.nominationWithdrawn', { by: name(e.by), target: name(e.target) });
    case 'fouled':
      return t('ev.fouled', { seat: name(e.seat), count: e.count });
    case 'techFouled':
      return t('ev.techFouled', { seat: name(e.seat), count: e.count });
    case 'eliminated':
      return t(`ev.eliminated_${e.cause}`, { seat: name(e.seat) });
    case 'roleRevealed':
      return t('ev.roleRevealed', { seat: name(e.seat), role: roleName(t, e.role) });
    case 'noVote':
      return t(`ev.noVote_${e.why}`);
    case 'voteCancelled':
      return t('ev.voteCancelled', { seat: name(e.seat), day: e.day });
    case 'votesCounted':
      return e.target === null ? t('ev.votesCountedLeave', { count: e.count }) : t('ev.votesCounted', { target: name(e.target), count: e.count });
    case 'dayOneStays':
      return t('ev.dayOneStays', { seat: name(e.seat) });
    case 'verdict':
      return t('ev.verdict', { winner: t(`winner.${e.winner ?? 'draw'}`) });
    case 'leftOnRecord':
      return t('ev.leftOnRecord', {
        seat: name(e.seat),
        list: [...e.red.map((x) => t('ev.onRecordRed', { seat: name(x) })), ...e.black.map((x) => t('ev.onRecordBlack', { seat: name(x) }))].join(', '),
      });
    case 'singleCandidate':
      return t('ev.singleCandidate', { seat: name(e.seat) });
    case 'votingStarted':
      return t(`ev.voting_${e.round}`, { ballot: list(e.ballot, name) });
    case 'voteCast':
      if (e.leave !== undefined) return t(e.leave ? 'ev.voteLeaveYes' : 'ev.voteLeaveNo', { seat: name(e.seat) });
      return e.target === null ? null : t('ev.voteCast', { seat: name(e.seat), target: name(e.target) });
    case 'handWithdrawn':
      return t('ev.handWithdrawn', { seat: name(e.seat), target: name(e.target) });
    case 'voteClosed':
      if (e.tally.length === 0) return t('ev.voteClosedEmpty');
    {
      // Said like a judge: the candidates who got votes, then "the rest — 0".
      const got = e.tally.filter((x) => x.count > 0).map((x) => t('ev.tallyItem', { seat: name(x.target), count: x.count }));
      if (got.length < e.tally.length) got.push(t('ev.tallyRest'));
      return t(e.counted ? 'ev.voteClosedCounted' : 'ev.voteClosed', { tally: got.join('; ') });
    }
    case 'allLeaveClosed':
      return t(e.leave ? 'ev.allLeaveYes' : 'ev.allLeaveNo', { yes: e.yes.length + (e.counted?.yes ?? 0), no: e.no.length + (e.counted?.no ?? 0) });
    case 'tie':
      return t('ev.tie', { seats: list(e.seats, name) });
    case 'gameOver':
      return t(`ev.gameOver_${e.winner ?? 'draw'}`);
    case 'frozen':
      return t('ev.frozen', { seat: name(e.seat) });
    case 'healed':
      return t('ev.healed', { seat: name(e.seat), by: name(e.by) });
    case 'voteShield':
      return t('ev.voteShield', { seat: name(e.seat), by: name(e.by) });
    case 'keptFromVote':
      return t('ev.keptFromVote', { seat: name(e.seat) });
    case 'quietNight':
      return t('ev.quietNight', { count: e.count });
    case 'tieKept':
      return t(`ev.tieKept_${e.why ?? 'fourPlayers'}`, { seats: list(e.seats, name) });
    case 'bestMove':
      return t('ev.bestMove', { seat: name(e.seat), targets: list(e.targets, name) });
    case 'extraPoints':
      return t('ev.extraPoints', { seat: name(e.seat), points: e.points, reason: e.reason });
    default: {
      // Events a preset adds later: shown when a translation exists, with the seat named.
      const x = e as { t: string; seat?: unknown };
      const text = t(`ev.${x.t}`, { defaultValue: '', seat: typeof x.seat === 'number' ? name(x.seat) : '' });
      return text || null;
    }
  }
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

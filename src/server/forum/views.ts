// What each viewer of a forum game receives: built only from view() (the engine's projection),
// the public thread and the channels the viewer reads. The host sees the judge's view.
import { canSee, visibleEvents, type Viewer, type Visibility } from '../../engine/index.js';
import { localTime } from './calendar.js';
import { dayClosed, kamikazePick, type ForumGame } from './game.js';
import type { ChannelId, Message, Post } from './types.js';

export const PAGE = 20;

export interface Need {
  kind: 'vote' | 'night' | 'lawyer' | 'message' | 'kamikaze';
  /** When it is owed by (absent for a message). */
  deadline?: number;
  /** Less than an hour left. */
  soon?: boolean;
}

/** What needs this seat now: an open vote not cast, a night action, the lawyer's choice, unread messages. */
export function needsOf(g: ForumGame, seat: number, now: number): Need[] {
  const s = g.state;
  if (!s || s.finished) return [];
  const out: Need[] = [];
  const st = g.step();
  const soon = (d: number | undefined): boolean => d !== undefined && d - now < 3_600_000;
  const me = s.seats[seat - 1];
  const legal = g.legal(seat);
  const w = g.voteWindow();
  if (me?.alive && w && now >= w.opens && now < w.closes && !g.doc.votes.some((v) => v.day === s.number && v.seat === seat) && legal.some((c) => c.do === 'vote'))
    out.push({ kind: 'vote', deadline: w.closes, soon: soon(w.closes) });
  if (legal.some((c) => c.do === 'protect') && !s.log.some((e) => e.t === 'lawyerChose' && e.number === s.number && e.phase === 'day'))
    out.push({ kind: 'lawyer', deadline: st?.at, soon: soon(st?.at) });
  if (s.phase === 'day' && kamikazePick(s) === seat) out.push({ kind: 'kamikaze', deadline: st?.at, soon: soon(st?.at) });
  if (s.phase === 'night' && legal.some((c) => ['shoot', 'kill', 'heal', 'seduce'].includes(c.do))) {
    const acted = s.actions.some((a) => a.seat === seat);
    if (!acted) out.push({ kind: 'night', deadline: st?.at, soon: soon(st?.at) });
  }
  const seen = g.doc.seats[seat - 1]!.seenMsg;
  const unread = Object.values(channelsFor(g, { kind: 'seat', seat }))
    .flat()
    // The confirmation of one's own move answers what one just did: not news to be called to.
    .some((m) => m.by !== seat && m.kind !== 'confirm' && m.n > seen);
  if (unread) out.push({ kind: 'message' });
  return out;
}

function phaseOf(g: ForumGame, now: number) {
  const s = g.state;
  if (!s) return null;
  const st = g.step();
  const w = g.voteWindow();
  return {
    phase: s.phase,
    number: s.number,
    finished: s.finished,
    winner: s.winner,
    step: st ? { kind: st.kind, at: st.at, local: localTime(g.schedule, st.at), leftMs: Math.max(0, st.at - now) } : null,
    vote: w ? { opens: w.opens, closes: w.closes, closesLocal: localTime(g.schedule, w.closes), open: now >= w.opens && now < w.closes && !dayClosed(s) } : null,
  };
}

export function gameSummary(g: ForumGame, viewer: Viewer, now: number) {
  const v = g.engineView(viewer);
  const d = g.doc;
  const out: Record<string, unknown> = {
    id: d.id,
    title: d.title,
    status: d.status,
    schedule: d.schedule,
    now,
    phase: phaseOf(g, now),
    posts: d.posts.length,
    seats: d.seats.map((x, i) => {
      const sv = v?.seats[i];
      const seat: Record<string, unknown> = { seat: i + 1, name: x.name, bot: x.bot, alive: sv?.alive ?? true };
      if (x.before.length > 0) seat['before'] = x.before.map((b) => b.name);
      if (sv?.exit) seat['exit'] = sv.exit;
      if (sv?.role) seat['role'] = sv.role;
      return seat;
    }),
    viewer: viewer.kind === 'judge' ? 'host' : viewer.kind,
    // After the game every role is public (gameOver names them); the canary reads view.finished.
    view: { finished: g.state?.finished === true },
  };
  if (d.seasonId) out['seasonId'] = d.seasonId;
  // Whether this seat is bound to an account (the page binds it once its player signs in).
  if (viewer.kind === 'seat') out['bound'] = d.seats[viewer.seat - 1]!.account !== undefined;
  if (viewer.kind === 'seat' && v?.you) {
    const seat = viewer.seat;
    out['you'] = { ...v.you, name: d.seats[seat - 1]!.name, seenPost: d.seats[seat - 1]!.seenPost };
    out['needs'] = needsOf(g, seat, now);
    out['legal'] = g.legal(seat).filter((c) => c.do !== 'vote' && c.do !== 'leave');
    const black = g.channelsOf(viewer).includes('team:black');
    if (black && g.state) out['team'] = { seats: g.blackSeats(), sender: d.sender && d.sender.night === g.state.number ? d.sender.seat : null };
  }
  return out;
}

export function postsPage(g: ForumGame, page: number | undefined, seen: number) {
  const all = g.doc.posts;
  const pages = Math.max(1, Math.ceil(all.length / PAGE));
  // No page asked: the page of the first post not yet seen (or the last page).
  const first = seen < all.length ? seen + 1 : all.length;
  const p = page !== undefined ? Math.min(Math.max(1, page), pages) : Math.max(1, Math.ceil(first / PAGE));
  const posts: Post[] = all.slice((p - 1) * PAGE, p * PAGE);
  return { page: p, pages, total: all.length, firstNew: seen < all.length ? seen + 1 : null, posts, view: { finished: g.state?.finished === true } };
}

export function votesOf(g: ForumGame, day: number | undefined, now: number) {
  const s = g.state;
  const d = day ?? s?.number ?? 1;
  const votes = g.doc.votes.filter((v) => v.day === d);
  const tally = new Map<number, number>();
  for (const v of votes) tally.set(v.target, (tally.get(v.target) ?? 0) + 1);
  const counted = s?.log.find((e) => e.t === 'dayTally' && e.number === d);
  const w = d === s?.number ? g.voteWindow() : null;
  return {
    day: d,
    votes,
    tally: [...tally].map(([target, count]) => ({ target, count })).sort((a, b) => b.count - a.count || a.target - b.target),
    living: s ? s.seats.filter((x) => x.alive).length : 0,
    result: counted ?? null,
    closes: w?.closes ?? null,
    leftMs: w ? Math.max(0, w.closes - now) : 0,
  };
}

export function channelsFor(g: ForumGame, viewer: Viewer): Record<string, Message[]> {
  const out: Record<string, Message[]> = {};
  const s = g.state;
  // A message telling an engine event reaches only whom the event's visibility names (the team
  // channel holds the living team's shots: a dead black seat still reads the chat, not those).
  const may = (m: Message): boolean => !m.ev || !s || canSee((m.ev as { vis: Visibility }).vis, viewer, s);
  for (const ch of g.channelsOf(viewer)) out[ch] = g.doc.messages.filter((m) => m.channel === ch && may(m));
  return out;
}

/** The host's desk: the judge's view of the night (force majeure resolved by the engine), who is silent, the log. */
export function deskOf(g: ForumGame, now: number) {
  const s = g.state;
  const judge = s ? visibleEvents(s, { kind: 'judge' }) : [];
  return {
    silent: g.silent(),
    hostLog: g.doc.hostLog,
    nights: judge.filter((e) => e.t === 'nightSummary'),
    tonight: s && s.phase === 'night' ? s.actions.map((a) => ({ ...a })) : [],
    step: g.step(),
    now,
    channels: channelsFor(g, { kind: 'judge' }),
  };
}

export const channelParam = (x: string): ChannelId | null => {
  if (x === 'team') return 'team:black';
  const m = /^seat-(\d{1,2})$/.exec(x);
  return m ? (`seat:${Number(m[1])}` as ChannelId) : null;
};

// One forum game on its calendar: the engine state (the replay of the commands applied), the
// phase deadline the calendar gives, the thread, the voting thread and the private channels.
// Every engine event becomes a host post (public), a private message (a seat's or the mafia's)
// or stays on the host's desk (judge): the event's own visibility decides, never the server.
import {
  apply,
  describeEvent,
  legalCommands,
  startGame,
  stageTimer,
  view,
  type Command,
  type GameEvent,
  type GameState,
  type Viewer,
} from '../../engine/index.js';
import { dayTimes, localTime, type Schedule } from './calendar.js';
import { done, fail, forumError, type Outcome } from './errors.js';
import type { ChannelId, ForumGameDoc, HostSay, Message, Post } from './types.js';

export const TEXT_MAX = 4000;
export const REASON_MAX = 500;
/** The engine's record keeps a post's first characters (its sayMaxLength). */
const SAY_MAX = 1000;
const MIN = 60_000;
export const EXTEND_MAX_MS = 24 * 60 * MIN;

export interface Step {
  /** The phase key: `d3:lawyer`, `d3:day`, `d3:kamikaze`, `n3:night`. */
  key: string;
  kind: 'lawyer' | 'day' | 'kamikaze' | 'night';
  at: number;
  command: Command;
}

const NIGHT_VERBS = ['shoot', 'kill', 'heal', 'seduce', 'explode'] as const;
export type NightVerb = (typeof NIGHT_VERBS)[number];
/** The player's own line for the move (the confirmation that follows is the engine's). */
const VERB_RU: Record<NightVerb, string> = { shoot: 'Выстрел мафии', kill: 'Выстрел', heal: 'Лечение', seduce: 'Соблазнение', explode: 'Взрыв' };
export const isNightVerb = (v: unknown): v is NightVerb => typeof v === 'string' && (NIGHT_VERBS as readonly string[]).includes(v);

function line(e: GameEvent, lang: 'ru' | 'en'): string {
  return describeEvent(e, lang) ?? e.t;
}

/** The forum's per-day fields hold for the current day only (forumToday in the engine). */
export function dayClosed(s: GameState): boolean {
  return s.phase === 'day' && s.forum?.day === s.number && s.forum.dayClosed;
}
export function kamikazePick(s: GameState): number | null {
  return s.phase === 'day' && s.forum?.day === s.number ? s.forum.kamikazePick : null;
}

export class ForumGame {
  state: GameState | null = null;

  constructor(public doc: ForumGameDoc) {
    if (doc.status !== 'lobby') this.rebuild();
  }

  private rebuild(): void {
    const s = startGame(this.doc.setup);
    for (const c of this.doc.commands) apply(s, c.cmd);
    this.state = s;
  }

  get schedule(): Schedule {
    return this.doc.schedule;
  }

  private extension(key: string): number {
    return this.doc.extensions.filter((x) => x.key === key).reduce((a, x) => a + x.ms, 0);
  }

  /** The current phase's deadline and the clock's command then. */
  step(): Step | null {
    const s = this.state;
    if (!s || s.finished || this.doc.day1 === undefined) return null;
    const t = stageTimer(s);
    if (!t) return null;
    const times = dayTimes(this.schedule, this.doc.day1, s.number);
    const kind = t.kind === 'lawyer' || t.kind === 'kamikaze' || t.kind === 'day' ? t.kind : 'night';
    const key = `${s.phase === 'day' ? 'd' : 'n'}${s.number}:${kind}`;
    let at: number;
    if (kind === 'lawyer') at = times.lawyer;
    else if (kind === 'day') at = times.closes;
    else if (kind === 'kamikaze') at = times.closes + this.extension(`d${s.number}:day`) + this.schedule.kamikazeMinutes * MIN;
    else at = times.nightEnds;
    return { key, kind, at: at + this.extension(key), command: t.command };
  }

  /** When today's vote closes (with any extension), or null at night. */
  voteWindow(): { opens: number; closes: number } | null {
    const s = this.state;
    if (!s || s.phase !== 'day' || this.doc.day1 === undefined) return null;
    const times = dayTimes(this.schedule, this.doc.day1, s.number);
    return { opens: times.opens, closes: times.closes + this.extension(`d${s.number}:day`) };
  }

  start(now: number, day1: number): void {
    this.doc.status = 'playing';
    this.doc.startedAt = now;
    this.doc.day1 = day1;
    this.rebuild();
    this.publish(now);
  }

  /** Apply one engine command; its events become posts and messages. */
  command(cmd: Command, at: number): Outcome<GameEvent[]> {
    const s = this.state;
    if (!s) return fail(forumError('notStarted'));
    if (s.finished) return fail(forumError('finished'));
    const r = apply(s, cmd);
    if (!r.ok) return fail(forumError('engine', r.error.message, r.error.code));
    this.doc.commands.push({ at, cmd });
    this.publish(at);
    if (s.finished) this.doc.status = 'finished';
    return done(r.value);
  }

  /** Run every phase change that is due by `now`, each at its own time. True if any ran. */
  tick(now: number): boolean {
    let ran = false;
    for (let guard = 0; guard < 64; guard++) {
      const st = this.step();
      if (!st || st.at > now) break;
      const r = this.command(st.command, st.at);
      if (!r.ok) break;
      ran = true;
    }
    return ran;
  }

  // ---- what the engine says, as posts and messages ---------------------------------------

  private addPost(p: Omit<Post, 'n'>): Post {
    const post: Post = { n: this.doc.posts.length + 1, ...p };
    this.doc.posts.push(post);
    return post;
  }

  addMessage(m: Omit<Message, 'n'>): Message {
    const msg: Message = { n: this.doc.messages.length + 1, ...m };
    this.doc.messages.push(msg);
    return msg;
  }

  private publish(at: number): void {
    const s = this.state!;
    const fresh = s.log.slice(this.doc.published);
    this.doc.published = s.log.length;
    const pub: GameEvent[] = [];
    for (const e of fresh) {
      if (e.vis === 'public') {
        // Ballots have their own thread; the rest is the host's results post.
        if (e.t !== 'ballotCast' && e.t !== 'said') pub.push(e);
      } else if (e.vis === 'black') {
        this.addMessage({ at, channel: 'team:black', by: 0, text: line(e, 'ru'), kind: e.t === 'teamRevealed' ? 'card' : 'result', ev: e });
      } else if (Array.isArray(e.vis)) {
        const kind = e.t === 'roleDealt' ? 'card' : e.t === 'nightAction' || e.t === 'lawyerChose' ? 'confirm' : 'result';
        const text = kind === 'confirm' ? `Принято. ${line(e, 'ru')}` : line(e, 'ru');
        // The mafia's shot is seen by every living black seat: it belongs to their team channel.
        if (e.t === 'nightAction' && e.vis.length > 1) this.addMessage({ at, channel: 'team:black', by: 0, text, kind, ev: e });
        else for (const seat of e.vis) this.addMessage({ at, channel: `seat:${seat}`, by: 0, text, kind, ev: e });
      }
    }
    if (pub.length === 0) return;
    const lines = pub.map((e) => line(e, 'ru')).filter((x) => x.length > 0);
    this.addPost({ at, by: 0, name: 'Ведущий', text: lines.join('\n'), auto: true, events: pub });
  }

  // ---- the players' moves ----------------------------------------------------------------

  private living(seat: number): boolean {
    return this.state?.seats[seat - 1]?.alive === true;
  }

  post(by: number, text: string, now: number, replyTo?: number, quote?: string): Outcome<Post> {
    if (!this.state) return fail(forumError('notStarted'));
    if (this.state.finished && by !== 0) return fail(forumError('finished'));
    if (by !== 0 && !this.living(by)) return fail(forumError('notAlive'));
    const t = text.trim();
    if (t.length === 0) return fail(forumError('malformed'));
    if (t.length > TEXT_MAX || (quote?.length ?? 0) > TEXT_MAX) return fail(forumError('tooLong'));
    if (replyTo !== undefined && !this.doc.posts[replyTo - 1]) return fail(forumError('malformed'));
    // A player's post is also the engine's `say` (R55: who posted on day 1 is on the record).
    if (by !== 0) {
      const r = this.command({ by, do: 'say', text: t.slice(0, SAY_MAX) }, now);
      if (!r.ok) return r;
    }
    const p: Omit<Post, 'n'> = { at: now, by, name: by === 0 ? 'Ведущий' : this.doc.seats[by - 1]!.name, text: t };
    if (replyTo !== undefined) p.replyTo = replyTo;
    if (quote) p.quote = quote.slice(0, TEXT_MAX);
    const post = this.addPost(p);
    // One's own post is not news to oneself.
    const me = by !== 0 ? this.doc.seats[by - 1] : undefined;
    if (me && me.seenPost === post.n - 1) me.seenPost = post.n;
    return done(post);
  }

  /** R42: one vote with a reason, between the opening and the close; late votes do not count. */
  vote(seat: number, target: number, reason: string, now: number): Outcome<true> {
    const s = this.state;
    if (!s) return fail(forumError('notStarted'));
    if (s.finished) return fail(forumError('finished'));
    if (!this.living(seat)) return fail(forumError('notAlive'));
    const w = this.voteWindow();
    const sch = this.schedule;
    if (!w || now >= w.closes || dayClosed(s)) {
      const closed = w ? localTime(sch, w.closes) : sch.voteCloses;
      return fail(forumError('voteClosed', { ru: `срок — ${closed}`, en: `the deadline was ${closed}` }));
    }
    if (now < w.opens) {
      const at = localTime(sch, w.opens);
      return fail(forumError('voteNotOpen', { ru: `откроется ${at}`, en: `opens ${at}` }));
    }
    const r = reason.trim();
    if (r.length === 0) return fail(forumError('reasonRequired'));
    if (r.length > REASON_MAX) return fail(forumError('tooLong'));
    if (this.doc.votes.some((v) => v.day === s.number && v.seat === seat)) return fail(forumError('alreadyVoted'));
    const out = this.command({ by: seat, do: 'vote', target, reason: r }, now);
    if (!out.ok) return out;
    this.doc.votes.push({ day: s.number, at: now, seat, target, reason: r });
    return done(true);
  }

  protect(seat: number, target: number | null, now: number): Outcome<true> {
    const r = this.command({ by: seat, do: 'protect', target }, now);
    return r.ok ? done(true) : r;
  }

  blackSeats(): number[] {
    return (this.state?.seats ?? []).filter((x) => x.team === 'black' && x.alive).map((x) => x.seat);
  }

  /** The mafia agree who sends tonight's choice (the last word of any of them stands). */
  setSender(by: number, sender: number, now: number): Outcome<true> {
    const s = this.state;
    if (!s) return fail(forumError('notStarted'));
    const black = this.blackSeats();
    if (!black.includes(by)) return fail(forumError('notBlack'));
    if (!black.includes(sender)) return fail(forumError('malformed'));
    const night = s.phase === 'night' ? s.number : s.number; // agreed by day for the night that follows
    this.doc.sender = { night, seat: sender };
    this.addMessage({ at: now, channel: 'team:black', by, text: `Выбор команды отправляет №${sender}`, kind: 'text' });
    return done(true);
  }

  night(seat: number, verb: NightVerb, target: number | null, now: number): Outcome<true> {
    const s = this.state;
    if (!s) return fail(forumError('notStarted'));
    if (verb === 'shoot' && this.state?.seats[seat - 1]?.team === 'black') {
      const black = this.blackSeats();
      const agreed = this.doc.sender && this.doc.sender.night === s.number ? this.doc.sender.seat : null;
      if (black.length > 1 && agreed !== seat) return fail(forumError('notTeamSender'));
    }
    this.addMessage({ at: now, channel: `seat:${seat}`, by: seat, text: `${VERB_RU[verb]} → ${target === null ? 'никто' : `№${target}`}`, kind: 'action', act: { verb, target } });
    const r = this.command({ by: seat, do: verb, target }, now);
    return r.ok ? done(true) : r;
  }

  message(by: number, channel: ChannelId, text: string, now: number): Outcome<Message> {
    if (!this.state) return fail(forumError('notStarted'));
    const t = text.trim();
    if (t.length === 0) return fail(forumError('malformed'));
    if (t.length > TEXT_MAX) return fail(forumError('tooLong'));
    if (by !== 0) {
      if (channel === 'team:black') {
        if (!this.blackSeats().includes(by)) return fail(forumError('notBlack'));
      } else if (channel !== `seat:${by}`) return fail(forumError('malformed'));
    }
    return done(this.addMessage({ at: now, channel, by, text: t, kind: 'text' }));
  }

  /** The channels a viewer reads: a seat its own and (black) the team's; the host all. */
  channelsOf(viewer: Viewer): ChannelId[] {
    if (viewer.kind === 'judge') return [...this.doc.seats.map((_, i) => `seat:${i + 1}` as ChannelId), 'team:black'];
    if (viewer.kind !== 'seat') return [];
    const out: ChannelId[] = [`seat:${viewer.seat}`];
    // The team channel follows the engine's own rule for 'black' events (a seat that joins the team later reads it then).
    if (this.state?.seats[viewer.seat - 1]?.team === 'black') out.push('team:black');
    return out;
  }

  // ---- the host's desk ---------------------------------------------------------------------

  hostLog(at: number, text: string, announce: boolean, say?: HostSay): void {
    this.doc.hostLog.push({ at, text, ...(say ? { say } : {}) });
    if (announce) this.addPost({ at, by: 0, name: 'Ведущий', text, ...(say ? { say } : {}) });
  }

  extend(minutes: number, now: number): Outcome<Step> {
    const st = this.step();
    if (!st) return fail(forumError('noPhase'));
    const ms = Math.round(minutes * MIN);
    if (!Number.isFinite(ms) || ms <= 0 || ms > EXTEND_MAX_MS) return fail(forumError('extendLimit'));
    this.doc.extensions.push({ key: st.key, ms });
    const next = this.step()!;
    this.hostLog(now, `Ведущий продлил срок на ${minutes} мин.: новый срок — ${localTime(this.schedule, next.at)}`, true, { kind: 'extend', minutes, until: next.at });
    return done(next);
  }

  replace(seat: number, name: string, keyHash: string, now: number): Outcome<true> {
    const x = this.doc.seats[seat - 1];
    if (!x) return fail(forumError('malformed'));
    x.before.push({ name: x.name, at: now });
    const old = x.name;
    x.name = name;
    x.keyHash = keyHash;
    x.bot = false;
    // The new holder binds the seat to an account of their own, if they have one.
    delete x.account;
    x.seenPost = 0;
    x.seenMsg = 0;
    this.hostLog(now, `Замена: место №${seat} — ${name} вместо ${old}`, true, { kind: 'replace', seat, name, old });
    return done(true);
  }

  remove(seat: number, now: number): Outcome<true> {
    const r = this.command({ by: 'judge', do: 'remove', target: seat, reason: 'silent' }, now);
    if (!r.ok) return r;
    const name = this.doc.seats[seat - 1]!.name;
    this.hostLog(now, `Ведущий удалил из игры №${seat} (${name}) за молчание`, false, { kind: 'remove', seat, name });
    return done(true);
  }

  /** Seats alive today who have not posted in the thread since the day opened. */
  silent(): number[] {
    const s = this.state;
    const w = this.voteWindow();
    if (!s || !w) return [];
    return s.seats
      .filter((x) => x.alive && !this.doc.posts.some((p) => p.by === x.seat && p.at >= w.opens))
      .map((x) => x.seat);
  }

  // ---- what a viewer sees ------------------------------------------------------------------

  engineView(viewer: Viewer) {
    return this.state ? view(this.state, viewer, { log: false }) : null;
  }

  /** The engine's legal commands for a seat (the night verbs and the lawyer's protect). */
  legal(seat: number): Command[] {
    return this.state ? legalCommands(this.state, seat) : [];
  }
}

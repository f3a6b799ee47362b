// The forum games a server runs: each game's calendar armed on the injectable clock, its
// operations run one at a time (a queue per game), each stored before it is answered. A fault
// in one game is logged and never reaches another.
import { randomBytes } from 'node:crypto';
import { validateSetup, type Viewer } from '../../engine/index.js';
import { DEFAULT_SCHEDULE, firstOpening, ScheduleSchema, type Schedule } from './calendar.js';
import type { ForumClock } from './clock.js';
import { botTurn } from './bots.js';
import { done, fail, forumError, type ForumError, type Outcome } from './errors.js';
import { dayClosed, ForumGame } from './game.js';
import { hashKey, newKey } from './keys.js';
import { ATTEMPTS, ForumSeasons, type ForumClubs, type SeatHolder } from './seasons.js';
import type { ForumStore } from './store.js';
import type { ForumGameDoc, Season } from './types.js';

export { hashKey, newKey } from './keys.js';
export type { ForumClubs, SeatHolder } from './seasons.js';

interface Log {
  warn(o: object, msg: string): void;
  error(o: object, msg: string): void;
}

export interface CreateInput {
  title: string;
  players: { name: string; bot?: boolean }[];
  options?: Record<string, unknown>;
  schedule?: Partial<Schedule>;
  seasonId?: string;
}

export interface Created {
  id: string;
  hostKey: string;
  /** The key of each human seat (by seat number); given once, never stored. */
  seatKeys: Record<number, string>;
}

/** How often a process looks for games other processes created or changed (ms). */
const SYNC_MS = 5000;

export interface ForumServiceOptions {
  /** How often to pick up other processes' games (FORUM_SYNC_MS; 0: never). Default 5 s. */
  syncMs?: number;
  /** The accounts' clubs, when the server has accounts (index.ts). */
  clubs?: ForumClubs;
}

export class ForumService {
  /** The games this process has read, at the revision read. */
  private games = new Map<string, { game: ForumGame; revision: number }>();
  private queues = new Map<string, Promise<unknown>>();
  private cancels = new Map<string, () => void>();
  private closed = false;
  private syncTimer: NodeJS.Timeout | null = null;
  /** Called after every stored change of a game, and when another process's change is picked up. */
  onChange: (id: string) => void = () => undefined;

  /** The community's seasons: entry, bans, what a finished game adds (seasons.ts). */
  readonly seasons: ForumSeasons;

  constructor(
    readonly store: ForumStore,
    readonly clock: ForumClock,
    private log: Log,
    private opts: ForumServiceOptions = {},
  ) {
    this.seasons = new ForumSeasons(store, () => this.now(), opts.clubs);
  }

  now(): number {
    return this.clock.now();
  }

  /**
   * Resume every unfinished game: catch up on phases missed while down, re-arm the calendar; then
   * every few seconds pick up the games other processes on the same database created or changed.
   */
  async load(): Promise<number> {
    await this.sync();
    const ms = this.opts.syncMs ?? SYNC_MS;
    if (ms > 0 && !this.closed) {
      this.syncTimer = setInterval(() => void this.sync().catch((e: unknown) => this.log.warn({ err: String(e) }, 'forum sync failed')), ms);
      this.syncTimer.unref();
    }
    return this.games.size;
  }

  /** Open games new to this process, or changed by another, are read again and their calendars armed. */
  async sync(): Promise<void> {
    // Revisions first; only a game new to this process or changed by another is read whole.
    const open = await this.store.openRevisions();
    const stale = open.filter((s) => (this.games.get(s.id)?.revision ?? 0) < s.revision);
    await Promise.all(stale.map((s) => this.run(s.id, () => done(true)).catch(() => undefined)));
  }

  /** The game as stored now (this process's copy if no other process changed it since). */
  async game(id: string): Promise<ForumGame | null> {
    return (await this.fresh(id))?.game ?? null;
  }

  private async fresh(id: string): Promise<{ game: ForumGame; revision: number } | null> {
    const s = await this.store.getGame(id);
    if (!s) return null;
    const cached = this.games.get(id);
    if (cached && cached.revision === s.revision) return cached;
    let game: ForumGame;
    try {
      game = new ForumGame(s.doc);
    } catch (e) {
      this.log.error({ forum: id, err: String(e) }, 'forum game not rebuilt');
      return null;
    }
    const cur = { game, revision: s.revision };
    this.games.set(id, cur);
    if (cached) this.onChange(id); // another process changed it
    return cur;
  }
  async create(input: CreateInput): Promise<Outcome<Created>> {
    const schedule = ScheduleSchema.safeParse({ ...DEFAULT_SCHEDULE, ...(input.schedule ?? {}) });
    if (!schedule.success) return fail(forumError('malformed', { ru: 'расписание', en: 'schedule' }));
    let season: Season | null = null;
    const options: Record<string, unknown> = { ...(input.options ?? {}) };
    delete options['autokillSpent']; // the season's to say, not the creator's
    if (input.seasonId) {
      season = (await this.store.getSeason(input.seasonId))?.doc ?? null;
      if (!season) return fail(forumError('notFound'));
      // R42: who has spent the season's auto-vote plays with it spent.
      const spent = input.players.map((p, i) => (!p.bot && season!.players[p.name]?.autokillSpent ? i + 1 : 0)).filter((x) => x > 0);
      if (spent.length > 0) options['autokillSpent'] = spent;
      for (const p of input.players) {
        if (p.bot) continue;
        const row = season.players[p.name];
        if (row?.bannedUntil !== undefined && season.number <= row.bannedUntil) return fail(forumError('banned', { ru: p.name, en: p.name }));
        if ((row?.posts ?? 0) < season.entryPosts) return fail(forumError('entryPosts', { ru: p.name, en: p.name }));
        const refused = await this.seasons.seatRefusal(season, { name: p.name });
        if (refused) return fail(refused);
      }
    }
    const seed = randomBytes(16).toString('hex');
    const setup = validateSetup({ preset: 'forum', players: input.players.map((p) => p.name), seed, options });
    if (!setup.ok) return fail(forumError('malformed', setup.error.message));
    const id = randomBytes(6).toString('base64url');
    const hostKey = newKey();
    const seatKeys: Record<number, string> = {};
    const doc: ForumGameDoc = {
      id,
      title: input.title,
      createdAt: this.now(),
      hostKeyHash: hashKey(hostKey),
      status: 'lobby',
      setup: setup.value,
      schedule: schedule.data,
      seats: input.players.map((p, i) => {
        const key = newKey();
        if (!p.bot) seatKeys[i + 1] = key;
        return { name: p.name, keyHash: hashKey(key), bot: p.bot === true, before: [], seenPost: 0, seenMsg: 0 };
      }),
      commands: [],
      posts: [],
      votes: [],
      messages: [],
      extensions: [],
      hostLog: [],
      sender: null,
      published: 0,
      botsDone: '',
    };
    if (input.seasonId) doc.seasonId = input.seasonId;
    await this.store.createGame(doc);
    this.games.set(id, { game: new ForumGame(doc), revision: 1 });
    if (season) await this.seasons.update(season.id, (s) => void s.games.push(id));
    return done({ id, hostKey, seatKeys });
  }

  /** Who a key is in a game: the host (the judge's view), a seat, or nobody (the public). */
  viewerOf(g: ForumGame, key: string | undefined): Viewer {
    if (!key) return { kind: 'public' };
    const h = hashKey(key);
    if (h === g.doc.hostKeyHash) return { kind: 'judge' };
    const i = g.doc.seats.findIndex((x) => x.keyHash === h);
    return i >= 0 ? { kind: 'seat', seat: i + 1 } : { kind: 'public' };
  }

  /**
   * Run `fn` on the game alone (its queue), then the phase changes and bots due, store the
   * document and re-arm the calendar. A refused operation stores nothing of its own.
   */
  run<T>(id: string, fn: (g: ForumGame, now: number) => Outcome<T>): Promise<Outcome<T>> {
    const prev = this.queues.get(id) ?? Promise.resolve();
    const next = prev.then(async (): Promise<Outcome<T>> => {
      for (let attempt = 1; ; attempt++) {
        const cur = await this.fresh(id);
        if (!cur) return fail(forumError('notFound'));
        let g = cur.game;
        const before = JSON.stringify(g.doc);
        const wasFinished = g.doc.status === 'finished';
        const now = this.now();
        let out: Outcome<T>;
        try {
          out = fn(g, now);
          if (!out.ok) {
            // A refusal leaves nothing behind (not even the player's own line before the engine said no).
            g = new ForumGame(JSON.parse(before) as ForumGameDoc);
            this.games.set(id, { game: g, revision: cur.revision });
          }
          this.advance(g, now);
        } catch (e) {
          this.log.error({ forum: id, err: String(e) }, 'forum operation failed');
          this.games.set(id, { game: new ForumGame(JSON.parse(before) as ForumGameDoc), revision: cur.revision });
          return fail(forumError('malformed'));
        }
        if (JSON.stringify(g.doc) !== before) {
          // Stored only over the revision it was made from. Several processes arm every game's
          // calendar; when a deadline comes they all try its phase change, one write lands, and
          // the others, redoing it on the stored game, find nothing left to do (docs/scale-out.md).
          if (!(await this.store.updateGame(g.doc, cur.revision))) {
            this.games.delete(id);
            if (attempt < ATTEMPTS) continue;
            return fail(forumError('busy'));
          }
          this.games.set(id, { game: g, revision: cur.revision + 1 });
          // Only the write that finished the game tells its season (never twice).
          if (!wasFinished && g.doc.status === 'finished') await this.seasons.finish(g);
          this.onChange(id);
        }
        this.arm(g);
        return out;
      }
    });
    this.queues.set(
      id,
      next.catch(() => undefined),
    );
    return next;
  }

  /** Phase changes due by now, each at its own time, and the bots' turns between them. */
  private advance(g: ForumGame, now: number): void {
    for (let guard = 0; guard < 256; guard++) {
      const st = g.step();
      const bots = botTurn(g, Math.min(now, st?.at ?? now));
      if (st && st.at <= now) {
        g.tick(st.at);
        continue;
      }
      if (!bots) break;
    }
  }

  /** The next time this game needs the clock: its deadline, or the bots' morning. */
  nextWake(g: ForumGame): number | null {
    const st = g.step();
    if (!st || g.doc.status !== 'playing') return null;
    const s = g.state!;
    const w = g.voteWindow();
    // The bots owe a day's turn only while its vote is open (they act at once by night).
    const botsOwed = g.doc.botsDone !== `${s.phase}${s.number}` && g.doc.seats.some((x) => x.bot);
    if (botsOwed && w && !dayClosed(s) && this.now() < w.closes && w.opens < st.at) return Math.min(st.at, Math.max(w.opens, this.now()));
    return st.at;
  }

  private arm(g: ForumGame): void {
    this.cancels.get(g.doc.id)?.();
    this.cancels.delete(g.doc.id);
    if (this.closed) return;
    const at = this.nextWake(g);
    if (at === null) return;
    const id = g.doc.id;
    this.cancels.set(
      id,
      this.clock.at(at, () => {
        void this.run(id, () => done(true)).catch((e: unknown) => this.log.error({ forum: id, err: String(e) }, 'forum tick failed'));
      }),
    );
  }

  /** The earliest wake of any game (tests drive a fake clock from one to the next). */
  earliestWake(): number | null {
    let best: number | null = null;
    for (const { game: g } of this.games.values()) {
      const w = this.nextWake(g);
      if (w !== null && (best === null || w < best)) best = w;
    }
    return best;
  }

  async idle(): Promise<void> {
    for (;;) {
      const qs = [...this.queues.values()];
      await Promise.all(qs);
      if ([...this.queues.values()].every((q, i) => q === qs[i])) return;
    }
  }

  async start(id: string): Promise<Outcome<true>> {
    // A bound seat whose account the club banned since it sat down does not start the game (the host replaces it).
    const g0 = await this.game(id);
    const season = g0 ? await this.seasons.of(g0) : null;
    for (const x of g0?.doc.seats ?? []) {
      if (x.bot || x.account === undefined) continue;
      const refused = await this.seasons.seatRefusal(season, x);
      if (refused) return fail(refused);
    }
    return this.run(id, (g, now) => {
      if (g.doc.status !== 'lobby') return fail(forumError('alreadyStarted'));
      g.start(now, firstOpening(g.doc.schedule, now));
      return done(true);
    });
  }

  setSchedule(id: string, patch: Partial<Schedule>): Promise<Outcome<Schedule>> {
    return this.run(id, (g) => {
      if (g.doc.status !== 'lobby') return fail(forumError('alreadyStarted'));
      const s = ScheduleSchema.safeParse({ ...g.doc.schedule, ...patch });
      if (!s.success) return fail(forumError('malformed', { ru: 'расписание', en: 'schedule' }));
      g.doc.schedule = s.data;
      return done(s.data);
    });
  }

  // ---- seasons (seasons.ts) ------------------------------------------------------------------

  /** A new season; tied to a club (`club`) only by the club's owner or judge (`by`, an account id). */
  createSeason(name: string, entryPosts: number, banSeasons: number, club?: Season['club'], by?: string): Promise<Outcome<{ season: Season; adminKey: string }>> {
    return this.seasons.create(name, entryPosts, banSeasons, club, by);
  }

  /** Why `who` may not take a seat in a game of `season`, or null (seasons.ts). */
  seatRefusal(season: Season | null, who: SeatHolder): Promise<ForumError | null> {
    return this.seasons.seatRefusal(season, who);
  }

  /** Add posts counted toward entry (the community's forum outside the games). */
  addPosts(seasonId: string, player: string, posts: number): Promise<Season | null> {
    return this.seasons.addPosts(seasonId, player, posts);
  }

  /**
   * A signed-in player who holds a seat's key binds the seat to their account: from then on the
   * club's season ban asks about that account. A seat bound to another account stays theirs; a
   * banned account binds no seat of the club's season.
   */
  async bind(id: string, seat: number, accountId: string): Promise<Outcome<true>> {
    const g = await this.game(id);
    if (!g) return fail(forumError('notFound'));
    const x = g.doc.seats[seat - 1];
    if (!x || x.bot) return fail(forumError('badKey'));
    const refused = await this.seasons.seatRefusal(await this.seasons.of(g), { name: x.name, account: accountId });
    if (refused) return fail(refused);
    return this.run(id, (cur) => {
      const s = cur.doc.seats[seat - 1]!;
      if (s.account !== undefined && s.account !== accountId) return fail(forumError('seatBound'));
      s.account = accountId;
      return done(true);
    });
  }

  close(): void {
    this.closed = true;
    if (this.syncTimer) clearInterval(this.syncTimer);
    for (const c of this.cancels.values()) c();
    this.cancels.clear();
  }
}

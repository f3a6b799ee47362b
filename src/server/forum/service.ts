// The forum games a server runs: each game's calendar armed on the injectable clock, its
// operations run one at a time (a queue per game), each stored before it is answered. A fault
// in one game is logged and never reaches another.
import { createHash, randomBytes } from 'node:crypto';
import { validateSetup, type Viewer } from '../../engine/index.js';
import { DEFAULT_SCHEDULE, firstOpening, ScheduleSchema, type Schedule } from './calendar.js';
import type { ForumClock } from './clock.js';
import { botTurn } from './bots.js';
import { done, fail, forumError, type Outcome } from './errors.js';
import { dayClosed, ForumGame } from './game.js';
import type { ForumStore } from './store.js';
import type { ForumGameDoc, Season } from './types.js';

export const newKey = (): string => randomBytes(18).toString('base64url');
export const hashKey = (k: string): string => createHash('sha256').update(k).digest('hex');

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

export class ForumService {
  private games = new Map<string, ForumGame>();
  private queues = new Map<string, Promise<unknown>>();
  private cancels = new Map<string, () => void>();
  private closed = false;
  /** Called after every stored change of a game (live updates). */
  onChange: (id: string) => void = () => undefined;

  constructor(
    readonly store: ForumStore,
    readonly clock: ForumClock,
    private log: Log,
  ) {}

  now(): number {
    return this.clock.now();
  }

  /** Resume every unfinished game: catch up on phases missed while down, re-arm the calendar. */
  async load(): Promise<number> {
    const docs = await this.store.openGames();
    for (const d of docs) {
      try {
        this.games.set(d.id, new ForumGame(d));
      } catch (e) {
        this.log.error({ forum: d.id, err: String(e) }, 'forum game not rebuilt');
      }
    }
    await Promise.all([...this.games.keys()].map((id) => this.run(id, () => done(true))));
    return this.games.size;
  }

  async game(id: string): Promise<ForumGame | null> {
    const g = this.games.get(id);
    if (g) return g;
    const d = await this.store.getGame(id);
    if (!d) return null;
    const game = new ForumGame(d);
    this.games.set(id, game);
    return game;
  }

  async create(input: CreateInput): Promise<Outcome<Created>> {
    const schedule = ScheduleSchema.safeParse({ ...DEFAULT_SCHEDULE, ...(input.schedule ?? {}) });
    if (!schedule.success) return fail(forumError('malformed', { ru: 'расписание', en: 'schedule' }));
    let season: Season | null = null;
    const options: Record<string, unknown> = { ...(input.options ?? {}) };
    delete options['autokillSpent']; // the season's to say, not the creator's
    if (input.seasonId) {
      season = await this.store.getSeason(input.seasonId);
      if (!season) return fail(forumError('notFound'));
      // R42: who has spent the season's auto-vote plays with it spent.
      const spent = input.players.map((p, i) => (!p.bot && season!.players[p.name]?.autokillSpent ? i + 1 : 0)).filter((x) => x > 0);
      if (spent.length > 0) options['autokillSpent'] = spent;
      for (const p of input.players) {
        if (p.bot) continue;
        const row = season.players[p.name];
        if (row?.bannedUntil !== undefined && season.number <= row.bannedUntil) return fail(forumError('banned', { ru: p.name, en: p.name }));
        if ((row?.posts ?? 0) < season.entryPosts) return fail(forumError('entryPosts', { ru: p.name, en: p.name }));
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
    await this.store.putGame(doc);
    this.games.set(id, new ForumGame(doc));
    if (season) {
      season.games.push(id);
      await this.store.putSeason(season);
    }
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
      let g = await this.game(id);
      if (!g) return fail(forumError('notFound'));
      const before = JSON.stringify(g.doc);
      const now = this.now();
      let out: Outcome<T>;
      try {
        out = fn(g, now);
        if (!out.ok) {
          // A refusal leaves nothing behind (not even the player's own line before the engine said no).
          g = new ForumGame(JSON.parse(before) as ForumGameDoc);
          this.games.set(id, g);
        }
        this.advance(g, now);
      } catch (e) {
        this.log.error({ forum: id, err: String(e) }, 'forum operation failed');
        g.doc = JSON.parse(before) as ForumGameDoc;
        this.games.set(id, new ForumGame(g.doc));
        return fail(forumError('malformed'));
      }
      if (JSON.stringify(g.doc) !== before) {
        await this.store.putGame(g.doc);
        if (g.doc.status === 'finished') await this.finishSeason(g);
        this.onChange(id);
      }
      this.arm(g);
      return out;
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
    for (const g of this.games.values()) {
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

  start(id: string): Promise<Outcome<true>> {
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

  // ---- seasons -----------------------------------------------------------------------------

  async createSeason(name: string, entryPosts: number, banSeasons: number): Promise<{ season: Season; adminKey: string }> {
    const all = await this.store.listSeasons();
    const adminKey = newKey();
    const season: Season = {
      id: randomBytes(6).toString('base64url'),
      name,
      createdAt: this.now(),
      adminKeyHash: hashKey(adminKey),
      entryPosts,
      banSeasons,
      number: all.length + 1,
      games: [],
      players: {},
    };
    // What the community carries over: earlier seasons' bans and post counts.
    for (const old of all)
      for (const [p, row] of Object.entries(old.players)) {
        const cur = (season.players[p] ??= { autokillSpent: false, posts: 0, games: 0, wins: 0, noShows: 0 });
        cur.posts += row.posts;
        if (row.bannedUntil !== undefined) cur.bannedUntil = Math.max(cur.bannedUntil ?? 0, row.bannedUntil);
      }
    await this.store.putSeason(season);
    return { season, adminKey };
  }

  /** The season learns a finished game: games, wins, posts, autokills spent, no-shows. */
  private async finishSeason(g: ForumGame): Promise<void> {
    if (!g.doc.seasonId || !g.state) return;
    const season = await this.store.getSeason(g.doc.seasonId);
    if (!season) return;
    const s = g.state;
    const autos = new Set<number>();
    for (const e of s.log) if (e.t === 'dayTally') for (const v of e.votes) if (v.auto) autos.add(v.seat);
    g.doc.seats.forEach((x, i) => {
      if (x.bot) return;
      const row = (season.players[x.name] ??= { autokillSpent: false, posts: 0, games: 0, wins: 0, noShows: 0 });
      row.games += 1;
      row.posts += g.doc.posts.filter((p) => p.by === i + 1).length;
      if (s.winner && s.seats[i]!.team === s.winner) row.wins += 1;
      if (autos.has(i + 1)) row.autokillSpent = true;
      // A player removed for silence is a no-show: banned for the season's count of seasons.
      const ex = s.seats[i]!.exit;
      if (ex?.cause === 'removal') {
        row.noShows += 1;
        row.bannedUntil = season.number + season.banSeasons;
      }
    });
    await this.store.putSeason(season);
  }

  /** Add posts counted toward entry (the community's forum outside the games). */
  async addPosts(seasonId: string, player: string, posts: number): Promise<Season | null> {
    const season = await this.store.getSeason(seasonId);
    if (!season) return null;
    const row = (season.players[player] ??= { autokillSpent: false, posts: 0, games: 0, wins: 0, noShows: 0 });
    row.posts += posts;
    await this.store.putSeason(season);
    return season;
  }

  close(): void {
    this.closed = true;
    for (const c of this.cancels.values()) c();
    this.cancels.clear();
  }
}

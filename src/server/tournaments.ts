// Tournaments on the server: the organizer's changes (each checked as a whole document and
// stored with a new revision, one at a time per tournament), who may write, and what watchers
// are pushed. Games (tables bound to slots, records attached) are in tournament-games.ts; reads
// are built in tournament-views.ts.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  addPlayers,
  finishedGame,
  finalsJob,
  nameKey,
  qualifyingJob,
  resolveScoring,
  roundsOf,
  seatingSteps,
  slotKey,
  slotOf,
  validateTournament,
  type GameFacts,
  type SeatingProgress,
  type ExtraPoints,
  type SeatingJob,
  type SeatingQuality,
  type SlotRef,
  type Tournament,
} from '../tournament/index.js';
import { newTableId, newToken } from './deal.js';
import type { Hub } from './hub.js';
import {
  refuse,
  type CreateTournamentBody,
  type ExtraBody,
  type FinalsBody,
  type NewPlayers,
  type PatchTournamentBody,
  type SeatingBody,
  type SwapBody,
} from './tournament-messages.js';
import type { AttachedBy, GameVersionRow, TournamentRow, TournamentStore } from './tournament-store.js';
import { currentOf, publicTournament, ratedGames, ratingsOf, standingsOf, type Loaded, type PublicTournament, type TournamentSnapshot } from './tournament-views.js';
import { boundTableStatuses, SlotGames } from './tournament-games.js';
import { SlotFlags } from './tournament-flags.js';
import { SeatingJobs } from './seating-jobs.js';
import { PlayersIndex } from './players-index.js';
import { newPlayersOf, resolvePairs, tenSeats } from './tournament-input.js';

export interface TournamentServiceOptions {
  store: TournamentStore;
  hub: Hub;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void; error(o: object, msg: string): void };
  now?: () => number;
}

export interface Created {
  id: string;
  /** Shown once: the server keeps only its hash. */
  organizerToken: string;
  tournament: PublicTournament;
}

const hash = (token: string): Buffer => createHash('sha256').update(token).digest();
/** Replayed records kept (their facts), at most. */
const FACTS_CACHE = 5000;

/** A seating run watched from outside (seating-jobs.ts): its progress, and whether to stop. */
export interface SeatingControl {
  progress(p: SeatingProgress): void;
  cancelled(): boolean;
}

/** A live watcher: gets each new snapshot frame (a JSON text). */
export type Watcher = (frame: string) => void;

export class TournamentService {
  private queues = new Map<string, Promise<unknown>>();
  private factsCache = new Map<string, GameFacts | null>();
  private watchers = new Map<string, Set<Watcher>>();
  private pushing = new Set<string>();
  private reconciled = new Set<string>();
  /** The server-wide ratings, until a tournament changes. */
  private ratings: Promise<ReturnType<typeof ratingsOf>> | null = null;
  private closed = false;
  private now: () => number;

  /** Server tables bound to slots and records attached to them. */
  readonly games: SlotGames;
  /** Games waiting for a correction. */
  readonly flags: SlotFlags;
  /** Seating runs the organizer's page watches. */
  readonly seatingJobs = new SeatingJobs(this);
  /** Players and clubs across tournaments, kept until a tournament changes. */
  readonly players = new PlayersIndex(this);

  constructor(private o: TournamentServiceOptions) {
    this.now = o.now ?? Date.now;
    this.games = new SlotGames(this, o.hub, o.store, o.log, this.now);
    this.flags = new SlotFlags(this, o.hub, this.now);
  }

  get store(): TournamentStore {
    return this.o.store;
  }

  /** Work on one tournament runs one piece at a time, in arrival order. */
  run<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(id) ?? Promise.resolve();
    const p = prev.then(fn, fn);
    const tail = p.catch(() => undefined);
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return p;
  }

  // ---- reading --------------------------------------------------------------------------------

  async load(id: string): Promise<Loaded> {
    const row = await this.o.store.get(id);
    if (!row) return refuse(404, 'tournamentNotFound');
    const versions = await this.o.store.gameVersions(id);
    const current = currentOf(versions);
    const bindings = await this.o.store.bindings(id);
    const loaded: Loaded = { row, versions, current, bindings, tables: await boundTableStatuses(this.o.hub.storage, bindings, current) };
    if (!this.reconciled.has(id)) {
      this.reconciled.add(id);
      void this.games.reconcile(loaded).catch((e) => this.o.log.error({ tournament: id, err: String(e) }, 'tournament tables not reconciled'));
    }
    return loaded;
  }

  /** The facts of a stored record version (replayed once, then cached). */
  readonly facts = (v: GameVersionRow): GameFacts | null => {
    const key = `${v.tournamentId}/${slotKey(v)}/${v.version}`;
    let f = this.factsCache.get(key);
    if (f === undefined) {
      const g = finishedGame(v.record);
      f = g.ok ? g.value.facts : null;
      if (this.factsCache.size >= FACTS_CACHE) this.factsCache.delete(this.factsCache.keys().next().value!);
      this.factsCache.set(key, f);
    }
    return f;
  };

  async authorize(id: string, token: string | undefined): Promise<Loaded> {
    const l = await this.load(id);
    if (!token || !timingSafeEqual(hash(token), Buffer.from(l.row.tokenHash, 'hex'))) return refuse(401, 'unauthorized');
    return l;
  }

  /**
   * Who may attach a record to a slot: the organizer, or the judge of the judge table bound to
   * that slot (the token the console already holds).
   */
  async slotWriter(id: string, ref: SlotRef, token: string | undefined): Promise<AttachedBy['kind']> {
    const l = await this.load(id);
    if (token && timingSafeEqual(hash(token), Buffer.from(l.row.tokenHash, 'hex'))) return 'organizer';
    for (const b of l.bindings) {
      if (b.round !== ref.round || b.table !== ref.table || b.mode !== 'judge' || !token) continue;
      const t = await this.o.hub.find(b.tableId);
      if (t && t.row.hostToken.length === token.length && timingSafeEqual(Buffer.from(t.row.hostToken), Buffer.from(token))) return 'judge';
    }
    return refuse(401, 'unauthorized');
  }

  // ---- the document ---------------------------------------------------------------------------

  async create(body: CreateTournamentBody): Promise<Created> {
    const players = addPlayers([], newPlayersOf(body));
    if (!players.ok) return refuse(400, players.error.code, players.error.detail);
    const scoring = resolveScoring(body.scoring ?? 'fiim');
    if (!scoring.ok) return refuse(400, scoring.error.code, scoring.error.detail);
    const doc = validateTournament({ name: body.name, players: players.value, forbidden: resolvePairs(players.value, body.forbidden ?? []), scoring: scoring.value, options: body.options ?? {} });
    if (!doc.ok) return refuse(400, doc.error.code, doc.error.detail);
    const id = newTableId().replace(/^t/, 'c');
    const organizerToken = newToken();
    const at = this.now();
    const row: TournamentRow = { id, createdAt: at, updatedAt: at, revision: 1, tokenHash: hash(organizerToken).toString('hex'), data: doc.value };
    await this.o.store.create(row);
    this.players.invalidate(id);
    this.o.log.info({ tournament: id, players: doc.value.players.length }, 'tournament created');
    const loaded: Loaded = { row, versions: [], current: new Map(), bindings: [], tables: new Map() };
    return { id, organizerToken, tournament: publicTournament(loaded, this.facts, true) };
  }

  /**
   * Change the document: `fn` edits a copy of it (given what is played so far); the result is
   * checked whole and stored with a new revision, or nothing is stored.
   */
  mutate<T = void>(id: string, fn: (t: Tournament, l: Loaded) => Promise<T> | T): Promise<{ loaded: Loaded; value: T }> {
    return this.run(id, async () => {
      const l = await this.load(id);
      const draft = structuredClone(l.row.data);
      const value = await fn(draft, l);
      const checked = validateTournament(draft);
      if (!checked.ok) return refuse(400, checked.error.code, checked.error.detail);
      const at = this.now();
      if (!(await this.o.store.update(id, l.row.revision, checked.value, at))) return refuse(409, 'conflict');
      const row = { ...l.row, data: checked.value, revision: l.row.revision + 1, updatedAt: at };
      this.changed(id);
      return { loaded: { ...l, row }, value };
    });
  }

  /** A slot that has a record or a table, or any game of `ids`, means the games have begun. */
  private static begun(l: Loaded): boolean {
    return l.current.size > 0 || l.bindings.length > 0;
  }

  patch(id: string, body: PatchTournamentBody): Promise<{ loaded: Loaded }> {
    return this.mutate(id, (t, l) => {
      if (body.name !== undefined) t.name = body.name;
      if (body.scoring !== undefined) {
        const s = resolveScoring(body.scoring);
        if (!s.ok) return refuse(400, s.error.code, s.error.detail);
        t.scoring = s.value;
      }
      if (body.options) {
        const { preset, gameOptions, ...rest } = body.options;
        // The games' rules can't change under records already played by them.
        if ((preset !== undefined || gameOptions !== undefined) && TournamentService.begun(l)) return refuse(409, 'seatingLocked', 'preset and game options are fixed once games have begun');
        if (preset !== undefined) t.options.preset = preset;
        if (gameOptions !== undefined) t.options.gameOptions = gameOptions;
        Object.assign(t.options, rest);
      }
    });
  }

  addPlayers(id: string, body: NewPlayers): Promise<{ loaded: Loaded }> {
    return this.mutate(id, (t) => {
      const more = addPlayers(t.players, newPlayersOf(body));
      if (!more.ok) return refuse(400, more.error.code, more.error.detail);
      t.players = more.value;
    });
  }

  patchPlayer(id: string, pid: string, body: { nickname?: string | undefined; club?: string | null | undefined }): Promise<{ loaded: Loaded }> {
    return this.mutate(id, (t, l) => {
      const p = t.players.find((x) => x.id === pid);
      if (!p) return refuse(404, 'playerNotFound');
      if (body.nickname !== undefined && nameKey(body.nickname) !== nameKey(p.nickname)) {
        // Records name players by nickname: once a player has a game or a table, the name stays.
        const played = [...l.current.values()].some((v) => slotOf(t, v)?.seats.includes(pid));
        const atTable = l.bindings.some((b) => slotOf(t, b)?.seats.includes(pid));
        if (played || atTable) return refuse(409, 'playerLocked', 'the nickname is fixed once the player has a game or a table');
      }
      if (body.nickname !== undefined) p.nickname = body.nickname;
      if (body.club === null || body.club === '') delete p.club;
      else if (body.club !== undefined) p.club = body.club;
    });
  }

  removePlayer(id: string, pid: string): Promise<{ loaded: Loaded }> {
    return this.mutate(id, (t) => {
      if (!t.players.some((p) => p.id === pid)) return refuse(404, 'playerNotFound');
      if (t.rounds.some((r) => r.games.some((g) => g.seats.includes(pid)))) return refuse(409, 'playerLocked', 'the player is seated: change the seating first');
      t.players = t.players.filter((p) => p.id !== pid);
      t.forbidden = t.forbidden.filter(([a, b]) => a !== pid && b !== pid);
    });
  }

  setForbidden(id: string, pairs: [string, string][], sameClub = false): Promise<{ loaded: Loaded }> {
    return this.mutate(id, (t) => {
      t.forbidden = resolvePairs(t.players, pairs);
      if (sameClub)
        for (const [i, a] of t.players.entries())
          for (const b of t.players.slice(i + 1)) if (a.club && nameKey(a.club) === nameKey(b.club ?? '')) t.forbidden.push([a.id, b.id]);
    });
  }

  /** Elo across every tournament here (at most the 1,000 newest), in the order they were created. */
  serverRatings(): Promise<ReturnType<typeof ratingsOf>> {
    this.ratings ??= (async () => {
      const rows = (await this.o.store.list(1000)).sort((a, b) => a.createdAt - b.createdAt);
      const games = [];
      for (const r of rows) games.push(...ratedGames(await this.load(r.id), this.facts));
      return ratingsOf(games);
    })();
    const p = this.ratings;
    p.catch(() => {
      if (this.ratings === p) this.ratings = null;
    });
    return p;
  }

  /**
   * Extra points for a player of a game that has its record, kept with the tournament (hidden
   * from the public while the organizer hides extra points).
   */
  addExtra(id: string, ref: SlotRef, body: ExtraBody, by: string | undefined): Promise<{ loaded: Loaded; value: ExtraPoints }> {
    return this.mutate(id, (t, l) => {
      const slot = slotOf(t, ref);
      if (!slot) return refuse(404, 'noSuchSlot');
      if (!l.current.has(slotKey(ref))) return refuse(409, 'noRecord', 'extra points go to a game that has its record');
      const player =
        body.seat !== undefined
          ? slot.seats[body.seat - 1]
          : slot.seats.find((pid) => pid === body.player || nameKey(t.players.find((p) => p.id === pid)?.nickname ?? '') === nameKey(body.player ?? ''));
      if (!player) return refuse(400, 'playerNotFound', 'the player does not sit at this table');
      const next = 1 + t.extra.reduce((m, e) => Math.max(m, /^x\d+$/.test(e.id) ? Number(e.id.slice(1)) : 0), 0);
      const item: ExtraPoints = { id: `x${next}`, round: ref.round, table: ref.table, player, points: body.points, reason: body.reason, at: this.now(), ...(by ? { by } : {}) };
      t.extra.push(item);
      return item;
    });
  }

  removeExtra(id: string, xid: string): Promise<{ loaded: Loaded }> {
    return this.mutate(id, (t) => {
      if (!t.extra.some((e) => e.id === xid)) return refuse(404, 'noExtra');
      t.extra = t.extra.filter((e) => e.id !== xid);
    });
  }

  /** Run a seating job in slices, so other tables and requests are served meanwhile. */
  private async runJob(job: SeatingJob, body: { moves?: number | undefined; tableWeight?: number | undefined }, ctl?: SeatingControl): Promise<{ rounds: Tournament['rounds']; quality: SeatingQuality; moves: number }> {
    const steps = seatingSteps(job.request, { ...(body.moves !== undefined ? { moves: body.moves } : {}), ...(body.tableWeight !== undefined ? { tableWeight: body.tableWeight } : {}) });
    let r = steps.next();
    while (!r.done) {
      ctl?.progress(r.value);
      await new Promise((res) => setImmediate(res));
      // Cancelled: nothing is stored (the refusal undoes the change).
      if (ctl?.cancelled()) return refuse(409, 'seatingCancelled');
      r = steps.next(!this.closed);
    }
    if (!r.value.ok) return refuse(400, r.value.error.code, r.value.error.detail);
    return { rounds: roundsOf(job, r.value.value), quality: r.value.value.quality, moves: r.value.value.moves };
  }

  /** The qualifying rounds for every registered player; refused once games have begun. */
  seat(id: string, body: SeatingBody, ctl?: SeatingControl): Promise<{ loaded: Loaded; value: { quality: SeatingQuality; moves: number } }> {
    return this.mutate(id, async (t, l) => {
      if (TournamentService.begun(l)) return refuse(409, 'seatingLocked');
      tenSeats(t);
      const plan = { tables: body.tables, games: body.games, ...(body.seed !== undefined ? { seed: body.seed } : {}) };
      const done = await this.runJob(qualifyingJob(t, plan), body, ctl);
      t.rounds = done.rounds;
      return { quality: done.quality, moves: done.moves };
    });
  }

  /**
   * Swap two players of one round by hand (seats or tables): refused when a game either sits at
   * has a record or a table, or when a forbidden pair would come to share a table.
   */
  swap(id: string, body: SwapBody): Promise<{ loaded: Loaded }> {
    return this.mutate(id, (t, l) => {
      const round = t.rounds[body.round - 1];
      if (!round) return refuse(404, 'noSuchSlot');
      const find = (pid: string): { g: number; k: number } | null => {
        for (const [g, game] of round.games.entries()) {
          const k = game.seats.indexOf(pid);
          if (k >= 0) return { g, k };
        }
        return null;
      };
      const a = find(body.a);
      const b = find(body.b);
      if (!a || !b || body.a === body.b) return refuse(404, 'playerNotFound', 'both players must sit in this round');
      for (const x of [a, b]) {
        const ref = { round: body.round, table: round.games[x.g]!.table };
        if (l.current.has(slotKey(ref)) || l.bindings.some((bd) => bd.round === ref.round && bd.table === ref.table)) return refuse(409, 'seatingLocked', 'a game of these players has begun');
      }
      round.games[a.g]!.seats[a.k] = body.b;
      round.games[b.g]!.seats[b.k] = body.a;
      const bad = new Set(t.forbidden.map(([x, y]) => `${x} ${y}`));
      for (const x of [a, b]) {
        const seats = round.games[x.g]!.seats;
        for (const p of seats) for (const q of seats) if (bad.has(`${p} ${q}`)) return refuse(409, 'forbiddenPair', 'a forbidden pair would share a table');
      }
    });
  }

  /** Finals for the top of the (organizer's) standings; refused if finals are seated already. */
  finals(id: string, body: FinalsBody): Promise<{ loaded: Loaded; value: { quality: SeatingQuality; moves: number } }> {
    return this.mutate(id, async (t, l) => {
      if (t.rounds.some((r) => r.kind === 'final')) return refuse(409, 'finalsExist');
      tenSeats(t);
      const s = standingsOf(l, this.facts, true);
      const plan = { top: body.top, games: body.games, tables: body.tables ?? Math.floor(body.top / 10), weight: body.weight ?? 1, ...(body.seed !== undefined ? { seed: body.seed } : {}) };
      const job = finalsJob(t, s, plan);
      if (!job.ok) return refuse(400, job.error.code, job.error.detail);
      const done = await this.runJob(job.value, {});
      t.rounds = [...t.rounds, ...done.rounds];
      return { quality: done.quality, moves: done.moves };
    });
  }

  // ---- live --------------------------------------------------------------------------------

  /** Watch a tournament: the current snapshot now, a new one after every change. */
  async watch(id: string, w: Watcher): Promise<() => void> {
    const l = await this.load(id);
    let set = this.watchers.get(id);
    if (!set) this.watchers.set(id, (set = new Set()));
    set.add(w);
    w(this.snapshot(l));
    return () => {
      set.delete(w);
      if (set.size === 0 && this.watchers.get(id) === set) this.watchers.delete(id);
    };
  }

  /** What watchers get: the public standings and every game's status. */
  snapshot(l: Loaded): string {
    const pub = publicTournament(l, this.facts, false);
    const frame: TournamentSnapshot = {
      type: 'tournament',
      id: l.row.id,
      revision: l.row.revision,
      games: l.current.size,
      standings: standingsOf(l, this.facts, false),
      slots: pub.rounds.flatMap((r) => r.games.map(({ seats: _s, ...g }) => g)),
    };
    return JSON.stringify(frame);
  }

  /** Something changed: one snapshot for all of this turn's changes, to every watcher. */
  changed(id: string): void {
    this.ratings = null;
    this.players.invalidate(id);
    if (!this.watchers.has(id) || this.pushing.has(id)) return;
    this.pushing.add(id);
    setImmediate(() => {
      this.pushing.delete(id);
      if (this.closed) return;
      void this.load(id)
        .then((l) => {
          const frame = this.snapshot(l);
          for (const w of this.watchers.get(id) ?? []) w(frame);
        })
        .catch((e) => this.o.log.error({ tournament: id, err: String(e) }, 'tournament push failed'));
    });
  }

  close(): void {
    this.closed = true;
    this.watchers.clear();
  }
}

// Players and clubs across every tournament, precomputed: each tournament's part (its players,
// its current games' facts, its public standings) is built once and kept until that tournament
// changes (a registration, a record, a correction, a new tournament: TournamentService.changed,
// or the store's stamps, which also see another process's changes);
// the server-wide figures (Elo with each player's history, the players list) are folded from the
// parts once per change. A profile or the players list then reads maps, whatever the number of
// tournaments; only the first read after a change pays, and only for the tournament that changed.
import { allSlots, eloRatings, nameKey, playerStats, type GameFacts, type Player, type RatedGame, type RatingKind, type Standings } from '../tournament/index.js';
import type { TournamentStamp } from './tournament-store.js';
import { standingsOf } from './tournament-views.js';
import type { TournamentService } from './tournaments.js';

export interface PlayedGame {
  tournament: { id: string; name: string };
  round: number;
  table: number;
  tableId?: string;
  at: number;
  facts: GameFacts;
  kind: RatingKind;
}

/** What one tournament contributes, rebuilt only when it changes. */
export interface TournamentPart {
  id: string;
  name: string;
  createdAt: number;
  players: Player[];
  games: PlayedGame[];
  standings: Standings;
}

export interface RatingPoint {
  at: number;
  tournament: string;
  round: number;
  table: number;
  rating: number;
  change: number;
}

export interface PlayersIndexData {
  /** Tournaments in the order they were created. */
  parts: TournamentPart[];
  games: PlayedGame[];
  list: { nickname: string; club?: string; tournaments: number }[];
  /** By nameKey: the player's games (in order) and the tournaments they registered for. */
  byPlayer: Map<string, { games: PlayedGame[]; parts: TournamentPart[] }>;
  /** By the club's nameKey: the tournaments one of its players registered for, in order. */
  byClub: Map<string, TournamentPart[]>;
  ratings: ReturnType<typeof eloRatings>['rows'];
  ratingOf: Map<string, ReturnType<typeof eloRatings>['rows'][number]>;
  history: Map<string, RatingPoint[]>;
  /** Statistics of every player over every game (computed on first use). */
  stats: () => Map<string, ReturnType<typeof playerStats>[number]>;
}

/** Tournaments read, at most (the newest). */
const MAX_TOURNAMENTS = 1000;

export class PlayersIndex {
  private parts = new Map<string, Promise<TournamentPart>>();
  private data: Promise<PlayersIndexData> | null = null;
  /** Each tournament's stamp when its part was last dropped, and all of them as one key. */
  private stampOf = new Map<string, string>();
  private key = '';
  /** Builds so far (a test sees that reads between changes build nothing). */
  builds = 0;

  constructor(private svc: TournamentService) {}

  /** A tournament changed or was created: its part and the folded figures are stale. */
  invalidate(id: string): void {
    this.parts.delete(id);
    this.data = null;
  }

  /**
   * The index, checked first against the store's stamps (one small query): a tournament whose
   * stamp moved — changed here or by another process on the same database — is reloaded, and the
   * folded figures with it; nothing else is.
   */
  async get(): Promise<PlayersIndexData> {
    const stamps = await this.svc.store.stamps(MAX_TOURNAMENTS);
    for (const s of stamps)
      if (this.stampOf.get(s.id) !== s.stamp) {
        this.parts.delete(s.id);
        this.stampOf.set(s.id, s.stamp);
      }
    const key = stamps.map((s) => `${s.id}:${s.stamp}`).join(',');
    if (key !== this.key) {
      this.key = key;
      this.data = null;
    }
    this.data ??= this.build(stamps);
    const p = this.data;
    p.catch(() => {
      if (this.data === p) this.data = null;
    });
    return p;
  }

  private part(id: string): Promise<TournamentPart> {
    let p = this.parts.get(id);
    if (!p) {
      p = (async () => {
        const l = await this.svc.load(id);
        const t = l.row.data;
        const games: PlayedGame[] = [];
        for (const s of allSlots(t)) {
          const v = l.current.get(`${s.round}-${s.table}`);
          const f = v ? this.svc.facts(v) : null;
          if (!v || !f) continue;
          const bound = l.bindings.filter((b) => b.round === s.round && b.table === s.table).at(-1);
          games.push({ tournament: { id, name: t.name }, round: s.round, table: s.table, ...(bound ? { tableId: bound.tableId } : {}), at: v.at, facts: f, kind: t.options.ratingKind });
        }
        return { id, name: t.name, createdAt: l.row.createdAt, players: t.players, games, standings: standingsOf(l, this.svc.facts, false) };
      })();
      this.parts.set(id, p);
      p.catch(() => {
        if (this.parts.get(id) === p) this.parts.delete(id);
      });
    }
    return p;
  }

  private async build(stamps: TournamentStamp[]): Promise<PlayersIndexData> {
    this.builds++;
    const rows = [...stamps].sort((a, b) => a.createdAt - b.createdAt);
    const parts: TournamentPart[] = [];
    for (const r of rows) parts.push(await this.part(r.id));
    const games = parts.flatMap((p) => p.games);

    const byPlayer = new Map<string, { games: PlayedGame[]; parts: TournamentPart[] }>();
    const entry = (k: string) => {
      let e = byPlayer.get(k);
      if (!e) byPlayer.set(k, (e = { games: [], parts: [] }));
      return e;
    };
    const listed = new Map<string, { nickname: string; club?: string; tournaments: number }>();
    const byClub = new Map<string, TournamentPart[]>();
    for (const p of parts)
      for (const pl of p.players) {
        if (pl.club) {
          const c = byClub.get(nameKey(pl.club)) ?? [];
          if (c.at(-1) !== p) c.push(p);
          byClub.set(nameKey(pl.club), c);
        }
        const k = nameKey(pl.nickname);
        entry(k).parts.push(p);
        const cur = listed.get(k) ?? { nickname: pl.nickname, tournaments: 0 };
        cur.tournaments++;
        if (pl.club) cur.club = pl.club;
        listed.set(k, cur);
      }
    for (const g of games) for (const x of g.facts.seats) entry(nameKey(x.name)).games.push(g);

    // Elo over every rated game in order, and each player's rating after each of their games.
    const rated = games.filter((g) => g.kind !== 'none');
    const elo = eloRatings(rated.map((g): RatedGame => ({ kind: g.kind as RatedGame['kind'], seats: g.facts.seats.map((x) => ({ name: x.name, team: x.team, result: x.result })) })));
    const history = new Map<string, RatingPoint[]>();
    const sums = new Map<string, number>();
    elo.changes.forEach((cs, i) => {
      const g = rated[i]!;
      for (const c of cs) {
        const k = nameKey(c.name);
        const sum = (sums.get(k) ?? 0) + c.change;
        sums.set(k, sum);
        let h = history.get(k);
        if (!h) history.set(k, (h = []));
        h.push({ at: g.at, tournament: g.tournament.name, round: g.round, table: g.table, rating: Math.round((1000 + sum) * 100) / 100, change: c.change });
      }
    });
    let stats: Map<string, ReturnType<typeof playerStats>[number]> | null = null;
    return {
      parts,
      games,
      list: [...listed.values()].sort((a, b) => (a.nickname < b.nickname ? -1 : 1)),
      byPlayer,
      byClub,
      ratings: elo.rows,
      ratingOf: new Map(elo.rows.map((r) => [nameKey(r.name), r])),
      history,
      stats: () => (stats ??= new Map(playerStats(games.map((g) => g.facts)).map((s) => [nameKey(s.name), s]))),
    };
  }
}

// A forum community's seasons (forum-mafia.ru.txt): who may enter a season's games (posts
// counted toward entry, bans for no-shows, a club's season ban), what a finished game adds to its
// season, and new seasons carrying the earlier ones' bans and posts over. Seasons are documents
// with a revision, changed only over the revision read, so several processes may share them.
import { randomBytes } from 'node:crypto';
import { forumError, done, fail, type ForumError, type Outcome } from './errors.js';
import type { ForumGame } from './game.js';
import { nicknameKey } from '../accounts/store.js';
import { hashKey, newKey } from './keys.js';
import type { ForumStore } from './store.js';
import type { Season } from './types.js';

/** A write that lost to another process's is redone on the newer document this many times at most. */
export const ATTEMPTS = 8;

/**
 * Who sits in a seat, for a club's ban: the account the seat is bound to, or (a seat nobody bound
 * yet: a name the host typed) the account whose nickname the name is.
 */
export interface SeatHolder {
  name: string;
  account?: string;
}

/** What the forum asks of the accounts' clubs (accounts/store.ts). */
export interface ForumClubs {
  /** Whether the club banned the seat's holder from the club's season `season` (club_bans). */
  banned(clubId: string, season: string, who: SeatHolder): Promise<boolean>;
  /** Whether the account is an owner or judge of the club (who may tie a forum season to it). */
  staff(clubId: string, accountId: string): Promise<boolean>;
  /** The club's name, shown on the season's page (a club's id is not for people to read). */
  name?(clubId: string): Promise<string | null>;
  /** A season tied to the club: written to the club's audit log (who, when, which season). */
  tied?(clubId: string, accountId: string, season: Season): Promise<void>;
  /**
   * The account a seat's holder is, or null: the bound account (followed through merges: a merge
   * is no way out of a ban), else the account whose nickname the name is now.
   */
  holder?(who: SeatHolder): Promise<string | null>;
}

export class ForumSeasons {
  constructor(
    private store: ForumStore,
    private now: () => number,
    private clubs?: ForumClubs,
  ) {}

  /** A new season; tied to a club (`club`) only by the club's owner or judge (`by`, an account id). */
  async create(name: string, entryPosts: number, banSeasons: number, club?: Season['club'], by?: string): Promise<Outcome<{ season: Season; adminKey: string }>> {
    if (club && !(by && this.clubs && (await this.clubs.staff(club.id, by)))) return fail(forumError('notClubStaff'));
    const clubName = club ? await this.clubs?.name?.(club.id) : null;
    if (club && clubName) club = { ...club, name: clubName };
    const adminKey = newKey();
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const all = await this.store.listSeasons();
      const season: Season = {
        id: randomBytes(6).toString('base64url'),
        name,
        createdAt: this.now(),
        adminKeyHash: hashKey(adminKey),
        entryPosts,
        banSeasons,
        // The next in the community's sequence; the store refuses a number another process took meanwhile.
        number: Math.max(0, ...all.map((s) => s.number)) + 1,
        games: [],
        players: {},
        ...(club ? { club } : {}),
      };
      // What the community carries over: earlier seasons' bans and post counts.
      for (const old of all)
        for (const [p, row] of Object.entries(old.players)) {
          const cur = (season.players[p] ??= { autokillSpent: false, posts: 0, games: 0, wins: 0, noShows: 0 });
          cur.posts += row.posts;
          if (row.bannedUntil !== undefined) cur.bannedUntil = Math.max(cur.bannedUntil ?? 0, row.bannedUntil);
        }
      for (const old of all)
        for (const [id, until] of Object.entries(old.bannedAccounts ?? {})) (season.bannedAccounts ??= {})[id] = Math.max(season.bannedAccounts[id] ?? 0, until);
      if (await this.store.createSeason(season)) {
        if (club && by) await this.clubs?.tied?.(club.id, by, season);
        return done({ season, adminKey });
      }
    }
    return fail(forumError('busy'));
  }

  /**
   * Why `who` may not take a seat in a game of `season`, or null: the club the season belongs to
   * banned that player from this season (accounts/clubs, club_bans) — by the seat's account where
   * it is bound, by the name's account where not.
   */
  async seatRefusal(season: Season | null, who: SeatHolder): Promise<ForumError | null> {
    if (!season) return null;
    if (await this.noShowBanned(season, who)) return forumError('banned', { ru: who.name, en: who.name });
    if (!season.club || !this.clubs) return null;
    return (await this.clubs.banned(season.club.id, season.club.season, who)) ? forumError('clubBanned', { ru: who.name, en: who.name }) : null;
  }

  /**
   * Whether `who` is banned from `season` for a no-show: by the name, whatever its case and spaces
   * («анна» is «Анна»), or by the account — the one that was bound to the no-show's seat, now
   * under any nickname and after any merge — the seat is bound to or the name is.
   */
  private async noShowBanned(season: Season, who: SeatHolder): Promise<boolean> {
    const key = nicknameKey(who.name);
    for (const [name, row] of Object.entries(season.players)) if (row.bannedUntil !== undefined && season.number <= row.bannedUntil && nicknameKey(name) === key) return true;
    const banned = Object.entries(season.bannedAccounts ?? {}).filter(([, until]) => season.number <= until);
    const holder = banned.length > 0 && this.clubs?.holder ? this.clubs.holder : null;
    if (!holder) return false;
    const me = await holder(who);
    if (me === null) return false;
    for (const [id] of banned) if (id === me || (await holder({ name: '', account: id })) === me) return true;
    return false;
  }

  /** The season a game belongs to, or null. */
  async of(g: ForumGame): Promise<Season | null> {
    return g.doc.seasonId ? ((await this.store.getSeason(g.doc.seasonId))?.doc ?? null) : null;
  }

  /** Change a season over the revision read; redone on a newer one if another process got there first. */
  async update(id: string, change: (s: Season) => void): Promise<Season | null> {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const cur = await this.store.getSeason(id);
      if (!cur) return null;
      change(cur.doc);
      if (await this.store.updateSeason(cur.doc, cur.revision)) return cur.doc;
    }
    throw new Error(`season ${id}: too many concurrent changes`);
  }

  /** The season learns a finished game: games, wins, posts, autokills spent, no-shows. */
  async finish(g: ForumGame): Promise<void> {
    if (!g.doc.seasonId || !g.state) return;
    const s = g.state;
    const autos = new Set<number>();
    for (const e of s.log) if (e.t === 'dayTally') for (const v of e.votes) if (v.auto) autos.add(v.seat);
    await this.update(g.doc.seasonId, (season) =>
      g.doc.seats.forEach((x, i) => {
        if (x.bot) return;
        const row = (season.players[x.name] ??= { autokillSpent: false, posts: 0, games: 0, wins: 0, noShows: 0 });
        // The seat's present holder: what a replaced player wrote before is not theirs.
        const since = x.before[x.before.length - 1]?.at ?? 0;
        const posts = g.doc.posts.filter((p) => p.by === i + 1 && p.at >= since).length;
        const votes = g.doc.votes.filter((v) => v.seat === i + 1 && v.at >= since).length;
        row.games += 1;
        row.posts += posts;
        if (s.winner && s.seats[i]!.team === s.winner) row.wins += 1;
        if (autos.has(i + 1)) row.autokillSpent = true;
        // A no-show (forum-mafia.ru.txt: signed up and left not one post in the game) is removed and
        // loses the season's count of seasons. Other removals (a second missed vote, the lawyer's
        // two misses, a host's removal of one who did write) are the game's matter, not a ban.
        const ex = s.seats[i]!.exit;
        if (ex?.cause === 'removal' && posts === 0 && votes === 0) {
          row.noShows += 1;
          row.bannedUntil = season.number + season.banSeasons;
          // The ban follows the person, not only the name: a bound seat's account is banned too.
          if (x.account !== undefined) (season.bannedAccounts ??= {})[x.account] = row.bannedUntil;
        }
      }),
    );
  }

  /** Add posts counted toward entry (the community's forum outside the games). */
  addPosts(seasonId: string, player: string, posts: number): Promise<Season | null> {
    return this.update(seasonId, (season) => {
      const row = (season.players[player] ??= { autokillSpent: false, posts: 0, games: 0, wins: 0, noShows: 0 });
      row.posts += posts;
    });
  }
}

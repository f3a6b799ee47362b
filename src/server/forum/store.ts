// Forum games and seasons behind a small asynchronous interface (like Storage for tables), with
// an in-memory store and one SQL store for SQLite and PostgreSQL (store-sql.ts). Every document
// carries a revision: a change is stored only over the revision it was made from, so processes
// sharing one database never overwrite each other's changes (service.ts retries on the newer one).
import type { ForumGameDoc, Season } from './types.js';

/** A stored document and its revision (1 when created, +1 on every change). */
export interface Stored<T> {
  doc: T;
  revision: number;
}

export interface ForumStore {
  /** A new game (revision 1); throws if the id exists. */
  createGame(doc: ForumGameDoc): Promise<void>;
  getGame(id: string): Promise<Stored<ForumGameDoc> | null>;
  /** Store a change made from revision `expected`; false (nothing stored) if the game moved on since. */
  updateGame(doc: ForumGameDoc, expected: number): Promise<boolean>;
  /** Games still to play (a restart resumes their calendars; other processes' new games are found). */
  openGames(): Promise<Stored<ForumGameDoc>[]>;
  /**
   * The games still to play by id and revision only: what every process reads every few seconds to
   * find others' changes (reading each document would grow with every lobby ever made).
   */
  openRevisions(): Promise<{ id: string; revision: number }[]>;
  listGames(limit: number): Promise<ForumGameDoc[]>;
  /**
   * A new season (revision 1); false (nothing stored) if another season already has its number —
   * one made at the same moment by another process (the caller numbers it again).
   */
  createSeason(s: Season): Promise<boolean>;
  getSeason(id: string): Promise<Stored<Season> | null>;
  /** Like updateGame, for a season. */
  updateSeason(s: Season, expected: number): Promise<boolean>;
  listSeasons(): Promise<Season[]>;
  close(): Promise<void>;
}

/** Documents as JSON text with their revision, copied in and out (a caller never holds stored state). */
class Docs<T extends { id: string }> {
  private rows = new Map<string, { json: string; revision: number }>();
  create(doc: T): void {
    if (this.rows.has(doc.id)) throw new Error(`${doc.id} exists`);
    this.rows.set(doc.id, { json: JSON.stringify(doc), revision: 1 });
  }
  get(id: string): Stored<T> | null {
    const r = this.rows.get(id);
    return r ? { doc: JSON.parse(r.json) as T, revision: r.revision } : null;
  }
  update(doc: T, expected: number): boolean {
    const r = this.rows.get(doc.id);
    if (!r || r.revision !== expected) return false;
    this.rows.set(doc.id, { json: JSON.stringify(doc), revision: expected + 1 });
    return true;
  }
  all(): Stored<T>[] {
    return [...this.rows.keys()].map((id) => this.get(id)!);
  }
}

export class MemoryForumStore implements ForumStore {
  private games = new Docs<ForumGameDoc>();
  private seasons = new Docs<Season>();
  async createGame(doc: ForumGameDoc): Promise<void> {
    this.games.create(doc);
  }
  async getGame(id: string): Promise<Stored<ForumGameDoc> | null> {
    return this.games.get(id);
  }
  async updateGame(doc: ForumGameDoc, expected: number): Promise<boolean> {
    return this.games.update(doc, expected);
  }
  async openGames(): Promise<Stored<ForumGameDoc>[]> {
    return this.games.all().filter((g) => g.doc.status !== 'finished');
  }
  async openRevisions(): Promise<{ id: string; revision: number }[]> {
    return (await this.openGames()).map((g) => ({ id: g.doc.id, revision: g.revision }));
  }
  async listGames(limit: number): Promise<ForumGameDoc[]> {
    return this.games
      .all()
      .map((g) => g.doc)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit);
  }
  async createSeason(s: Season): Promise<boolean> {
    if (this.seasons.all().some((x) => x.doc.number === s.number)) return false;
    this.seasons.create(s);
    return true;
  }
  async getSeason(id: string): Promise<Stored<Season> | null> {
    return this.seasons.get(id);
  }
  async updateSeason(s: Season, expected: number): Promise<boolean> {
    return this.seasons.update(s, expected);
  }
  async listSeasons(): Promise<Season[]> {
    return this.seasons
      .all()
      .map((s) => s.doc)
      .sort((a, b) => a.number - b.number || a.createdAt - b.createdAt);
  }
  async close(): Promise<void> {}
}

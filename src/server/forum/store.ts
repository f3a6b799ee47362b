// Forum games and seasons behind a small asynchronous interface (like Storage for tables), with
// an in-memory store and a SQLite one in the server's database file.
import type { ForumGameDoc, Season } from './types.js';

export interface ForumStore {
  putGame(doc: ForumGameDoc): Promise<void>;
  getGame(id: string): Promise<ForumGameDoc | null>;
  /** Games still to play (a restart resumes their calendars). */
  openGames(): Promise<ForumGameDoc[]>;
  listGames(limit: number): Promise<ForumGameDoc[]>;
  putSeason(s: Season): Promise<void>;
  getSeason(id: string): Promise<Season | null>;
  listSeasons(): Promise<Season[]>;
  close(): Promise<void>;
}

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export class MemoryForumStore implements ForumStore {
  private games = new Map<string, string>();
  private seasons = new Map<string, string>();
  putGame(doc: ForumGameDoc): Promise<void> {
    this.games.set(doc.id, JSON.stringify(doc));
    return Promise.resolve();
  }
  getGame(id: string): Promise<ForumGameDoc | null> {
    const g = this.games.get(id);
    return Promise.resolve(g ? (JSON.parse(g) as ForumGameDoc) : null);
  }
  openGames(): Promise<ForumGameDoc[]> {
    return Promise.resolve([...this.games.values()].map((g) => JSON.parse(g) as ForumGameDoc).filter((g) => g.status !== 'finished'));
  }
  listGames(limit: number): Promise<ForumGameDoc[]> {
    const all = [...this.games.values()].map((g) => JSON.parse(g) as ForumGameDoc);
    return Promise.resolve(all.sort((a, b) => b.createdAt - a.createdAt).slice(0, limit));
  }
  putSeason(s: Season): Promise<void> {
    this.seasons.set(s.id, JSON.stringify(s));
    return Promise.resolve();
  }
  getSeason(id: string): Promise<Season | null> {
    const s = this.seasons.get(id);
    return Promise.resolve(s ? (JSON.parse(s) as Season) : null);
  }
  listSeasons(): Promise<Season[]> {
    return Promise.resolve([...this.seasons.values()].map((s) => copy(JSON.parse(s) as Season)));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

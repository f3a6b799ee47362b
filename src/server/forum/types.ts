// What a forum game keeps (one JSON document per game, stored whole): its setup, schedule, seats,
// the engine commands applied (the state is their replay), the thread, the private channels
// and the host's log. Keys are never stored, only their SHA-256.
import type { Command, Setup } from '../../engine/index.js';
import type { Schedule } from './calendar.js';

export interface ForumSeat {
  name: string;
  keyHash: string;
  bot: boolean;
  /** Earlier holders of the seat (a replaced player), with when they left it. */
  before: { name: string; at: number }[];
  /** The last post number this seat has seen (the "new since your last visit" marker). */
  seenPost: number;
  seenMsg: number;
  /**
   * The account the seat is bound to (accounts' id): a signed-in player who opened the seat's link
   * (POST /api/forum/games/:id/bind). A club's season ban then matches the account, not the name.
   */
  account?: string;
}

/**
 * What the host's own line says, as data: the stored text is Russian (the feeds and the desk's
 * log read it); the pages write it in the reader's language from this.
 */
export type HostSay =
  | { kind: 'extend'; minutes: number; until: number }
  | { kind: 'replace'; seat: number; name: string; old: string }
  | { kind: 'remove'; seat: number; name: string }
  | { kind: 'summary' };

export interface Post {
  n: number;
  at: number;
  /** A seat, or 0 for the host. */
  by: number;
  name: string;
  text: string;
  /** The post this one answers or quotes. */
  replyTo?: number;
  quote?: string;
  /** The host's post made from the engine's events (the results), with the host's own words. */
  auto?: boolean;
  /** The engine events an automatic post tells (the host adds `note`). */
  events?: unknown[];
  note?: string;
  /** The host's announcement (an extension, a replacement) as data. */
  say?: HostSay;
}

export interface VotePost {
  day: number;
  at: number;
  seat: number;
  target: number;
  reason: string;
}

/** A private channel: `seat:N` (the player and the host) or `team:black` (the mafia and the host). */
export type ChannelId = `seat:${number}` | 'team:black';

export interface Message {
  n: number;
  at: number;
  channel: ChannelId;
  /** A seat, or 0 for the host. */
  by: number;
  text: string;
  /** What kind of message: free text, a night action, its confirmation, the engine's result. */
  kind: 'text' | 'action' | 'confirm' | 'result' | 'card';
  /** The engine event a result or card tells. */
  ev?: unknown;
  /** A player's night move as sent (kind 'action'). */
  act?: { verb: string; target: number | null };
}

export interface Extension {
  /** The phase key (day/night number and its step) the host extended. */
  key: string;
  ms: number;
}

export interface ForumGameDoc {
  id: string;
  title: string;
  createdAt: number;
  hostKeyHash: string;
  seasonId?: string;
  status: 'lobby' | 'playing' | 'finished';
  setup: Setup;
  schedule: Schedule;
  /** Epoch ms day 1 opens (set at the start). */
  day1?: number;
  startedAt?: number;
  seats: ForumSeat[];
  commands: { at: number; cmd: Command }[];
  posts: Post[];
  /** The voting thread: one post per living player per day, never edited. */
  votes: VotePost[];
  messages: Message[];
  extensions: Extension[];
  /** The host's log: extensions, replacements, removals, summaries. */
  hostLog: { at: number; text: string; say?: HostSay }[];
  /** The seat the black team agreed sends its night choice, per night. */
  sender: { night: number; seat: number } | null;
  /** The engine events already turned into host posts and private results. */
  published: number;
  /** The phase whose bot turn is done. */
  botsDone: string;
}

export interface Season {
  id: string;
  name: string;
  createdAt: number;
  adminKeyHash: string;
  /** Posts a player needs in the season's community to enter a game. */
  entryPosts: number;
  /** How many seasons a no-show is banned for (the source: three). */
  banSeasons: number;
  /** The season's number in the community's sequence (bans count in seasons). */
  number: number;
  games: string[];
  /** Per player name: whether the season's autokill is spent, posts counted, no-shows. */
  players: Record<string, { autokillSpent: boolean; posts: number; games: number; wins: number; noShows: number; bannedUntil?: number }>;
  /**
   * No-show bans by account (account id → the last season number banned): a no-show whose seat
   * was bound to an account stays banned under another name (a rename, a host typing another name
   * for the same account). Absent on seasons stored before these existed.
   */
  bannedAccounts?: Record<string, number>;
  /**
   * The club this season is played for (accounts' clubs), and the club's name for the season in
   * its bans: a player whose account the club banned from it takes no seat in the season's games.
   */
  club?: { id: string; season: string; name?: string };
}

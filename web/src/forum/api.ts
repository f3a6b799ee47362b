// The forum API (docs/forum.md) for the pages, and each game's key kept in this browser.
import './text.js';
import { csrfToken } from '../lib/api.js';
// The server's forum types, type-only (erased from the bundle): the thread's posts, the private
// channels' messages, what a seat owes now, the schedule.
import type { Schedule } from '../../../src/server/forum/calendar.js';
import type { ForumError } from '../../../src/server/forum/errors.js';
import type { Message, Post, Season } from '../../../src/server/forum/types.js';
import type { Need } from '../../../src/server/forum/views.js';

export type { Message, Need, Post };

/** A season as the API gives it (no admin key hash), with its games by title on its own page. */
export type SeasonInfo = Omit<Season, 'adminKeyHash'> & { gameList?: { id: string; title: string; status: 'lobby' | 'playing' | 'finished' }[] };
export type SeasonRow = Season['players'][string];

/** The server's forum error, or an HTTP status the page names itself (`http502`). */
export type ForumErr = Omit<ForumError, 'code' | 'rejection'> & { code: ForumError['code'] | `http${number}` };
export class ForumApiError extends Error {
  constructor(readonly error: ForumErr) {
    super(error.message.en);
  }
}

const STORE = 'gorod.forum.keys';

export function keys(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}
export function keyFor(id: string): string | undefined {
  return keys()[id];
}
export function saveKey(id: string, key: string): void {
  try {
    localStorage.setItem(STORE, JSON.stringify({ ...keys(), [id]: key }));
    forumChanged();
  } catch {
    /* private mode: the link in the address bar still works */
  }
}

const SEASON_STORE = 'gorod.forum.seasonKeys';

/** A season's admin key kept in this browser (it adds players' forum posts toward entry). */
export function seasonKeyFor(id: string): string | undefined {
  try {
    return (JSON.parse(localStorage.getItem(SEASON_STORE) ?? '{}') as Record<string, string>)[id];
  } catch {
    return undefined;
  }
}
export function saveSeasonKey(id: string, key: string): void {
  try {
    const all = JSON.parse(localStorage.getItem(SEASON_STORE) ?? '{}') as Record<string, string>;
    localStorage.setItem(SEASON_STORE, JSON.stringify({ ...all, [id]: key }));
  } catch {
    /* private mode: the admin link still works */
  }
}

export async function call<T>(method: string, path: string, key?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (key) headers['authorization'] = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  // A signed-in browser's writes ride on the session cookie: without the CSRF header the server
  // refuses every post, vote and move (and the needs banner) of a player who has an account.
  const csrf = method !== 'GET' ? csrfToken() : null;
  if (csrf) headers['x-csrf-token'] = csrf;
  const r = await fetch(`/api/forum${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const json = (await r.json().catch(() => ({}))) as { error?: ForumErr };
  if (!r.ok) throw new ForumApiError(json.error ?? { code: `http${r.status}`, message: { ru: `Ошибка ${r.status}`, en: `Error ${r.status}` } });
  if (method !== 'GET' && path !== '/needs') forumChanged();
  return json as T;
}

/** Said when this browser did something in a forum game (or kept a new key): the needs banner asks again. */
export const FORUM_CHANGED = 'gorod-forum-changed';
function forumChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(FORUM_CHANGED));
}

export interface Seat {
  seat: number;
  name: string;
  bot: boolean;
  alive: boolean;
  role?: string;
  before?: string[];
  exit?: { cause: string };
}
export interface Game {
  id: string;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  now: number;
  schedule: Schedule;
  phase: {
    phase: 'day' | 'night';
    number: number;
    finished: boolean;
    winner: string | null;
    step: { kind: string; at: number; local: string; leftMs: number } | null;
    vote: { opens: number; closes: number; closesLocal: string; open: boolean } | null;
  } | null;
  posts: number;
  seats: Seat[];
  viewer: 'host' | 'seat' | 'public';
  /** A seat's viewer: whether the seat is bound to an account (a club's season ban asks the account). */
  bound?: boolean;
  you?: { seat: number; role: string; team: string; alive: boolean; name: string; seenPost: number };
  needs?: Need[];
  legal?: { do: string; target?: number | null }[];
  team?: { seats: number[]; sender: number | null };
}

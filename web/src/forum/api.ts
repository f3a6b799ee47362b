// The forum API (docs/forum.md) for the pages, and each game's key kept in this browser.
import './text.js';

export interface ForumErr {
  code: string;
  message: { ru: string; en: string };
}
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
  } catch {
    /* private mode: the link in the address bar still works */
  }
}

export async function call<T>(method: string, path: string, key?: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (key) headers['authorization'] = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`/api/forum${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const json = (await r.json().catch(() => ({}))) as { error?: ForumErr };
  if (!r.ok) throw new ForumApiError(json.error ?? { code: `http${r.status}`, message: { ru: `Ошибка ${r.status}`, en: `Error ${r.status}` } });
  return json as T;
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
export interface Need {
  kind: string;
  deadline?: number;
  soon?: boolean;
}
export interface Game {
  id: string;
  title: string;
  status: 'lobby' | 'playing' | 'finished';
  now: number;
  schedule: { utcOffsetMinutes: number; dayOpens: string; voteCloses: string; lawyerMinutes: number; kamikazeMinutes: number };
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
  you?: { seat: number; role: string; team: string; alive: boolean; name: string; seenPost: number };
  needs?: Need[];
  legal?: { do: string; target?: number | null }[];
  team?: { seats: number[]; sender: number | null };
}
export interface Post {
  n: number;
  at: number;
  by: number;
  name: string;
  text: string;
  replyTo?: number;
  quote?: string;
  auto?: boolean;
  note?: string;
}
export interface Message {
  n: number;
  at: number;
  channel: string;
  by: number;
  text: string;
  kind: string;
}

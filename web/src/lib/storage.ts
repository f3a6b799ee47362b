// What this browser remembers: tables it created (their links) and its nickname.
import type { CreatedTable } from './protocol.js';

const CREATED = 'gorod.created';
const NICK = 'gorod.nick';

function read<T>(key: string, fallback: T): T {
  try {
    const v = globalThis.localStorage?.getItem(key);
    return v ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the links are still on screen */
  }
}

export type Remembered = CreatedTable & { preset: string; mode?: 'online' | 'judge' };

export function rememberCreated(t: Remembered): void {
  const all = read<Remembered[]>(CREATED, []).filter((x) => x.id !== t.id);
  all.unshift(t);
  write(CREATED, all.slice(0, 20));
}

export function createdTable(id: string): Remembered | undefined {
  return read<Remembered[]>(CREATED, []).find((x) => x.id === id);
}

export function nickname(): string {
  return read<string>(NICK, '');
}

export function setNickname(n: string): void {
  write(NICK, n);
}

/** Links for a table: a seat's join link, the spectator's and the host's. */
export function playLink(id: string, token: string): string {
  return `/play/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}
export function judgeLink(id: string, token: string): string {
  return `/judge/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}
export function absolute(path: string): string {
  return `${globalThis.location?.origin ?? ''}${path}`;
}

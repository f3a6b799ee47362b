// What this browser remembers: tables it created (their links), seats it took at open tables,
// and its nickname.
import type { ClaimedSeat, CreatedTable } from './protocol.js';

const CREATED = 'gorod.created';
const CLAIMED = 'gorod.claimed';
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

/** A seat taken at an open table: its link is the only way back to it. */
export function rememberClaimed(c: ClaimedSeat): void {
  const all = read<ClaimedSeat[]>(CLAIMED, []).filter((x) => x.id !== c.id);
  all.unshift(c);
  write(CLAIMED, all.slice(0, 20));
}

export function claimedSeat(id: string): ClaimedSeat | undefined {
  return read<ClaimedSeat[]>(CLAIMED, []).find((x) => x.id === id);
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
/** A seat's join link (the host's seat links and a claimed seat's). */
export function seatLink(id: string, token: string, seat: number): string {
  return `${playLink(id, token)}&seat=${seat}`;
}
/** Set when the seat's nickname is already given: the player page skips asking for it. */
export function markNamed(id: string, seat: number): void {
  try {
    globalThis.sessionStorage?.setItem(`gorod.named.${id}.${seat}`, '1');
  } catch {
    /* storage disabled: the page asks for the name again */
  }
}
export function judgeLink(id: string, token: string): string {
  return `/judge/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;
}
export function absolute(path: string): string {
  return `${globalThis.location?.origin ?? ''}${path}`;
}

// The HTTP half of docs/protocol.md.
import type { ClaimedSeat, CreateTableBody, CreatedTable, LobbyTable, PastGame, TableInfo } from './protocol.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly text: { ru: string; en: string } | undefined,
  ) {
    super(text?.en ?? code);
  }
}

/** The CSRF cookie of a signed-in session (docs/accounts.md), sent back in a header on every write. */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  const m = /(?:^|;\s*)gorod_csrf=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : null;
}

export async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const headers: Record<string, string> = { ...((init?.headers as Record<string, string> | undefined) ?? {}) };
  if (init?.body) headers['content-type'] = 'application/json';
  const csrf = init?.method && init.method !== 'GET' ? csrfToken() : null;
  if (csrf) headers['x-csrf-token'] = csrf;
  const res = await fetch(path, { ...init, headers });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const b = (body ?? {}) as { code?: string; message?: { ru: string; en: string } };
    throw new ApiError(res.status, b.code ?? `http${res.status}`, b.message);
  }
  return body as T;
}

export const api = {
  createTable: (body: CreateTableBody) => call<CreatedTable>('/api/tables', { method: 'POST', body: JSON.stringify(body) }),
  tables: () => call<LobbyTable[]>('/api/tables'),
  /** An open table: take a free seat under a nickname. */
  claim: (id: string, nickname: string) =>
    call<ClaimedSeat>(`/api/tables/${encodeURIComponent(id)}/claim`, { method: 'POST', body: JSON.stringify({ nickname }) }),
  table: (id: string) => call<TableInfo>(`/api/tables/${encodeURIComponent(id)}`),
  setName: (id: string, seat: number, token: string, nickname: string) =>
    call<{ ok: true }>(`/api/tables/${encodeURIComponent(id)}/seats/${seat}/name`, {
      method: 'POST',
      body: JSON.stringify({ token, nickname }),
    }),
  /** The host's new link for a seat (the old one stops working). */
  seatLink: (id: string, seat: number, token: string) =>
    call<ClaimedSeat>(`/api/tables/${encodeURIComponent(id)}/seats/${seat}/link`, { method: 'POST', body: JSON.stringify({ token }) }),
  start: (id: string, token: string) =>
    call<{ ok: true }>(`/api/tables/${encodeURIComponent(id)}/start`, { method: 'POST', body: JSON.stringify({ token }) }),
  games: (limit = 50) => call<PastGame[]>(`/api/games?limit=${limit}`),
  record: (id: string) => call<unknown>(`/api/games/${encodeURIComponent(id)}/record`),
  /** Judge only: the table's whole record so far (hidden information), to go on on another device. */
  judgeRecord: (id: string, token: string) =>
    call<{ table: TableInfo; dealSource: string; lastEvent: number; record: unknown }>(`/api/tables/${encodeURIComponent(id)}/judge/record`, {
      method: 'POST',
      body: JSON.stringify({ token }),
    }),
};

/**
 * What went wrong, in the reader's language: the server's own sentence when it sent one (with its
 * detail for English readers only: details are developers' notes), else a plain "no answer".
 */
export function errorText(e: unknown, lang: 'ru' | 'en'): string {
  if (e instanceof ApiError && e.text) return e.text[lang];
  if (e instanceof ApiError) return lang === 'ru' ? `Ошибка сервера (${e.status})` : `Server error (${e.status})`;
  return lang === 'ru' ? 'Сервер не отвечает. Проверьте соединение и повторите.' : 'The server does not answer. Check the connection and try again.';
}

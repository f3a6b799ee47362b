// Test helpers for the tournament API: JSON requests with the organizer's bearer token, typed by
// what each route answers.
import type { Created } from '../../src/server/tournaments.js';
import type { PublicTournament } from '../../src/server/tournament-views.js';
import type { ApiError } from '../../src/server/tournament-messages.js';

export interface Api {
  base: string;
  token?: string;
}

export async function call<T = ApiError>(api: Api, method: string, path: string, body?: unknown, token = api.token): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  const r = await fetch(api.base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Create a tournament; returns its id, the organizer's API handle and the document. */
export async function createTournament(base: string, body: Record<string, unknown>): Promise<{ id: string; api: Api; doc: PublicTournament }> {
  const r = await call<Created>({ base }, 'POST', '/api/tournaments', body);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id, api: { base, token: r.body.organizerToken }, doc: r.body.tournament };
}

/** A slot of the document. */
export function slotOfDoc(doc: PublicTournament, round: number, table: number): PublicTournament['rounds'][number]['games'][number] {
  const g = doc.rounds[round - 1]?.games.find((x) => x.table === table);
  if (!g) throw new Error(`no slot ${round}-${table}`);
  return g;
}

/** The nicknames of a slot, in seat order. */
export function slotNames(doc: PublicTournament, round: number, table: number): string[] {
  return slotOfDoc(doc, round, table).seats.map((s) => s.nickname);
}

// Test helpers for the tournament API: JSON requests with the organizer's bearer token.
export interface Api {
  base: string;
  token?: string;
}

export async function call(api: Api, method: string, path: string, body?: unknown, token = api.token): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers['authorization'] = `Bearer ${token}`;
  const r = await fetch(api.base + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

/** Create a tournament; returns its id, the organizer's API handle and the document. */
export async function createTournament(base: string, body: Record<string, unknown>): Promise<{ id: string; api: Api; doc: any }> {
  const r = await call({ base }, 'POST', '/api/tournaments', body);
  if (r.status !== 201) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id, api: { base, token: r.body.organizerToken }, doc: r.body.tournament };
}

/** The nicknames of a slot, in seat order. */
export function slotNames(doc: any, round: number, table: number): string[] {
  return doc.rounds[round - 1].games.find((g: any) => g.table === table).seats.map((s: any) => s.nickname);
}

// Games waiting for a correction (issue 17): a judge, a player at the table or the organizer asks
// for one; the slot shows `correction` to everyone (the reasons only to the organizer) until the
// organizer corrects the game — a new record version resolves the request, logged with its
// version and reason — or resolves it with a note.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import type { CorrectionFlag } from '../../src/tournament/index.js';
import type { GameView, PublicTournament } from '../../src/server/tournament-views.js';
import type { OpenedTable } from '../../src/server/tournament-games.js';
import { playedOut } from '../support/tournament-games.js';
import { call, createTournament, slotNames, slotOfDoc, type Api } from './tournament-api.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null, timeScale: 0.01 });
});
afterAll(async () => server.close());

async function seated(): Promise<{ id: string; api: Api; doc: PublicTournament }> {
  const t = await createTournament(server.url, { name: 'Кубок', players: Array.from({ length: 20 }, (_, i) => ({ nickname: `Игрок ${i + 1}` })) });
  const s = await call<{ tournament: PublicTournament }>(t.api, 'POST', `/api/tournaments/${t.id}/seating`, { tables: 2, games: 1, seed: 'flags' });
  return { ...t, doc: s.body.tournament };
}

const pub = async (id: string): Promise<PublicTournament> => (await call<PublicTournament>({ base: server.url }, 'GET', `/api/tournaments/${id}`)).body;

describe('a game waiting for a correction', () => {
  it('a request marks the slot; the organizer sees why; a corrected record resolves it, logged with its version', async () => {
    const t = await seated();
    const path = `/api/tournaments/${t.id}/games/1/1`;
    expect((await call(t.api, 'POST', `${path}/record`, { record: playedOut('red', slotNames(t.doc, 1, 1)).record() })).status).toBe(201);
    expect(slotOfDoc(await pub(t.id), 1, 1).status).toBe('finished');

    // Nobody without a token of the slot may ask.
    expect((await call({ base: server.url }, 'POST', `${path}/flags`, { reason: 'x' })).status).toBe(401);
    expect((await call(t.api, 'POST', `${path}/flags`, { reason: '' })).body.code).toBe('badMessage');
    const asked = await call<CorrectionFlag>(t.api, 'POST', `${path}/flags`, { reason: 'Голосование записано неверно', by: 'Судья Олег' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ id: 'f1', round: 1, table: 1, kind: 'request', by: 'organizer', name: 'Судья Олег', reason: 'Голосование записано неверно' });
    expect(asked.body.resolved).toBeUndefined();

    // Everyone sees the status; only the organizer sees the reason.
    const p = await pub(t.id);
    expect(slotOfDoc(p, 1, 1).status).toBe('correction');
    expect(p.flags).toBeUndefined();
    expect((await call<GameView>({ base: server.url }, 'GET', path)).body.flags).toBeUndefined();
    expect(JSON.stringify((await call({ base: server.url }, 'GET', `/api/tournaments/${t.id}/document`)).body)).not.toContain('Голосование записано');
    const org = (await call<GameView>(t.api, 'GET', path)).body;
    expect(org.status).toBe('correction');
    expect(org.flags?.map((f) => f.reason)).toEqual(['Голосование записано неверно']);

    // The correction: a new version with its reason resolves the request.
    const fixed = await call<{ version: number }>(t.api, 'POST', `${path}/record`, { record: playedOut('black', slotNames(t.doc, 1, 1)).record(), reason: 'голосование исправлено', by: 'Главный судья' });
    expect(fixed.body.version).toBe(2);
    const after = (await call<GameView>(t.api, 'GET', path)).body;
    expect(after.status).toBe('finished');
    expect(after.flags?.[0]?.resolved).toMatchObject({ note: 'голосование исправлено', by: 'Главный судья', version: 2 });
    expect(typeof after.flags?.[0]?.resolved?.at).toBe('number');
    // Nothing open: nothing to resolve.
    expect((await call(t.api, 'POST', `${path}/flags/resolve`, { note: 'ok' })).body.code).toBe('noFlags');
  });

  it('a player at an online table may ask; the organizer resolves it with a note; only the organizer resolves', async () => {
    const t = await seated();
    const path = `/api/tournaments/${t.id}/games/1/2`;
    const opened = await call<OpenedTable>(t.api, 'POST', `${path}/table`, { mode: 'online' });
    expect(opened.status).toBe(200);
    const seat3 = opened.body.seats[2]!.token!;
    const other = (await call<OpenedTable>(t.api, 'POST', `/api/tournaments/${t.id}/games/1/1/table`, { mode: 'online' })).body.seats[0]!.token!;
    // A player of another table may not flag this one.
    expect((await call(t.api, 'POST', `${path}/flags`, { reason: 'x' }, other)).status).toBe(401);
    const asked = await call<CorrectionFlag>(t.api, 'POST', `${path}/flags`, { reason: 'Ведущий пропустил мою речь' }, seat3);
    expect([asked.status, asked.body.by]).toEqual([201, 'player']);
    expect(slotOfDoc(await pub(t.id), 1, 2).status).toBe('correction');
    // The same request twice is one request.
    expect((await call<CorrectionFlag>(t.api, 'POST', `${path}/flags`, { reason: 'Ведущий пропустил мою речь' }, seat3)).body.id).toBe(asked.body.id);
    expect((await call(t.api, 'POST', `${path}/flags/resolve`, { note: 'нет' }, seat3)).status).toBe(401);
    const r = await call<{ resolved: number }>(t.api, 'POST', `${path}/flags/resolve`, { note: 'Речь дана повторно', by: 'ГС' });
    expect(r.body).toEqual({ resolved: 1 });
    expect(slotOfDoc(await pub(t.id), 1, 2).status).toBe('playing');
    const doc = (await call<PublicTournament>(t.api, 'GET', `/api/tournaments/${t.id}`)).body;
    expect(doc.flags?.[0]?.resolved).toMatchObject({ note: 'Речь дана повторно', by: 'ГС' });
    // A flag on a table that is still playing does not let a second table open over it.
    expect((await call(t.api, 'POST', `${path}/table`, { mode: 'online' })).body.code).toBe('tableOpen');
  });
});

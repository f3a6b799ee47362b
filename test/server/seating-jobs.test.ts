// The seating generator as a run the organizer's page watches (issue 17): the server reports each
// checkpoint of the optimization (moves done of the budget, the meetings' variance now), the
// answer is the same seating a one-shot request gives for the same seed and budget, and a run can
// be cancelled, storing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, startServer, type RunningServer } from '../../src/server/index.js';
import type { SeatingJobView } from '../../src/server/seating-jobs.js';
import type { PublicTournament } from '../../src/server/tournament-views.js';
import type { SeatingQuality } from '../../src/tournament/index.js';
import { call, createTournament, type Api } from './tournament-api.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, storage: new MemoryStorage(), logLevel: false, webDir: null });
});
afterAll(async () => server.close());

const players = Array.from({ length: 30 }, (_, i) => ({ nickname: `Игрок ${i + 1}` }));
const BODY = { tables: 3, games: 10, seed: 'progress', moves: 400_000 };

async function until(api: Api, path: string, done: (v: SeatingJobView) => boolean): Promise<SeatingJobView[]> {
  const seen: SeatingJobView[] = [];
  for (let i = 0; i < 4000; i++) {
    const v = (await call<SeatingJobView>(api, 'GET', path)).body;
    seen.push(v);
    if (done(v)) return seen;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path}: never reached the state wanted`);
}

const tables = (d: PublicTournament): string[][][] => d.rounds.map((r) => r.games.map((g) => g.seats.map((s) => s.nickname)));

describe('a seating run with its progress', () => {
  it('reports every checkpoint, moves done rising to the budget, and ends with the one-shot request’s seating', async () => {
    const t = await createTournament(server.url, { name: 'Прогресс', players });
    const start = server.tournaments.seatingJobs.start(t.id, BODY);
    const reports: SeatingJobView[] = [];
    server.tournaments.seatingJobs.listen(start.id, (v) => reports.push(v));
    expect(start).toMatchObject({ state: 'running', done: 0, steps: 0 });
    const polled = await until(t.api, `/api/tournaments/${t.id}/seating/jobs/${start.id}`, (v) => v.state !== 'running');
    const last = polled.at(-1)!;
    expect(last.state).toBe('done');
    expect(last.done).toBe(last.total);
    // 400,000 moves, a checkpoint every 32,768: the run reported many times, each further on.
    const running = reports.filter((r) => r.state === 'running');
    expect(running.length).toBe(last.steps);
    expect(running.length).toBeGreaterThanOrEqual(2);
    for (const [i, r] of running.entries()) {
      expect(r.total).toBe(BODY.moves);
      expect(r.variance).toBeGreaterThanOrEqual(0);
      if (i > 0) expect(r.done).toBeGreaterThan(running[i - 1]!.done);
    }
    expect(reports.at(-1)!.state).toBe('done');
    for (const [i, v] of polled.entries()) if (i > 0) expect(v.done).toBeGreaterThanOrEqual(polled[i - 1]!.done);

    // The same seed and budget in one request: the same quality and the same tables.
    const same = await createTournament(server.url, { name: 'Сразу', players });
    const once = await call<{ tournament: PublicTournament; quality: SeatingQuality; moves: number }>(same.api, 'POST', `/api/tournaments/${same.id}/seating`, BODY);
    expect(last.result).toEqual({ quality: once.body.quality, moves: once.body.moves });
    const stored = (await call<PublicTournament>(t.api, 'GET', `/api/tournaments/${t.id}`)).body;
    expect(tables(stored)).toEqual(tables(once.body.tournament));
    // The last checkpoint's variance is the figure the run drove down to (within the final touches).
    expect(running.at(-1)!.variance!).toBeCloseTo(last.result!.quality.meetings.variance, 0);
  });

  it('one run at a time; cancelled, it stores nothing; only the organizer starts, reads or stops it', async () => {
    const t = await createTournament(server.url, { name: 'Отмена', players });
    const path = `/api/tournaments/${t.id}/seating/jobs`;
    expect((await call({ base: server.url }, 'POST', path, BODY)).status).toBe(401);
    const started = await call<SeatingJobView>(t.api, 'POST', path, { ...BODY, moves: 100_000_000 });
    expect(started.status).toBe(202);
    const job = `${path}/${started.body.id}`;
    expect((await call(t.api, 'POST', path, BODY)).body.code).toBe('seatingRunning');
    expect((await call({ base: server.url }, 'GET', job)).status).toBe(401);
    await until(t.api, job, (v) => v.done > 0);
    expect((await call({ base: server.url }, 'DELETE', job)).status).toBe(401);
    expect((await call<SeatingJobView>(t.api, 'DELETE', job)).status).toBe(200);
    const end = (await until(t.api, job, (v) => v.state !== 'running')).at(-1)!;
    expect(end.state).toBe('cancelled');
    expect(end.error?.code).toBe('seatingCancelled');
    expect(end.done).toBeLessThan(end.total);
    expect((await call<PublicTournament>(t.api, 'GET', `/api/tournaments/${t.id}`)).body.rounds).toEqual([]);
    expect((await call(t.api, 'GET', `${path}/s0000000000000000`)).body.code).toBe('noJob');
  });
});

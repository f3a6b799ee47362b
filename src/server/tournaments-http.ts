// The tournament HTTP API (docs/tournaments.md). Writes need the organizer token in an
// `Authorization: Bearer …` header (a record upload also takes the slot's judge token); reads are
// public, and with the organizer token they show what the public does not see.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { extraHiddenFromPublic, finishedGame, SCORING_SYSTEMS, type SlotRef } from '../tournament/index.js';
import { zodDetail } from './messages.js';
import {
  apiError,
  CreateTournamentBody,
  ExtraBody,
  FinalsBody,
  FlagBody,
  ForbiddenBody,
  NewPlayers,
  OpenTableBody,
  PatchPlayerBody,
  PatchTournamentBody,
  RecordBody,
  ResolveBody,
  SeatingBody,
  SwapBody,
  TournamentApiError,
} from './tournament-messages.js';
import { gameView, protocolLines, publicRecord, publicTournament, ratedGames, ratingsOf, standingsOf, statsOf } from './tournament-views.js';
import type { TournamentService } from './tournaments.js';

type Params = { id: string; round?: string; table?: string; pid?: string; xid?: string; job?: string };
type Req = FastifyRequest<{ Params: Params; Querystring: Record<string, string | undefined> }>;

const ID = /^c[0-9a-f]{16}$/;
/** Records and player lists may be larger than the server's default body limit. */
const LARGE = { bodyLimit: 2 * 1024 * 1024 };

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer ([0-9a-f]{32})$/.exec(h.trim()) : null;
  return m?.[1];
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw new TournamentApiError(400, apiError('badMessage', zodDetail(r.error)));
  return r.data;
}

function slotRef(p: Params): SlotRef {
  const round = Number(p.round);
  const table = Number(p.table);
  if (!Number.isInteger(round) || round < 1 || round > 1000 || !Number.isInteger(table) || table < 1 || table > 1000) throw new TournamentApiError(404, apiError('noSuchSlot'));
  return { round, table };
}

/** Wrap a handler: typed refusals become their status and body; an unknown id is a 404. */
function handle(fn: (req: Req, reply: FastifyReply) => Promise<unknown>) {
  return async (req: Req, reply: FastifyReply): Promise<unknown> => {
    try {
      if (req.params.id !== undefined && !ID.test(req.params.id)) throw new TournamentApiError(404, apiError('tournamentNotFound'));
      return await fn(req, reply);
    } catch (e) {
      if (e instanceof TournamentApiError) return reply.code(e.status).send(e.error);
      throw e;
    }
  };
}

/**
 * `createLimit`: tournaments made per address (limits.http.createTable, like tables and forum
 * games: each is a stored document, so a script must not make them without end).
 */
export function registerTournamentHttp(app: FastifyInstance, svc: TournamentService, createLimit?: { max: number; windowMs: number }): void {
  /** The organizer's view if the request carries the organizer token (a wrong one is refused). */
  const viewer = async (req: Req): Promise<{ loaded: Awaited<ReturnType<TournamentService['load']>>; organizer: boolean }> => {
    const token = bearer(req);
    if (req.headers.authorization !== undefined) return { loaded: await svc.authorize(req.params.id, token), organizer: true };
    return { loaded: await svc.load(req.params.id), organizer: false };
  };
  const organizer = (req: Req) => svc.authorize(req.params.id, bearer(req));
  const doc = (l: Awaited<ReturnType<TournamentService['load']>>) => publicTournament(l, svc.facts, true);

  app.get('/api/scoring', async () => SCORING_SYSTEMS);

  app.post(
    '/api/tournaments',
    createLimit ? { ...LARGE, config: { rateLimit: { max: createLimit.max, timeWindow: createLimit.windowMs } } } : LARGE,
    handle(async (req, reply) => reply.code(201).send(await svc.create(parse(CreateTournamentBody, req.body)))),
  );

  app.get(
    '/api/tournaments',
    handle(async (req) => {
      const limit = Math.max(1, Math.min(500, Number(req.query['limit']) || 100));
      return (await svc.store.list(limit)).map((r) => ({
        id: r.id,
        name: r.data.name,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        players: r.data.players.length,
        rounds: r.data.rounds.length,
        scoring: { id: r.data.scoring.id, version: r.data.scoring.version, name: r.data.scoring.name },
      }));
    }),
  );

  app.get(
    '/api/tournaments/:id',
    handle(async (req) => {
      const v = await viewer(req);
      return publicTournament(v.loaded, svc.facts, v.organizer);
    }),
  );

  /** The seating alone: the rounds with each game's players by seat and its status. */
  app.get(
    '/api/tournaments/:id/seating',
    handle(async (req) => {
      const v = await viewer(req);
      return { rounds: publicTournament(v.loaded, svc.facts, v.organizer).rounds };
    }),
  );

  /** The gorod-tournament/1 document (for `gorod standings`); forbidden pairs for the organizer only. */
  app.get(
    '/api/tournaments/:id/document',
    handle(async (req) => {
      const v = await viewer(req);
      const t = v.loaded.row.data;
      const { flags: _f, ...pub } = t;
      return v.organizer ? t : { ...pub, forbidden: [], extra: extraHiddenFromPublic(t) ? [] : t.extra };
    }),
  );

  app.patch(
    '/api/tournaments/:id',
    handle(async (req) => {
      await organizer(req);
      return doc((await svc.patch(req.params.id, parse(PatchTournamentBody, req.body))).loaded);
    }),
  );

  app.post(
    '/api/tournaments/:id/players',
    LARGE,
    handle(async (req) => {
      await organizer(req);
      return doc((await svc.addPlayers(req.params.id, parse(NewPlayers, req.body))).loaded);
    }),
  );

  app.patch(
    '/api/tournaments/:id/players/:pid',
    handle(async (req) => {
      await organizer(req);
      return doc((await svc.patchPlayer(req.params.id, req.params.pid ?? '', parse(PatchPlayerBody, req.body))).loaded);
    }),
  );

  app.delete(
    '/api/tournaments/:id/players/:pid',
    handle(async (req) => {
      await organizer(req);
      return doc((await svc.removePlayer(req.params.id, req.params.pid ?? '')).loaded);
    }),
  );

  app.put(
    '/api/tournaments/:id/forbidden',
    handle(async (req) => {
      await organizer(req);
      const body = parse(ForbiddenBody, req.body);
      return doc((await svc.setForbidden(req.params.id, body.pairs, body.sameClub === true)).loaded);
    }),
  );

  app.post(
    '/api/tournaments/:id/seating',
    handle(async (req) => {
      await organizer(req);
      const r = await svc.seat(req.params.id, parse(SeatingBody, req.body));
      return { tournament: doc(r.loaded), quality: r.value.quality, moves: r.value.moves };
    }),
  );

  /**
   * The seating as a run the page watches: started (202), its progress polled (moves done of the
   * budget, the meetings' variance now), cancelled (nothing stored); its answer when done.
   */
  app.post(
    '/api/tournaments/:id/seating/jobs',
    handle(async (req, reply) => {
      await organizer(req);
      const body = parse(SeatingBody, req.body);
      return reply.code(202).send(svc.seatingJobs.start(req.params.id, body));
    }),
  );

  app.get(
    '/api/tournaments/:id/seating/jobs/:job',
    handle(async (req) => {
      await organizer(req);
      return svc.seatingJobs.get(req.params.id, req.params.job ?? '');
    }),
  );

  app.delete(
    '/api/tournaments/:id/seating/jobs/:job',
    handle(async (req) => {
      await organizer(req);
      return svc.seatingJobs.cancel(req.params.id, req.params.job ?? '');
    }),
  );

  /** Swap two players of a round by hand: `{round, a, b}` (player ids) → the tournament. */
  app.post(
    '/api/tournaments/:id/seating/swap',
    handle(async (req) => {
      await organizer(req);
      return doc((await svc.swap(req.params.id, parse(SwapBody, req.body))).loaded);
    }),
  );

  app.post(
    '/api/tournaments/:id/finals',
    handle(async (req) => {
      await organizer(req);
      const r = await svc.finals(req.params.id, parse(FinalsBody, req.body));
      return { tournament: doc(r.loaded), quality: r.value.quality, moves: r.value.moves };
    }),
  );

  app.get(
    '/api/tournaments/:id/standings',
    handle(async (req) => {
      const v = await viewer(req);
      return standingsOf(v.loaded, svc.facts, v.organizer);
    }),
  );

  app.get(
    '/api/tournaments/:id/stats',
    handle(async (req) => {
      const l = (await viewer(req)).loaded;
      const ids = new Map(l.row.data.players.map((p) => [p.nickname, p.id]));
      return statsOf(l, svc.facts).map((s) => ({ id: ids.get(s.name) ?? null, ...s }));
    }),
  );

  app.get(
    '/api/tournaments/:id/ratings',
    handle(async (req) => ratingsOf(ratedGames((await viewer(req)).loaded, svc.facts))),
  );

  /** Elo across every tournament on this server, tournaments in the order they were created. */
  app.get(
    '/api/ratings',
    handle(async () => svc.serverRatings()),
  );

  app.get(
    '/api/tournaments/:id/games/:round/:table',
    handle(async (req) => {
      const v = await viewer(req);
      const g = gameView(v.loaded, slotRef(req.params), svc.facts, v.organizer);
      if (!g) throw new TournamentApiError(404, apiError('noSuchSlot'));
      return g;
    }),
  );

  app.post(
    '/api/tournaments/:id/games/:round/:table/table',
    handle(async (req) => {
      await organizer(req);
      return svc.games.openTable(req.params.id, slotRef(req.params), parse(OpenTableBody, req.body));
    }),
  );

  app.get(
    '/api/tournaments/:id/games/:round/:table/table',
    handle(async (req) => {
      await organizer(req);
      return svc.games.slotTable(req.params.id, slotRef(req.params));
    }),
  );

  app.post(
    '/api/tournaments/:id/games/:round/:table/record',
    LARGE,
    handle(async (req, reply) => {
      const ref = slotRef(req.params);
      const kind = await svc.slotWriter(req.params.id, ref, bearer(req));
      const body = parse(RecordBody, req.body);
      const r = await svc.games.attach(req.params.id, ref, body.record, { kind, ...(body.by ? { name: body.by } : {}) }, body.source ?? 'upload', body.reason ? { reason: body.reason } : {});
      return reply.code(r.duplicate ? 200 : 201).send(r);
    }),
  );

  /** Extra points for a player of a game, given through the tournament (organizer or the slot's judge). */
  app.post(
    '/api/tournaments/:id/games/:round/:table/extra',
    handle(async (req, reply) => {
      const ref = slotRef(req.params);
      await svc.slotWriter(req.params.id, ref, bearer(req));
      const body = parse(ExtraBody, req.body);
      return reply.code(201).send((await svc.addExtra(req.params.id, ref, body, body.by)).value);
    }),
  );

  /** Ask for a correction of a game: the organizer, the judge of its table, or a player seated at it. */
  app.post(
    '/api/tournaments/:id/games/:round/:table/flags',
    handle(async (req, reply) => {
      const ref = slotRef(req.params);
      const who = await svc.flags.asker(req.params.id, ref, bearer(req));
      const body = parse(FlagBody, req.body);
      return reply.code(201).send(await svc.flags.raise(req.params.id, ref, { kind: 'request', by: who, reason: body.reason, name: body.by }));
    }),
  );

  /** The organizer resolves the game's open requests with a note (a corrected record resolves them by itself). */
  app.post(
    '/api/tournaments/:id/games/:round/:table/flags/resolve',
    handle(async (req) => {
      await organizer(req);
      const body = parse(ResolveBody, req.body);
      return { resolved: await svc.flags.resolve(req.params.id, slotRef(req.params), body.note, body.by) };
    }),
  );

  app.delete(
    '/api/tournaments/:id/extra/:xid',
    handle(async (req) => {
      await organizer(req);
      return doc((await svc.removeExtra(req.params.id, req.params.xid ?? '')).loaded);
    }),
  );

  /** A version of a game's record (default: the current one). */
  const versionOf = async (req: Req) => {
    const v = await viewer(req);
    const ref = slotRef(req.params);
    const all = v.loaded.versions.filter((x) => x.round === ref.round && x.table === ref.table);
    if (all.length === 0) throw new TournamentApiError(404, apiError('noRecord'));
    const want = req.query['version'];
    const row = want === undefined ? all.at(-1)! : all.find((x) => x.version === Number(want));
    if (!row) throw new TournamentApiError(404, apiError('noVersion'));
    return { ...v, row, record: publicRecord(v.loaded.row.data, row.record, v.organizer) };
  };

  app.get(
    '/api/tournaments/:id/games/:round/:table/record',
    handle(async (req) => (await versionOf(req)).record),
  );

  /** The game's protocol, in Russian or English (`?lang=en`), from its record. */
  app.get(
    '/api/tournaments/:id/games/:round/:table/protocol',
    handle(async (req) => {
      const v = await versionOf(req);
      const g = finishedGame(v.record);
      if (!g.ok) throw new TournamentApiError(422, apiError(g.error.code, g.error.detail));
      const lang = req.query['lang'] === 'en' ? 'en' : 'ru';
      const s = g.value.state;
      return {
        version: v.row.version,
        winner: s.winner,
        seats: s.seats.map((x) => ({ seat: x.seat, name: x.name, role: x.role, team: x.team, exit: x.exit, fouls: x.fouls })),
        lines: protocolLines(s, lang),
      };
    }),
  );
}

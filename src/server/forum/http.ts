// The forum API under /api/forum/* (docs/forum.md). A key (the host's or a seat's) rides in
// `Authorization: Bearer …` or `?key=` (links and feed readers); without one a reader is the
// public. Every answer is built from the engine's view for that reader.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Viewer } from '../../engine/index.js';
import { forumError, type ForumError, type Outcome } from './errors.js';
import { atomFeed } from './feed.js';
import { isNightVerb, type ForumGame } from './game.js';
import { hashKey, newKey, type ForumService } from './service.js';
import type { Season } from './types.js';
import { channelParam, channelsFor, deskOf, gameSummary, needsOf, postsPage, votesOf } from './views.js';

type Req = FastifyRequest<{ Params: Record<string, string>; Querystring: Record<string, string | undefined>; Body: unknown }>;

const ID = /^[A-Za-z0-9_-]{1,16}$/;
const Name = z.string().trim().min(1).max(64);
const Create = z.object({
  title: z.string().trim().min(1).max(120),
  players: z.array(z.object({ name: Name, bot: z.boolean().optional() }).strict()).min(1).max(30),
  options: z.record(z.string(), z.unknown()).optional(),
  schedule: z.record(z.string(), z.unknown()).optional(),
  seasonId: z.string().regex(ID).optional(),
});
const PostBody = z.object({ text: z.string().max(8000), replyTo: z.number().int().positive().optional(), quote: z.string().max(8000).optional() }).strict();
const VoteBody = z.object({ target: z.number().int().min(1).max(30), reason: z.string().max(2000) }).strict();
const NightBody = z.object({ verb: z.string(), target: z.number().int().min(1).max(30).nullable() }).strict();
const TargetBody = z.object({ target: z.number().int().min(1).max(30).nullable() }).strict();
const SeatBody = z.object({ seat: z.number().int().min(1).max(30) }).strict();
const TextBody = z.object({ text: z.string().max(8000) }).strict();
const ExtendBody = z.object({ minutes: z.number().int().min(1).max(1440) }).strict();
const ReplaceBody = z.object({ seat: z.number().int().min(1).max(30), name: Name }).strict();
const NoteBody = z.object({ post: z.number().int().positive(), text: z.string().max(4000) }).strict();
const SeenBody = z.object({ post: z.number().int().min(0).optional(), msg: z.number().int().min(0).optional() }).strict();
const SeasonBody = z
  .object({
    name: z.string().trim().min(1).max(120),
    entryPosts: z.number().int().min(0).max(100000).default(0),
    banSeasons: z.number().int().min(0).max(100).default(3),
    // The club the season is played for, and the club's name of the season in its bans (default: the name).
    club: z.string().min(1).max(32).optional(),
    clubSeason: z.string().trim().min(1).max(40).optional(),
  })
  .strict();
const SeasonPosts = z.object({ player: Name, posts: z.number().int().min(0).max(100000) }).strict();
const NeedsBody = z.object({ games: z.array(z.object({ id: z.string().regex(ID), key: z.string().max(64) }).strict()).max(50) }).strict();

class HttpFail extends Error {
  constructor(
    readonly status: number,
    readonly error: ForumError,
  ) {
    super(error.code);
  }
}

function keyOf(req: Req): string | undefined {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer ([A-Za-z0-9_-]{8,64})$/.exec(h.trim()) : null;
  if (m) return m[1];
  const q = req.query['key'];
  return typeof q === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(q) ? q : undefined;
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw new HttpFail(400, forumError('malformed', { ru: r.error.issues[0]?.path.join('.') ?? '', en: r.error.issues[0]?.path.join('.') ?? '' }));
  return r.data;
}

const STATUS: Partial<Record<ForumError['code'], number>> = { notFound: 404, badKey: 403, notBlack: 403, malformed: 400, tooLong: 400, notClubStaff: 403, signInRequired: 401 };

function answer<T>(reply: FastifyReply, out: Outcome<T>, ok: (v: T) => unknown): unknown {
  if (!out.ok) return reply.code(STATUS[out.error.code] ?? 409).send({ error: out.error });
  return ok(out.value);
}

/** `createLimit`: forum games and seasons made per address (limits.http.createTable, as for tables). */
export function registerForumHttp(app: FastifyInstance, svc: ForumService, createLimit?: { max: number; windowMs: number }): void {
  const limited = createLimit ? { config: { rateLimit: { max: createLimit.max, timeWindow: createLimit.windowMs } } } : {};
  const load = async (req: Req): Promise<{ g: ForumGame; viewer: Viewer }> => {
    const id = req.params['id'] ?? '';
    if (!ID.test(id)) throw new HttpFail(404, forumError('notFound'));
    const g = await svc.game(id);
    if (!g) throw new HttpFail(404, forumError('notFound'));
    const key = keyOf(req);
    const viewer = svc.viewerOf(g, key);
    if (key && viewer.kind === 'public') throw new HttpFail(403, forumError('badKey'));
    return { g, viewer };
  };
  const seatOf = (viewer: Viewer): number => {
    if (viewer.kind !== 'seat') throw new HttpFail(403, forumError('badKey'));
    return viewer.seat;
  };
  const hostOnly = (viewer: Viewer): void => {
    if (viewer.kind !== 'judge') throw new HttpFail(403, forumError('badKey'));
  };
  const route = (fn: (req: Req, reply: FastifyReply) => Promise<unknown>) => async (req: Req, reply: FastifyReply) => {
    try {
      reply.header('cache-control', 'no-store');
      return await fn(req, reply);
    } catch (e) {
      if (e instanceof HttpFail) return reply.code(e.status).send({ error: e.error });
      throw e;
    }
  };

  app.post(
    '/api/forum/games',
    limited,
    route(async (req, reply) => {
      const b = parse(Create, req.body);
      const out = await svc.create({ title: b.title, players: b.players, ...(b.options ? { options: b.options } : {}), ...(b.schedule ? { schedule: b.schedule } : {}), ...(b.seasonId ? { seasonId: b.seasonId } : {}) });
      return answer(reply.code(201), out, (v) => v);
    }),
  );
  app.get(
    '/api/forum/games',
    route(async () => {
      const docs = await svc.store.listGames(50);
      return { games: docs.map((d) => ({ id: d.id, title: d.title, status: d.status, createdAt: d.createdAt, seats: d.seats.length })) };
    }),
  );
  app.get(
    '/api/forum/games/:id',
    route(async (req) => {
      const { g, viewer } = await load(req);
      return gameSummary(g, viewer, svc.now());
    }),
  );
  app.get(
    '/api/forum/games/:id/posts',
    route(async (req) => {
      const { g, viewer } = await load(req);
      const page = req.query['page'] !== undefined ? Number(req.query['page']) : undefined;
      const seen = viewer.kind === 'seat' ? g.doc.seats[viewer.seat - 1]!.seenPost : g.doc.posts.length;
      return postsPage(g, page !== undefined && Number.isInteger(page) ? page : undefined, seen);
    }),
  );
  app.post(
    '/api/forum/games/:id/posts',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const b = parse(PostBody, req.body);
      const by = viewer.kind === 'judge' ? 0 : seatOf(viewer);
      return answer(reply, await svc.run(g.doc.id, (x, now) => x.post(by, b.text, now, b.replyTo, b.quote)), (p) => ({ post: p }));
    }),
  );
  app.post(
    '/api/forum/games/:id/seen',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const seat = seatOf(viewer);
      const b = parse(SeenBody, req.body);
      return answer(
        reply,
        await svc.run(g.doc.id, (x) => {
          const me = x.doc.seats[seat - 1]!;
          if (b.post !== undefined) me.seenPost = Math.min(Math.max(me.seenPost, b.post), x.doc.posts.length);
          if (b.msg !== undefined) me.seenMsg = Math.min(Math.max(me.seenMsg, b.msg), x.doc.messages.length);
          return { ok: true, value: true };
        }),
        () => ({ ok: true }),
      );
    }),
  );
  app.get(
    '/api/forum/games/:id/votes',
    route(async (req) => {
      const { g } = await load(req);
      const day = req.query['day'] !== undefined ? Number(req.query['day']) : undefined;
      return votesOf(g, day !== undefined && Number.isInteger(day) ? day : undefined, svc.now());
    }),
  );
  app.post(
    '/api/forum/games/:id/votes',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const seat = seatOf(viewer);
      const b = parse(VoteBody, req.body);
      return answer(reply, await svc.run(g.doc.id, (x, now) => x.vote(seat, b.target, b.reason, now)), () => ({ ok: true }));
    }),
  );
  app.get(
    '/api/forum/games/:id/channels',
    route(async (req) => {
      const { g, viewer } = await load(req);
      if (viewer.kind === 'public') throw new HttpFail(403, forumError('badKey'));
      return { channels: channelsFor(g, viewer), view: { finished: g.state?.finished === true } };
    }),
  );
  app.post(
    '/api/forum/games/:id/channels/:ch',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const ch = channelParam(req.params['ch'] ?? '');
      if (!ch) throw new HttpFail(404, forumError('notFound'));
      const by = viewer.kind === 'judge' ? 0 : seatOf(viewer);
      const b = parse(TextBody, req.body);
      return answer(reply, await svc.run(g.doc.id, (x, now) => x.message(by, ch, b.text, now)), (m) => ({ message: m }));
    }),
  );
  app.post(
    '/api/forum/games/:id/night',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const seat = seatOf(viewer);
      const b = parse(NightBody, req.body);
      const verb = b.verb;
      if (!isNightVerb(verb)) throw new HttpFail(400, forumError('malformed', { ru: 'verb', en: 'verb' }));
      return answer(reply, await svc.run(g.doc.id, (x, now) => x.night(seat, verb, b.target, now)), () => ({ ok: true }));
    }),
  );
  app.post(
    '/api/forum/games/:id/protect',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const seat = seatOf(viewer);
      const b = parse(TargetBody, req.body);
      return answer(reply, await svc.run(g.doc.id, (x, now) => x.protect(seat, b.target, now)), () => ({ ok: true }));
    }),
  );
  app.post(
    '/api/forum/games/:id/explode',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const seat = seatOf(viewer);
      const b = parse(TargetBody, req.body);
      return answer(reply, await svc.run(g.doc.id, (x, now) => x.command({ by: seat, do: 'explode', target: b.target }, now)), () => ({ ok: true }));
    }),
  );
  app.post(
    '/api/forum/games/:id/team/sender',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const seat = seatOf(viewer);
      const b = parse(SeatBody, req.body);
      return answer(reply, await svc.run(g.doc.id, (x, now) => x.setSender(seat, b.seat, now)), () => ({ ok: true }));
    }),
  );
  app.get(
    '/api/forum/games/:id/feed.atom',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const base = `${req.protocol}://${req.host}`;
      const msgs = viewer.kind === 'seat' ? Object.values(channelsFor(g, viewer)).flat() : [];
      const title = viewer.kind === 'seat' ? `${g.doc.title} — ${g.doc.seats[viewer.seat - 1]!.name}` : g.doc.title;
      return reply.type('application/atom+xml; charset=utf-8').send(atomFeed(g, base, msgs, title));
    }),
  );

  // ---- a seat bound to the signed-in player's account (a club's season ban asks the account) ----
  app.post(
    '/api/forum/games/:id/bind',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      const seat = seatOf(viewer);
      const me = req.signedIn;
      if (!me) throw new HttpFail(401, forumError('signInRequired'));
      return answer(reply, await svc.bind(g.doc.id, seat, me.account.id), () => ({ ok: true, seat }));
    }),
  );

  // ---- the host ----------------------------------------------------------------------------
  const host = (path: string, fn: (req: Req, g: ForumGame) => Promise<Outcome<unknown>>) =>
    app.post(
      `/api/forum/games/:id/${path}`,
      route(async (req, reply) => {
        const { g, viewer } = await load(req);
        hostOnly(viewer);
        return answer(reply, await fn(req, g), (v) => ({ ok: true, value: v }));
      }),
    );
  app.put(
    '/api/forum/games/:id/schedule',
    route(async (req, reply) => {
      const { g, viewer } = await load(req);
      hostOnly(viewer);
      const patch = parse(z.record(z.string(), z.unknown()), req.body);
      return answer(reply, await svc.setSchedule(g.doc.id, patch), (s) => ({ schedule: s }));
    }),
  );
  host('start', (_req, g) => svc.start(g.doc.id));
  host('host/extend', (req, g) => {
    const b = parse(ExtendBody, req.body);
    return svc.run(g.doc.id, (x, now) => x.extend(b.minutes, now));
  });
  host('host/replace', async (req, g) => {
    const b = parse(ReplaceBody, req.body);
    const key = newKey();
    const season = g.doc.seasonId ? ((await svc.store.getSeason(g.doc.seasonId))?.doc ?? null) : null;
    const refused = await svc.seatRefusal(season, { name: b.name });
    if (refused) return { ok: false, error: refused };
    return svc.run(g.doc.id, (x, now) => {
      const r = x.replace(b.seat, b.name, hashKey(key), now);
      return r.ok ? { ok: true, value: { key } } : r;
    });
  });
  host('host/remove', (req, g) => {
    const b = parse(SeatBody, req.body);
    return svc.run(g.doc.id, (x, now) => x.remove(b.seat, now));
  });
  host('host/summary', (req, g) => {
    const b = parse(TextBody, req.body);
    return svc.run(g.doc.id, (x, now) => {
      const r = x.post(0, b.text, now);
      if (r.ok) x.hostLog(now, 'Ведущий опубликовал итоги дня', false, { kind: 'summary' });
      return r;
    });
  });
  host('host/note', (req, g) => {
    const b = parse(NoteBody, req.body);
    return svc.run(g.doc.id, (x) => {
      const p = x.doc.posts[b.post - 1];
      if (!p || !p.auto) return { ok: false, error: forumError('malformed') };
      p.note = b.text.trim();
      return { ok: true, value: true };
    });
  });
  app.get(
    '/api/forum/games/:id/desk',
    route(async (req) => {
      const { g, viewer } = await load(req);
      hostOnly(viewer);
      return deskOf(g, svc.now());
    }),
  );

  // ---- what needs me, across games (the banner on every page) ------------------------------
  app.post(
    '/api/forum/needs',
    route(async (req) => {
      const b = parse(NeedsBody, req.body);
      const out: { id: string; title: string; needs: ReturnType<typeof needsOf> }[] = [];
      for (const x of b.games) {
        const g = await svc.game(x.id);
        if (!g) continue;
        const v = svc.viewerOf(g, x.key);
        if (v.kind !== 'seat') continue;
        const needs = needsOf(g, v.seat, svc.now());
        if (needs.length > 0) out.push({ id: g.doc.id, title: g.doc.title, needs });
      }
      return { games: out, now: svc.now() };
    }),
  );

  // ---- seasons -----------------------------------------------------------------------------
  app.post(
    '/api/forum/seasons',
    limited,
    route(async (req, reply) => {
      const b = parse(SeasonBody, req.body);
      const club = b.club ? { id: b.club, season: b.clubSeason ?? b.name } : undefined;
      const out = await svc.createSeason(b.name, b.entryPosts, b.banSeasons, club, req.signedIn?.account.id);
      return answer(reply.code(201), out, ({ season, adminKey }) => ({ id: season.id, adminKey }));
    }),
  );
  // Nobody is shown an account's id (docs/accounts.md): the bans by account stay on the server.
  const publicSeason = (s: Season) => {
    const { adminKeyHash: _h, bannedAccounts: _a, ...rest } = s;
    return rest;
  };
  app.get(
    '/api/forum/seasons',
    route(async () => ({ seasons: (await svc.store.listSeasons()).map(publicSeason) })),
  );
  app.get(
    '/api/forum/seasons/:sid',
    route(async (req) => {
      const s = ID.test(req.params['sid'] ?? '') ? await svc.store.getSeason(req.params['sid']!) : null;
      if (!s) throw new HttpFail(404, forumError('notFound'));
      // The season's games by title (the page names them, not their ids).
      const games = await Promise.all(s.doc.games.map((id) => svc.store.getGame(id)));
      const gameList = games.flatMap((g) => (g ? [{ id: g.doc.id, title: g.doc.title, status: g.doc.status }] : []));
      return { ...publicSeason(s.doc), gameList };
    }),
  );
  app.post(
    '/api/forum/seasons/:sid/posts',
    route(async (req) => {
      const s = (ID.test(req.params['sid'] ?? '') ? await svc.store.getSeason(req.params['sid']!) : null)?.doc;
      if (!s) throw new HttpFail(404, forumError('notFound'));
      const key = keyOf(req);
      if (!key || hashKey(key) !== s.adminKeyHash) throw new HttpFail(403, forumError('badKey'));
      const b = parse(SeasonPosts, req.body);
      const out = await svc.addPosts(s.id, b.player, b.posts);
      return publicSeason(out!);
    }),
  );
  app.get(
    '/api/forum/players/:name',
    route(async (req) => {
      const name = req.params['name'] ?? '';
      const seasons = await svc.store.listSeasons();
      return { name, seasons: seasons.filter((s) => s.players[name]).map((s) => ({ id: s.id, name: s.name, number: s.number, ...s.players[name] })) };
    }),
  );
}

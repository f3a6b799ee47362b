// HTTP API (docs/protocol.md) and the web app from web/dist with an SPA fallback.
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { verifyRecord } from './deal.js';
import type { Hub } from './hub.js';
import { HubError } from './table-create.js';
import { registerJudgeHttp } from './judge.js';
import type { Limits } from './limits.js';
import { ClaimBody, CreateTableBody, NameBody, SERVER_ERRORS, TokenBody, zodCode, zodDetail, type ServerErrorCode } from './messages.js';
import { originAllowed } from './origin.js';
import { REJECTION_CODES, reject, type RejectionCode } from '../engine/index.js';

export function fail(reply: FastifyReply, status: number, code: string, detail?: string): FastifyReply {
  let message: { ru: string; en: string };
  if ((REJECTION_CODES as readonly string[]).includes(code)) message = reject(code as RejectionCode).message;
  else {
    const m = SERVER_ERRORS[code as ServerErrorCode] ?? SERVER_ERRORS.badMessage;
    message = { ru: m[0], en: m[1] };
  }
  const body: Record<string, unknown> = { code, message };
  if (detail !== undefined) body['detail'] = detail.slice(0, 200);
  return reply.code(status).send(body);
}

/** A storage error (the database's or the storage's own): the request failed for now, retry. */
function isStorageError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_') || code.startsWith('GOROD_'));
}

/** Per-route rate limits (@fastify/rate-limit, registered in http-guards.ts), by address. */
function perAddress(l: { max: number; windowMs: number }): { config: { rateLimit: { max: number; timeWindow: number } } } {
  return { config: { rateLimit: { max: l.max, timeWindow: l.windowMs } } };
}

export async function registerHttp(app: FastifyInstance, hub: Hub, opts: { origins: string[]; webDir: string | null; limits: Limits }): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    if (!originAllowed(req.headers.origin, req.headers.host, opts.origins)) return fail(reply, 403, 'badOrigin');
  });
  app.setErrorHandler((e, _req, reply) => {
    if (e instanceof HubError) return fail(reply, e.status, e.code, e.detail);
    if (isStorageError(e)) return fail(reply, 503, 'storage');
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 429) return fail(reply, 429, 'rateLimited');
    if (status !== undefined && status >= 400 && status < 500) return fail(reply, status, 'badMessage', (e as Error).message);
    app.log.error({ err: e }, 'request failed');
    return reply.code(500).send({ code: 'internal', message: { ru: 'Внутренняя ошибка сервера', en: 'Internal server error' } });
  });
  const page = (limit: string | undefined): number => Math.max(1, Math.min(opts.limits.lobby.maxPageSize, Number(limit) || opts.limits.lobby.pageSize));

  app.post('/api/tables', perAddress(opts.limits.http.createTable), async (req, reply) => {
    const body = CreateTableBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, zodCode(body.error), zodDetail(body.error));
    return reply.code(201).send(await hub.create(body.data));
  });

  // The lobby, newest first; the next page: ?before=<the x-next-page header of this one>.
  app.get<{ Querystring: { limit?: string; before?: string } }>('/api/tables', async (req, reply) => {
    const { tables, next } = await hub.listLobby(page(req.query.limit), req.query.before);
    if (next) void reply.header('x-next-page', next);
    return tables;
  });

  app.get<{ Params: { id: string } }>('/api/tables/:id', async (req, reply) => {
    const info = await hub.info(req.params.id);
    return info ?? fail(reply, 404, 'tableNotFound');
  });

  app.post<{ Params: { id: string; seat: string } }>('/api/tables/:id/seats/:seat/name', async (req, reply) => {
    const body = NameBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, zodCode(body.error), zodDetail(body.error));
    const t = hub.tables.get(req.params.id);
    if (!t) return fail(reply, 404, 'tableNotFound');
    const seat = Number(req.params.seat);
    const who = hub.lookup(body.data.token);
    const allowed =
      who?.table === t && ((who.role.kind === 'seat' && who.role.seat === seat) || who.role.kind === 'host' || who.role.kind === 'judge');
    if (!allowed) return fail(reply, 403, 'unauthorized');
    if (!t.row.seats.some((s) => s.seat === seat)) return fail(reply, 400, 'badTarget');
    const e = await t.seats.setName(seat, body.data.nickname, who.role.kind === 'seat');
    if (e) return fail(reply, e.code === 'storage' ? 503 : 409, e.code);
    return { ok: true };
  });

  // An open table in the lobby: a stranger takes one free seat (a new token) under a nickname.
  app.post<{ Params: { id: string } }>('/api/tables/:id/claim', perAddress(opts.limits.http.claim), async (req, reply) => {
    const body = ClaimBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, zodCode(body.error), zodDetail(body.error));
    return hub.claim(req.params.id, body.data.nickname);
  });

  // The host (or judge) revokes a seat's link: a new one for the seat (`link`), or back to the
  // lobby of an open table (`free`).
  for (const action of ['link', 'free'] as const) {
    app.post<{ Params: { id: string; seat: string } }>(`/api/tables/:id/seats/:seat/${action}`, async (req, reply) => {
      const body = TokenBody.safeParse(req.body);
      if (!body.success) return fail(reply, 400, 'badMessage', zodDetail(body.error));
      const seat = Number(req.params.seat);
      if (!Number.isInteger(seat)) return fail(reply, 400, 'badTarget');
      return hub.relink(req.params.id, seat, body.data.token, action === 'free');
    });
  }

  app.post<{ Params: { id: string } }>('/api/tables/:id/start', async (req, reply) => {
    const body = TokenBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, 'badMessage', zodDetail(body.error));
    const t = hub.tables.get(req.params.id);
    if (!t) return fail(reply, 404, 'tableNotFound');
    const who = hub.lookup(body.data.token);
    if (who?.table !== t || (who.role.kind !== 'host' && who.role.kind !== 'judge')) return fail(reply, 403, 'notHost');
    const e = await t.start();
    if (e) return fail(reply, e.code === 'storage' ? 503 : 409, e.code);
    return { ok: true };
  });

  // Past games, newest first; the next page: ?before=<finishedAt of the last one>.
  app.get<{ Querystring: { limit?: string; before?: string } }>('/api/games', async (req) => {
    const before = Number(req.query.before);
    const rows = await hub.storage.finishedTables(page(req.query.limit), Number.isFinite(before) && before > 0 ? before : undefined);
    return rows.map((r) => ({ id: r.id, preset: r.setup.preset, mode: r.mode, winner: r.winner, finishedAt: r.finishedAt, commitment: r.commitment }));
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/record', async (req, reply) => {
    const t = await hub.find(req.params.id);
    if (!t) return fail(reply, 404, 'tableNotFound');
    if (t.row.status !== 'finished') return fail(reply, 409, 'notFinished');
    return t.record();
  });

  app.get<{ Params: { id: string } }>('/api/games/:id/verify', async (req, reply) => {
    const t = await hub.find(req.params.id);
    if (!t) return fail(reply, 404, 'tableNotFound');
    if (t.row.status !== 'finished') return fail(reply, 409, 'notFinished');
    return verifyRecord(t.record());
  });

  // Liveness: the process answers (readiness, with its database and Redis: /api/ready in index.ts).
  app.get('/api/health', async () => ({ ok: true, tables: hub.tables.size }));
  registerJudgeHttp(app, hub);

  if (opts.webDir && existsSync(opts.webDir)) {
    await app.register(fastifyStatic, { root: opts.webDir, wildcard: false });
    app.setNotFoundHandler((req, reply) => {
      if (req.method !== 'GET' || req.url.startsWith('/api/') || req.url.startsWith('/ws')) return fail(reply, 404, 'notFound');
      return reply.sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_req, reply) => fail(reply, 404, 'notFound'));
  }
}

// HTTP API (docs/protocol.md) and the web app from web/dist with an SPA fallback.
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { verifyRecord } from './deal.js';
import { ClaimError, CreateError, type Hub } from './hub.js';
import { registerJudgeHttp } from './judge.js';
import { ClaimBody, CreateTableBody, NameBody, SERVER_ERRORS, TokenBody, zodDetail, type ServerErrorCode } from './messages.js';
import { originAllowed } from './origin.js';
import { REJECTION_CODES, reject, type RejectionCode } from '../engine/index.js';

function fail(reply: FastifyReply, status: number, code: string, detail?: string): FastifyReply {
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

export async function registerHttp(app: FastifyInstance, hub: Hub, opts: { origins: string[]; webDir: string | null }): Promise<void> {
  app.addHook('onRequest', async (req, reply) => {
    if (!originAllowed(req.headers.origin, req.headers.host, opts.origins)) return fail(reply, 403, 'badOrigin');
  });

  app.post('/api/tables', async (req, reply) => {
    const body = CreateTableBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, 'badMessage', zodDetail(body.error));
    try {
      return reply.code(201).send(await hub.create(body.data));
    } catch (e) {
      if (e instanceof CreateError) return fail(reply, 400, e.code, e.detail);
      throw e;
    }
  });

  app.get('/api/tables', async () => hub.lobby().slice(0, 500));

  app.get<{ Params: { id: string } }>('/api/tables/:id', async (req, reply) => {
    const t = await hub.find(req.params.id);
    if (!t) return fail(reply, 404, 'tableNotFound');
    return t.info();
  });

  app.post<{ Params: { id: string; seat: string } }>('/api/tables/:id/seats/:seat/name', async (req, reply) => {
    const body = NameBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, 'badMessage', zodDetail(body.error));
    const t = hub.tables.get(req.params.id);
    if (!t) return fail(reply, 404, 'tableNotFound');
    const seat = Number(req.params.seat);
    const who = hub.lookup(body.data.token);
    const allowed =
      who?.table === t && ((who.role.kind === 'seat' && who.role.seat === seat) || who.role.kind === 'host' || who.role.kind === 'judge');
    if (!allowed) return fail(reply, 403, 'unauthorized');
    if (!t.row.seats.some((s) => s.seat === seat)) return fail(reply, 400, 'badTarget');
    const e = await t.setName(seat, body.data.nickname);
    if (e) return fail(reply, 409, e.code);
    return { ok: true };
  });

  // An open table in the lobby: a stranger takes one free seat (its token) under a nickname.
  app.post<{ Params: { id: string } }>('/api/tables/:id/claim', async (req, reply) => {
    const body = ClaimBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, 'badMessage', zodDetail(body.error));
    try {
      return await hub.claim(req.params.id, body.data.nickname);
    } catch (e) {
      if (e instanceof ClaimError) return fail(reply, e.status, e.code);
      throw e;
    }
  });

  app.post<{ Params: { id: string } }>('/api/tables/:id/start', async (req, reply) => {
    const body = TokenBody.safeParse(req.body);
    if (!body.success) return fail(reply, 400, 'badMessage', zodDetail(body.error));
    const t = hub.tables.get(req.params.id);
    if (!t) return fail(reply, 404, 'tableNotFound');
    const who = hub.lookup(body.data.token);
    if (who?.table !== t || (who.role.kind !== 'host' && who.role.kind !== 'judge')) return fail(reply, 403, 'notHost');
    const e = await t.start();
    if (e) return fail(reply, 409, e.code);
    return { ok: true };
  });

  app.get<{ Querystring: { limit?: string } }>('/api/games', async (req) => {
    const limit = Math.max(1, Math.min(500, Number(req.query.limit) || 50));
    const rows = await hub.storage.finishedTables(limit);
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

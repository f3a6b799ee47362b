// What every account route shares: the store, sessions, the hub and tournaments, the limits, and
// small helpers (the signed-in account or a refusal, body parsing, the audit log).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hub } from '../hub.js';
import type { Limits } from '../limits.js';
import { cleanText } from '../messages.js';
import type { TournamentService } from '../tournaments.js';
import { AccountError, accountFail, type AccountErrorCode } from './errors.js';
import type { SignedIn, Sessions } from './sessions.js';
import type { AccountStore, ClubRole } from './store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's live session (cookie), or null for a guest. */
    signedIn: SignedIn | null;
  }
}

export interface AccountsContext {
  store: AccountStore;
  sessions: Sessions;
  hub: Hub;
  tournaments: TournamentService;
  limits: Limits;
  /** scrypt parameters (tests make them cheap). */
  scrypt?: { N: number; r: number; p: number };
  /** RP_ID and PUBLIC_ORIGIN, or (unset) the request's own host. */
  rpId?: string;
  publicOrigin?: string;
}

/** Scripts whose letters look alike (а/a, о/o, р/p, с/c, х/x, В/B, Н/H, ο/o …). */
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/**
 * A nickname an account may take: 2..32 letters, digits, space, dot, hyphen, underscore — the
 * letters of one script of Latin, Cyrillic and Greek. A name that mixes them could pass for
 * another's («Шерuф» with a Latin u beside «Шериф»): uniqueness is by the characters, and these look
 * alike (Unicode TR39's single-script rule).
 */
export const AccountNickname = z
  .string()
  .transform((s) => s.trim().normalize('NFC').replace(/\s+/g, ' '))
  .pipe(z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,30}[\p{L}\p{N}._-]$/u))
  .refine((s) => LOOKALIKE_SCRIPTS.filter((r) => r.test(s)).length <= 1);
export const Password = z.string().min(10).max(256);
export const ClubId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,30}[a-z0-9]$/);
export const FreeText = cleanText(200, false);

export function need(req: FastifyRequest): SignedIn {
  if (!req.signedIn) throw new AccountError(401, 'signInRequired');
  return req.signedIn;
}

export function parse<S extends z.ZodType>(schema: S, body: unknown, code: AccountErrorCode = 'badRequest'): z.infer<S> {
  const r = schema.safeParse(body);
  if (!r.success) throw new AccountError(400, code);
  return r.data;
}

/** Wrap a handler: an AccountError becomes its status and message. */
export function handle<R extends FastifyRequest>(fn: (req: R, reply: FastifyReply) => Promise<unknown>) {
  return async (req: R, reply: FastifyReply): Promise<unknown> => {
    try {
      return await fn(req, reply);
    } catch (e) {
      if (e instanceof AccountError) return accountFail(reply, e.status, e.code);
      throw e;
    }
  };
}

/** The caller's role in a club must be one of `roles`. */
export async function requireRole(ctx: AccountsContext, clubId: string, accountId: string, roles: readonly ClubRole[]): Promise<ClubRole> {
  if (!(await ctx.store.club(clubId))) throw new AccountError(404, 'clubNotFound');
  const role = await ctx.store.role(clubId, accountId);
  if (!role || !roles.includes(role)) throw new AccountError(403, 'forbidden');
  return role;
}

/** Per-address rate limit of a route (@fastify/rate-limit, registered in http-guards.ts). */
export const perAddress = (l: { max: number; windowMs: number }) => ({ config: { rateLimit: { max: l.max, timeWindow: l.windowMs } } });

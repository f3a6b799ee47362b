// Sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure when the request came over
// TLS), stored only as its SHA-256 with the account, an expiry and the session's CSRF token. An
// old session gets a new token on its next request (rotation); signing out deletes the row, so
// the cookie replayed later finds nothing. The CSRF token is double-submitted: a readable cookie
// the web app copies into the X-CSRF-Token header of every state-changing request, checked against
// the one stored with the session (a page of another site can neither read the cookie nor set
// the header).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from '../limits.js';
import { randomToken, sha256 } from './secrets.js';
import type { Account, AccountStore, Session } from './store.js';

export const SESSION_COOKIE = 'gorod_session';
export const CSRF_COOKIE = 'gorod_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** How long a rotated token still works (requests already on their way with it). */
const ROTATION_GRACE_MS = 60_000;

export interface SignedIn {
  account: Account;
  session: Session;
  tokenHash: string;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isStateChanging = (method: string): boolean => !SAFE.has(method);

export class Sessions {
  constructor(
    private store: AccountStore,
    private limits: Limits['accounts'],
  ) {}

  private cookieOpts(req: FastifyRequest, httpOnly: boolean, maxAgeMs: number) {
    return { path: '/', httpOnly, sameSite: 'lax' as const, secure: req.protocol === 'https', maxAge: Math.floor(maxAgeMs / 1000) };
  }

  /** A new session for the account: both cookies set. */
  async start(req: FastifyRequest, reply: FastifyReply, accountId: string, now = Date.now()): Promise<void> {
    const token = randomToken();
    const csrf = randomToken(18);
    await this.store.createSession(sha256(token), { accountId, csrf, createdAt: now, expiresAt: now + this.limits.sessionMs });
    void reply.setCookie(SESSION_COOKIE, token, this.cookieOpts(req, true, this.limits.sessionMs));
    void reply.setCookie(CSRF_COOKIE, csrf, this.cookieOpts(req, false, this.limits.sessionMs));
  }

  /** The request's live session and account, or null (no cookie, unknown, expired, deleted account). */
  async read(req: FastifyRequest, now = Date.now()): Promise<SignedIn | null> {
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return null;
    const tokenHash = sha256(token);
    const session = await this.store.session(tokenHash);
    if (!session || session.expiresAt <= now) return null;
    const account = await this.store.account(session.accountId);
    if (!account || account.deletedAt !== null) return null;
    return { account, session, tokenHash };
  }

  /** The double-submitted token matches the session's (header and cookie both). */
  csrfOk(req: FastifyRequest, s: SignedIn): boolean {
    const header = req.headers[CSRF_HEADER];
    return typeof header === 'string' && header === s.session.csrf && req.cookies[CSRF_COOKIE] === header;
  }

  /**
   * An old session gets a new token (and the same CSRF token, so open pages keep working). Two
   * requests with the same old cookie, on two processes, rotate it once: cutting the old token's
   * life is the guarded write, and only the request that cut it makes the new session.
   */
  async rotateIfOld(req: FastifyRequest, reply: FastifyReply, s: SignedIn, now = Date.now()): Promise<void> {
    if (now - s.session.createdAt < this.limits.rotateMs) return;
    if (!(await this.store.expireSession(s.tokenHash, now + ROTATION_GRACE_MS))) return;
    const token = randomToken();
    await this.store.createSession(sha256(token), { ...s.session, createdAt: now, expiresAt: now + this.limits.sessionMs });
    void reply.setCookie(SESSION_COOKIE, token, this.cookieOpts(req, true, this.limits.sessionMs));
    void reply.setCookie(CSRF_COOKIE, s.session.csrf, this.cookieOpts(req, false, this.limits.sessionMs));
  }

  async end(req: FastifyRequest, reply: FastifyReply, s: SignedIn | null): Promise<void> {
    // The tokens this one was rotated from go too: a cookie from before a rotation, replayed
    // after signing out, would otherwise work for the rest of its grace minute.
    if (s) await this.store.deleteSignIn(s.account.id, s.session.csrf);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    void reply.clearCookie(CSRF_COOKIE, { path: '/' });
  }
}

// Player accounts and clubs (docs/accounts.md): cookies, the session of every request, CSRF on
// every state-changing request that carries a session, and the account routes under /api/auth,
// /api/me, /api/accounts and /api/club-admin.
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { registerAuthHttp } from './auth-http.js';
import { registerClubsHttp } from './clubs-http.js';
import type { AccountsContext } from './context.js';
import { accountFail } from './errors.js';
import { registerMeHttp } from './me-http.js';
import { registerPasskeysHttp } from './passkeys-http.js';
import { registerSeatsHttp } from './seats-http.js';
import { isStateChanging, Sessions } from './sessions.js';
import { registerTournamentGuard } from './tournament-guard.js';

export { seatHolder, type AccountStore } from './store.js';
export { PostgresAccountStore, SqliteAccountStore } from './store-sql.js';
export type { AccountsContext } from './context.js';

export async function registerAccounts(app: FastifyInstance, ctx: Omit<AccountsContext, 'sessions'>): Promise<void> {
  const full: AccountsContext = { ...ctx, sessions: new Sessions(ctx.store, ctx.limits.accounts) };
  await app.register(cookie);
  app.decorateRequest('signedIn', null);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const s = await full.sessions.read(req);
    req.signedIn = s;
    if (!s) return;
    // A state-changing request riding on the session cookie must prove it came from our page.
    if (isStateChanging(req.method) && !full.sessions.csrfOk(req, s)) return accountFail(reply, 403, 'csrf');
    await full.sessions.rotateIfOld(req, reply, s);
  });
  registerAuthHttp(app, full);
  registerPasskeysHttp(app, full);
  registerMeHttp(app, full);
  registerSeatsHttp(app, full);
  registerClubsHttp(app, full);
  registerTournamentGuard(app, full);
  const purge = setInterval(() => void ctx.store.purgeExpired(Date.now()).catch(() => undefined), 3600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}


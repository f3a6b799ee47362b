// Club roles over the tournament API (tournaments-http.ts is left as it is): a tournament created
// with `?club=ID` by a signed-in owner or judge of that club belongs to the club; a signed-in
// request that changes a club's tournament (players, rounds, records — corrections included)
// needs the owner or judge role there, on top of the organizer token. Every change of a club's
// tournament is written to the club's audit log, with a session or with the organizer token alone
// (which works as before). Tournaments of no club are untouched.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountFail } from './errors.js';
import { isStateChanging } from './sessions.js';
import type { AccountsContext } from './context.js';
import { TOKEN_ACTOR } from './store.js';

const STAFF = ['owner', 'judge'] as const;

/** What an audit entry calls a route. */
function actionOf(method: string, route: string): string {
  if (route.endsWith('/flags')) return 'game.flag';
  if (route.endsWith('/flags/resolve')) return 'game.flagResolve';
  if (route.endsWith('/record')) return 'game.correct';
  if (route.includes('/extra')) return 'game.extra';
  if (route.includes('/games/')) return 'game.table';
  if (route.includes('/players')) return 'tournament.players';
  return `tournament.${method.toLowerCase()}`;
}

export function registerTournamentGuard(app: FastifyInstance, ctx: AccountsContext): void {
  const { store } = ctx;
  const clubParam = (req: FastifyRequest): string | undefined => {
    const q = (req.query as Record<string, unknown> | undefined)?.['club'];
    return typeof q === 'string' && q ? q : undefined;
  };

  app.addHook('preHandler', async (req, reply) => {
    const route = req.routeOptions.url ?? '';
    if (!route.startsWith('/api/tournaments') || !isStateChanging(req.method)) return;
    if (route === '/api/tournaments') {
      const club = clubParam(req);
      if (club === undefined) return;
      if (!req.signedIn) return accountFail(reply, 401, 'signInRequired');
      if (!(await store.club(club))) return accountFail(reply, 404, 'clubNotFound');
      const role = await store.role(club, req.signedIn.account.id);
      if (!role || !(STAFF as readonly string[]).includes(role)) return accountFail(reply, 403, 'forbidden');
      return;
    }
    // A correction request is a player's right (a seat's token), not the staff's: never refused here.
    if (route.endsWith('/flags')) return;
    const id = (req.params as { id?: string }).id;
    const club = req.signedIn && id ? await store.clubOfTournament(id) : null;
    if (!club || !req.signedIn) return;
    const role = await store.role(club, req.signedIn.account.id);
    if (!role || !(STAFF as readonly string[]).includes(role)) return accountFail(reply, 403, 'forbidden');
  });

  // After the tournament API answered: link a new club tournament, log what was done to a club's
  // tournament — by a signed-in account, or with a tournament link's token alone (the token is the
  // credential; the entry says so, having no account to name).
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url ?? '';
    if (!route.startsWith('/api/tournaments') || !isStateChanging(req.method) || reply.statusCode >= 400) return payload;
    const actorId = req.signedIn?.account.id ?? TOKEN_ACTOR;
    if (route === '/api/tournaments') {
      if (!req.signedIn) return payload;
      const club = clubParam(req);
      if (club === undefined || typeof payload !== 'string') return payload;
      const id = (JSON.parse(payload) as { id?: string }).id;
      if (!id) return payload;
      await store.linkTournament(id, club);
      await store.audit({ at: Date.now(), actorId, club, action: 'tournament.create', target: id });
      return payload;
    }
    const params = req.params as { id?: string; round?: string; table?: string };
    const club = params.id ? await store.clubOfTournament(params.id) : null;
    if (club) {
      const target = params.round ? `${params.id}/${params.round}/${params.table}` : (params.id ?? null);
      const reason = (req.body as { reason?: unknown } | null)?.reason;
      await store.audit({ at: Date.now(), actorId, club, action: actionOf(req.method, route), target, detail: { method: req.method, route, ...(typeof reason === 'string' ? { reason } : {}) } });
    }
    return payload;
  });
}

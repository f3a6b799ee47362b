// The signed-in player's own data: the account page (GET /api/me), the JSON export, the deletion,
// claiming a tournament player with a one-time code; and the public part of an account by
// nickname (GET /api/accounts/:nickname: nickname history, clubs, claimed tournament players).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { handle, need, parse, type AccountsContext } from './context.js';
import { AccountError } from './errors.js';
import { normalizeCode, randomToken, sha256 } from './secrets.js';
import { seatSummary } from './seats-http.js';

const ClaimBody = z.strictObject({ code: z.string().min(4).max(40) });
const ConsentBody = z.strictObject({ nickname: z.string().min(1).max(64) });

export function registerMeHttp(app: FastifyInstance, ctx: AccountsContext): void {
  const { store, hub, sessions } = ctx;

  app.get(
    '/api/me',
    handle(async (req) => {
      const { account: a } = need(req);
      return {
        nickname: a.nickname,
        createdAt: a.createdAt,
        hasPassword: a.passwordHash !== null,
        passkeys: (await store.passkeysOf(a.id)).map((p) => ({ createdAt: p.createdAt, usedAt: p.usedAt })),
        nicknames: await store.nicknames(a.id),
        clubs: await store.clubsOf(a.id),
        players: await store.playersOf(a.id),
        seats: await Promise.all((await store.seatsOf(a.id, 50)).map((s) => seatSummary(hub, s.tableId, s.seat))),
      };
    }),
  );

  /** Everything stored about the account, as JSON (no secret: no hash, no token). */
  app.get(
    '/api/me/export',
    handle(async (req, reply) => {
      const { account: a } = need(req);
      void reply.header('content-disposition', `attachment; filename="gorod-account.json"`);
      return {
        format: 'gorod-account-export/1',
        exportedAt: new Date().toISOString(),
        account: { id: a.id, nickname: a.nickname, createdAt: a.createdAt, hasPassword: a.passwordHash !== null },
        nicknames: await store.nicknames(a.id),
        passkeys: (await store.passkeysOf(a.id)).map((p) => ({ id: p.id, createdAt: p.createdAt, usedAt: p.usedAt, transports: p.transports })),
        seats: (await store.seatsOf(a.id, 100_000)).map((s) => ({ table: s.tableId, seat: s.seat, boundAt: s.boundAt })),
        tournamentPlayers: await store.playersOf(a.id),
        clubs: await store.clubsOf(a.id),
        auditAsActor: await store.auditOf({ actor: a.id }, 100_000),
        mergeConsents: await Promise.all(
          (await store.mergeConsentsOf(a.id, Date.now())).map(async (c) => ({ nickname: (await store.account(c.otherId))?.nickname ?? null, until: c.until })),
        ),
      };
    }),
  );

  /** Delete the account: the player becomes a pseudonym (docs/accounts.md says what stays). */
  app.delete(
    '/api/me',
    handle(async (req, reply) => {
      const me = need(req);
      const pseudonym = `deleted-${randomToken(6)}`;
      await store.deleteAccount(me.account.id, pseudonym, Date.now());
      await sessions.end(req, reply, null);
      return { ok: true, pseudonym };
    }),
  );

  /** A one-time code from an organizer: the tournament's registered player is this account. */
  app.post(
    '/api/me/claim',
    handle(async (req) => {
      const me = need(req);
      const { code } = parse(ClaimBody, req.body);
      const c = await store.useClaimCode(sha256(normalizeCode(code)), me.account.id, Date.now());
      if (!c) throw new AccountError(404, 'badCode');
      return { tournament: c.tournamentId, player: c.playerId, nickname: c.playerName };
    }),
  );

  /**
   * "The account `nickname` is mine too": a club owner may merge the two only once both accounts
   * said so (each signed in), within accounts.mergeConsentMs. Without it an owner could add any
   * player to a club and merge them into an account of the owner's: their seats, with the seats'
   * credentials, and their tournament players would be the owner's.
   */
  app.post(
    '/api/me/merge-consent',
    handle(async (req) => {
      const me = need(req);
      const { nickname } = parse(ConsentBody, req.body);
      const other = await store.byNickname(nickname);
      if (!other) throw new AccountError(404, 'accountNotFound');
      if (other.id === me.account.id) throw new AccountError(400, 'sameAccount');
      const until = Date.now() + ctx.limits.accounts.mergeConsentMs;
      await store.consentMerge(me.account.id, other.id, until);
      return { nickname: other.nickname, until };
    }),
  );

  app.get<{ Params: { nickname: string } }>(
    '/api/accounts/:nickname',
    handle(async (req) => {
      const a = await store.byNickname(req.params.nickname);
      if (!a) throw new AccountError(404, 'accountNotFound');
      return {
        nickname: a.nickname,
        since: a.createdAt,
        nicknames: (await store.nicknames(a.id)).map((n) => n.nickname),
        clubs: (await store.clubsOf(a.id)).map((c) => ({ id: c.id, name: c.name, role: c.role })),
        players: (await store.playersOf(a.id)).map((p) => ({ tournament: p.tournamentId, player: p.playerId, nickname: p.playerName })),
      };
    }),
  );
}

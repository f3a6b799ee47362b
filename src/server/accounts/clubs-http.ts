// Clubs and their roles: owners manage members and roles and merge duplicate accounts; owners and
// judges ban players from a forum season and hand out claim codes for their club's tournaments.
// Every privileged action goes to the audit log (who, when, what).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ClubId, FreeText, handle, need, parse, requireRole, type AccountsContext } from './context.js';
import { AccountError } from './errors.js';
import { claimCode, normalizeCode, sha256 } from './secrets.js';
import type { SignedIn } from './sessions.js';
import { CLUB_ROLES, type Account, type ClubRole } from './store.js';

const NewClub = z.strictObject({ id: ClubId, name: FreeText.pipe(z.string().trim().min(2).max(80)) });
const MemberBody = z.strictObject({ nickname: z.string().min(1).max(64), role: z.enum(CLUB_ROLES) });
const BanBody = z.strictObject({ nickname: z.string().min(1).max(64), season: FreeText.pipe(z.string().trim().min(1).max(40)), reason: FreeText.optional() });
const UnbanBody = z.strictObject({ nickname: z.string().min(1).max(64), season: z.string().min(1).max(40) });
const CodeBody = z.strictObject({ tournament: z.string().regex(/^c[0-9a-f]{16}$/), player: z.string().min(1).max(64) });
const MergeBody = z.strictObject({ from: z.string().min(1).max(64), into: z.string().min(1).max(64) });

type P = { Params: { club: string; nickname?: string } };
const OWNER: readonly ClubRole[] = ['owner'];
const STAFF: readonly ClubRole[] = ['owner', 'judge'];

/** What a club route's action gets: the caller, the club, the parsed body, and the club's audit log. */
interface ClubAct<B> {
  me: SignedIn;
  club: string;
  body: B;
  req: FastifyRequest<P>;
  reply: FastifyReply;
  /** Write the action to the club's audit log, as the caller, now. */
  audit(action: string, target: string | null, detail?: unknown): Promise<void>;
}

export function registerClubsHttp(app: FastifyInstance, ctx: AccountsContext): void {
  const { store } = ctx;
  const player = async (nickname: string): Promise<Account> => {
    const a = await store.byNickname(nickname);
    if (!a) throw new AccountError(404, 'accountNotFound');
    return a;
  };
  /**
   * A privileged club route: signed in, one of `roles` in the club, the body valid (when there is
   * a schema); then the action, which writes to the audit log what it did.
   */
  const clubRoute =
    <S extends z.ZodType | null>(roles: readonly ClubRole[], schema: S, act: (a: ClubAct<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<unknown>) =>
    handle<FastifyRequest<P>>(async (req, reply) => {
      const me = need(req);
      const club = req.params.club;
      await requireRole(ctx, club, me.account.id, roles);
      const body = (schema ? parse(schema, req.body) : undefined) as S extends z.ZodType ? z.infer<S> : undefined;
      const audit = (action: string, target: string | null, detail?: unknown) => store.audit({ at: Date.now(), actorId: me.account.id, club, action, target, detail });
      return act({ me, club, body, req, reply, audit });
    });
  /** The club's tournaments by name; its staff also get the players (to issue claim codes). */
  const clubTournaments = async (club: string, staff: boolean) => {
    const out = await Promise.all(
      (await store.tournamentsOf(club)).map(async (id) => {
        const l = await ctx.tournaments.load(id).catch(() => null);
        if (!l) return null;
        return { id, name: l.row.data.name, ...(staff ? { players: l.row.data.players.map((p) => ({ id: p.id, nickname: p.nickname })) } : {}) };
      }),
    );
    return out.filter((t) => t !== null);
  };
  const owners = async (club: string): Promise<number> => (await store.members(club)).filter((m) => m.role === 'owner').length;

  app.post(
    '/api/club-admin',
    handle(async (req, reply) => {
      const me = need(req);
      const body = parse(NewClub, req.body, 'badClub');
      if (!(await store.createClub(body.id, body.name, me.account.id, Date.now()))) throw new AccountError(409, 'clubTaken');
      await store.audit({ at: Date.now(), actorId: me.account.id, club: body.id, action: 'club.create', target: body.id, detail: { name: body.name } });
      return reply.code(201).send({ id: body.id, name: body.name });
    }),
  );

  /** A club for its members: who is in it with which role; owners and judges also see bans and the audit log. */
  app.get<P>(
    '/api/club-admin/:club',
    handle(async (req) => {
      const me = need(req);
      const role = await requireRole(ctx, req.params.club, me.account.id, CLUB_ROLES);
      const club = (await store.club(req.params.club))!;
      const staff = role !== 'member';
      return {
        ...club,
        role,
        members: (await store.members(club.id)).map((m) => ({ nickname: m.nickname, role: m.role, since: m.since })),
        tournaments: await clubTournaments(club.id, staff),
        ...(staff ? { bans: await store.bans(club.id), audit: (await store.auditOf({ club: club.id })).map(({ actorId: _a, ...e }) => e) } : {}),
      };
    }),
  );

  app.post<P>(
    '/api/club-admin/:club/members',
    clubRoute(OWNER, MemberBody, async ({ club, body, audit }) => {
      const a = await player(body.nickname);
      if ((await store.role(club, a.id)) === 'owner' && body.role !== 'owner' && (await owners(club)) <= 1) throw new AccountError(409, 'lastOwner');
      await store.setRole(club, a.id, body.role, Date.now());
      await audit('member.role', a.nickname, { role: body.role });
      return { nickname: a.nickname, role: body.role };
    }),
  );

  app.delete<P>(
    '/api/club-admin/:club/members/:nickname',
    clubRoute(OWNER, null, async ({ club, req, audit }) => {
      const a = await player(req.params.nickname ?? '');
      if ((await store.role(club, a.id)) === 'owner' && (await owners(club)) <= 1) throw new AccountError(409, 'lastOwner');
      if (await store.removeMember(club, a.id)) await audit('member.remove', a.nickname);
      return { ok: true };
    }),
  );

  app.post<P>(
    '/api/club-admin/:club/bans',
    clubRoute(STAFF, BanBody, async ({ club, body, audit }) => {
      const a = await player(body.nickname);
      await store.ban(club, a.id, body.season, body.reason ?? null, Date.now());
      await audit('season.ban', a.nickname, { season: body.season, reason: body.reason ?? null });
      return { ok: true };
    }),
  );

  app.post<P>(
    '/api/club-admin/:club/unban',
    clubRoute(STAFF, UnbanBody, async ({ club, body, audit }) => {
      const a = await player(body.nickname);
      if (await store.unban(club, a.id, body.season)) await audit('season.unban', a.nickname, { season: body.season });
      return { ok: true };
    }),
  );

  /** A one-time code for a registered player of the club's tournament (shown once, stored hashed). */
  app.post<P>(
    '/api/club-admin/:club/claim-codes',
    clubRoute(STAFF, CodeBody, async ({ me, club, body, reply, audit }) => {
      if ((await store.clubOfTournament(body.tournament)) !== club) throw new AccountError(404, 'tournamentNotFound');
      const t = await ctx.tournaments.load(body.tournament).catch(() => null);
      const p = t?.row.data.players.find((x) => x.id === body.player);
      if (!p) throw new AccountError(404, 'playerNotFound');
      const code = claimCode();
      await store.addClaimCode(sha256(normalizeCode(code)), { tournamentId: body.tournament, playerId: p.id, playerName: p.nickname, createdBy: me.account.id }, Date.now());
      await audit('claim.code', p.nickname, { tournament: body.tournament, player: p.id });
      return reply.code(201).send({ code, nickname: p.nickname });
    }),
  );

  /**
   * Two accounts of one person (both in the club, both having consented to each other on their
   * account pages, POST /api/me/merge-consent): everything of `from` goes to `into`.
   */
  app.post<P>(
    '/api/club-admin/:club/merge',
    clubRoute(OWNER, MergeBody, async ({ club, body, audit }) => {
      const from = await player(body.from);
      const into = await player(body.into);
      if (from.id === into.id) throw new AccountError(400, 'sameAccount');
      if (!(await store.role(club, from.id)) || !(await store.role(club, into.id))) throw new AccountError(403, 'forbidden');
      // The owner's word is not enough: each account said, signed in, that the other is its own.
      if (!(await store.merge(from.id, into.id, Date.now()))) throw new AccountError(409, 'mergeNotConsented');
      await audit('account.merge', into.nickname, { from: from.nickname });
      return { nickname: into.nickname };
    }),
  );
}

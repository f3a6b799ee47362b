// Clubs and their roles: owners manage members and roles and merge duplicate accounts; owners and
// judges ban players from a forum season and hand out claim codes for their club's tournaments.
// Every privileged action goes to the audit log (who, when, what).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ClubId, FreeText, handle, need, parse, requireRole, type AccountsContext } from './context.js';
import { AccountError } from './errors.js';
import { claimCode, normalizeCode, sha256 } from './secrets.js';
import { CLUB_ROLES, type Account } from './store.js';

const NewClub = z.strictObject({ id: ClubId, name: FreeText.pipe(z.string().trim().min(2).max(80)) });
const MemberBody = z.strictObject({ nickname: z.string().min(1).max(64), role: z.enum(CLUB_ROLES) });
const BanBody = z.strictObject({ nickname: z.string().min(1).max(64), season: FreeText.pipe(z.string().trim().min(1).max(40)), reason: FreeText.optional() });
const UnbanBody = z.strictObject({ nickname: z.string().min(1).max(64), season: z.string().min(1).max(40) });
const CodeBody = z.strictObject({ tournament: z.string().regex(/^c[0-9a-f]{16}$/), player: z.string().min(1).max(64) });
const MergeBody = z.strictObject({ from: z.string().min(1).max(64), into: z.string().min(1).max(64) });

type P = { Params: { club: string; nickname?: string } };

export function registerClubsHttp(app: FastifyInstance, ctx: AccountsContext): void {
  const { store } = ctx;
  const audit = (actorId: string, club: string, action: string, target: string | null, detail?: unknown): void =>
    store.audit({ at: Date.now(), actorId, club, action, target, detail });
  const player = (nickname: string): Account => {
    const a = store.byNickname(nickname);
    if (!a) throw new AccountError(404, 'accountNotFound');
    return a;
  };
  /** The club's tournaments by name; its staff also get the players (to issue claim codes). */
  const clubTournaments = async (club: string, staff: boolean) => {
    const out = await Promise.all(
      store.tournamentsOf(club).map(async (id) => {
        const l = await ctx.tournaments.load(id).catch(() => null);
        if (!l) return null;
        return { id, name: l.row.data.name, ...(staff ? { players: l.row.data.players.map((p) => ({ id: p.id, nickname: p.nickname })) } : {}) };
      }),
    );
    return out.filter((t) => t !== null);
  };
  const owners = (club: string): number => store.members(club).filter((m) => m.role === 'owner').length;

  app.post(
    '/api/club-admin',
    handle(async (req, reply) => {
      const me = need(req);
      const body = parse(NewClub, req.body, 'badClub');
      if (!store.createClub(body.id, body.name, me.account.id, Date.now())) throw new AccountError(409, 'clubTaken');
      audit(me.account.id, body.id, 'club.create', body.id, { name: body.name });
      return reply.code(201).send({ id: body.id, name: body.name });
    }),
  );

  /** A club for its members: who is in it with which role; owners and judges also see bans and the audit log. */
  app.get<P>(
    '/api/club-admin/:club',
    handle(async (req) => {
      const me = need(req);
      const role = requireRole(ctx, req.params.club, me.account.id, CLUB_ROLES);
      const club = store.club(req.params.club)!;
      const staff = role !== 'member';
      return {
        ...club,
        role,
        members: store.members(club.id).map((m) => ({ nickname: m.nickname, role: m.role, since: m.since })),
        tournaments: await clubTournaments(club.id, staff),
        ...(staff ? { bans: store.bans(club.id), audit: store.auditOf({ club: club.id }).map(({ actorId: _a, ...e }) => e) } : {}),
      };
    }),
  );

  app.post<P>(
    '/api/club-admin/:club/members',
    handle(async (req) => {
      const me = need(req);
      const club = req.params.club;
      requireRole(ctx, club, me.account.id, ['owner']);
      const body = parse(MemberBody, req.body);
      const a = player(body.nickname);
      if (store.role(club, a.id) === 'owner' && body.role !== 'owner' && owners(club) <= 1) throw new AccountError(409, 'lastOwner');
      store.setRole(club, a.id, body.role, Date.now());
      audit(me.account.id, club, 'member.role', a.nickname, { role: body.role });
      return { nickname: a.nickname, role: body.role };
    }),
  );

  app.delete<P>(
    '/api/club-admin/:club/members/:nickname',
    handle(async (req) => {
      const me = need(req);
      const club = req.params.club;
      requireRole(ctx, club, me.account.id, ['owner']);
      const a = player(req.params.nickname ?? '');
      if (store.role(club, a.id) === 'owner' && owners(club) <= 1) throw new AccountError(409, 'lastOwner');
      if (store.removeMember(club, a.id)) audit(me.account.id, club, 'member.remove', a.nickname);
      return { ok: true };
    }),
  );

  app.post<P>(
    '/api/club-admin/:club/bans',
    handle(async (req) => {
      const me = need(req);
      const club = req.params.club;
      requireRole(ctx, club, me.account.id, ['owner', 'judge']);
      const body = parse(BanBody, req.body);
      const a = player(body.nickname);
      store.ban(club, a.id, body.season, body.reason ?? null, Date.now());
      audit(me.account.id, club, 'season.ban', a.nickname, { season: body.season, reason: body.reason ?? null });
      return { ok: true };
    }),
  );

  app.post<P>(
    '/api/club-admin/:club/unban',
    handle(async (req) => {
      const me = need(req);
      const club = req.params.club;
      requireRole(ctx, club, me.account.id, ['owner', 'judge']);
      const body = parse(UnbanBody, req.body);
      const a = player(body.nickname);
      if (store.unban(club, a.id, body.season)) audit(me.account.id, club, 'season.unban', a.nickname, { season: body.season });
      return { ok: true };
    }),
  );

  /** A one-time code for a registered player of the club's tournament (shown once, stored hashed). */
  app.post<P>(
    '/api/club-admin/:club/claim-codes',
    handle(async (req, reply) => {
      const me = need(req);
      const club = req.params.club;
      requireRole(ctx, club, me.account.id, ['owner', 'judge']);
      const body = parse(CodeBody, req.body);
      if (store.clubOfTournament(body.tournament) !== club) throw new AccountError(404, 'tournamentNotFound');
      const t = await ctx.tournaments.load(body.tournament).catch(() => null);
      const p = t?.row.data.players.find((x) => x.id === body.player);
      if (!p) throw new AccountError(404, 'playerNotFound');
      const code = claimCode();
      store.addClaimCode(sha256(normalizeCode(code)), { tournamentId: body.tournament, playerId: p.id, playerName: p.nickname, createdBy: me.account.id }, Date.now());
      audit(me.account.id, club, 'claim.code', p.nickname, { tournament: body.tournament, player: p.id });
      return reply.code(201).send({ code, nickname: p.nickname });
    }),
  );

  /** Two accounts of one person (both in the club): everything of `from` goes to `into`. */
  app.post<P>(
    '/api/club-admin/:club/merge',
    handle(async (req) => {
      const me = need(req);
      const club = req.params.club;
      requireRole(ctx, club, me.account.id, ['owner']);
      const body = parse(MergeBody, req.body);
      const from = player(body.from);
      const into = player(body.into);
      if (from.id === into.id) throw new AccountError(400, 'sameAccount');
      if (!store.role(club, from.id) || !store.role(club, into.id)) throw new AccountError(403, 'forbidden');
      store.merge(from.id, into.id, Date.now());
      audit(me.account.id, club, 'account.merge', into.nickname, { from: from.nickname });
      return { nickname: into.nickname };
    }),
  );
}

// Players and clubs across every tournament on this server (GET only): a player's profile
// (statistics, Elo history, recent games, tournaments with places) and a club's page (players,
// tournaments, club rating). Read from the players index (players-index.ts), which is rebuilt
// only for what changed since the last read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nameKey, playerStats } from '../tournament/index.js';
import { apiError } from './tournament-messages.js';
import type { TournamentService } from './tournaments.js';

function notFound(reply: FastifyReply, code: 'playerNotFound' | 'clubNotFound'): FastifyReply {
  return reply.code(404).send(apiError(code));
}

export function registerPlayersHttp(app: FastifyInstance, svc: TournamentService): void {
  /** Every player seen in a tournament: nickname, club (the latest), tournaments. */
  app.get('/api/players', async () => (await svc.players.get()).list);

  app.get('/api/players/:nickname', async (req: FastifyRequest<{ Params: { nickname: string } }>, reply) => {
    const key = nameKey(req.params.nickname);
    const ix = await svc.players.get();
    const me = ix.byPlayer.get(key);
    if (!me) return notFound(reply, 'playerNotFound');
    const stats = playerStats(me.games.map((g) => g.facts)).find((s) => nameKey(s.name) === key) ?? null;
    const recent = me.games
      .slice(-20)
      .reverse()
      .map((g) => {
        const x = g.facts.seats.find((s) => nameKey(s.name) === key)!;
        return { tournament: g.tournament, round: g.round, table: g.table, ...(g.tableId ? { tableId: g.tableId } : {}), at: g.at, seat: x.seat, role: x.role, result: x.result, winner: g.facts.winner };
      });
    const tournaments = me.parts.map((p) => {
      const row = p.standings.rows.find((r) => nameKey(r.nickname) === key);
      const mine = p.players.find((x) => nameKey(x.nickname) === key);
      return { id: p.id, name: p.name, createdAt: p.createdAt, place: row && row.games > 0 ? row.place : null, of: p.standings.rows.length, points: row?.points ?? 0, games: row?.games ?? 0, ...(mine?.club ? { club: mine.club } : {}) };
    });
    const club = [...me.parts].reverse().map((p) => p.players.find((x) => nameKey(x.nickname) === key)?.club).find((c) => c);
    const nickname = stats?.name ?? me.parts.at(-1)!.players.find((x) => nameKey(x.nickname) === key)!.nickname;
    return { nickname, ...(club ? { club } : {}), stats, rating: ix.ratingOf.get(key) ?? null, history: ix.history.get(key) ?? [], recent, tournaments: tournaments.reverse() };
  });

  app.get('/api/clubs/:club', async (req: FastifyRequest<{ Params: { club: string } }>, reply) => {
    const key = nameKey(req.params.club);
    const ix = await svc.players.get();
    const parts = ix.byClub.get(key) ?? [];
    if (parts.length === 0) return notFound(reply, 'clubNotFound');
    const members = new Map<string, { nickname: string; tournaments: number }>();
    let clubName = req.params.club;
    const tournaments: { id: string; name: string; createdAt: number; players: number; best: number | null }[] = [];
    for (const p of parts) {
      const ours = p.players.filter((x) => x.club && nameKey(x.club) === key);
      clubName = ours[0]!.club!;
      for (const x of ours) {
        const k = nameKey(x.nickname);
        const m = members.get(k) ?? { nickname: x.nickname, tournaments: 0 };
        m.tournaments++;
        members.set(k, m);
      }
      const places = p.standings.rows.filter((r) => r.games > 0 && ours.some((x) => x.id === r.id)).map((r) => r.place);
      tournaments.push({ id: p.id, name: p.name, createdAt: p.createdAt, players: ours.length, best: places.length ? Math.min(...places) : null });
    }
    const stats = ix.stats();
    const players = [...members.entries()]
      .map(([k, m]) => {
        const s = stats.get(k);
        return { nickname: m.nickname, tournaments: m.tournaments, rating: ix.ratingOf.get(k)?.rating ?? 1000, games: s?.games ?? 0, wins: s?.wins ?? 0, winRate: s?.winRate ?? 0 };
      })
      .sort((a, b) => b.rating - a.rating || (a.nickname < b.nickname ? -1 : 1));
    const rated = players.filter((p) => p.games > 0);
    const clubRating = rated.length ? Math.round((rated.reduce((a, p) => a + p.rating, 0) / rated.length) * 100) / 100 : null;
    return { club: clubName, rating: clubRating, players, tournaments: tournaments.reverse() };
  });
}

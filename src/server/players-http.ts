// Players and clubs across every tournament on this server (GET only): a player's profile
// (statistics, Elo history, recent games, tournaments with places) and a club's page (players,
// tournaments, club rating). Everything is computed from the tournaments' records when asked.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allSlots, eloRatings, nameKey, playerStats, slotKey, type GameFacts, type RatedGame } from '../tournament/index.js';
import { apiError } from './tournament-messages.js';
import { standingsOf, type Loaded } from './tournament-views.js';
import type { TournamentService } from './tournaments.js';

interface PlayedGame {
  tournament: { id: string; name: string };
  round: number;
  table: number;
  tableId?: string;
  at: number;
  facts: GameFacts;
  rated: boolean;
}

interface World {
  loaded: Loaded[];
  games: PlayedGame[];
}

/** Every tournament (the 1,000 newest) and their current games, tournaments in creation order. */
async function world(svc: TournamentService): Promise<World> {
  const rows = (await svc.store.list(1000)).sort((a, b) => a.createdAt - b.createdAt);
  const loaded: Loaded[] = [];
  const games: PlayedGame[] = [];
  for (const r of rows) {
    const l = await svc.load(r.id);
    loaded.push(l);
    for (const s of allSlots(l.row.data)) {
      const v = l.current.get(slotKey(s));
      const f = v ? svc.facts(v) : null;
      if (!v || !f) continue;
      const bound = l.bindings.filter((b) => b.round === s.round && b.table === s.table).at(-1);
      games.push({ tournament: { id: r.id, name: r.data.name }, round: s.round, table: s.table, ...(bound ? { tableId: bound.tableId } : {}), at: v.at, facts: f, rated: l.row.data.options.ratingKind !== 'none' });
    }
  }
  return { loaded, games };
}

function ratedOf(games: PlayedGame[], loaded: Loaded[]): RatedGame[] {
  const kind = new Map(loaded.map((l) => [l.row.id, l.row.data.options.ratingKind]));
  return games
    .filter((g) => g.rated)
    .map((g) => ({ kind: kind.get(g.tournament.id) as RatedGame['kind'], seats: g.facts.seats.map((x) => ({ name: x.name, team: x.team, result: x.result })) }));
}

function notFound(reply: FastifyReply, code: 'playerNotFound' | 'clubNotFound'): FastifyReply {
  return reply.code(404).send(apiError(code));
}

export function registerPlayersHttp(app: FastifyInstance, svc: TournamentService): void {
  /** Every player seen in a tournament: nickname, club (the latest), games. */
  app.get('/api/players', async () => {
    const w = await world(svc);
    const by = new Map<string, { nickname: string; club?: string; tournaments: number }>();
    for (const l of w.loaded)
      for (const p of l.row.data.players) {
        const k = nameKey(p.nickname);
        const cur = by.get(k) ?? { nickname: p.nickname, tournaments: 0 };
        cur.tournaments++;
        if (p.club) cur.club = p.club;
        by.set(k, cur);
      }
    return [...by.values()].sort((a, b) => (a.nickname < b.nickname ? -1 : 1));
  });

  app.get('/api/players/:nickname', async (req: FastifyRequest<{ Params: { nickname: string } }>, reply) => {
    const key = nameKey(req.params.nickname);
    const w = await world(svc);
    const mine = w.games.filter((g) => g.facts.seats.some((x) => nameKey(x.name) === key));
    const entries = w.loaded.filter((l) => l.row.data.players.some((p) => nameKey(p.nickname) === key));
    if (mine.length === 0 && entries.length === 0) return notFound(reply, 'playerNotFound');
    const stats = playerStats(mine.map((g) => g.facts)).find((s) => nameKey(s.name) === key) ?? null;
    // Elo history: the player's rating after each of their rated games (all of the server's games count).
    const ratedGames = w.games.filter((g) => g.rated);
    const { rows, changes } = eloRatings(ratedOf(ratedGames, w.loaded));
    let red = 0;
    let black = 0;
    const history: { at: number; tournament: string; round: number; table: number; rating: number; change: number }[] = [];
    changes.forEach((cs, i) => {
      const c = cs.find((x) => nameKey(x.name) === key);
      if (!c) return;
      if (c.team === 'red') red += c.change;
      else black += c.change;
      const g = ratedGames[i]!;
      history.push({ at: g.at, tournament: g.tournament.name, round: g.round, table: g.table, rating: Math.round((1000 + red + black) * 100) / 100, change: c.change });
    });
    const rating = rows.find((r) => nameKey(r.name) === key) ?? null;
    const recent = mine
      .slice(-20)
      .reverse()
      .map((g) => {
        const x = g.facts.seats.find((s) => nameKey(s.name) === key)!;
        return { tournament: g.tournament, round: g.round, table: g.table, ...(g.tableId ? { tableId: g.tableId } : {}), at: g.at, seat: x.seat, role: x.role, result: x.result, winner: g.facts.winner };
      });
    const tournaments = entries.map((l) => {
      const s = standingsOf(l, svc.facts, false);
      const row = s.rows.find((r) => nameKey(r.nickname) === key);
      const me = l.row.data.players.find((p) => nameKey(p.nickname) === key);
      return { id: l.row.id, name: l.row.data.name, createdAt: l.row.createdAt, place: row && row.games > 0 ? row.place : null, of: s.rows.length, points: row?.points ?? 0, games: row?.games ?? 0, ...(me?.club ? { club: me.club } : {}) };
    });
    const club = [...entries].reverse().map((l) => l.row.data.players.find((p) => nameKey(p.nickname) === key)?.club).find((c) => c);
    return { nickname: stats?.name ?? entries.at(-1)!.row.data.players.find((p) => nameKey(p.nickname) === key)!.nickname, ...(club ? { club } : {}), stats, rating, history, recent, tournaments: tournaments.reverse() };
  });

  app.get('/api/clubs/:club', async (req: FastifyRequest<{ Params: { club: string } }>, reply) => {
    const key = nameKey(req.params.club);
    const w = await world(svc);
    const members = new Map<string, { nickname: string; tournaments: number }>();
    let clubName = req.params.club;
    const tournaments: { id: string; name: string; createdAt: number; players: number; best: number | null }[] = [];
    for (const l of w.loaded) {
      const ours = l.row.data.players.filter((p) => p.club && nameKey(p.club) === key);
      if (ours.length === 0) continue;
      clubName = ours[0]!.club!;
      for (const p of ours) {
        const k = nameKey(p.nickname);
        const m = members.get(k) ?? { nickname: p.nickname, tournaments: 0 };
        m.tournaments++;
        members.set(k, m);
      }
      const s = standingsOf(l, svc.facts, false);
      const places = s.rows.filter((r) => r.games > 0 && ours.some((p) => p.id === r.id)).map((r) => r.place);
      tournaments.push({ id: l.row.id, name: l.row.data.name, createdAt: l.row.createdAt, players: ours.length, best: places.length ? Math.min(...places) : null });
    }
    if (members.size === 0) return notFound(reply, 'clubNotFound');
    const ratings = eloRatings(ratedOf(w.games, w.loaded)).rows;
    const stats = playerStats(w.games.map((g) => g.facts));
    const players = [...members.entries()]
      .map(([k, m]) => {
        const r = ratings.find((x) => nameKey(x.name) === k);
        const s = stats.find((x) => nameKey(x.name) === k);
        return { nickname: m.nickname, tournaments: m.tournaments, rating: r?.rating ?? 1000, games: s?.games ?? 0, wins: s?.wins ?? 0, winRate: s?.winRate ?? 0 };
      })
      .sort((a, b) => b.rating - a.rating || (a.nickname < b.nickname ? -1 : 1));
    const rated = players.filter((p) => p.games > 0);
    const clubRating = rated.length ? Math.round((rated.reduce((a, p) => a + p.rating, 0) / rated.length) * 100) / 100 : null;
    return { club: clubName, rating: clubRating, players, tournaments: tournaments.reverse() };
  });
}

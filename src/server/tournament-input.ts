// What the organizer sends, read into the tournament's terms: new players (a list and a pasted
// CSV), pairs named by id or nickname, and the seating's ten-a-table condition.
import { nameKey, parsePlayersCsv, tableSize, TABLE_SIZE, type NewPlayer, type Tournament } from '../tournament/index.js';
import { refuse, type NewPlayers } from './tournament-messages.js';

/** The seating generator seats ten a table: the tournament's games must be ten-seat games. */
export function tenSeats(t: Tournament): void {
  const size = tableSize(t);
  if (size[0] > TABLE_SIZE || size[1] < TABLE_SIZE) refuse(400, 'badTournament', `the seating seats ${TABLE_SIZE} a table; ${t.options.preset} with these game options seats ${size[0]}–${size[1]}`);
}

export function newPlayersOf(body: NewPlayers): NewPlayer[] {
  const out: NewPlayer[] = (body.players ?? []).map((p) => (p.club ? { nickname: p.nickname, club: p.club } : { nickname: p.nickname }));
  if (body.csv !== undefined) {
    const parsed = parsePlayersCsv(body.csv);
    if (!parsed.ok) return refuse(400, parsed.error.code, parsed.error.detail);
    out.push(...parsed.value);
  }
  return out;
}

/** Pairs named by player id or nickname, as ids. */
export function resolvePairs(players: Tournament['players'], pairs: [string, string][]): [string, string][] {
  const byId = new Set(players.map((p) => p.id));
  const byName = new Map(players.map((p) => [nameKey(p.nickname), p.id]));
  const id = (x: string): string => (byId.has(x) ? x : (byName.get(nameKey(x)) ?? refuse(400, 'badForbidden', `${x.slice(0, 64)} is not a registered player`)));
  return pairs.map(([a, b]) => [id(a), id(b)]);
}

// Registering players: one by one or as a pasted list (CSV or one per line), each given an id
// the tournament never reuses.
import { fail, ok, tournamentError, type Result } from './errors.js';
import { MAX_NICKNAME, MAX_TOURNAMENT_PLAYERS } from './check.js';
import { nameKey, type Player } from './types.js';

export interface NewPlayer {
  nickname: string;
  club?: string;
}

/** Split one CSV line: commas, semicolons or tabs; double quotes around a field allowed. */
function fields(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === ',' || c === ';' || c === '\t') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

const HEADER = /^(nick(name)?|name|ник(нейм)?|игрок|имя)$/i;

/** Players from a paste: "nickname[,club]" a line; a header line and blank lines are skipped. */
export function parsePlayersCsv(text: string): Result<NewPlayer[]> {
  const out: NewPlayer[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const [nick = '', club = ''] = fields(raw);
    if (i === 0 && HEADER.test(nick)) continue;
    if (nick === '' || nick.length > MAX_NICKNAME) return fail(tournamentError('badTournament', `line ${i + 1}: a nickname of 1 to ${MAX_NICKNAME} characters`));
    out.push(club ? { nickname: nick, club } : { nickname: nick });
  }
  return ok(out);
}

/** Add players after those registered: ids p1, p2 … continue from the highest used. */
export function addPlayers(existing: readonly Player[], add: readonly NewPlayer[]): Result<Player[]> {
  if (existing.length + add.length > MAX_TOURNAMENT_PLAYERS) return fail(tournamentError('badTournament', `at most ${MAX_TOURNAMENT_PLAYERS} players`));
  const names = new Set(existing.map((p) => nameKey(p.nickname)));
  let next = 1 + existing.reduce((m, p) => Math.max(m, /^p\d+$/.test(p.id) ? Number(p.id.slice(1)) : 0), 0);
  const out = existing.slice();
  for (const a of add) {
    const nickname = a.nickname.trim();
    if (!nickname || nickname.length > MAX_NICKNAME) return fail(tournamentError('badTournament', `nickname: 1 to ${MAX_NICKNAME} characters`));
    const key = nameKey(nickname);
    if (names.has(key)) return fail(tournamentError('badTournament', `"${nickname}" is registered already`));
    names.add(key);
    const p: Player = { id: `p${next++}`, nickname };
    if (a.club?.trim()) p.club = a.club.trim();
    out.push(p);
  }
  return ok(out);
}

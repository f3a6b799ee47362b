// The account store's clubs, season bans and audit log: the SQL of these, once for SQLite and
// PostgreSQL (the `Sql` seam, ../sql.ts). The account store (store-sql.ts) extends this class, so
// that each file stays small; together they are one `AccountStore`.
import { num, optStr, str, unlessTaken, type Sql } from '../sql.js';
import { TOKEN_ACTOR, type AuditEntry, type Club, type ClubBan, type ClubMember, type ClubRole } from './store.js';

export class SqlClubStore {
  constructor(protected sql: Sql) {}

  // ---- clubs ------------------------------------------------------------------------------------

  createClub(id: string, name: string, owner: string, at: number): Promise<boolean> {
    const created = this.sql.tx(async (q) => {
      if ((await q.run('INSERT INTO clubs (id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING', [id, name, at])) === 0) return false;
      await q.run('INSERT INTO club_members (club_id, account_id, role, since) VALUES (?, ?, ?, ?)', [id, owner, 'owner', at]);
      return true;
    });
    return unlessTaken(created, false);
  }

  async club(id: string): Promise<Club | null> {
    const r = await this.sql.one('SELECT * FROM clubs WHERE id = ?', [id]);
    return r ? { id: str(r['id']), name: str(r['name']), createdAt: num(r['created_at']) } : null;
  }

  async members(clubId: string): Promise<ClubMember[]> {
    const rows = await this.sql.all(
      'SELECT m.account_id, a.nickname, m.role, m.since FROM club_members m JOIN accounts a ON a.id = m.account_id WHERE m.club_id = ? ORDER BY m.since, a.nickname',
      [clubId],
    );
    return rows.map((r) => ({ accountId: str(r['account_id']), nickname: str(r['nickname']), role: str(r['role']) as ClubRole, since: num(r['since']) }));
  }

  async role(clubId: string, accountId: string): Promise<ClubRole | null> {
    const r = await this.sql.one('SELECT role FROM club_members WHERE club_id = ? AND account_id = ?', [clubId, accountId]);
    return r ? (str(r['role']) as ClubRole) : null;
  }

  async setRole(clubId: string, accountId: string, role: ClubRole, at: number): Promise<void> {
    await this.sql.run(
      'INSERT INTO club_members (club_id, account_id, role, since) VALUES (?, ?, ?, ?) ON CONFLICT (club_id, account_id) DO UPDATE SET role = excluded.role',
      [clubId, accountId, role, at],
    );
  }

  async removeMember(clubId: string, accountId: string): Promise<boolean> {
    return (await this.sql.run('DELETE FROM club_members WHERE club_id = ? AND account_id = ?', [clubId, accountId])) > 0;
  }

  async clubsOf(accountId: string): Promise<{ id: string; name: string; role: ClubRole }[]> {
    const rows = await this.sql.all('SELECT c.id, c.name, m.role FROM club_members m JOIN clubs c ON c.id = m.club_id WHERE m.account_id = ? ORDER BY c.name', [accountId]);
    return rows.map((r) => ({ id: str(r['id']), name: str(r['name']), role: str(r['role']) as ClubRole }));
  }

  async linkTournament(tournamentId: string, clubId: string): Promise<void> {
    await this.sql.run('INSERT INTO club_tournaments (tournament_id, club_id) VALUES (?, ?) ON CONFLICT (tournament_id) DO NOTHING', [tournamentId, clubId]);
  }

  async clubOfTournament(tournamentId: string): Promise<string | null> {
    return optStr((await this.sql.one('SELECT club_id FROM club_tournaments WHERE tournament_id = ?', [tournamentId]))?.['club_id']);
  }

  async tournamentsOf(clubId: string): Promise<string[]> {
    return (await this.sql.all('SELECT tournament_id FROM club_tournaments WHERE club_id = ?', [clubId])).map((r) => str(r['tournament_id']));
  }

  async ban(clubId: string, accountId: string, season: string, reason: string | null, at: number): Promise<void> {
    await this.sql.run(
      'INSERT INTO club_bans (club_id, account_id, season, reason, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (club_id, account_id, season) DO UPDATE SET reason = excluded.reason, at = excluded.at',
      [clubId, accountId, season, reason, at],
    );
  }

  async unban(clubId: string, accountId: string, season: string): Promise<boolean> {
    // Lifted for the nickname too: a later account under it inherits nothing (banned_names).
    await this.sql.run('DELETE FROM banned_names WHERE club_id = ? AND season = ? AND nickname_key = (SELECT nickname_key FROM accounts WHERE id = ?)', [clubId, season, accountId]);
    return (await this.sql.run('DELETE FROM club_bans WHERE club_id = ? AND account_id = ? AND season = ?', [clubId, accountId, season])) > 0;
  }

  async bans(clubId: string): Promise<ClubBan[]> {
    const rows = await this.sql.all('SELECT a.nickname, b.season, b.reason, b.at FROM club_bans b JOIN accounts a ON a.id = b.account_id WHERE b.club_id = ? ORDER BY b.at DESC', [clubId]);
    return rows.map((r) => ({ nickname: str(r['nickname']), season: str(r['season']), reason: optStr(r['reason']), at: num(r['at']) }));
  }

  async banned(clubId: string, accountId: string, season: string): Promise<boolean> {
    return (await this.sql.one('SELECT 1 AS x FROM club_bans WHERE club_id = ? AND account_id = ? AND season = ?', [clubId, accountId, season])) !== undefined;
  }

  // ---- audit ------------------------------------------------------------------------------------

  async audit(e: { at: number; actorId: string; club: string | null; action: string; target: string | null; detail?: unknown }): Promise<void> {
    await this.sql.run('INSERT INTO audit_log (at, actor_id, club_id, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)', [
      e.at,
      e.actorId,
      e.club,
      e.action,
      e.target,
      e.detail === undefined ? null : JSON.stringify(e.detail),
    ]);
  }

  async auditOf(where: { club?: string; actor?: string }, limit = 200): Promise<AuditEntry[]> {
    const [cond, arg] = where.club !== undefined ? ['l.club_id = ?', where.club] : ['l.actor_id = ?', where.actor];
    const rows = await this.sql.all(`SELECT l.*, a.nickname FROM audit_log l LEFT JOIN accounts a ON a.id = l.actor_id WHERE ${cond} ORDER BY l.id DESC LIMIT ?`, [arg, limit]);
    return rows.map((r) => ({
      id: num(r['id']),
      at: num(r['at']),
      actorId: str(r['actor_id']),
      actor: optStr(r['nickname']) ?? (r['actor_id'] === TOKEN_ACTOR ? '' : '?'),
      ...(r['actor_id'] === TOKEN_ACTOR ? { byToken: true as const } : {}),
      club: optStr(r['club_id']),
      action: str(r['action']),
      target: optStr(r['target']),
      detail: r['detail'] ? (JSON.parse(str(r['detail'])) as unknown) : null,
    }));
  }
}

// The account store: players' accounts, their sessions and passkeys, the seats and tournament
// players bound to them, clubs with roles, season bans, the audit log and claim codes. SQLite
// through better-sqlite3 on its own connection to the server's database file (like the
// tournament store); `:memory:` for a server without a database file.
import type Database from 'better-sqlite3';
import { applyMigrations, openSqlite } from '../sqlite-open.js';
import { ACCOUNT_MIGRATIONS } from './schema.js';

export type ClubRole = 'owner' | 'judge' | 'member';
export const CLUB_ROLES: readonly ClubRole[] = ['owner', 'judge', 'member'];

export interface Account {
  id: string;
  nickname: string;
  createdAt: number;
  passwordHash: string | null;
  deletedAt: number | null;
  mergedInto: string | null;
}
export interface Session {
  accountId: string;
  csrf: string;
  createdAt: number;
  expiresAt: number;
}
export interface Passkey {
  id: string;
  accountId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: number;
  usedAt: number | null;
}
export interface BoundSeat {
  tableId: string;
  seat: number;
  token: string | null;
  boundAt: number;
}
export interface AuditEntry {
  id: number;
  at: number;
  actor: string;
  actorId: string;
  club: string | null;
  action: string;
  target: string | null;
  detail: unknown;
}
export interface ClaimCodeRow {
  tournamentId: string;
  playerId: string;
  playerName: string;
  createdBy: string;
}
export interface ClaimedPlayer {
  tournamentId: string;
  playerId: string;
  playerName: string;
  claimedAt: number;
}

/** The key two nicknames collide on: case and surrounding spaces do not make a new name. */
export const nicknameKey = (n: string): string => n.trim().normalize('NFC').toLocaleLowerCase('ru');

type Row = Record<string, unknown>;
const toAccount = (r: Row): Account => ({
  id: r['id'] as string,
  nickname: r['nickname'] as string,
  createdAt: r['created_at'] as number,
  passwordHash: (r['password_hash'] as string | null) ?? null,
  deletedAt: (r['deleted_at'] as number | null) ?? null,
  mergedInto: (r['merged_into'] as string | null) ?? null,
});

export class AccountStore {
  private db: Database.Database;

  constructor(file: string) {
    this.db = openSqlite(file);
    applyMigrations(this.db, 'account_migrations', ACCOUNT_MIGRATIONS);
  }

  private one(sql: string, ...args: unknown[]): Row | undefined {
    return this.db.prepare(sql).get(...args) as Row | undefined;
  }
  private all(sql: string, ...args: unknown[]): Row[] {
    return this.db.prepare(sql).all(...args) as Row[];
  }
  private run(sql: string, ...args: unknown[]): number {
    return this.db.prepare(sql).run(...args).changes;
  }
  tx<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  // ---- accounts ---------------------------------------------------------------------------------

  /** A new account; null if the nickname is someone else's (a deleted account's pseudonym included). */
  createAccount(id: string, nickname: string, passwordHash: string | null, at: number): Account | null {
    return this.tx(() => {
      if (this.one('SELECT id FROM accounts WHERE nickname_key = ?', nicknameKey(nickname))) return null;
      this.run('INSERT INTO accounts (id, nickname, nickname_key, created_at, password_hash) VALUES (?, ?, ?, ?, ?)', id, nickname, nicknameKey(nickname), at, passwordHash);
      this.run('INSERT INTO account_nicknames (account_id, nickname, since) VALUES (?, ?, ?)', id, nickname, at);
      return this.account(id);
    });
  }

  account(id: string): Account | null {
    const r = this.one('SELECT * FROM accounts WHERE id = ?', id);
    return r ? toAccount(r) : null;
  }

  /** A live account by nickname (any case). */
  byNickname(nickname: string): Account | null {
    const r = this.one('SELECT * FROM accounts WHERE nickname_key = ? AND deleted_at IS NULL', nicknameKey(nickname));
    return r ? toAccount(r) : null;
  }

  /** A new nickname (kept in the history); false if taken. */
  rename(id: string, nickname: string, at: number): boolean {
    return this.tx(() => {
      const other = this.one('SELECT id FROM accounts WHERE nickname_key = ?', nicknameKey(nickname));
      if (other && other['id'] !== id) return false;
      this.run('UPDATE accounts SET nickname = ?, nickname_key = ? WHERE id = ?', nickname, nicknameKey(nickname), id);
      this.run('INSERT INTO account_nicknames (account_id, nickname, since) VALUES (?, ?, ?)', id, nickname, at);
      return true;
    });
  }

  setPassword(id: string, hash: string): void {
    this.run('UPDATE accounts SET password_hash = ? WHERE id = ?', hash, id);
  }

  nicknames(id: string): { nickname: string; since: number }[] {
    return this.all('SELECT nickname, since FROM account_nicknames WHERE account_id = ? ORDER BY since, rowid', id).map((r) => ({ nickname: r['nickname'] as string, since: r['since'] as number }));
  }

  // ---- sessions (token hashes) ------------------------------------------------------------------

  createSession(tokenHash: string, s: Session): void {
    this.run('INSERT INTO account_sessions (token_hash, account_id, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', tokenHash, s.accountId, s.csrf, s.createdAt, s.expiresAt);
  }

  session(tokenHash: string): Session | null {
    const r = this.one('SELECT * FROM account_sessions WHERE token_hash = ?', tokenHash);
    return r ? { accountId: r['account_id'] as string, csrf: r['csrf'] as string, createdAt: r['created_at'] as number, expiresAt: r['expires_at'] as number } : null;
  }

  /** A rotated session's old token works a little longer (requests already under way), then not. */
  expireSession(tokenHash: string, at: number): void {
    this.run('UPDATE account_sessions SET expires_at = MIN(expires_at, ?) WHERE token_hash = ?', at, tokenHash);
  }

  deleteSession(tokenHash: string): void {
    this.run('DELETE FROM account_sessions WHERE token_hash = ?', tokenHash);
  }

  deleteSessionsOf(accountId: string): void {
    this.run('DELETE FROM account_sessions WHERE account_id = ?', accountId);
  }

  purgeExpired(now: number): void {
    this.run('DELETE FROM account_sessions WHERE expires_at <= ?', now);
  }

  // ---- passkeys ---------------------------------------------------------------------------------

  addPasskey(p: Passkey): void {
    this.run(
      'INSERT INTO account_passkeys (id, account_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      p.id,
      p.accountId,
      p.publicKey,
      p.counter,
      JSON.stringify(p.transports),
      p.createdAt,
    );
  }

  passkey(id: string): Passkey | null {
    const r = this.one('SELECT * FROM account_passkeys WHERE id = ?', id);
    return r ? toPasskey(r) : null;
  }

  passkeysOf(accountId: string): Passkey[] {
    return this.all('SELECT * FROM account_passkeys WHERE account_id = ? ORDER BY created_at', accountId).map(toPasskey);
  }

  usePasskey(id: string, counter: number, at: number): void {
    this.run('UPDATE account_passkeys SET counter = ?, used_at = ? WHERE id = ?', counter, at, id);
  }

  // ---- seats ------------------------------------------------------------------------------------

  /** Bind a table's seat to an account; false if it is bound to another account already. */
  bindSeat(tableId: string, seat: number, accountId: string, token: string | null, at: number): boolean {
    return this.tx(() => {
      const cur = this.one('SELECT account_id FROM account_seats WHERE table_id = ? AND seat = ?', tableId, seat);
      if (cur && cur['account_id'] !== accountId) return false;
      if (cur) this.run('UPDATE account_seats SET token = ? WHERE table_id = ? AND seat = ?', token, tableId, seat);
      else this.run('INSERT INTO account_seats (table_id, seat, account_id, token, bound_at) VALUES (?, ?, ?, ?, ?)', tableId, seat, accountId, token, at);
      return true;
    });
  }

  unbindSeat(tableId: string, seat: number): void {
    this.run('DELETE FROM account_seats WHERE table_id = ? AND seat = ?', tableId, seat);
  }

  seatsOf(accountId: string, limit = 200): BoundSeat[] {
    return this.all('SELECT * FROM account_seats WHERE account_id = ? ORDER BY bound_at DESC LIMIT ?', accountId, limit).map((r) => ({
      tableId: r['table_id'] as string,
      seat: r['seat'] as number,
      token: (r['token'] as string | null) ?? null,
      boundAt: r['bound_at'] as number,
    }));
  }

  seatOf(tableId: string, accountId: string): BoundSeat | null {
    return this.seatsOfTable(tableId).find((s) => s.accountId === accountId) ?? null;
  }

  seatsOfTable(tableId: string): (BoundSeat & { accountId: string })[] {
    return this.all('SELECT * FROM account_seats WHERE table_id = ?', tableId).map((r) => ({
      tableId,
      seat: r['seat'] as number,
      token: (r['token'] as string | null) ?? null,
      boundAt: r['bound_at'] as number,
      accountId: r['account_id'] as string,
    }));
  }

  // ---- clubs ------------------------------------------------------------------------------------

  createClub(id: string, name: string, owner: string, at: number): boolean {
    return this.tx(() => {
      if (this.one('SELECT id FROM clubs WHERE id = ?', id)) return false;
      this.run('INSERT INTO clubs (id, name, created_at) VALUES (?, ?, ?)', id, name, at);
      this.run('INSERT INTO club_members (club_id, account_id, role, since) VALUES (?, ?, ?, ?)', id, owner, 'owner', at);
      return true;
    });
  }

  club(id: string): { id: string; name: string; createdAt: number } | null {
    const r = this.one('SELECT * FROM clubs WHERE id = ?', id);
    return r ? { id: r['id'] as string, name: r['name'] as string, createdAt: r['created_at'] as number } : null;
  }

  members(clubId: string): { accountId: string; nickname: string; role: ClubRole; since: number }[] {
    return this.all(
      'SELECT m.account_id, a.nickname, m.role, m.since FROM club_members m JOIN accounts a ON a.id = m.account_id WHERE m.club_id = ? ORDER BY m.since, a.nickname',
      clubId,
    ).map((r) => ({ accountId: r['account_id'] as string, nickname: r['nickname'] as string, role: r['role'] as ClubRole, since: r['since'] as number }));
  }

  role(clubId: string, accountId: string): ClubRole | null {
    return ((this.one('SELECT role FROM club_members WHERE club_id = ? AND account_id = ?', clubId, accountId)?.['role'] as ClubRole | undefined) ?? null);
  }

  setRole(clubId: string, accountId: string, role: ClubRole, at: number): void {
    this.run(
      'INSERT INTO club_members (club_id, account_id, role, since) VALUES (?, ?, ?, ?) ON CONFLICT (club_id, account_id) DO UPDATE SET role = excluded.role',
      clubId,
      accountId,
      role,
      at,
    );
  }

  removeMember(clubId: string, accountId: string): boolean {
    return this.run('DELETE FROM club_members WHERE club_id = ? AND account_id = ?', clubId, accountId) > 0;
  }

  clubsOf(accountId: string): { id: string; name: string; role: ClubRole }[] {
    return this.all('SELECT c.id, c.name, m.role FROM club_members m JOIN clubs c ON c.id = m.club_id WHERE m.account_id = ? ORDER BY c.name', accountId).map((r) => ({
      id: r['id'] as string,
      name: r['name'] as string,
      role: r['role'] as ClubRole,
    }));
  }

  linkTournament(tournamentId: string, clubId: string): void {
    this.run('INSERT INTO club_tournaments (tournament_id, club_id) VALUES (?, ?) ON CONFLICT (tournament_id) DO NOTHING', tournamentId, clubId);
  }

  clubOfTournament(tournamentId: string): string | null {
    return (this.one('SELECT club_id FROM club_tournaments WHERE tournament_id = ?', tournamentId)?.['club_id'] as string | undefined) ?? null;
  }

  tournamentsOf(clubId: string): string[] {
    return this.all('SELECT tournament_id FROM club_tournaments WHERE club_id = ?', clubId).map((r) => r['tournament_id'] as string);
  }

  ban(clubId: string, accountId: string, season: string, reason: string | null, at: number): void {
    this.run(
      'INSERT INTO club_bans (club_id, account_id, season, reason, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (club_id, account_id, season) DO UPDATE SET reason = excluded.reason, at = excluded.at',
      clubId,
      accountId,
      season,
      reason,
      at,
    );
  }

  unban(clubId: string, accountId: string, season: string): boolean {
    return this.run('DELETE FROM club_bans WHERE club_id = ? AND account_id = ? AND season = ?', clubId, accountId, season) > 0;
  }

  bans(clubId: string): { nickname: string; season: string; reason: string | null; at: number }[] {
    return this.all('SELECT a.nickname, b.season, b.reason, b.at FROM club_bans b JOIN accounts a ON a.id = b.account_id WHERE b.club_id = ? ORDER BY b.at DESC', clubId).map((r) => ({
      nickname: r['nickname'] as string,
      season: r['season'] as string,
      reason: (r['reason'] as string | null) ?? null,
      at: r['at'] as number,
    }));
  }

  /** Whether a player may not play a club's forum season (for the forum games to ask). */
  banned(clubId: string, accountId: string, season: string): boolean {
    return this.one('SELECT 1 AS x FROM club_bans WHERE club_id = ? AND account_id = ? AND season = ?', clubId, accountId, season) !== undefined;
  }

  // ---- audit ------------------------------------------------------------------------------------

  audit(e: { at: number; actorId: string; club: string | null; action: string; target: string | null; detail?: unknown }): void {
    this.run(
      'INSERT INTO audit_log (at, actor_id, club_id, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)',
      e.at,
      e.actorId,
      e.club,
      e.action,
      e.target,
      e.detail === undefined ? null : JSON.stringify(e.detail),
    );
  }

  auditOf(where: { club?: string; actor?: string }, limit = 200): AuditEntry[] {
    const [cond, arg] = where.club !== undefined ? ['l.club_id = ?', where.club] : ['l.actor_id = ?', where.actor];
    return this.all(`SELECT l.*, a.nickname FROM audit_log l LEFT JOIN accounts a ON a.id = l.actor_id WHERE ${cond} ORDER BY l.id DESC LIMIT ?`, arg, limit).map((r) => ({
      id: r['id'] as number,
      at: r['at'] as number,
      actorId: r['actor_id'] as string,
      actor: (r['nickname'] as string | null) ?? '?',
      club: (r['club_id'] as string | null) ?? null,
      action: r['action'] as string,
      target: (r['target'] as string | null) ?? null,
      detail: r['detail'] ? (JSON.parse(r['detail'] as string) as unknown) : null,
    }));
  }

  // ---- claim codes and tournament players --------------------------------------------------------

  addClaimCode(codeHash: string, c: ClaimCodeRow, at: number): void {
    this.run(
      'INSERT INTO claim_codes (code_hash, tournament_id, player_id, player_name, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      codeHash,
      c.tournamentId,
      c.playerId,
      c.playerName,
      c.createdBy,
      at,
    );
  }

  /** Use a claim code once: the tournament player becomes the account's. Null: unknown or used. */
  useClaimCode(codeHash: string, accountId: string, at: number): ClaimCodeRow | null {
    return this.tx(() => {
      const r = this.one('SELECT * FROM claim_codes WHERE code_hash = ? AND used_at IS NULL', codeHash);
      if (!r) return null;
      this.run('UPDATE claim_codes SET used_at = ?, used_by = ? WHERE code_hash = ?', at, accountId, codeHash);
      const c: ClaimCodeRow = { tournamentId: r['tournament_id'] as string, playerId: r['player_id'] as string, playerName: r['player_name'] as string, createdBy: r['created_by'] as string };
      this.run(
        'INSERT INTO account_players (tournament_id, player_id, account_id, player_name, claimed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, player_id) DO UPDATE SET account_id = excluded.account_id, claimed_at = excluded.claimed_at',
        c.tournamentId,
        c.playerId,
        accountId,
        c.playerName,
        at,
      );
      return c;
    });
  }

  playersOf(accountId: string): ClaimedPlayer[] {
    return this.all('SELECT * FROM account_players WHERE account_id = ? ORDER BY claimed_at', accountId).map((r) => ({
      tournamentId: r['tournament_id'] as string,
      playerId: r['player_id'] as string,
      playerName: r['player_name'] as string,
      claimedAt: r['claimed_at'] as number,
    }));
  }

  // ---- merge and delete -------------------------------------------------------------------------

  /** Everything of `from` becomes `into`'s (seats, tournament players, names, clubs); `from` is closed. */
  merge(fromId: string, intoId: string, at: number): void {
    this.tx(() => {
      this.run('UPDATE account_seats SET account_id = ? WHERE account_id = ?', intoId, fromId);
      this.run('UPDATE account_players SET account_id = ? WHERE account_id = ?', intoId, fromId);
      this.run('UPDATE account_nicknames SET account_id = ? WHERE account_id = ?', intoId, fromId);
      this.run('DELETE FROM account_passkeys WHERE account_id = ?', fromId);
      this.run('UPDATE OR IGNORE club_members SET account_id = ? WHERE account_id = ?', intoId, fromId);
      this.run('DELETE FROM club_members WHERE account_id = ?', fromId);
      this.run('DELETE FROM account_sessions WHERE account_id = ?', fromId);
      this.run('UPDATE accounts SET deleted_at = ?, merged_into = ?, password_hash = NULL WHERE id = ?', at, intoId, fromId);
    });
  }

  /**
   * Delete an account: its secrets, sessions, passkeys, nickname history, seat credentials, club
   * memberships and bans go; the row stays under a pseudonym, so the games, audit entries and
   * tournament players that name it stay whole (the game records themselves are never touched).
   */
  deleteAccount(id: string, pseudonym: string, at: number): void {
    this.tx(() => {
      this.run('UPDATE accounts SET nickname = ?, nickname_key = ?, password_hash = NULL, deleted_at = ? WHERE id = ?', pseudonym, nicknameKey(pseudonym), at, id);
      this.run('DELETE FROM account_sessions WHERE account_id = ?', id);
      this.run('DELETE FROM account_passkeys WHERE account_id = ?', id);
      this.run('DELETE FROM account_nicknames WHERE account_id = ?', id);
      this.run('UPDATE account_seats SET token = NULL WHERE account_id = ?', id);
      this.run('DELETE FROM club_members WHERE account_id = ?', id);
      this.run('DELETE FROM club_bans WHERE account_id = ?', id);
    });
  }

  close(): void {
    this.db.close();
  }
}

function toPasskey(r: Row): Passkey {
  return {
    id: r['id'] as string,
    accountId: r['account_id'] as string,
    publicKey: r['public_key'] as string,
    counter: r['counter'] as number,
    transports: r['transports'] ? (JSON.parse(r['transports'] as string) as string[]) : [],
    createdAt: r['created_at'] as number,
    usedAt: (r['used_at'] as number | null) ?? null,
  };
}

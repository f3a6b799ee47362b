// The account store's SQL and row mapping, once for SQLite and PostgreSQL (the `Sql` seam,
// ../sql.ts). Several processes may share the database, so a check-then-write is one guarded
// statement where it can be (an upsert with a condition, an UPDATE … WHERE still-unused), and a
// unique key refusing a racing writer reads as "taken", never as an error.
import type pg from 'pg';
import { ACCOUNT_PG_MIGRATIONS } from '../pg-migrations.js';
import { pgSql } from '../pg-pool.js';
import { num, optStr, SqliteSql, str, unlessTaken, type Sql } from '../sql.js';
import { SqlClubStore } from './store-sql-clubs.js';
import { toAccount, toPasskey, toPlayer, toSeat } from './store-rows.js';
import { ACCOUNT_MIGRATIONS } from './schema.js';
import {
  nicknameKey,
  type Account,
  type AccountStore,
  type BoundSeat,
  type ClaimCodeRow,
  type ClaimedPlayer,
  type Passkey,
  type PasskeyFlow,
  type Session,
} from './store.js';

/**
 * An account that takes a nickname (sign-up, rename) takes the season bans a deleted account left
 * under it (banned_names): deleting a banned account and signing up again is no way out of a ban.
 */
async function inheritBans(q: Pick<Sql, 'run'>, accountId: string, nickname: string): Promise<void> {
  await q.run('INSERT INTO club_bans (club_id, account_id, season, reason, at) SELECT club_id, ?, season, reason, at FROM banned_names WHERE nickname_key = ? ON CONFLICT DO NOTHING', [
    accountId,
    nicknameKey(nickname),
  ]);
}

/** Thrown inside a merge's transaction to roll back a consent used up by only one side. */
class MergeRefused extends Error {}

/** Accounts, sessions, passkeys, seats, claim codes, merges; clubs, bans and the audit log in the base class. */
export class SqlAccountStore extends SqlClubStore implements AccountStore {
  // ---- accounts ---------------------------------------------------------------------------------

  createAccount(id: string, nickname: string, passwordHash: string | null, at: number): Promise<Account | null> {
    const created = this.sql.tx(async (q) => {
      const n = await q.run('INSERT INTO accounts (id, nickname, nickname_key, created_at, password_hash) VALUES (?, ?, ?, ?, ?) ON CONFLICT (nickname_key) DO NOTHING', [
        id,
        nickname,
        nicknameKey(nickname),
        at,
        passwordHash,
      ]);
      if (n === 0) return null;
      await q.run('INSERT INTO account_nicknames (account_id, nickname, since) VALUES (?, ?, ?)', [id, nickname, at]);
      await inheritBans(q, id, nickname);
      return toAccount((await q.one('SELECT * FROM accounts WHERE id = ?', [id]))!);
    });
    return unlessTaken(created, null);
  }

  async account(id: string): Promise<Account | null> {
    const r = await this.sql.one('SELECT * FROM accounts WHERE id = ?', [id]);
    return r ? toAccount(r) : null;
  }

  async byNickname(nickname: string): Promise<Account | null> {
    const r = await this.sql.one('SELECT * FROM accounts WHERE nickname_key = ? AND deleted_at IS NULL', [nicknameKey(nickname)]);
    return r ? toAccount(r) : null;
  }

  rename(id: string, nickname: string, at: number): Promise<boolean> {
    const renamed = this.sql.tx(async (q) => {
      const other = await q.one('SELECT id FROM accounts WHERE nickname_key = ?', [nicknameKey(nickname)]);
      if (other && other['id'] !== id) return false;
      // The nickname_key's unique index refuses a racing rename or sign-up to the same name.
      await q.run('UPDATE accounts SET nickname = ?, nickname_key = ? WHERE id = ?', [nickname, nicknameKey(nickname), id]);
      await q.run('INSERT INTO account_nicknames (account_id, nickname, since) VALUES (?, ?, ?)', [id, nickname, at]);
      await inheritBans(q, id, nickname);
      return true;
    });
    return unlessTaken(renamed, false);
  }

  async setPassword(id: string, hash: string): Promise<void> {
    await this.sql.run('UPDATE accounts SET password_hash = ? WHERE id = ?', [hash, id]);
  }

  async nicknames(id: string): Promise<{ nickname: string; since: number }[]> {
    // The order they were taken in: SQLite's rowid, PostgreSQL's serial n (pg-migrations.ts).
    const order = this.sql.dialect === 'pg' ? 'n' : 'rowid';
    const rows = await this.sql.all(`SELECT nickname, since FROM account_nicknames WHERE account_id = ? ORDER BY since, ${order}`, [id]);
    return rows.map((r) => ({ nickname: str(r['nickname']), since: num(r['since']) }));
  }

  // ---- sessions ---------------------------------------------------------------------------------

  async createSession(tokenHash: string, s: Session): Promise<void> {
    await this.sql.run('INSERT INTO account_sessions (token_hash, account_id, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', [
      tokenHash,
      s.accountId,
      s.csrf,
      s.createdAt,
      s.expiresAt,
    ]);
  }

  async session(tokenHash: string): Promise<Session | null> {
    const r = await this.sql.one('SELECT * FROM account_sessions WHERE token_hash = ?', [tokenHash]);
    return r ? { accountId: str(r['account_id']), csrf: str(r['csrf']), createdAt: num(r['created_at']), expiresAt: num(r['expires_at']) } : null;
  }

  async expireSession(tokenHash: string, at: number): Promise<boolean> {
    return (await this.sql.run('UPDATE account_sessions SET expires_at = ? WHERE token_hash = ? AND expires_at > ?', [at, tokenHash, at])) === 1;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.sql.run('DELETE FROM account_sessions WHERE token_hash = ?', [tokenHash]);
  }

  async deleteSignIn(accountId: string, csrf: string): Promise<void> {
    await this.sql.run('DELETE FROM account_sessions WHERE account_id = ? AND csrf = ?', [accountId, csrf]);
  }

  async deleteSessionsOf(accountId: string): Promise<void> {
    await this.sql.run('DELETE FROM account_sessions WHERE account_id = ?', [accountId]);
  }

  async purgeExpired(now: number): Promise<void> {
    await this.sql.run('DELETE FROM account_sessions WHERE expires_at <= ?', [now]);
    await this.sql.run('DELETE FROM account_attempts WHERE until <= ?', [now]);
    await this.sql.run('DELETE FROM passkey_flows WHERE expires_at <= ?', [now]);
  }

  // ---- failed sign-ins --------------------------------------------------------------------------

  async failAttempt(key: string, now: number, windowMs: number): Promise<number> {
    // One statement: two processes counting the same key's failures at once both count.
    const r = await this.sql.one(
      `INSERT INTO account_attempts (key, count, until) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN account_attempts.until <= ? THEN 1 ELSE account_attempts.count + 1 END,
         until = CASE WHEN account_attempts.until <= ? THEN excluded.until ELSE account_attempts.until END
       RETURNING count`,
      [key, now + windowMs, now, now],
    );
    return num(r?.['count']);
  }

  async attempts(key: string, now: number): Promise<number> {
    const r = await this.sql.one('SELECT count FROM account_attempts WHERE key = ? AND until > ?', [key, now]);
    return r ? num(r['count']) : 0;
  }

  async clearAttempts(key: string): Promise<void> {
    await this.sql.run('DELETE FROM account_attempts WHERE key = ?', [key]);
  }

  // ---- passkeys ---------------------------------------------------------------------------------

  async addPasskey(p: Passkey): Promise<void> {
    await this.sql.run('INSERT INTO account_passkeys (id, account_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      p.id,
      p.accountId,
      p.publicKey,
      p.counter,
      JSON.stringify(p.transports),
      p.createdAt,
    ]);
  }

  async passkey(id: string): Promise<Passkey | null> {
    const r = await this.sql.one('SELECT * FROM account_passkeys WHERE id = ?', [id]);
    return r ? toPasskey(r) : null;
  }

  async passkeysOf(accountId: string): Promise<Passkey[]> {
    return (await this.sql.all('SELECT * FROM account_passkeys WHERE account_id = ? ORDER BY created_at', [accountId])).map(toPasskey);
  }

  async usePasskey(id: string, counter: number, at: number): Promise<void> {
    await this.sql.run('UPDATE account_passkeys SET counter = ?, used_at = ? WHERE id = ?', [counter, at, id]);
  }

  async openPasskeyFlow(id: string, f: PasskeyFlow, now: number): Promise<void> {
    // Abandoned ceremonies go as new ones come (the hourly purge alone would let them pile up).
    await this.sql.run('DELETE FROM passkey_flows WHERE expires_at <= ?', [now]);
    await this.sql.run('INSERT INTO passkey_flows (id, challenge, expires_at, user_id, nickname, account_id) VALUES (?, ?, ?, ?, ?, ?)', [
      id,
      f.challenge,
      f.expiresAt,
      f.userId ?? null,
      f.nickname ?? null,
      f.accountId ?? null,
    ]);
  }

  async takePasskeyFlow(id: string, now: number): Promise<PasskeyFlow | null> {
    // One statement takes the row: a replayed or racing verify, on any process, finds nothing.
    const r = await this.sql.one('DELETE FROM passkey_flows WHERE id = ? RETURNING *', [id]);
    if (!r || num(r['expires_at']) <= now) return null;
    const userId = optStr(r['user_id']);
    const nickname = optStr(r['nickname']);
    const accountId = optStr(r['account_id']);
    return {
      challenge: str(r['challenge']),
      expiresAt: num(r['expires_at']),
      ...(userId !== null ? { userId } : {}),
      ...(nickname !== null ? { nickname } : {}),
      ...(accountId !== null ? { accountId } : {}),
    };
  }

  // ---- seats ------------------------------------------------------------------------------------

  async bindSeat(tableId: string, seat: number, accountId: string, token: string | null, at: number): Promise<boolean> {
    // Insert, or refresh the token of the same account's binding; another account's stays (0 rows).
    const n = await this.sql.run(
      `INSERT INTO account_seats (table_id, seat, account_id, token, bound_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (table_id, seat) DO UPDATE SET token = excluded.token WHERE account_seats.account_id = excluded.account_id`,
      [tableId, seat, accountId, token, at],
    );
    return n === 1;
  }

  async unbindSeat(tableId: string, seat: number): Promise<void> {
    await this.sql.run('DELETE FROM account_seats WHERE table_id = ? AND seat = ?', [tableId, seat]);
  }

  async seatsOf(accountId: string, limit = 200): Promise<BoundSeat[]> {
    const rows = await this.sql.all('SELECT * FROM account_seats WHERE account_id = ? ORDER BY bound_at DESC LIMIT ?', [accountId, limit]);
    return rows.map((r) => {
      const { accountId: _a, ...s } = toSeat(r);
      return s;
    });
  }

  async seatOf(tableId: string, accountId: string): Promise<BoundSeat | null> {
    return (await this.seatsOfTable(tableId)).find((s) => s.accountId === accountId) ?? null;
  }

  async seatsOfTable(tableId: string): Promise<(BoundSeat & { accountId: string })[]> {
    return (await this.sql.all('SELECT * FROM account_seats WHERE table_id = ?', [tableId])).map(toSeat);
  }

  // ---- claim codes and tournament players --------------------------------------------------------

  async addClaimCode(codeHash: string, c: ClaimCodeRow, at: number): Promise<void> {
    await this.sql.run('INSERT INTO claim_codes (code_hash, tournament_id, player_id, player_name, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      codeHash,
      c.tournamentId,
      c.playerId,
      c.playerName,
      c.createdBy,
      at,
    ]);
  }

  useClaimCode(codeHash: string, accountId: string, at: number): Promise<ClaimCodeRow | null> {
    return this.sql.tx(async (q) => {
      // Taking the code is the guarded write: of two processes using it at once, one changes the row.
      if ((await q.run('UPDATE claim_codes SET used_at = ?, used_by = ? WHERE code_hash = ? AND used_at IS NULL', [at, accountId, codeHash])) !== 1) return null;
      const r = (await q.one('SELECT * FROM claim_codes WHERE code_hash = ?', [codeHash]))!;
      const c: ClaimCodeRow = { tournamentId: str(r['tournament_id']), playerId: str(r['player_id']), playerName: str(r['player_name']), createdBy: str(r['created_by']) };
      await q.run(
        'INSERT INTO account_players (tournament_id, player_id, account_id, player_name, claimed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id, player_id) DO UPDATE SET account_id = excluded.account_id, claimed_at = excluded.claimed_at',
        [c.tournamentId, c.playerId, accountId, c.playerName, at],
      );
      return c;
    });
  }

  async playersOf(accountId: string): Promise<ClaimedPlayer[]> {
    return (await this.sql.all('SELECT * FROM account_players WHERE account_id = ? ORDER BY claimed_at', [accountId])).map(toPlayer);
  }

  // ---- merge and delete -------------------------------------------------------------------------

  async consentMerge(accountId: string, otherId: string, until: number): Promise<void> {
    await this.sql.run('INSERT INTO merge_consents (account_id, other_id, until) VALUES (?, ?, ?) ON CONFLICT (account_id, other_id) DO UPDATE SET until = excluded.until', [
      accountId,
      otherId,
      until,
    ]);
  }

  async mergeConsentsOf(accountId: string, now: number): Promise<{ otherId: string; until: number }[]> {
    const rows = await this.sql.all('SELECT other_id, until FROM merge_consents WHERE account_id = ? AND until > ? ORDER BY until', [accountId, now]);
    return rows.map((r) => ({ otherId: str(r['other_id']), until: num(r['until']) }));
  }

  merge(fromId: string, intoId: string, at: number): Promise<boolean> {
    return this.sql.tx(async (q) => {
      // Both consents, live, used up here: two owners' merges of one pair at once make one merge.
      const used = await q.run('DELETE FROM merge_consents WHERE ((account_id = ? AND other_id = ?) OR (account_id = ? AND other_id = ?)) AND until > ?', [fromId, intoId, intoId, fromId, at]);
      if (used !== 2) {
        if (used > 0) throw new MergeRefused();
        return false;
      }
      await q.run('UPDATE account_seats SET account_id = ? WHERE account_id = ?', [intoId, fromId]);
      await q.run('UPDATE account_players SET account_id = ? WHERE account_id = ?', [intoId, fromId]);
      await q.run('UPDATE account_nicknames SET account_id = ? WHERE account_id = ?', [intoId, fromId]);
      await q.run('DELETE FROM account_passkeys WHERE account_id = ?', [fromId]);
      // Memberships `into` lacks move over; where both are members, `into`'s role stays.
      await q.run('UPDATE club_members SET account_id = ? WHERE account_id = ? AND club_id NOT IN (SELECT club_id FROM club_members WHERE account_id = ?)', [intoId, fromId, intoId]);
      await q.run('DELETE FROM club_members WHERE account_id = ?', [fromId]);
      await q.run('DELETE FROM account_sessions WHERE account_id = ?', [fromId]);
      // A person's bans stay theirs: a merge is no way out of a season ban.
      await q.run('UPDATE club_bans SET account_id = ? WHERE account_id = ? AND NOT EXISTS (SELECT 1 FROM club_bans b WHERE b.account_id = ? AND b.club_id = club_bans.club_id AND b.season = club_bans.season)', [
        intoId,
        fromId,
        intoId,
      ]);
      await q.run('DELETE FROM club_bans WHERE account_id = ?', [fromId]);
      await q.run('DELETE FROM merge_consents WHERE account_id = ? OR other_id = ?', [fromId, fromId]);
      await q.run('UPDATE accounts SET deleted_at = ?, merged_into = ?, password_hash = NULL WHERE id = ?', [at, intoId, fromId]);
      return true;
    }).catch((e: unknown) => {
      if (e instanceof MergeRefused) return false;
      throw e;
    });
  }

  async deleteAccount(id: string, pseudonym: string, at: number): Promise<void> {
    await this.sql.tx(async (q) => {
      // Its bans in force stay with its nickname: a new account under it is not a way out.
      await q.run(
        'INSERT INTO banned_names (nickname_key, club_id, season, reason, at) SELECT a.nickname_key, b.club_id, b.season, b.reason, b.at FROM club_bans b JOIN accounts a ON a.id = b.account_id WHERE b.account_id = ? ON CONFLICT DO NOTHING',
        [id],
      );
      await q.run('UPDATE accounts SET nickname = ?, nickname_key = ?, password_hash = NULL, deleted_at = ? WHERE id = ?', [pseudonym, nicknameKey(pseudonym), at, id]);
      await q.run('DELETE FROM account_sessions WHERE account_id = ?', [id]);
      await q.run('DELETE FROM account_passkeys WHERE account_id = ?', [id]);
      await q.run('DELETE FROM account_nicknames WHERE account_id = ?', [id]);
      await q.run('UPDATE account_seats SET token = NULL WHERE account_id = ?', [id]);
      await q.run('DELETE FROM club_members WHERE account_id = ?', [id]);
      await q.run('DELETE FROM club_bans WHERE account_id = ?', [id]);
      await q.run('DELETE FROM merge_consents WHERE account_id = ? OR other_id = ?', [id, id]);
      await q.run('DELETE FROM passkey_flows WHERE account_id = ?', [id]);
    });
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}

/** Accounts in a SQLite file beside the tables (the default), or `:memory:`. */
export class SqliteAccountStore extends SqlAccountStore {
  constructor(file: string) {
    super(SqliteSql.open(file, 'account_migrations', ACCOUNT_MIGRATIONS));
  }
}

/** Accounts in PostgreSQL (DATABASE_URL=postgres://…), on the process's shared pool. */
export class PostgresAccountStore extends SqlAccountStore {
  constructor(pool: pg.Pool) {
    super(pgSql(pool, 'account_migrations', ACCOUNT_PG_MIGRATIONS));
  }
}

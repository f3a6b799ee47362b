// The account store's interface and records: players' accounts, their sessions and passkeys, the
// seats and tournament players bound to them, clubs with roles, season bans, the audit log, claim
// codes and failed sign-ins. Asynchronous, so that SQLite (the default, its own connection to the
// server's database file; `:memory:` without one) and PostgreSQL (DATABASE_URL=postgres://…) fit
// the same shape: both are one class, store-sql.ts.

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
/**
 * A passkey ceremony between its options and its verify (passkeys-http.ts): the challenge the
 * browser must sign, until when, and whom it is for. In the database, so that any process of the
 * server can finish a ceremony another one opened.
 */
export interface PasskeyFlow {
  challenge: string;
  expiresAt: number;
  /** The WebAuthn user handle of a new account (sign-up) or of the signed-in one. */
  userId?: string;
  /** Sign-up: the nickname to create. */
  nickname?: string;
  /** Adding a passkey: the signed-in account. Sign-in: neither this nor `nickname`. */
  accountId?: string;
}
export interface BoundSeat {
  tableId: string;
  seat: number;
  token: string | null;
  boundAt: number;
}
/** The audit log's actor of a change made with a tournament's link (its token) and no session. */
export const TOKEN_ACTOR = '~token';

export interface AuditEntry {
  id: number;
  at: number;
  /** The actor's nickname ('' for a tournament's link without an account, `byToken`). */
  actor: string;
  actorId: string;
  /** Made with a tournament's link (the organizer's or a table judge's token), not signed in: no account to name. */
  byToken?: true;
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

export interface Club {
  id: string;
  name: string;
  createdAt: number;
}
export interface ClubMember {
  accountId: string;
  nickname: string;
  role: ClubRole;
  since: number;
}
export interface ClubBan {
  nickname: string;
  season: string;
  reason: string | null;
  at: number;
}

export interface AccountStore {
  // ---- accounts
  /** A new account; null if the nickname is someone else's (a deleted account's pseudonym included). */
  createAccount(id: string, nickname: string, passwordHash: string | null, at: number): Promise<Account | null>;
  account(id: string): Promise<Account | null>;
  /** A live account by nickname (any case). */
  byNickname(nickname: string): Promise<Account | null>;
  /** A new nickname (kept in the history); false if taken. */
  rename(id: string, nickname: string, at: number): Promise<boolean>;
  setPassword(id: string, hash: string): Promise<void>;
  nicknames(id: string): Promise<{ nickname: string; since: number }[]>;

  // ---- sessions (token hashes)
  createSession(tokenHash: string, s: Session): Promise<void>;
  session(tokenHash: string): Promise<Session | null>;
  /**
   * Cut a session's life to end at `at` (a rotated token works a little longer, then not). True
   * only for the call that cut it: of two processes rotating one session at once, one wins.
   */
  expireSession(tokenHash: string, at: number): Promise<boolean>;
  deleteSession(tokenHash: string): Promise<void>;
  /**
   * Delete a sign-in's sessions: the current token and the ones it was rotated from (they share
   * the sign-in's CSRF token and still work for a minute after a rotation).
   */
  deleteSignIn(accountId: string, csrf: string): Promise<void>;
  deleteSessionsOf(accountId: string): Promise<void>;
  /** Expired sessions, failed-attempt windows and passkey flows go. */
  purgeExpired(now: number): Promise<void>;

  // ---- failed sign-ins per key (attempts.ts), shared by every process on the database
  /** Count a failure in the key's window (a new window if the last one has passed); the count. */
  failAttempt(key: string, now: number, windowMs: number): Promise<number>;
  /** Failures in the key's window still open at `now` (0 if none). */
  attempts(key: string, now: number): Promise<number>;
  clearAttempts(key: string): Promise<void>;

  // ---- passkeys
  addPasskey(p: Passkey): Promise<void>;
  passkey(id: string): Promise<Passkey | null>;
  passkeysOf(accountId: string): Promise<Passkey[]>;
  usePasskey(id: string, counter: number, at: number): Promise<void>;
  /** Keep a ceremony's challenge under `id` (a random token); expired flows are swept here too. */
  openPasskeyFlow(id: string, f: PasskeyFlow, now: number): Promise<void>;
  /**
   * Take a flow out, once: of two verifies of one flow (on any processes) one gets it, the other
   * null. An expired flow is taken out and null.
   */
  takePasskeyFlow(id: string, now: number): Promise<PasskeyFlow | null>;

  // ---- seats
  /** Bind a table's seat to an account; false if it is bound to another account already. */
  bindSeat(tableId: string, seat: number, accountId: string, token: string | null, at: number): Promise<boolean>;
  unbindSeat(tableId: string, seat: number): Promise<void>;
  seatsOf(accountId: string, limit?: number): Promise<BoundSeat[]>;
  seatOf(tableId: string, accountId: string): Promise<BoundSeat | null>;
  seatsOfTable(tableId: string): Promise<(BoundSeat & { accountId: string })[]>;

  // ---- clubs
  /** A new club with its first owner; false if the id is taken. */
  createClub(id: string, name: string, owner: string, at: number): Promise<boolean>;
  club(id: string): Promise<Club | null>;
  members(clubId: string): Promise<ClubMember[]>;
  role(clubId: string, accountId: string): Promise<ClubRole | null>;
  setRole(clubId: string, accountId: string, role: ClubRole, at: number): Promise<void>;
  removeMember(clubId: string, accountId: string): Promise<boolean>;
  clubsOf(accountId: string): Promise<{ id: string; name: string; role: ClubRole }[]>;
  linkTournament(tournamentId: string, clubId: string): Promise<void>;
  clubOfTournament(tournamentId: string): Promise<string | null>;
  tournamentsOf(clubId: string): Promise<string[]>;
  ban(clubId: string, accountId: string, season: string, reason: string | null, at: number): Promise<void>;
  unban(clubId: string, accountId: string, season: string): Promise<boolean>;
  bans(clubId: string): Promise<ClubBan[]>;
  /** Whether a player may not play a club's season (the forum asks it when a seat is taken). */
  banned(clubId: string, accountId: string, season: string): Promise<boolean>;

  // ---- audit
  audit(e: { at: number; actorId: string; club: string | null; action: string; target: string | null; detail?: unknown }): Promise<void>;
  auditOf(where: { club?: string; actor?: string }, limit?: number): Promise<AuditEntry[]>;

  // ---- claim codes and tournament players
  addClaimCode(codeHash: string, c: ClaimCodeRow, at: number): Promise<void>;
  /** Use a claim code once: the tournament player becomes the account's. Null: unknown or used. */
  useClaimCode(codeHash: string, accountId: string, at: number): Promise<ClaimCodeRow | null>;
  playersOf(accountId: string): Promise<ClaimedPlayer[]>;

  // ---- merge and delete
  /**
   * The account says it is the same person as `otherId`, until `until`: a merge of the two needs
   * both accounts' word (a club owner alone could otherwise take any member's seats and players).
   */
  consentMerge(accountId: string, otherId: string, until: number): Promise<void>;
  /** The live merge consents an account gave (for its export). */
  mergeConsentsOf(accountId: string, now: number): Promise<{ otherId: string; until: number }[]>;
  /**
   * Everything of `from` becomes `into`'s (seats, tournament players, names, clubs, bans); `from`
   * is closed. Only if both accounts consented to each other and neither consent has lapsed at
   * `at`; the consents are used up. False (nothing changed) without them.
   */
  merge(fromId: string, intoId: string, at: number): Promise<boolean>;
  /**
   * Delete an account: its secrets, sessions, passkeys, nickname history, seat credentials, club
   * memberships and bans go; the row stays under a pseudonym, so the games, audit entries and
   * tournament players that name it stay whole (the game records themselves are never touched).
   */
  deleteAccount(id: string, pseudonym: string, at: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The account a seat's holder is (a forum seat's ban asks it), or null: the account the seat is
 * bound to, followed through merges (a merge is no way out of a ban), else the live account whose
 * nickname the seat's name is now.
 */
export async function seatHolder(store: Pick<AccountStore, 'account' | 'byNickname'>, who: { name: string; account?: string }): Promise<string | null> {
  if (who.account === undefined) return (await store.byNickname(who.name))?.id ?? null;
  let id = who.account;
  for (let hops = 0; hops < 16; hops++) {
    const next = (await store.account(id))?.mergedInto;
    if (!next) break;
    id = next;
  }
  return id;
}

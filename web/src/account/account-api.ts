// The account API (docs/accounts.md): sign-up and sign-in by passkey or password, the account
// page's data, seats bound to the account, clubs. Writes carry the CSRF header (lib/api.ts).
import type { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { call } from '../lib/api.js';

// The WebAuthn helpers load only when a passkey is used (the header badge needs none of it).
const webauthn = () => import('@simplewebauthn/browser');

export interface Me {
  nickname: string;
  createdAt: number;
  hasPassword: boolean;
  passkeys: { createdAt: number; usedAt: number | null }[];
  nicknames: { nickname: string; since: number }[];
  clubs: { id: string; name: string; role: ClubRole }[];
  players: { tournamentId: string; playerId: string; playerName: string; claimedAt: number }[];
  seats: MySeat[];
}
export type ClubRole = 'owner' | 'judge' | 'member';
export interface MySeat {
  table: string;
  seat: number;
  status: 'lobby' | 'playing' | 'finished' | 'expired' | 'gone';
  preset?: string;
  name?: string | null;
  winner?: string | null;
  createdAt?: number;
  finishedAt?: number | null;
}
export interface PublicAccount {
  nickname: string;
  since: number;
  nicknames: string[];
  clubs: { id: string; name: string; role: ClubRole }[];
  players: { tournament: string; player: string; nickname: string }[];
}
export interface ClubAdmin {
  id: string;
  name: string;
  role: ClubRole;
  members: { nickname: string; role: ClubRole; since: number }[];
  tournaments: { id: string; name: string; players?: { id: string; nickname: string }[] }[];
  bans?: { nickname: string; season: string; reason: string | null; at: number }[];
  audit?: { id: number; at: number; actor: string; byToken?: true; action: string; target: string | null; detail: unknown }[];
}

const post = <T>(path: string, body?: unknown) => call<T>(path, { method: 'POST', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });

/** Whether this browser can make and use passkeys (a secure context with WebAuthn). */
export const passkeysAvailable = (): boolean => typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';

export const accountApi = {
  me: () => call<Me>('/api/me'),
  signUp: (nickname: string, password: string) => post<{ nickname: string }>('/api/auth/signup', { nickname, password }),
  signIn: (nickname: string, password: string) => post<{ nickname: string }>('/api/auth/signin', { nickname, password }),
  signOut: () => post<{ ok: true }>('/api/auth/signout'),
  /** Sign up with a new passkey (or, signed in, add one to the account). */
  async passkeyRegister(nickname?: string): Promise<{ nickname: string }> {
    const { flow, options } = await post<{ flow: string; options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>(
      '/api/auth/passkey/register/options',
      nickname !== undefined ? { nickname } : {},
    );
    const response = await (await webauthn()).startRegistration({ optionsJSON: options });
    return post('/api/auth/passkey/register/verify', { flow, response });
  },
  async passkeySignIn(): Promise<{ nickname: string }> {
    const { flow, options } = await post<{ flow: string; options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>('/api/auth/passkey/signin/options', {});
    const response = await (await webauthn()).startAuthentication({ optionsJSON: options });
    return post('/api/auth/passkey/signin/verify', { flow, response });
  },
  /** A new password; changing an existing one needs the current one. */
  setPassword: (password: string, current?: string) => post<{ ok: true }>('/api/me/password', { password, ...(current !== undefined ? { current } : {}) }),
  rename: (nickname: string) => post<{ nickname: string }>('/api/me/nickname', { nickname }),
  deleteAccount: () => call<{ ok: true }>('/api/me', { method: 'DELETE' }),
  /** "The account `nickname` is mine too": a club owner may then merge the two (both must say it). */
  consentMerge: (nickname: string) => post<{ nickname: string; until: number }>('/api/me/merge-consent', { nickname }),
  claim: (code: string) => post<{ tournament: string; player: string; nickname: string }>('/api/me/claim', { code }),
  /** Bind a seat link's token to the account. */
  bindSeat: (token: string) => post<{ table: string; seat: number }>('/api/me/seats', { token }),
  /** The account's seat at a table, with its token (signed in only). */
  mySeat: (table: string) => call<{ table: string; seat: number; token: string }>(`/api/me/seats/${encodeURIComponent(table)}`),
  account: (nickname: string) => call<PublicAccount>(`/api/accounts/${encodeURIComponent(nickname)}`),
  /** The host seats a registered player by nickname. */
  seatPlayer: (table: string, seat: number, hostToken: string, nickname: string) =>
    post<{ table: string; seat: number; nickname: string }>('/api/accounts/seat', { table, seat, token: hostToken, nickname }),
  createClub: (id: string, name: string) => post<{ id: string; name: string }>('/api/club-admin', { id, name }),
  club: (id: string) => call<ClubAdmin>(`/api/club-admin/${encodeURIComponent(id)}`),
  setRole: (club: string, nickname: string, role: ClubRole) => post(`/api/club-admin/${encodeURIComponent(club)}/members`, { nickname, role }),
  removeMember: (club: string, nickname: string) => call(`/api/club-admin/${encodeURIComponent(club)}/members/${encodeURIComponent(nickname)}`, { method: 'DELETE' }),
  ban: (club: string, nickname: string, season: string, reason?: string) => post(`/api/club-admin/${encodeURIComponent(club)}/bans`, { nickname, season, ...(reason ? { reason } : {}) }),
  claimCode: (club: string, tournament: string, player: string) => post<{ code: string; nickname: string }>(`/api/club-admin/${encodeURIComponent(club)}/claim-codes`, { tournament, player }),
  merge: (club: string, from: string, into: string) => post(`/api/club-admin/${encodeURIComponent(club)}/merge`, { from, into }),
};

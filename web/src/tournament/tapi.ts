// The tournament HTTP API (docs/tournaments.md) as the browser uses it. The organizer's token is
// kept in this browser only (localStorage, per tournament) and sent as a bearer header.
import type { CorrectionFlag, ExtraPoints, Player, TournamentOptions } from '../../../src/tournament/types.js';
import type { SeatingQuality } from '../../../src/tournament/seating/quality.js';
import type { ScoringSystem } from '../../../src/tournament/scoring-format.js';
import type { StandingRow, Standings } from '../../../src/tournament/standings.js';
import type { GameView, PublicTournament, SlotStatus } from '../../../src/server/tournament-views.js';
import { call as apiCall } from '../lib/api.js';

// The pure tournament module's own types (type-only imports: nothing of it reaches the bundle).
export type { StandingRow, Standings };
export type TPlayer = Player;
export type TExtra = ExtraPoints;
export type TOptions = TournamentOptions;
export type TFlag = CorrectionFlag;
export type Quality = SeatingQuality;
export type { ScoringSystem };
export type Scoring = ScoringSystem;
// The server's answers, type-only (tournament-views.ts): a tournament, its rounds and slots, a game.
export type { GameView, SlotStatus };
export type Tournament = PublicTournament;
export type TRound = Tournament['rounds'][number];
export type TSlot = TRound['games'][number];

const TOKENS = 'gorod.tournamentTokens';

export function organizerToken(id: string): string | null {
  try {
    const all = JSON.parse(globalThis.localStorage?.getItem(TOKENS) ?? '{}') as Record<string, string>;
    return all[id] ?? null;
  } catch {
    return null;
  }
}

export function rememberOrganizer(id: string, token: string): void {
  try {
    const all = JSON.parse(globalThis.localStorage?.getItem(TOKENS) ?? '{}') as Record<string, string>;
    all[id] = token;
    globalThis.localStorage?.setItem(TOKENS, JSON.stringify(all));
  } catch {
    /* storage disabled: the organizer link still carries the token for this page */
  }
}

/** The app's one fetch (JSON, the session's CSRF token, typed errors) with the organizer's token as a bearer. */
function call<T>(path: string, init: RequestInit & { token?: string | null } = {}): Promise<T> {
  const { token, ...rest } = init;
  return apiCall<T>(path, token ? { ...rest, headers: { authorization: `Bearer ${token}` } } : rest);
}

export interface SeatingJob {
  id: string;
  state: 'running' | 'done' | 'cancelled' | 'failed';
  done: number;
  total: number;
  steps: number;
  variance: number | null;
  forbiddenMet: number;
  result?: { quality: Quality; moves: number };
  error?: { code: string; message: { ru: string; en: string } };
}
export interface OpenedTable {
  tableId: string;
  mode: 'online' | 'judge';
  hostToken?: string;
  spectatorToken?: string;
  watch?: string;
  seats: { seat: number; player?: string; nickname?: string; name?: string; bot?: boolean; token: string | null; play?: string | null }[];
}

const enc = encodeURIComponent;
const J = (b: unknown): string => JSON.stringify(b);

export const tapi = {
  scoring: () => call<ScoringSystem[]>('/api/scoring'),
  list: () => call<{ id: string; name: string; createdAt: number; players: number; rounds: number }[]>('/api/tournaments?limit=50'),
  create: (body: unknown) => call<{ id: string; organizerToken: string; tournament: Tournament }>('/api/tournaments', { method: 'POST', body: J(body) }),
  get: (id: string, token: string | null) => call<Tournament>(`/api/tournaments/${enc(id)}`, { token }),
  patch: (id: string, token: string | null, body: unknown) => call<Tournament>(`/api/tournaments/${enc(id)}`, { method: 'PATCH', body: J(body), token }),
  addPlayers: (id: string, token: string | null, body: { players?: { nickname: string; club?: string }[]; csv?: string }) =>
    call<Tournament>(`/api/tournaments/${enc(id)}/players`, { method: 'POST', body: J(body), token }),
  removePlayer: (id: string, token: string | null, pid: string) => call<Tournament>(`/api/tournaments/${enc(id)}/players/${enc(pid)}`, { method: 'DELETE', token }),
  forbidden: (id: string, token: string | null, pairs: [string, string][], sameClub: boolean) =>
    call<Tournament>(`/api/tournaments/${enc(id)}/forbidden`, { method: 'PUT', body: J({ pairs, sameClub }), token }),
  seat: (id: string, token: string | null, body: { tables: number; games: number; seed?: string; moves?: number }) =>
    call<{ tournament: Tournament; quality: Quality; moves: number }>(`/api/tournaments/${enc(id)}/seating`, { method: 'POST', body: J(body), token }),
  /** The seating as a run with its progress (moves done of the budget, the meetings' variance now); cancellable. */
  seatJob: (id: string, token: string | null, body: { tables: number; games: number; seed?: string; moves?: number }) =>
    call<SeatingJob>(`/api/tournaments/${enc(id)}/seating/jobs`, { method: 'POST', body: J(body), token }),
  seatJobGet: (id: string, token: string | null, job: string) => call<SeatingJob>(`/api/tournaments/${enc(id)}/seating/jobs/${enc(job)}`, { token }),
  seatJobCancel: (id: string, token: string | null, job: string) => call<SeatingJob>(`/api/tournaments/${enc(id)}/seating/jobs/${enc(job)}`, { method: 'DELETE', token }),
  swap: (id: string, token: string | null, body: { round: number; a: string; b: string }) =>
    call<Tournament>(`/api/tournaments/${enc(id)}/seating/swap`, { method: 'POST', body: J(body), token }),
  finals: (id: string, token: string | null, body: { top: number; games: number; weight?: number }) =>
    call<{ tournament: Tournament; quality: Quality }>(`/api/tournaments/${enc(id)}/finals`, { method: 'POST', body: J(body), token }),
  standings: (id: string, token: string | null) => call<Standings>(`/api/tournaments/${enc(id)}/standings`, { token }),
  game: (id: string, token: string | null, r: number, t: number) => call<GameView>(`/api/tournaments/${enc(id)}/games/${r}/${t}`, { token }),
  openTable: (id: string, token: string | null, r: number, t: number, body: unknown) =>
    call<OpenedTable>(`/api/tournaments/${enc(id)}/games/${r}/${t}/table`, { method: 'POST', body: J(body), token }),
  slotTable: (id: string, token: string | null, r: number, t: number) => call<OpenedTable>(`/api/tournaments/${enc(id)}/games/${r}/${t}/table`, { token }),
  record: (id: string, r: number, t: number) => call<unknown>(`/api/tournaments/${enc(id)}/games/${r}/${t}/record`),
  upload: (id: string, token: string | null, r: number, t: number, body: { record: unknown; reason?: string; by?: string }) =>
    call<{ version: number; duplicate: boolean }>(`/api/tournaments/${enc(id)}/games/${r}/${t}/record`, { method: 'POST', body: J(body), token }),
  extra: (id: string, token: string | null, r: number, t: number, body: { player: string; points: number; reason: string; by?: string }) =>
    call<TExtra>(`/api/tournaments/${enc(id)}/games/${r}/${t}/extra`, { method: 'POST', body: J(body), token }),
  protocol: (id: string, r: number, t: number, lang: string) =>
    call<{ version: number; winner: string | null; seats: { seat: number; name: string; role: string; team: string; fouls: number }[]; lines: string[] }>(
      `/api/tournaments/${enc(id)}/games/${r}/${t}/protocol?lang=${lang}`,
    ),
  resolveFlags: (id: string, token: string | null, r: number, t: number, body: { note: string; by?: string }) =>
    call<{ resolved: number }>(`/api/tournaments/${enc(id)}/games/${r}/${t}/flags/resolve`, { method: 'POST', body: J(body), token }),
  players: () => call<{ nickname: string; club?: string; tournaments: number }[]>('/api/players'),
  player: (nick: string) => call<PlayerProfile>(`/api/players/${enc(nick)}`),
  club: (club: string) => call<ClubPage>(`/api/clubs/${enc(club)}`),
};

export interface PlayerProfile {
  nickname: string;
  club?: string;
  stats: {
    games: number;
    wins: number;
    winRate: number;
    roles: Record<string, { games: number; wins: number }>;
    sheriffChecks: { total: number; black: number };
    donChecks: { total: number; sheriffFound: number };
    firstKilled: number;
    guesses: { made: number; twoBlack: number; threeBlack: number };
    fouls: number;
    removals: number;
  } | null;
  rating: { rating: number; red: number; black: number; place: number } | null;
  history: { at: number; tournament: string; round: number; table: number; rating: number; change: number }[];
  recent: { tournament: { id: string; name: string }; round: number; table: number; tableId?: string; at: number; seat: number; role: string; result: string }[];
  tournaments: { id: string; name: string; place: number | null; of: number; points: number; games: number }[];
}
export interface ClubPage {
  club: string;
  rating: number | null;
  players: { nickname: string; tournaments: number; rating: number; games: number; wins: number; winRate: number }[];
  tournaments: { id: string; name: string; createdAt: number; players: number; best: number | null }[];
}

/** Live standings over `/ws/tournament?id=…`: calls back with each snapshot; reconnects. */
export function watchTournament(id: string, on: (snap: { revision: number; games: number; standings: Standings; slots: Omit<TSlot, 'seats'>[] }) => void): () => void {
  let ws: WebSocket | null = null;
  let stop = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const open = (): void => {
    if (stop) return;
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/ws/tournament?id=${enc(id)}`);
    ws.onmessage = (m) => {
      try {
        const x = JSON.parse(String(m.data)) as { type: string };
        if (x.type === 'tournament') on(x as never);
      } catch {
        /* a frame we do not read */
      }
    };
    ws.onclose = () => {
      if (!stop) timer = setTimeout(open, 2000);
    };
  };
  open();
  return () => {
    stop = true;
    if (timer) clearTimeout(timer);
    ws?.close();
  };
}

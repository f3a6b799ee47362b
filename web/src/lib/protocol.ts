// Message shapes of docs/protocol.md (v1), as the client sees them.
import type { Command, Team } from '../../../src/engine/index.js';

// The frames themselves (with their zod schemas) are the shared protocol module's (src/protocol/).
export type { TableSeatInfo, TableInfo, Timer, TimerKind, You, ServerFrame as ServerMessage } from '../../../src/protocol/server.js';
import type { TableInfo } from '../../../src/protocol/server.js';

/** A table as `GET /api/tables` lists it: its info plus what a visitor needs to watch or sit down. */
export interface LobbyTable extends TableInfo {
  /** Anyone may take a free seat (`POST /api/tables/:id/claim`). */
  open?: boolean;
  /** Seats a stranger can take now (0 unless open and gathering). */
  freeSeats?: number;
  /** The public spectator token and the web app's link to watch with it. */
  spectatorToken?: string;
  watch?: string;
}

/** `POST /api/tables/:id/claim`: the seat handed out and its token. */
export interface ClaimedSeat {
  id: string;
  seat: number;
  token: string;
  play: string;
}

/** A command as a client sends it: `by` comes from the token (only the judge names it). */
export type ClientCommand = Omit<Command, 'by'> & { by?: Command['by'] };

export interface CreateTableBody {
  preset: string;
  size?: number;
  options?: Record<string, unknown>;
  mode?: 'online' | 'judge';
  names?: string[];
  bots?: number[];
  botPolicy?: string;
  botDelayMs?: number;
  clock?: { introNightSeconds?: number; nightSeconds?: number; voteSeconds?: number; auto?: boolean };
  autoStart?: boolean;
  /** Online tables: anyone may take a free seat from the lobby. */
  open?: boolean;
  /** Judge tables: the cards drawn at the table (no server commitment), or an offline game's deal. */
  deal?: string[];
  /** Judge tables: the commands of a game begun offline. */
  commands?: ClientCommand[];
  /** Judge tables: the console's own commitment of `deal`, made under its local id. */
  local?: { id: string; commitment: string; salt: string };
  /** Idempotency key of an upload: the same key gets the same table. */
  uploadKey?: string;
}

export interface CreatedTable {
  id: string;
  hostToken: string;
  spectatorToken: string;
  commitment: string | null;
  /** token null: a bot, or (hold `free`) an open table's seat left to the lobby. */
  seats: { seat: number; token: string | null; bot: boolean; hold?: 'free' | 'reserved' | 'claimed' | 'bound' }[];
  dealSource?: string;
}

export interface PastGame {
  id: string;
  preset: string;
  mode: string;
  winner: Team | null;
  finishedAt?: string | number;
  commitment?: string;
}

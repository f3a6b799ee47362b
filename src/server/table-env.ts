// What a table (table.ts) is given and answers: its environment (storage, clock, logs, where its
// frames go), a command's result, the host's clock actions, and which viewer a role is.
import type { Viewer } from '../engine/index.js';
import type { Broadcaster, Role } from './broadcaster.js';
import type { ClockService } from './clock-service.js';
import type { ErrorMessage } from './messages.js';
import type { Storage } from './storage.js';
import type { Table } from './table.js';

/** Who is connected at a table (seat numbers), and whether its storage is failing (the lobby shows both). */
export interface Here {
  seats: number[];
  degraded: boolean;
}

/** `lastEvent` is in the submitter's own numbering (the judge's for the server's own commands). */
export type SubmitResult = { ok: true; lastEvent: number; duplicate: boolean } | { ok: false; error: ErrorMessage };

export interface TableEnv {
  storage: Storage;
  timeScale: number;
  log: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  onFinished(t: Table): void;
  /** How much the host may add to one stage (seconds; limits.ts). Default 600. */
  extendMaxSeconds?: number;
  /** Timers and bot delays; default the system's. */
  clock?: ClockService;
  /** Where a table's frames go; default this process's sockets. */
  broadcaster?: () => Broadcaster;
  /** Each applied command's time from submit to its answer (ms; metrics). */
  observe?: (ms: number) => void;
  /** Many processes: who is connected changed (cluster-presence.ts: every process's lobby reads it). */
  presence?: (tableId: string, here: Here) => void;
}

/** What the host of a table may do to the server's clock (table-clock.ts). */
export type ClockAction = { action: 'pause' } | { action: 'resume' } | { action: 'extend'; seconds: number };

export function viewerOf(role: Role): Viewer {
  if (role.kind === 'seat') return { kind: 'seat', seat: role.seat };
  if (role.kind === 'judge') return { kind: 'judge' };
  return { kind: 'public' };
}

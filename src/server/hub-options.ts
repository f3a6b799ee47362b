// What a hub is made with (hub.ts): its storage, clock scale, lifetimes and, in a cluster, the
// directory of leases and the presence other processes' lobbies read.
import type { Presence } from './cluster-presence.js';
import type { TableDirectory } from './directory.js';
import type { Storage } from './storage.js';
import type { TableEnv } from './table-env.js';

export interface HubOptions {
  storage: Storage;
  timeScale: number;
  finishedTtlMs: number;
  log: TableEnv['log'];
  /** Accept a deal given at creation (W2 plays known W1 deals). Off in production: R60. */
  fixedDeals?: boolean;
  /** An online table in the lobby with nobody connected expires this long after its creation. */
  unstartedTtlMs: number;
  /** The same for a judge table (made ahead of a tournament day, say). */
  judgeUnstartedTtlMs: number;
  /** How much the host may add to one stage of the clock (seconds). */
  extendMaxSeconds: number;
  /** The online host may end stages (benchmarks): then an online table may also run without the server's clock. */
  hostClock?: boolean;
  /**
   * Many processes (cluster.ts): who runs which table. Without it this process runs every table
   * (no leases, no fencing numbers).
   */
  directory?: TableDirectory;
  /** Many processes: who is connected at each table, for every process's lobby (cluster-presence.ts). */
  presence?: Presence;
  /** Each applied command's time in the table's queue and storage (metrics.ts). */
  observe?: (ms: number) => void;
}

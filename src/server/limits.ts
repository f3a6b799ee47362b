// Every limit the server enforces, with its default, in one place (docs/security.md lists them).
// GOROD_LIMITS (JSON, any subset of these keys) overrides them; tests pass `limits` to startServer.

export interface Bucket {
  burst: number;
  perSecond: number;
}

export interface Limits {
  ws: {
    /** Largest inbound frame (bytes): bigger closes the socket with 1009. */
    maxFrameBytes: number;
    /** Messages per socket; over it the socket is closed with 1008. */
    socket: Bucket;
    /** Messages of all the sockets of one credential (token) together; over it, 1008. */
    credential: Bucket;
    /** Messages of all the sockets of one address together; over it, 1008. */
    address: Bucket;
    /** Open sockets per credential (the public spectator token counts per address only): the oldest is closed (4409). */
    connectionsPerCredential: number;
    /** Open sockets per address, identified or not: more are refused at the upgrade (HTTP 429). */
    connectionsPerAddress: number;
    /** Bytes queued for a socket that does not read: over it the socket is dropped (it resumes on reconnect). */
    maxBufferedBytes: number;
    /** A socket that sends no hello within this time is closed (4401). */
    helloTimeoutMs: number;
  };
  /** `say` per credential: messages and characters (a speech's words), both token buckets. */
  say: { messages: Bucket; chars: Bucket };
  http: {
    /** Every API request of one address. */
    perAddress: { max: number; windowMs: number };
    /** `POST /api/tables` per address. */
    createTable: { max: number; windowMs: number };
    /** `POST /api/tables/:id/claim` per address. */
    claim: { max: number; windowMs: number };
    /** Largest request body (bytes). */
    bodyBytes: number;
  };
  lobby: {
    /** An online table nobody started within this time after its creation, with nobody connected, expires (and leaves the lobby). */
    unstartedTtlMs: number;
    /** The same for a judge table (made ahead of a tournament day, say). */
    judgeUnstartedTtlMs: number;
    /** Lobby and past-games pages: default and largest size. */
    pageSize: number;
    maxPageSize: number;
  };
  clock: {
    /** How much the host may add to one stage of an online table in all (seconds). */
    extendMaxSeconds: number;
  };
  storage: {
    /** Storage calls in flight before new ones fail at once (SQLite). */
    maxPending: number;
  };
  accounts: {
    /** Sign-in and sign-up requests of one address (password and passkey alike). */
    signInPerAddress: { max: number; windowMs: number };
    /** Failed password sign-ins of one account: over it the account refuses passwords for the window. */
    failuresPerAccount: { max: number; windowMs: number };
    /** A session lives this long from its sign-in (ms). */
    sessionMs: number;
    /** A session older than this gets a new token on its next request (the old one lapses). */
    rotateMs: number;
    /** How long an account's word that it is the same person as another lasts (a club owner's merge needs both words). */
    mergeConsentMs: number;
  };
}

export const DEFAULT_LIMITS: Limits = {
  ws: {
    maxFrameBytes: 16 * 1024,
    socket: { burst: 40, perSecond: 20 },
    credential: { burst: 60, perSecond: 30 },
    address: { burst: 600, perSecond: 300 },
    connectionsPerCredential: 4,
    connectionsPerAddress: 256,
    maxBufferedBytes: 1024 * 1024,
    helloTimeoutMs: 10_000,
  },
  say: { messages: { burst: 10, perSecond: 1 }, chars: { burst: 4000, perSecond: 2000 / 60 } },
  http: {
    perAddress: { max: 1200, windowMs: 60_000 },
    createTable: { max: 30, windowMs: 10 * 60_000 },
    claim: { max: 20, windowMs: 60_000 },
    bodyBytes: 64 * 1024,
  },
  lobby: { unstartedTtlMs: 2 * 3600_000, judgeUnstartedTtlMs: 7 * 24 * 3600_000, pageSize: 50, maxPageSize: 200 },
  clock: { extendMaxSeconds: 600 },
  storage: { maxPending: 10_000 },
  accounts: {
    signInPerAddress: { max: 20, windowMs: 10 * 60_000 },
    failuresPerAccount: { max: 5, windowMs: 15 * 60_000 },
    sessionMs: 30 * 24 * 3600_000,
    rotateMs: 24 * 3600_000,
    mergeConsentMs: 7 * 24 * 3600_000,
  },
};

export type LimitsPatch = { [K in keyof Limits]?: { [J in keyof Limits[K]]?: Limits[K][J] extends object ? Partial<Limits[K][J]> : Limits[K][J] } };

function merge<T>(base: T, patch: unknown): T {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (!(k in out)) throw new Error(`unknown limit ${k}`);
    const cur = out[k];
    if (cur && typeof cur === 'object') out[k] = merge(cur, v);
    else if (typeof v === typeof cur) out[k] = v;
    else throw new Error(`limit ${k}: expected a ${typeof cur}`);
  }
  return out as T;
}

/** The defaults with patches (GOROD_LIMITS as JSON, then startServer's `limits`) laid over them in order. */
export function resolveLimits(...patches: (LimitsPatch | string | undefined)[]): Limits {
  let out = DEFAULT_LIMITS;
  for (const patch of patches) out = merge(out, typeof patch === 'string' ? (JSON.parse(patch) as unknown) : patch);
  return out;
}

/** A token bucket: `take(n)` spends n if it has them. */
export class TokenBucket {
  private tokens: number;
  private at = Date.now();
  constructor(private b: Bucket) {
    this.tokens = b.burst;
  }
  take(n = 1): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.b.burst, this.tokens + ((now - this.at) / 1000) * this.b.perSecond);
    this.at = now;
    if (this.tokens < n) return false;
    this.tokens -= n;
    return true;
  }
  /** Full again (nothing spent for a while): the holder may be forgotten. */
  get idle(): boolean {
    return this.tokens + ((Date.now() - this.at) / 1000) * this.b.perSecond >= this.b.burst;
  }
}

// Who is connected at each table, for every process's lobby (docs/scale-out.md). Only a table's
// owner knows its connections (relayed sockets end there too), so the owner writes them to Redis
// when they change — one key per table with the seats connected and whether storage is failing —
// and a process listing the lobby reads the keys of the tables it does not run, one MGET per page.
// A table taken over starts with nobody (its clients reconnect, and the new owner writes again);
// a finished or expired table's key goes. A key lost with Redis reads as nobody until the next change.
import type { Redis } from 'ioredis';
import type { Here } from './table-env.js';

export type { Here } from './table-env.js';

export interface Presence {
  /** The owner: who is connected now (nobody and not degraded: the key goes). */
  set(tableId: string, here: Here): void;
  /** Tables this process does not run: who is connected at each (absent: nobody). */
  of(tableIds: string[]): Promise<Map<string, Here>>;
}

const key = (id: string): string => `gorod:here:${id}`;
/** A key outlives its owner's death by at most this long (a table nobody adopts leaves none behind). */
const TTL_S = 24 * 3600;

/** A key's value, or null where it is absent or unreadable (that table alone then shows nobody). */
function parsed(v: string | null): Partial<Here> | null {
  if (!v) return null;
  try {
    const h = JSON.parse(v) as unknown;
    return typeof h === 'object' && h !== null ? (h as Partial<Here>) : null;
  } catch {
    return null;
  }
}

export class RedisPresence implements Presence {
  constructor(
    private redis: Redis,
    private log: { warn(o: object, msg: string): void },
  ) {}

  set(tableId: string, here: Here): void {
    const write = here.seats.length === 0 && !here.degraded ? this.redis.del(key(tableId)) : this.redis.set(key(tableId), JSON.stringify(here), 'EX', TTL_S);
    write.catch((e: unknown) => this.log.warn({ table: tableId, err: String(e) }, 'presence not written'));
  }

  async of(tableIds: string[]): Promise<Map<string, Here>> {
    const out = new Map<string, Here>();
    if (tableIds.length === 0) return out;
    try {
      const values = await this.redis.mget(...tableIds.map(key));
      values.forEach((v, i) => {
        const h = parsed(v);
        if (h) out.set(tableIds[i]!, { seats: Array.isArray(h.seats) ? h.seats.filter((s): s is number => typeof s === 'number') : [], degraded: h.degraded === true });
      });
    } catch (e) {
      // Redis away: the lobby still lists the tables, with nobody shown connected.
      this.log.warn({ err: String(e) }, 'presence not read');
    }
    return out;
  }
}

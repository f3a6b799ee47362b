// Which process runs a table. One process runs them all (LocalDirectory); in a cluster a table
// belongs to the process that holds its lease (cluster-directory.ts, Redis), with a fencing number
// that the storage checks on every write, so a process that lost a lease without knowing it
// (paused, cut off) can no longer write to the table.
export interface Lease {
  tableId: string;
  /** Grows with every new holder of the table's lease. */
  fence: number;
}

export interface TableDirectory {
  /** This process's id. */
  readonly self: string;
  /** Take the table's lease (null: another process holds it). */
  acquire(tableId: string): Promise<Lease | null>;
  /** Give it up (a graceful stop, a finished table). */
  release(tableId: string): Promise<void>;
  /** The process holding the table's lease, or null when nobody does (its owner died). */
  ownerOf(tableId: string): Promise<string | null>;
  /** Whether this process holds the table's lease now, as far as it knows (absent: always). */
  holds?(tableId: string): boolean;
  /** Called when this process finds it no longer holds a lease it had. */
  onLost(listener: (tableId: string) => void): void;
  close(): Promise<void>;
}

/** One process: it owns every table. */
export class LocalDirectory implements TableDirectory {
  readonly self = 'local';
  private fences = new Map<string, number>();

  async acquire(tableId: string): Promise<Lease> {
    const fence = (this.fences.get(tableId) ?? 0) + 1;
    this.fences.set(tableId, fence);
    return { tableId, fence };
  }
  async release(tableId: string): Promise<void> {
    this.fences.delete(tableId);
  }
  async ownerOf(): Promise<string> {
    return this.self;
  }
  onLost(): void {}
  async close(): Promise<void> {}
}

import { IdExhaustedError, maxIdAttempts, type NewMap } from './map-store';

// Group commit, shared by the SQLite and PostgreSQL stores: the publishes that arrive in one turn
// of the event loop are stored by one insert of many rows, in one transaction with one commit,
// and each is answered only once that commit is done. A commit costs the same whatever its size
// (a WAL flush, a round trip, locks), so under load a publish costs far less; alone, a publish
// waits for nothing but the end of the current turn (setImmediate).

export interface InsertRow {
  id: string;
  map: NewMap;
}

/**
 * Stores `rows` in one transaction, leaving alone any row whose id is taken, and resolves to the
 * ids that were stored. Rejects (storing nothing) if the transaction fails.
 */
export type InsertMany = (rows: readonly InsertRow[]) => Promise<ReadonlySet<string>>;

export interface GroupCommit {
  /** MapStore.create: resolves to the new id once the map is committed. */
  create(map: NewMap, newId: () => string): Promise<string>;
  /** Resolves once every publish handed to `create` so far has been answered. */
  drain(): Promise<void>;
}

interface Pending {
  map: NewMap;
  newId: () => string;
  /** Ids tried so far. */
  attempts: number;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Most maps in one insert (default 64). */
  maxBatch?: number;
  /** About the most map text in one insert (default 4 MiB): a map can be 2 MiB. */
  maxBatchBytes?: number;
}

export function groupCommit(insertMany: InsertMany, options: GroupCommitOptions = {}): GroupCommit {
  const maxBatch = options.maxBatch ?? 64;
  const maxBatchBytes = options.maxBatchBytes ?? 4 * 1024 * 1024;
  const pending: Pending[] = [];
  let inFlight = 0;
  let idle: (() => void)[] = [];
  const settle = () => {
    if (pending.length > 0 || inFlight > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };

  const flush = () => {
    let count = 0;
    let bytes = 0;
    while (count < pending.length && count < maxBatch && bytes < maxBatchBytes) {
      bytes += pending[count]!.map.dataJson.length;
      count++;
    }
    const batch = pending.splice(0, count);
    if (pending.length > 0) setImmediate(flush);
    if (batch.length > 0) void commit(batch);
  };

  const commit = async (batch: Pending[]): Promise<void> => {
    inFlight++;
    const rows: InsertRow[] = [];
    const ids = new Set<string>();
    for (const insert of batch) {
      // PRODUCT §4: ids must differ within one insert too, or it would be unclear which of two
      // rows with the same id was stored.
      let id = insert.newId();
      insert.attempts++;
      while (ids.has(id) && insert.attempts < maxIdAttempts) {
        id = insert.newId();
        insert.attempts++;
      }
      ids.add(id);
      rows.push({ id, map: insert.map });
    }
    let stored: ReadonlySet<string>;
    try {
      stored = await insertMany(rows);
    } catch (error) {
      for (const insert of batch) insert.reject(error);
      inFlight--;
      settle();
      return;
    }
    // PRODUCT §4: a collision on insert is retried with a new id.
    const retry: Pending[] = [];
    const answered = new Set<string>();
    batch.forEach((insert, i) => {
      const { id } = rows[i]!;
      if (stored.has(id) && !answered.has(id)) {
        answered.add(id);
        insert.resolve(id);
      } else if (insert.attempts < maxIdAttempts) retry.push(insert);
      else insert.reject(new IdExhaustedError(`No free map id after ${maxIdAttempts} attempts`));
    });
    inFlight--;
    if (retry.length > 0) {
      if (pending.length === 0) setImmediate(flush);
      pending.push(...retry);
    }
    settle();
  };

  return {
    create(map, newId) {
      return new Promise((resolve, reject) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ map, newId, attempts: 0, resolve, reject });
      });
    },
    drain() {
      if (pending.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}

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
  /** MapStore.publish: resolves to the new id once the map is committed. */
  publish(map: NewMap, newId: () => string): Promise<string>;
  /** Resolves once every publish handed to `publish` so far has been answered. */
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

  const exhausted = () => new IdExhaustedError(`No free map id after ${maxIdAttempts} attempts`);

  /** Inserts `batch`; every one of its publishes is answered, retried or rejected, whatever fails. */
  const commit = async (batch: Pending[]): Promise<void> => {
    inFlight++;
    const handled = new Set<Pending>();
    const settleOne = (insert: Pending, outcome: { id: string } | { error: unknown }) => {
      handled.add(insert);
      if ('id' in outcome) insert.resolve(outcome.id);
      else insert.reject(outcome.error);
    };
    try {
      const rows: InsertRow[] = [];
      const sent: Pending[] = [];
      const ids = new Set<string>();
      for (const insert of batch) {
        // PRODUCT §4.2: ids must differ within one insert too, or it would be unclear which of two
        // rows with the same id was stored: an id already in the batch is drawn again, and a
        // publish that cannot get a free one is refused rather than sent twice.
        // PRODUCT §5.5: nor may a map get the id of the map it answers, were that one swept
        // since it was checked: a map never answers itself.
        const taken = (id: string) => ids.has(id) || id === insert.map.basedOn;
        let id = insert.newId();
        insert.attempts++;
        while (taken(id) && insert.attempts < maxIdAttempts) {
          id = insert.newId();
          insert.attempts++;
        }
        if (taken(id)) {
          settleOne(insert, { error: exhausted() });
          continue;
        }
        ids.add(id);
        rows.push({ id, map: insert.map });
        sent.push(insert);
      }
      const stored = rows.length > 0 ? await insertMany(rows) : new Set<string>();
      // PRODUCT §4.2: a collision with a stored map is retried with a new id.
      const retry: Pending[] = [];
      sent.forEach((insert, i) => {
        const { id } = rows[i]!;
        if (stored.has(id)) settleOne(insert, { id });
        else if (insert.attempts < maxIdAttempts) {
          handled.add(insert);
          retry.push(insert);
        } else settleOne(insert, { error: exhausted() });
      });
      if (retry.length > 0) {
        if (pending.length === 0) setImmediate(flush);
        pending.push(...retry);
      }
    } catch (error) {
      // The insert failed, or an id generator threw: nothing of this batch is left waiting.
      for (const insert of batch) if (!handled.has(insert)) settleOne(insert, { error });
    } finally {
      inFlight--;
      settle();
    }
  };

  return {
    publish(map, newId) {
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

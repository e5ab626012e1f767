import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { sqliteMigrations } from './migrations/sqlite';
import { IdExhaustedError, maxIdAttempts, type MapStore, type NewMap, type StoredMap } from './map-store';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer';

interface PendingInsert {
  map: NewMap;
  newId: () => string;
  resolve: (id: string) => void;
  reject: (error: unknown) => void;
}

interface Row {
  id: string;
  published: string;
  expires_at: number;
  data: string;
}

/**
 * Opens (creating its folder and running migrations) the SQLite database at `path`. WAL lets
 * reads go on during a write; synchronous=NORMAL keeps every commit across a process crash
 * (only a power loss can drop the last commits), which is what a kill -9 test checks.
 */
export function openSqliteStore(path: string): MapStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // When the log starts over, its file is cut back to this size rather than kept at its largest.
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  migrate(db);

  const selectMap = db.prepare<[string, number], Row>(
    'SELECT id, published, expires_at, data FROM maps WHERE id = ? AND expires_at > ?',
  );
  const insertMap = db.prepare<[string, string, number, string]>(
    'INSERT INTO maps (id, published, expires_at, data) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const deleteExpiredMaps = db.prepare<[number]>('DELETE FROM maps WHERE expires_at <= ?');

  /** Inserts `map` under the first free id from `newId()`; a collision is retried (PRODUCT §4). */
  const insertOne = (map: NewMap, newId: () => string): string => {
    for (let attempt = 0; attempt < maxIdAttempts; attempt++) {
      const id = newId();
      if (insertMap.run(id, map.published, map.expiresAt, map.dataJson).changes === 1) return id;
    }
    throw new IdExhaustedError(`No free map id after ${maxIdAttempts} attempts`);
  };

  // Group commit: the publishes that arrive in one turn of the event loop are inserted in one
  // transaction, committed once, and only then answered. Each commit costs page writes to the WAL
  // and lock round trips whatever its size, so under load this halves the cost of a publish;
  // alone, a publish waits for nothing but the end of the current turn (setImmediate).
  let pending: PendingInsert[] = [];
  const insertBatch = db.transaction((batch: PendingInsert[]) =>
    batch.map(({ map, newId }): { id: string } | { error: unknown } => {
      try {
        return { id: insertOne(map, newId) };
      } catch (error) {
        if (error instanceof IdExhaustedError) return { error };
        throw error; // anything else fails the whole transaction, which rolls back
      }
    }),
  );
  // Checkpoints move to their own thread once publishing starts (see sqlite-checkpointer.ts),
  // which keeps the log under about 64 MiB; the main connection then checkpoints by itself only
  // if the log passes 256 MiB, which happens only if that thread has stopped.
  let checkpointer: Checkpointer | null = null;
  const flush = () => {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    if (!checkpointer && path !== ':memory:' && db.open) {
      checkpointer = startCheckpointer(path);
      db.pragma('wal_autocheckpoint = 65536');
    }
    let results: ({ id: string } | { error: unknown })[];
    try {
      results = insertBatch(batch);
    } catch (error) {
      for (const insert of batch) insert.reject(error);
      return;
    }
    results.forEach((result, i) => {
      if ('id' in result) batch[i]!.resolve(result.id);
      else batch[i]!.reject(result.error);
    });
  };

  return {
    async get(id: string, now: Date): Promise<StoredMap | null> {
      const row = selectMap.get(id, now.getTime());
      return row
        ? { id: row.id, published: row.published, expiresAt: row.expires_at, dataJson: row.data }
        : null;
    },
    create(map: NewMap, newId: () => string): Promise<string> {
      return new Promise((resolve, reject) => {
        if (pending.length === 0) setImmediate(flush);
        pending.push({ map, newId, resolve, reject });
      });
    },
    async deleteExpired(now: Date): Promise<number> {
      return deleteExpiredMaps.run(now.getTime()).changes;
    },
    async ping(): Promise<void> {
      db.prepare('SELECT 1').get();
    },
    async close(): Promise<void> {
      flush();
      // The main connection closes last: closing, it checkpoints what is left and removes the log.
      await checkpointer?.stop();
      if (db.open) db.close();
    },
  };
}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  db.transaction(() => {
    const row = db.prepare<[], { version: number }>('SELECT version FROM schema_version').get();
    const current = row?.version ?? 0;
    if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
    for (let step = current; step < sqliteMigrations.length; step++) db.exec(sqliteMigrations[step]!);
    db.prepare('UPDATE schema_version SET version = ?').run(sqliteMigrations.length);
  }).immediate();
}

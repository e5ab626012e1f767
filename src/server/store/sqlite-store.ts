import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { sqliteMigrations } from './migrations/sqlite';
import { emptyBalance, summariseRows, summaryBatchSize, type UnsummarisedRow } from './response-summaries';
import { groupCommit, type InsertRow } from './group-commit';
import type { MapStore, NewMap, StoredMap, StoredResponse, StoredSetItem, ThreadEntry } from './map-store';
import { setChunks, setItemOf } from './map-set-rows';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer';

interface Row {
  id: string;
  published: string;
  expires_at: number;
  data: string;
  based_on: string | null;
  author_key_hash: string | null;
}

export interface SqliteStoreOptions {
  /**
   * Who copies the write-ahead log into the database file: a thread of this store's own, started
   * with its first publish ('when-publishing', the default) or at once ('at-once', for the
   * primary of `npm start`, which never publishes), or another process on the same file
   * ('elsewhere', the workers of `npm start`).
   */
  checkpoints?: 'when-publishing' | 'at-once' | 'elsewhere';
  /** Told about failures of the checkpointer thread, for the log. */
  onCheckpointError?: (error: Error) => void;
}

/** Past this many pages of log (256 MiB) a connection checkpoints by itself, on its commit. */
const safetyNetPages = 65_536;

/**
 * Opens (creating its folder and running migrations) the SQLite database at `path`. WAL lets
 * reads go on during a write, from any number of processes; synchronous=NORMAL keeps every commit
 * across a process crash (only a power loss can drop the last commits), which is what a kill -9
 * test checks.
 */
export function openSqliteStore(path: string, options: SqliteStoreOptions = {}): MapStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // When the log starts over, its file is cut back to this size rather than kept at its largest.
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  migrate(db);
  summariseOldResponses(db);
  const ownCheckpointer = options.checkpoints !== 'elsewhere' && path !== ':memory:';
  if (!ownCheckpointer) db.pragma(`wal_autocheckpoint = ${safetyNetPages}`);
  let checkpointer: Checkpointer | null = null;
  const startCheckpoints = () => {
    checkpointer = startCheckpointer(path, { onError: options.onCheckpointError });
    db.pragma(`wal_autocheckpoint = ${safetyNetPages}`);
  };
  if (ownCheckpointer && options.checkpoints === 'at-once') startCheckpoints();

  const selectMap = db.prepare<[string, number], Row>(
    `SELECT id, published, expires_at, data, based_on, author_key_hash
       FROM maps WHERE id = ? AND expires_at > ?`,
  );
  // PRODUCT §5.9, rule N16: a set's maps in order of id, each whole if its id is in the second
  // array, else in brief (made from the data only for a row stored without one).
  const selectSet = db.prepare<[{ ids: string; whole: string; now: number }], SetRow>(
    `SELECT id, published, expires_at, based_on,
            CAST(CASE WHEN id IN (SELECT value FROM json_each(@whole)) THEN data ELSE brief END AS BLOB)
              AS json,
            CASE WHEN id IN (SELECT value FROM json_each(@whole)) THEN 1 ELSE 0 END AS whole,
            CASE WHEN brief IS NULL AND id NOT IN (SELECT value FROM json_each(@whole)) THEN data END AS data
       FROM maps WHERE id IN (SELECT value FROM json_each(@ids)) AND expires_at > @now ORDER BY id`,
  );
  const selectAuthorKey = db.prepare<[string, number], { authorKeyHash: string | null }>(
    // From the index that holds the hash (migration 5): the row's text is never read.
    'SELECT author_key_hash AS authorKeyHash FROM maps INDEXED BY maps_author_keys WHERE id = ? AND expires_at > ?',
  );
  const insertMap = db.prepare<
    [
      string,
      string,
      number,
      string,
      string | null,
      number,
      string | null,
      number | null,
      string | null,
      string | null,
      string | null,
    ]
  >(
    `INSERT INTO maps (id, published, expires_at, data, based_on, listed, title, reason_count, balance,
                       author_key_hash, brief)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  );
  // PRODUCT §5.6: the conditions repeat the partial index's, so that SQLite uses it. Only the
  // summary columns are read, never `data`.
  const responseColumns = `id, published, COALESCE(title, '') AS title, COALESCE(reason_count, 0) AS reasons,
    COALESCE(balance, '${emptyBalance}') AS balance`;
  const selectFirstResponses = db.prepare<[string, number, number], StoredResponse>(
    `SELECT ${responseColumns} FROM maps
      WHERE based_on = ? AND listed = 1 AND hidden = 0 AND expires_at > ?
      ORDER BY published DESC, id DESC LIMIT ?`,
  );
  const selectNextResponses = db.prepare<[string, number, string, string, number], StoredResponse>(
    `SELECT ${responseColumns} FROM maps
      WHERE based_on = ? AND listed = 1 AND hidden = 0 AND expires_at > ? AND (published, id) < (?, ?)
      ORDER BY published DESC, id DESC LIMIT ?`,
  );
  // A cursor names a listed response of the base, at its own time (rule A1).
  // Its conditions are the partial index's too (a response hidden meanwhile is no position).
  const selectCursorResponse = db.prepare<[string, string, string], { found: number }>(
    `SELECT 1 AS found FROM maps INDEXED BY maps_listed_responses
      WHERE based_on = ? AND listed = 1 AND hidden = 0 AND published = ? AND id = ?`,
  );
  // One statement per depth of a thread: its ids go in as one JSON array, whatever their number.
  const selectResponsesOf = db.prepare<[string, number, number], ThreadEntry>(
    `SELECT id, COALESCE(title, '') AS title, published, based_on AS basedOn FROM maps
      WHERE based_on IN (SELECT value FROM json_each(?)) AND listed = 1 AND hidden = 0
        AND expires_at > ?
      ORDER BY published DESC, id DESC LIMIT ?`,
  );
  const hide = db.prepare<[string, string, number]>(
    'UPDATE maps SET hidden = 1 WHERE id = ? AND based_on = ? AND expires_at > ?',
  );
  const deleteExpiredMaps = db.prepare<[number]>('DELETE FROM maps WHERE expires_at <= ?');

  // Publishes are grouped (group-commit.ts): those of one turn of the event loop are inserted
  // in one transaction, committed once. Checkpoints move to a thread of their own once
  // publishing starts (sqlite-checkpointer.ts), or are another process's job, which keeps the log
  // under about 64 MiB; this connection then checkpoints by itself only if the log passes
  // 256 MiB, which happens only if that thread has stopped. (Moving the inserts to a writer
  // thread as well was tried: on two cores, shared with the load generator, it was slower and
  // its p99 twice as long.)
  const insertAll = db.transaction((rows: readonly InsertRow[]) => {
    const stored = new Set<string>();
    for (const { id, map } of rows) {
      const basedOn = map.basedOn ?? null;
      const inserted = insertMap.run(
        id,
        map.published,
        map.expiresAt,
        map.dataJson,
        basedOn,
        basedOn !== null && map.listed ? 1 : 0,
        basedOn !== null ? (map.title ?? null) : null,
        basedOn !== null ? (map.reasons ?? null) : null,
        basedOn !== null ? (map.balance ?? null) : null,
        map.authorKeyHash ?? null,
        map.briefJson ?? null,
      );
      if (inserted.changes === 1) stored.add(id);
    }
    return stored;
  });
  const commits = groupCommit(async (rows) => {
    if (!checkpointer && ownCheckpointer && db.open) startCheckpoints();
    // IMMEDIATE takes the write lock first, waiting for it (busy_timeout) if the checkpointer
    // holds it, rather than failing to upgrade a read.
    return insertAll.immediate(rows);
  });

  return {
    async get(id: string, now: Date): Promise<StoredMap | null> {
      const row = selectMap.get(id, now.getTime());
      return row ? storedMap(row) : null;
    },
    async *mapSet(ids, now, whole): AsyncGenerator<StoredSetItem> {
      for (const chunk of setChunks(ids, whole)) {
        const wholeIds = JSON.stringify(chunk.filter((id) => whole.has(id)));
        const rows = selectSet.all({ ids: JSON.stringify(chunk), whole: wholeIds, now: now.getTime() });
        for (const row of rows) yield setItem(row);
      }
    },
    async responses(baseId, now, after, limit): Promise<StoredResponse[] | null> {
      if (!after) return selectFirstResponses.all(baseId, now.getTime(), limit);
      if (!selectCursorResponse.get(baseId, after.published, after.id)) return null;
      return selectNextResponses.all(baseId, now.getTime(), after.published, after.id, limit);
    },
    async authorKeyOf(id, now) {
      return selectAuthorKey.get(id, now.getTime()) ?? null;
    },
    async responsesOf(baseIds, now, limit): Promise<ThreadEntry[]> {
      if (baseIds.length === 0 || limit <= 0) return [];
      return selectResponsesOf.all(JSON.stringify(baseIds), now.getTime(), limit);
    },
    async hideResponse(baseId, responseId, now): Promise<boolean> {
      // An UPDATE counts the rows it matched, so hiding twice still answers true.
      return hide.run(responseId, baseId, now.getTime()).changes === 1;
    },
    publish: (map: NewMap, newId: () => string) => commits.publish(map, newId),
    async deleteExpired(now: Date): Promise<number> {
      return deleteExpiredMaps.run(now.getTime()).changes;
    },
    async ping(): Promise<void> {
      // Prepared each time, so that a table dropped or damaged since start-up is seen.
      db.prepare('SELECT 1 FROM maps LIMIT 1').get();
    },
    async close(): Promise<void> {
      await commits.drain();
      // The main connection closes last: closing, it checkpoints what is left and removes the log.
      await (checkpointer as Checkpointer | null)?.stop();
      if (db.open) db.close();
    },
  };
}

interface SetRow {
  id: string;
  published: string;
  expires_at: number;
  based_on: string | null;
  /** As a blob: the stored UTF-8 bytes, which better-sqlite3 gives as a Buffer without decoding. */
  json: Buffer | null;
  whole: 0 | 1;
  data: string | null;
}

function setItem(row: SetRow): StoredSetItem {
  const { id, published, based_on: basedOn } = row;
  return setItemOf(
    { id, published, expiresAt: row.expires_at, basedOn },
    row.json,
    row.whole === 1,
    row.data,
  );
}

function storedMap(row: Row): StoredMap {
  return {
    id: row.id,
    published: row.published,
    expiresAt: row.expires_at,
    dataJson: row.data,
    basedOn: row.based_on,
    authorKeyHash: row.author_key_hash,
  };
}

/** Summarises the responses stored before their summary columns existed (response-summaries.ts). */
function summariseOldResponses(db: Database.Database): void {
  const select = db.prepare<[number], UnsummarisedRow>(
    'SELECT id, data FROM maps WHERE based_on IS NOT NULL AND reason_count IS NULL LIMIT ?',
  );
  const update = db.prepare<[string, number, string, string]>(
    'UPDATE maps SET title = ?, reason_count = ?, balance = ? WHERE id = ?',
  );
  const summariseBatch = db.transaction((rows: readonly UnsummarisedRow[]) => {
    for (const row of summariseRows(rows)) update.run(row.title, row.reasons, row.balance, row.id);
  });
  for (let rows = select.all(summaryBatchSize); rows.length > 0; rows = select.all(summaryBatchSize))
    summariseBatch.immediate(rows);
}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
  db.transaction(() => {
    const row = db.prepare<[], { version: number }>('SELECT version FROM schema_version').get();
    const current = row?.version ?? 0;
    if (!row) db.prepare('INSERT INTO schema_version (version) VALUES (0)').run();
    for (let step = current; step < sqliteMigrations.length; step++) {
      const migration = sqliteMigrations[step]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.prepare('UPDATE schema_version SET version = ?').run(sqliteMigrations.length);
  }).immediate();
}

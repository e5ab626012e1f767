import { Pool, type QueryConfig } from 'pg';
import { postgresMigrations } from './migrations/postgres';
import { emptyBalance, summariseRows, summaryBatchSize, type UnsummarisedRow } from './response-summaries';
import { groupCommit } from './group-commit';
import {
  StoreUnavailableError,
  type MapStore,
  type NewMap,
  type StoredMap,
  type StoredResponse,
  type StoredSetItem,
  type ThreadEntry,
} from './map-store';
import { setChunks, setItemOf } from './map-set-rows';

export interface PostgresStoreOptions {
  /**
   * The schema holding the tables, created if missing; tests give each run its own. Without it
   * the tables go where the server's search_path points (usually `public`).
   */
  schema?: string;
  /** Most connections this instance holds open (default 10). */
  maxConnections?: number;
  /** How long to wait for a connection before answering 503 (default 5 s). */
  connectionTimeoutMs?: number;
  /** Longest a statement may run on the server (default 10 s); a hung database cannot hold requests. */
  statementTimeoutMs?: number;
  /**
   * Told about errors of idle connections (the database restarted, the network dropped). The pool
   * has already discarded the connection and the next request opens a new one, so this is for logs.
   */
  onIdleError?: (error: Error) => void;
}

interface Row {
  id: string;
  published: string;
  /** BIGINT arrives as text from pg, so that no precision is lost silently. */
  expires_at: string;
  data: string;
  based_on: string | null;
  author_key_hash: string | null;
}

const deleteBatchSize = 10_000;
/** Migrations may build indexes on a big table: they get far longer than a request does. */
const migrationTimeoutMs = 5 * 60_000;
/** An arbitrary constant that only this app's migrations lock on (pg_advisory_xact_lock). */
const migrationLockKey = '7305411062';
const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A MapStore on PostgreSQL that connects and migrates lazily, on first use: the process can start
 * before its database, and while the database is away every call rejects with
 * StoreUnavailableError (the API answers 503) until it is back, with no restart.
 */
export function createPostgresStore(url: string, options: PostgresStoreOptions = {}): MapStore {
  return buildStore(url, options).store;
}

/**
 * Opens a PostgreSQL store and runs its migrations now, so that a wrong URL, an unreachable
 * database or a failed migration stops start-up with a clear message instead of failing requests.
 */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<MapStore> {
  const { store, ready } = buildStore(url, options);
  try {
    await ready();
    return store;
  } catch (error) {
    await store.close();
    throw toStoreError(error);
  }
}

function buildStore(
  url: string,
  options: PostgresStoreOptions,
): { store: MapStore; ready: () => Promise<void> } {
  const { schema } = options;
  if (schema !== undefined && !schemaNamePattern.test(schema)) {
    throw new Error(`Schema name "${schema}" must be lowercase letters, digits and underscores`);
  }
  const statementTimeoutMs = options.statementTimeoutMs ?? 10_000;
  const pool = new Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    statement_timeout: statementTimeoutMs,
    // The server cannot time out a query whose answer is lost on the way: the client gives up
    // a little later, and the pool then drops that connection.
    query_timeout: statementTimeoutMs + 5_000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection that fails (admin shutdown 57P01, a dropped network) is emitted here;
  // with no listener Node would crash the process. The pool has already removed the connection.
  pool.on('error', (error) => options.onIdleError?.(error));

  let migrated: Promise<void> | null = null;
  const ready = (): Promise<void> => {
    migrated ??= migrate(pool, schema)
      .then(() => summariseOldResponses(pool))
      .catch((error: unknown) => {
        migrated = null; // retried by the next call, e.g. once the database is back
        throw error;
      });
    return migrated;
  };
  /** Runs `work` once migrations are done, turning connection failures into StoreUnavailableError. */
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      await ready();
      return await work();
    } catch (error) {
      throw toStoreError(error);
    }
  };
  let closed: Promise<void> | null = null;

  // Publishes are grouped (group-commit.ts): those of one turn of the event loop go to the
  // database as one INSERT, in one round trip and one commit. PRODUCT §4.2: ON CONFLICT leaves a
  // map whose id is taken alone and leaves the id out of RETURNING, without aborting anything or
  // logging an error on the server; group-commit.ts retries it with a new id.
  const commits = groupCommit((rows) =>
    run(async () => {
      const { rows: stored } = await pool.query<{ id: string }>({
        // Named: each connection parses and plans it once, not once per batch.
        name: 'insert-maps-4',
        // The maps' JSON texts go in as one JSON array, joined as they are: as a text[] each
        // would be escaped into an array literal, which cost the app more CPU than the rest of
        // the publish. json_array_elements gives each element back as its exact text. A text
        // that is not exactly one JSON value cannot shift the others onto the wrong ids: the
        // array is then invalid, or has another length, and the FULL JOIN leaves a row without
        // an id or data, which the NOT NULL columns refuse, failing the batch.
        text: `INSERT INTO maps (id, published, expires_at, data, based_on, listed, title, author_key_hash,
                                 reason_count, balance, brief)
                 SELECT r.id, r.published, r.expires_at, d.data::text, r.based_on, r.listed, r.title,
                        r.author_key_hash, r.reason_count, r.balance, r.brief
                   FROM unnest($1::text[], $2::text[], $3::bigint[], $5::text[], $6::boolean[],
                               $7::text[], $8::text[], $9::integer[], $10::text[], $11::text[])
                          WITH ORDINALITY AS r (id, published, expires_at, based_on, listed, title,
                                                author_key_hash, reason_count, balance, brief, n)
                   FULL JOIN json_array_elements($4::json) WITH ORDINALITY AS d (data, n) USING (n)
               ON CONFLICT (id) DO NOTHING RETURNING id`,
        values: [
          rows.map((row) => row.id),
          rows.map((row) => row.map.published),
          rows.map((row) => row.map.expiresAt),
          `[${rows.map((row) => row.map.dataJson).join(',')}]`,
          rows.map((row) => row.map.basedOn ?? null),
          rows.map((row) => (row.map.basedOn ?? null) !== null && row.map.listed === true),
          rows.map((row) => ((row.map.basedOn ?? null) !== null ? (row.map.title ?? null) : null)),
          rows.map((row) => row.map.authorKeyHash ?? null),
          rows.map((row) => ((row.map.basedOn ?? null) !== null ? (row.map.reasons ?? null) : null)),
          rows.map((row) => ((row.map.basedOn ?? null) !== null ? (row.map.balance ?? null) : null)),
          rows.map((row) => row.map.briefJson ?? null),
        ],
      });
      return new Set(stored.map((row) => row.id));
    }),
  );

  const store: MapStore = {
    get: (id, now) =>
      run(async (): Promise<StoredMap | null> => {
        const { rows } = await pool.query<Row>(
          `SELECT id, published, expires_at, data, based_on, author_key_hash
             FROM maps WHERE id = $1 AND expires_at > $2`,
          [id, now.getTime()],
        );
        const row = rows[0];
        return row ? storedMap(row) : null;
      }),
    async *mapSet(ids, now, whole): AsyncGenerator<StoredSetItem> {
      for (const chunk of setChunks(ids, whole)) {
        const wholeIds = chunk.filter((id) => whole.has(id));
        // PRODUCT §5.9, rule N16: in order of id by code units, as rule N13 sorts; whole for the
        // ids of $2, else in brief (made from the data only for a row stored without one).
        const { rows } = await run(() =>
          pool.query<SetRow>(
            `SELECT id, published, expires_at, based_on,
                    CASE WHEN id = ANY($2::text[]) THEN data ELSE brief END AS json,
                    id = ANY($2::text[]) AS whole,
                    CASE WHEN brief IS NULL AND NOT id = ANY($2::text[]) THEN data END AS data
               FROM maps WHERE id = ANY($1::text[]) AND expires_at > $3 ORDER BY id COLLATE "C"`,
            [chunk, wholeIds, now.getTime()],
          ),
        );
        for (const row of rows) yield setItem(row);
      }
    },
    responses: (baseId, now, after, limit) =>
      run(async (): Promise<StoredResponse[] | null> => {
        // A cursor names a listed response of the base, at its own time (rule A1).
        if (after) {
          const { rowCount } = await pool.query(
            'SELECT 1 FROM maps WHERE id = $1 AND based_on = $2 AND published = $3 AND listed AND NOT hidden',
            [after.id, baseId, after.published],
          );
          if (rowCount !== 1) return null;
        }
        // PRODUCT §5.6: the conditions repeat the partial index's, so that the planner uses it.
        // Only the summary columns are read, never `data`.
        const { rows } = after
          ? await pool.query<StoredResponse>(
              `SELECT ${responseColumns} FROM maps
                WHERE based_on = $1 AND listed AND NOT hidden AND expires_at > $2
                  AND (published, id) < ($3, $4)
                ORDER BY published DESC, id DESC LIMIT $5`,
              [baseId, now.getTime(), after.published, after.id, limit],
            )
          : await pool.query<StoredResponse>(
              `SELECT ${responseColumns} FROM maps
                WHERE based_on = $1 AND listed AND NOT hidden AND expires_at > $2
                ORDER BY published DESC, id DESC LIMIT $3`,
              [baseId, now.getTime(), limit],
            );
        return rows;
      }),
    authorKeyOf: (id, now) =>
      run(async () => {
        const { rows } = await pool.query<{ authorKeyHash: string | null }>(
          'SELECT author_key_hash AS "authorKeyHash" FROM maps WHERE id = $1 AND expires_at > $2',
          [id, now.getTime()],
        );
        return rows[0] ?? null;
      }),
    responsesOf: (baseIds, now, limit) =>
      run(async (): Promise<ThreadEntry[]> => {
        if (baseIds.length === 0 || limit <= 0) return [];
        const { rows } = await pool.query<ThreadEntry>(
          `SELECT id, COALESCE(title, '') AS title, published, based_on AS "basedOn" FROM maps
            WHERE based_on = ANY($1::text[]) AND listed AND NOT hidden AND expires_at > $2
            ORDER BY published DESC, id DESC LIMIT $3`,
          [baseIds, now.getTime(), limit],
        );
        return rows;
      }),
    hideResponse: (baseId, responseId, now) =>
      run(async () => {
        // An UPDATE counts the rows it matched, so hiding twice still answers true.
        const { rowCount } = await pool.query(
          'UPDATE maps SET hidden = true WHERE id = $1 AND based_on = $2 AND expires_at > $3',
          [responseId, baseId, now.getTime()],
        );
        return rowCount === 1;
      }),
    publish: (map: NewMap, newId) => commits.publish(map, newId),
    deleteExpired: (now) =>
      run(async () => {
        // Short batches keep each transaction and its locks small; SKIP LOCKED lets the sweeps of
        // several instances share the work instead of waiting on each other's rows.
        let deleted = 0;
        for (;;) {
          const { rowCount } = await pool.query(
            `DELETE FROM maps WHERE id IN (
               SELECT id FROM maps WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
            [now.getTime(), deleteBatchSize],
          );
          deleted += rowCount ?? 0;
          if ((rowCount ?? 0) < deleteBatchSize) return deleted;
        }
      }),
    async ping() {
      try {
        await run(() => pool.query('SELECT 1 FROM maps LIMIT 1'));
      } catch (error) {
        // The interface promises StoreUnavailableError for any failure to answer.
        throw error instanceof StoreUnavailableError
          ? error
          : new StoreUnavailableError(`PostgreSQL store is not usable: ${describe(error)}`, { cause: error });
      }
    },
    close() {
      closed ??= commits.drain().then(() => pool.end());
      return closed;
    },
  };
  return { store, ready };
}

/** A response's summary columns, as a page of responses reads them (never `data`). */
const responseColumns = `id, published, COALESCE(title, '') AS title, COALESCE(reason_count, 0) AS reasons,
  COALESCE(balance, '${emptyBalance}') AS balance`;

/** Summarises the responses stored before their summary columns existed (response-summaries.ts). */
async function summariseOldResponses(pool: Pool): Promise<void> {
  for (;;) {
    const { rows } = await pool.query<UnsummarisedRow>(
      'SELECT id, data FROM maps WHERE based_on IS NOT NULL AND reason_count IS NULL LIMIT $1',
      [summaryBatchSize],
    );
    if (rows.length === 0) return;
    const summaries = summariseRows(rows);
    await pool.query(
      `UPDATE maps AS m SET title = s.title, reason_count = s.reasons, balance = s.balance
         FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[]) AS s (id, title, reasons, balance)
        WHERE m.id = s.id`,
      [
        summaries.map((row) => row.id),
        summaries.map((row) => row.title),
        summaries.map((row) => row.reasons),
        summaries.map((row) => row.balance),
      ],
    );
  }
}

/** Drops `schema` and everything in it: how a test run removes its isolated tables. */
export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  if (!schemaNamePattern.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  const pool = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  try {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await pool.end();
  }
}

/**
 * Applies pending migrations in one transaction. The advisory lock makes instances that start
 * together take turns: the first migrates, the others then find nothing left to do. Even
 * CREATE ... IF NOT EXISTS can fail with a duplicate when two sessions race, so it runs under it.
 */
async function migrate(pool: Pool, schema: string | undefined): Promise<void> {
  const client = await pool.connect();
  // A checked-out client has no pool listener: an 'error' event without one would crash the
  // process. The failed query rejects as well, which is what reports the problem.
  const ignore = () => {};
  client.on('error', ignore);
  let failure: Error | undefined;
  try {
    const query = (text: string, values?: unknown[]) =>
      client.query({ text, values, query_timeout: migrationTimeoutMs } as QueryConfig);
    await query('BEGIN');
    await query(`SET LOCAL statement_timeout = ${migrationTimeoutMs}`);
    await query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
    if (schema) {
      await query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await query(`SET LOCAL search_path TO "${schema}"`);
    }
    await query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const { rows } = await query('SELECT version FROM schema_version');
    const current = (rows[0] as { version: number } | undefined)?.version;
    if (current === undefined) await query('INSERT INTO schema_version (version) VALUES (0)');
    // A newer instance may already have run later steps during a rolling deploy: leave them be.
    for (let step = current ?? 0; step < postgresMigrations.length; step++) {
      const migration = postgresMigrations[step]!;
      if (typeof migration === 'string') await query(migration);
      else await migration(query);
      await query('UPDATE schema_version SET version = $1', [step + 1]);
    }
    await query('COMMIT');
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.removeListener('error', ignore);
    // Releasing with an error closes the connection, and the server rolls the transaction back.
    client.release(failure);
  }
}

/** Error codes meaning "the database cannot be reached or cannot serve now", not "this query is wrong". */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, in recovery)
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
  '53100', // disk_full
  '53200', // out_of_memory
]);
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|connection timeout/i;

function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // SQLSTATE class 08: connection exceptions.
  if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
  // Node tries every address of a host name and reports all failures together.
  if (error instanceof AggregateError) return error.errors.some(isUnavailable);
  return unavailableMessages.test(error.message);
}

function toStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError || !isUnavailable(error)) return error;
  return new StoreUnavailableError(`PostgreSQL is unavailable: ${describe(error)}`, { cause: error });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof AggregateError && !error.message && error.errors.length > 0)
    return describe(error.errors[0]);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code)
    ? `${error.message} (${code})`
    : error.message;
}

interface SetRow {
  id: string;
  published: string;
  expires_at: string;
  based_on: string | null;
  json: string | null;
  whole: boolean;
  data: string | null;
}

function setItem(row: SetRow): StoredSetItem {
  const { id, published, based_on: basedOn } = row;
  return setItemOf(
    { id, published, expiresAt: Number(row.expires_at), basedOn },
    row.json,
    row.whole,
    row.data,
  );
}

function storedMap(row: Row): StoredMap {
  return {
    id: row.id,
    published: row.published,
    expiresAt: Number(row.expires_at),
    dataJson: row.data,
    basedOn: row.based_on,
    authorKeyHash: row.author_key_hash,
  };
}

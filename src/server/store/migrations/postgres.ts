import { backfillBatchSize, briefJsonOf } from '../map-set-rows';

// PostgreSQL migrations, applied in order on start inside one transaction that holds an advisory
// lock, so instances starting together run each step once; `schema_version` records how many
// have run. Append new steps; never edit one that has shipped.
//
// Mirrors the SQLite design (migrations/sqlite.ts): `published` stays the exact ISO text the
// server wrote, `expires_at` is epoch milliseconds, `data` the validated JSON text answered as is.
export type PostgresMigration = string | ((query: MigrationQuery) => Promise<void>);

/** Runs one statement inside the migration's transaction. */
type MigrationQuery = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export const postgresMigrations: readonly PostgresMigration[] = [
  `CREATE TABLE maps (
     id TEXT PRIMARY KEY,
     published TEXT NOT NULL,
     expires_at BIGINT NOT NULL,
     data TEXT NOT NULL
   );
   CREATE INDEX maps_expires_at ON maps (expires_at);`,
  // Maps are kilobytes of text, compressed when stored: lz4 costs the database a fraction of the
  // CPU of the default pglz. PostgreSQL before 14, or built without lz4, keeps pglz.
  `DO $$
   BEGIN
     EXECUTE 'ALTER TABLE maps ALTER COLUMN data SET COMPRESSION lz4';
   EXCEPTION WHEN feature_not_supported OR syntax_error OR invalid_parameter_value THEN
     NULL;
   END $$;`,
  // PRODUCT §5.5, §5.8, as in the SQLite step 3. Columns with constant defaults are added without
  // rewriting the table (PostgreSQL 11 and later). The index is built inside the migration's
  // transaction, blocking publishes while it reads the table once: on a table of millions of
  // maps, deploy at a quiet hour.
  `ALTER TABLE maps ADD COLUMN based_on TEXT;
   ALTER TABLE maps ADD COLUMN listed BOOLEAN NOT NULL DEFAULT false;
   ALTER TABLE maps ADD COLUMN hidden BOOLEAN NOT NULL DEFAULT false;
   ALTER TABLE maps ADD COLUMN author_key_hash TEXT;
   ALTER TABLE maps ADD COLUMN title TEXT;
   CREATE INDEX maps_listed_responses ON maps (based_on, published DESC, id DESC)
     WHERE listed AND NOT hidden;`,
  // Rule N16, PRODUCT §5.9, as in the SQLite step 4: each map's brief in its own column (TOASTed
  // apart from `data`, so reading it never reads the map's text), filled for the maps already
  // stored a hundred at a time inside the migration's transaction.
  async (query) => {
    await query('ALTER TABLE maps ADD COLUMN brief TEXT');
    for (let after = ''; ;) {
      const { rows } = (await query(
        'SELECT id, data FROM maps WHERE id COLLATE "C" > $1 ORDER BY id COLLATE "C" LIMIT $2',
        [after, backfillBatchSize],
      )) as { rows: { id: string; data: string }[] };
      if (rows.length > 0)
        await query(
          `UPDATE maps SET brief = r.brief FROM unnest($1::text[], $2::text[]) AS r (id, brief)
            WHERE maps.id = r.id`,
          [rows.map((row) => row.id), rows.map((row) => briefJsonOf(row.data))],
        );
      if (rows.length < backfillBatchSize) return;
      after = rows.at(-1)!.id;
    }
  },
  // PRODUCT §5.6, as in the SQLite step 5; nullable columns are added without rewriting the table.
  `ALTER TABLE maps ADD COLUMN reason_count INTEGER;
   ALTER TABLE maps ADD COLUMN balance TEXT;`,
];

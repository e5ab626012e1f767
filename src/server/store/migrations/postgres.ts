// PostgreSQL migrations, applied in order on start inside one transaction that holds an advisory
// lock, so instances starting together run each step once; `schema_version` records how many
// have run. Append new steps; never edit one that has shipped.
//
// Mirrors the SQLite design (migrations/sqlite.ts): `published` stays the exact ISO text the
// server wrote, `expires_at` is epoch milliseconds, `data` the validated JSON text answered as is.
export const postgresMigrations: readonly string[] = [
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
  // PRODUCT §5.6, as in the SQLite step 4; nullable columns are added without rewriting the table.
  `ALTER TABLE maps ADD COLUMN reason_count INTEGER;
   ALTER TABLE maps ADD COLUMN balance TEXT;`,
];

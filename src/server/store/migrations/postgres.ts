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
];

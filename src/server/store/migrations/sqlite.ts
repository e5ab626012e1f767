// SQLite migrations, applied in order on start; `schema_version` records how many have run.
// Append new steps; never edit one that has shipped.
export const sqliteMigrations: readonly string[] = [
  `CREATE TABLE maps (
     id TEXT PRIMARY KEY,
     published TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     data TEXT NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX maps_expires_at ON maps (expires_at);`,
];

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
  // A WITHOUT ROWID table keeps each row inside its primary-key B-tree, which suits rows under a
  // twentieth of a page; a map is kilobytes, and random ids made every publish split and rewrite
  // pages all over the tree (the HTTP benchmark's POST spent most of its time there). A rowid
  // table appends rows in order and keeps only the short ids in the unique index: publishing
  // costs less than half as much.
  `CREATE TABLE maps_by_rowid (
     id TEXT NOT NULL UNIQUE,
     published TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     data TEXT NOT NULL
   );
   INSERT INTO maps_by_rowid (id, published, expires_at, data)
     SELECT id, published, expires_at, data FROM maps;
   DROP TABLE maps;
   ALTER TABLE maps_by_rowid RENAME TO maps;
   CREATE INDEX maps_expires_at ON maps (expires_at);`,
];

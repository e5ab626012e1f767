import type Database from 'better-sqlite3';
import { backfillBatchSize, briefJsonOf } from '../map-set-rows';

// SQLite migrations, applied in order on start; `schema_version` records how many have run.
// Append new steps; never edit one that has shipped. A step is SQL, or a function for what SQL
// cannot say (a step that computes new columns from the maps' JSON).
export type SqliteMigration = string | ((db: Database.Database) => void);

export const sqliteMigrations: readonly SqliteMigration[] = [
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
  // PRODUCT §5.5, §5.8: what a map answers, whether it is listed among that map's responses,
  // whether the base's author hid it, the hash of its own author key, and a response's title for
  // threads, which never read `data`. Added columns with constant defaults rewrite no row. The
  // partial index holds only listed, visible responses, in the order a page of them is read, so
  // a page costs the same however many maps are stored.
  `ALTER TABLE maps ADD COLUMN based_on TEXT;
   ALTER TABLE maps ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE maps ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE maps ADD COLUMN author_key_hash TEXT;
   ALTER TABLE maps ADD COLUMN title TEXT;
   CREATE INDEX maps_listed_responses ON maps (based_on, published DESC, id DESC)
     WHERE listed = 1 AND hidden = 0;`,
  // Rule N16, PRODUCT §5.9: each map's brief, kept beside it so that listing a set never parses
  // a map's text; filled here for the maps already stored, a hundred at a time, in the
  // migration's transaction (on a database of many large maps this reads every map once, so
  // deploy at a quiet hour). A row written without it by an older instance is given its brief
  // when read (map-set-rows.ts).
  (db) => {
    db.exec('ALTER TABLE maps ADD COLUMN brief TEXT');
    const select = db.prepare<[string, number], { id: string; data: string }>(
      'SELECT id, data FROM maps WHERE id > ? ORDER BY id LIMIT ?',
    );
    const update = db.prepare<[string, string]>('UPDATE maps SET brief = ? WHERE id = ?');
    for (let after = ''; ;) {
      const rows = select.all(after, backfillBatchSize);
      for (const row of rows) {
        const brief = briefJsonOf(row.data);
        if (brief !== null) update.run(brief, row.id);
      }
      if (rows.length < backfillBatchSize) return;
      after = rows.at(-1)!.id;
    }
  },
  // PRODUCT §5.6: a response's number of reasons and its balance (JSON), beside its title, so
  // that a list of responses never reads a map's text. Responses stored before are summarised
  // once, in code, when the store opens (response-summaries.ts): the balance is the domain's.
  // Columns added later lie after `data` in each row, so reading one from the table would walk
  // the whole text's overflow pages (2 MB for the largest map): the list, a cursor's check and
  // an author key's are answered from indexes that hold what they read.
  `ALTER TABLE maps ADD COLUMN reason_count INTEGER;
   ALTER TABLE maps ADD COLUMN balance TEXT;
   DROP INDEX maps_listed_responses;
   CREATE INDEX maps_listed_responses
     ON maps (based_on, published DESC, id DESC, expires_at, title, reason_count, balance)
     WHERE listed = 1 AND hidden = 0;
   CREATE INDEX maps_author_keys ON maps (id, expires_at, author_key_hash);`,
];

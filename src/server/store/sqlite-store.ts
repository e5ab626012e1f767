import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { sqliteMigrations } from './migrations/sqlite';
import { IdExhaustedError, maxIdAttempts, type MapStore, type NewMap, type StoredMap } from './map-store';

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
  migrate(db);

  const selectMap = db.prepare<[string, number], Row>(
    'SELECT id, published, expires_at, data FROM maps WHERE id = ? AND expires_at > ?',
  );
  const insertMap = db.prepare<[string, string, number, string]>(
    'INSERT INTO maps (id, published, expires_at, data) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const deleteExpiredMaps = db.prepare<[number]>('DELETE FROM maps WHERE expires_at <= ?');

  return {
    async get(id: string, now: Date): Promise<StoredMap | null> {
      const row = selectMap.get(id, now.getTime());
      return row
        ? { id: row.id, published: row.published, expiresAt: row.expires_at, dataJson: row.data }
        : null;
    },
    async create(map: NewMap, newId: () => string): Promise<string> {
      for (let attempt = 0; attempt < maxIdAttempts; attempt++) {
        const id = newId();
        if (insertMap.run(id, map.published, map.expiresAt, map.dataJson).changes === 1) return id;
      }
      throw new IdExhaustedError(`No free map id after ${maxIdAttempts} attempts`);
    },
    async deleteExpired(now: Date): Promise<number> {
      return deleteExpiredMaps.run(now.getTime()).changes;
    },
    async ping(): Promise<void> {
      db.prepare('SELECT 1').get();
    },
    async close(): Promise<void> {
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

import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { briefOfMap } from '../../src/domain/discussion/map-brief';
import { mapData, reason } from '../../src/domain/test-support/builders';
import { sqliteMigrations } from '../../src/server/store/migrations/sqlite';
import { openSqliteStore } from '../../src/server/store/sqlite-store';

// A database made by an earlier release is brought up to date on start, keeping its maps.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('moves the maps of a version 1 database (WITHOUT ROWID) into the rowid table, intact', async () => {
  const path = join(dir, 'v1.sqlite');
  const old = new Database(path);
  old.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);');
  old.exec(sqliteMigrations[0] as string);
  const insert = old.prepare('INSERT INTO maps (id, published, expires_at, data) VALUES (?, ?, ?, ?)');
  const rows = Array.from({ length: 50 }, (_, i) => ({
    id: `old-map-${i}-k3j9x2m7qa1b`,
    published: '2026-11-20T10:00:00.000Z',
    expiresAt: Date.parse('2027-02-18T10:00:00.000Z') + i,
    dataJson: JSON.stringify({ title: `Old map ${i}`, description: null, reasons: [] }),
  }));
  for (const row of rows) insert.run(row.id, row.published, row.expiresAt, row.dataJson);
  old.close();

  const store = openSqliteStore(path);
  const now = new Date('2026-12-01T00:00:00.000Z');
  // Maps published before responses existed answer nothing and have no author key.
  for (const row of rows)
    expect(await store.get(row.id, now)).toEqual({ ...row, basedOn: null, authorKeyHash: null });
  // Ids stay unique, and publishing goes on.
  const taken = rows[0]!.id;
  let tries = 0;
  const id = await store.publish(
    { published: now.toISOString(), expiresAt: now.getTime() + 1, dataJson: '{}' },
    () => (tries++ === 0 ? taken : 'new-map-k3j9x2m7qa1b'),
  );
  expect(id).toBe('new-map-k3j9x2m7qa1b');
  await store.close();

  const db = new Database(path, { readonly: true });
  try {
    expect(db.prepare('SELECT version FROM schema_version').get()).toEqual({
      version: sqliteMigrations.length,
    });
    const table = db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'maps'").get()!;
    expect(table.sql).not.toMatch(/WITHOUT ROWID/i);
    const indexes = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'maps'",
      )
      .all()
      .map((r) => r.name);
    expect(indexes).toContain('maps_expires_at');
    expect(indexes).toContain('maps_listed_responses');
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    db.close();
  }
});

it('[N16] gives the maps stored before briefs were kept their briefs, in their own column', async () => {
  const path = join(dir, 'v3.sqlite');
  const old = new Database(path);
  old.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (3);');
  for (const step of sqliteMigrations.slice(0, 3)) old.exec(step as string);
  const insert = old.prepare('INSERT INTO maps (id, published, expires_at, data) VALUES (?, ?, ?, ?)');
  // More than one batch of the backfill, and one row whose text is not a map.
  const datas = Array.from({ length: 150 }, (_, i) =>
    mapData([reason(i, { relevance: 'A long relevance text' })], { title: `Old map ${i}` }),
  );
  for (const [i, data] of datas.entries())
    insert.run(`old-map-${i}-k3j9x2m7qa1b`, '2026-11-20T10:00:00.000Z', 2e12, JSON.stringify(data));
  insert.run('not-a-map-k3j9x2m7qa1b', '2026-11-20T10:00:00.000Z', 2e12, '[1, 2]');
  old.close();

  await openSqliteStore(path).close();
  const db = new Database(path, { readonly: true });
  try {
    const briefs = db.prepare<[], { id: string; brief: string | null }>('SELECT id, brief FROM maps').all();
    for (const [i, data] of datas.entries()) {
      const row = briefs.find((b) => b.id === `old-map-${i}-k3j9x2m7qa1b`)!;
      expect(JSON.parse(row.brief!)).toEqual(briefOfMap(data));
    }
    expect(briefs.find((b) => b.id === 'not-a-map-k3j9x2m7qa1b')!.brief).toBeNull();
  } finally {
    db.close();
  }
});

import { describe, expect, it } from 'vitest';
import { briefOfMap } from '../../src/domain/discussion/map-brief';
import { mapData, reason } from '../../src/domain/test-support/builders';
import { postgresMigrations } from '../../src/server/store/migrations/postgres';
import { openPostgresStore } from '../../src/server/store/postgres-store';
import { createTestSchema } from '../support/postgres';
import { serviceUrl } from '../support/services';

// A PostgreSQL database made by an earlier release is brought up to date on start, keeping its maps.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'PostgreSQL migration tests');

describe.skipIf(!postgresUrl)('PostgreSQL migrations', () => {
  it('[N16] give the maps stored before briefs were kept their briefs, in their own column', async () => {
    const test = await createTestSchema(postgresUrl!, 'migrations');
    try {
      await test.query('CREATE TABLE schema_version (version INTEGER NOT NULL)');
      await test.query('INSERT INTO schema_version VALUES (3)');
      for (const step of postgresMigrations.slice(0, 3)) await test.query(step as string);
      // More than one batch of the backfill, and one row whose text is not a map.
      const datas = Array.from({ length: 150 }, (_, i) =>
        mapData([reason(i, { relevance: 'A long relevance text' })], { title: `Old map ${i}` }),
      );
      const rows = [
        ...datas.map((data, i) => [`old-map-${i}-k3j9x2m7qa1b`, JSON.stringify(data)]),
        ['not-a-map-k3j9x2m7qa1b', '[1, 2]'],
      ];
      await test.query(
        `INSERT INTO maps (id, published, expires_at, data)
           SELECT id, '2026-11-20T10:00:00.000Z', 2000000000000, data FROM unnest($1::text[], $2::text[]) AS r (id, data)`,
        [rows.map((row) => row[0]), rows.map((row) => row[1])],
      );

      await (await openPostgresStore(postgresUrl!, { schema: test.schema })).close();
      const { rows: briefs } = await test.query<{ id: string; brief: string | null }>(
        'SELECT id, brief FROM maps',
      );
      for (const [i, data] of datas.entries()) {
        const row = briefs.find((b) => b.id === `old-map-${i}-k3j9x2m7qa1b`)!;
        expect(JSON.parse(row.brief!)).toEqual(briefOfMap(data));
      }
      expect(briefs.find((b) => b.id === 'not-a-map-k3j9x2m7qa1b')!.brief).toBeNull();
      const { rows: version } = await test.query<{ version: number }>('SELECT version FROM schema_version');
      expect(version).toEqual([{ version: postgresMigrations.length }]);
    } finally {
      await test.drop();
    }
  });
});

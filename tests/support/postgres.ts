import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dropPostgresSchema } from '../../src/server/store/postgres-store';

// A schema of its own for a server process (main.ts) under test. main.ts has no schema setting, so
// the schema is created first and named in the URL's search_path; the tables cannot land in
// `public` by mistake, since CREATE TABLE goes to the first schema on the path that exists.

export interface TestSchema {
  schema: string;
  /** The database URL with `options=-c search_path=<schema>`, for DATABASE_URL. */
  url: string;
  /** Runs one query in the schema. */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  drop(): Promise<void>;
}

export async function createTestSchema(baseUrl: string, prefix: string): Promise<TestSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  await pool.query(`CREATE SCHEMA "${schema}"`);
  return {
    schema,
    url: url.toString(),
    query: (text, values) => pool.query(text, values),
    async drop() {
      await pool.end();
      await dropPostgresSchema(baseUrl, schema);
    },
  };
}

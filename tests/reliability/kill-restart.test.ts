import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { sampleMapData } from '../support/maps';
import { expectAllIntact, publishDuring } from '../support/publish-load';
import { createTestSchema, type TestSchema } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { serviceUrl } from '../support/services';

// The server process is killed with SIGKILL in the middle of 1,000 concurrent publishes, then
// started again on the same database. Whatever was answered "ok" was committed first, so every
// such map must come back intact, and the database must be sound. (SQLite runs with WAL and
// synchronous=NORMAL, which keeps every commit across a process crash; PostgreSQL is told to
// commit before the answer goes out.)

const publishes = 1_000;
/** Sockets the client uses at once: enough to keep the server busy, few enough for one machine. */
const sockets = 100;
/** SIGKILL once this many publishes have been answered ok. */
const killAfter = 300;

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'the kill -9 test on PostgreSQL');

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop(2_000);
});

/** Publishes every map at once and kills the server after `killAfter` oks. */
async function publishAndKill(server: ServerProcess, maps: MapData[]) {
  const { confirmed, answers } = await publishDuring(server.url, maps, {
    sockets,
    interruptAfter: killAfter,
    interrupt: () => server.child.kill('SIGKILL'),
  });
  const { signal } = await server.exited;
  expect(signal).toBe('SIGKILL');
  expect(confirmed.length).toBeGreaterThanOrEqual(killAfter);
  expect(confirmed.length).toBeLessThan(publishes);
  const lost = answers.filter((a) => a.status === null).length;
  console.info(`kill -9: ${confirmed.length} publishes answered ok, ${lost} cut off by the kill`);
  return confirmed;
}

const maps = Array.from({ length: publishes }, (_, i) => sampleMapData(1 + (i % 20), i));

/**
 * Starts the server on `env`'s database, kills it during the publishes, starts it again and
 * reads back every publish it confirmed; resolves to those, once the second has stopped cleanly.
 */
async function killAndRestart(env: Record<string, string>) {
  const first = await startServerProcess({ env });
  servers.push(first);
  const confirmed = await publishAndKill(first, maps);
  const second = await startServerProcess({ env });
  servers.push(second);
  await expectAllIntact(second.url, confirmed);
  await second.stop();
  expect((await second.exited).code).toBe(0);
  return confirmed;
}

describe('kill -9 during 1,000 concurrent publishes', () => {
  it('on SQLite: every publish answered ok is there after a restart, and the file is sound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'belief-map-kill-'));
    try {
      const dbPath = join(dir, 'maps.sqlite');
      const confirmed = await killAndRestart({ DATABASE_URL: `sqlite:${dbPath}`, SWEEP_INTERVAL_MS: '0' });

      const db = new Database(dbPath, { fileMustExist: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const stored = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM maps').get()!.n;
        // Publishes cut off after their commit but before their answer may be there too.
        expect(stored).toBeGreaterThanOrEqual(confirmed.length);
        expect(stored).toBeLessThanOrEqual(publishes);
        // Every stored map, answered or not, is whole JSON.
        for (const { data } of db.prepare<[], { data: string }>('SELECT data FROM maps').iterate()) {
          JSON.parse(data);
        }
      } finally {
        db.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!postgresUrl)('on PostgreSQL: every publish answered ok is there after a restart', async () => {
    let schema: TestSchema | null = null;
    try {
      schema = await createTestSchema(postgresUrl!, 'kill');
      const confirmed = await killAndRestart({ DATABASE_URL: schema.url, SWEEP_INTERVAL_MS: '0' });

      // The table read by a full scan and through its primary key agree, and every row is JSON.
      const { rows } = await schema.query<{ n: string; valid: string }>(
        'SELECT COUNT(*) AS n, COUNT(data::jsonb) AS valid FROM maps',
      );
      expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(confirmed.length);
      expect(rows[0]!.valid).toBe(rows[0]!.n);
      const ids = await schema.query<{ id: string }>('SELECT id FROM maps WHERE id = ANY($1)', [
        confirmed.map((c) => c.id),
      ]);
      expect(ids.rowCount).toBe(confirmed.length);
    } finally {
      await schema?.drop();
    }
  });
});

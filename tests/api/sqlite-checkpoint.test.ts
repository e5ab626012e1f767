import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { sampleMapData } from '../support/maps';

// The SQLite store copies its write-ahead log into the database file on a thread of its own
// (sqlite-checkpointer.ts), so that publishing never waits for a checkpoint's fsyncs.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('moves published maps from the log into the database file while the store is open', async () => {
  const path = join(dir, 'maps.sqlite');
  const store = openSqliteStore(path);
  const dataJson = JSON.stringify(sampleMapData(20));
  const now = Date.parse('2026-11-20T10:00:00.000Z');
  let n = 0;
  // About 3 MB of maps, under the main connection's own checkpoint threshold (256 MiB).
  const ids = await Promise.all(
    Array.from({ length: 600 }, () =>
      store.publish(
        { published: new Date(now).toISOString(), expiresAt: now + 1_000, dataJson },
        () => `map-${n++}-k3j9x2m7qa1b`,
      ),
    ),
  );
  expect(new Set(ids).size).toBe(600);
  await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(2_000_000), { timeout: 5_000 });
  expect(await store.get(ids[599]!, new Date(now))).toMatchObject({ id: ids[599], dataJson });
  await store.close();
  // Closed last, the main connection removes the log.
  expect(() => statSync(`${path}-wal`)).toThrow();
});

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { reportOncePerMinute } from '../../src/server/once-a-minute';
import { startCheckpointer } from '../../src/server/store/sqlite-checkpointer';
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

describe('a checkpointer that fails', () => {
  it('reports a database it cannot open, instead of dying silently', async () => {
    const errors: Error[] = [];
    const checkpointer = startCheckpointer(join(dir, 'no-such-folder', 'maps.sqlite'), {
      onError: (error) => errors.push(error),
    });
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5_000 });
    expect(errors[0]!.message).toMatch(/^SQLite checkpointer could not start: .*(directory|open)/i);
    await checkpointer.stop();
  });

  it('tells a failure repeated every round once a minute, and a new one at once', () => {
    const told: string[] = [];
    let now = 0;
    const report = reportOncePerMinute(
      (error) => told.push(error.message),
      () => now,
    );
    for (; now < 59_000; now += 100) report(new Error('disk I/O error'));
    expect(told).toEqual(['disk I/O error']);
    report(new Error('database disk image is malformed'));
    now = 60_000;
    report(new Error('disk I/O error'));
    expect(told).toEqual(['disk I/O error', 'database disk image is malformed', 'disk I/O error']);
  });
});

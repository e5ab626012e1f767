import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { healthBody, publishedId, send } from '../support/http';
import { publishBody, sampleMapData } from '../support/maps';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// A full disk, for real (PRODUCT §14): the database on a 10 MiB tmpfs that the publishes fill.
// Every publish then fails, while reads still work; /healthz must say so (it answered 200
// before), and be healthy again once there is room. Mounting needs root: elsewhere the test is
// skipped with a notice.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-full-disk-'));
let mounted = false;
try {
  if (process.getuid?.() === 0) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=10m', 'tmpfs', dir], { stdio: 'ignore' });
    mounted = true;
  }
} catch {
  // Not allowed here (a container without the capability).
}
if (!mounted) console.warn('cannot mount a tmpfs (not root?): skipping the full-disk test');

let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop(5_000);
  if (mounted) execFileSync('umount', [dir]);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!mounted)('a disk that fills up', () => {
  it('makes /healthz answer 503 while publishes fail, and 200 again once there is room', async () => {
    // Room to give back later: the publishes fill what this leaves. More than the log can hold,
    // so that the checkpoints, which copy the log into the database file, leave room once freed.
    const filler = join(dir, 'filler');
    writeFileSync(filler, Buffer.alloc(6 * 1024 * 1024));
    server = await startServerProcess({
      env: { DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`, WEB_CONCURRENCY: '1' },
    });
    const { url } = server;
    const health = async () => {
      const answer = await send(`${url}/healthz`);
      return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
    };
    expect((await health()).status).toBe(200);

    const body = publishBody(sampleMapData(200));
    const first = await send(`${url}/api/map/create`, { body });
    expect(first.status).toBe(200);
    const statuses: (number | null)[] = [];
    while (statuses.filter((status) => status === 500).length < 3 && statuses.length < 200) {
      statuses.push((await send(`${url}/api/map/create`, { body })).status);
    }
    // Full: the last three publishes failed, and the health check says so.
    expect(statuses.slice(-3)).toEqual([500, 500, 500]);
    expect(await health()).toEqual({
      status: 503,
      body: healthBody({ publishes: 'failing' }),
    });
    // Reads still work.
    expect((await send(`${url}/api/map/${publishedId(first)}`)).status).toBe(200);

    // Room again: the health check finds out by itself (its probe publish goes through within
    // 5 s), though no publish comes, as none would to an instance out of the load balancer.
    rmSync(filler);
    await vi.waitFor(async () => expect(await health()).toEqual({ status: 200, body: healthBody() }), {
      timeout: 15_000,
      interval: 500,
    });
    expect((await send(`${url}/api/map/create`, { body })).status).toBe(200);
  });
});

import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { publishedId, send } from '../support/http';
import { publishBody, sampleMapData } from '../support/maps';
import { startServerProcess, workerPids, type ServerProcess } from '../support/server-process';

// A worker above its memory bound recovers by itself (PRODUCT §14): it stops taking work,
// finishes what it has, exits, and the primary starts a fresh one, so a burst never leaves a
// worker refusing requests (503) for minutes, as one did for 19 minutes before. Against the server
// as `npm start` runs it, with two workers and an RSS bound set a little above what an idle worker
// uses, then pushed over it by reading large maps (each kept in the worker's cache).

const dir = mkdtempSync(join(tmpdir(), 'belief-map-memory-'));
// A worker may still be closing its database files as the last server stops: retry the removal.
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }));

let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.stop(5_000);
  server = null;
});

/** The resident memory of process `pid`, in bytes, as the kernel counts it. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  server = await startServerProcess({
    env: { DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`, WEB_CONCURRENCY: '2', ...env },
  });
  await vi.waitFor(() => expect(workerPids(server!.child.pid!)).toHaveLength(2), { timeout: 20_000 });
  return server;
}

/** A map as large as the body limit lets one be (2 MB). */
function largestMapBody(n: number): string {
  const data = sampleMapData(1000, n);
  for (const reason of data.reasons) reason.relevance = `${n} ${'v'.repeat(1850)}`;
  return publishBody(data);
}

describe('a worker above its memory bound', () => {
  it('retires, and a fresh worker serves within seconds; /healthz never stays 503', async () => {
    // What an idle worker holds, measured on a first run without a bound.
    const idle = await start({ MAX_RSS_BYTES: '0' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const idleRss = Math.max(...workerPids(idle.child.pid!).map(rssOf));
    await idle.stop(5_000);

    const bound = idleRss + 64 * 1024 * 1024;
    const { url, child } = await start({ MAX_RSS_BYTES: String(bound) });
    const before = workerPids(child.pid!);
    // Publishing and reading maps as large as a body may be: each worker parses some and keeps
    // every one it reads in its cache. (Requests may be refused 503 once a worker is over.)
    const pushed = Date.now();
    let peakRss = 0;
    const measure = () => {
      for (const pid of workerPids(child.pid!).filter((p) => before.includes(p)))
        peakRss = Math.max(peakRss, rssOf(pid));
    };
    const ids: string[] = [];
    for (let n = 0; n < 16 && peakRss <= bound; n++) {
      const answer = await send(`${url}/api/map/create`, { body: largestMapBody(n), timeoutMs: 30_000 });
      if (answer.status === 200) ids.push(publishedId(answer));
      await Promise.all(ids.map((id) => send(`${url}/api/map/${id}`, { agent: false, timeoutMs: 30_000 })));
      measure();
    }
    console.info(
      `memory recovery: idle worker ${(idleRss / 2 ** 20).toFixed(0)} MiB, bound ${(bound / 2 ** 20).toFixed(0)} MiB, ` +
        `pushed to ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(peakRss).toBeGreaterThan(bound);

    // The worker over its bound is replaced by a new one, and the service answers healthy.
    await vi.waitFor(
      () => {
        const workers = workerPids(child.pid!);
        expect(workers).toHaveLength(2);
        expect(workers.filter((pid) => !before.includes(pid)).length).toBeGreaterThan(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    const replacedMs = Date.now() - pushed;
    await vi.waitFor(
      async () => {
        expect((await send(`${url}/healthz`, { agent: false })).status).toBe(200);
      },
      { timeout: 20_000, interval: 200 },
    );
    const healthyMs = Date.now() - pushed;
    console.info(`memory recovery: new worker after ${replacedMs} ms, /healthz 200 after ${healthyMs} ms`);
    // Every request now is answered by a worker within its bound: 20 reads in a row, none refused.
    for (let i = 0; i < 20; i++) {
      expect((await send(`${url}/api/map/${ids[0]}`, { agent: false, timeoutMs: 30_000 })).status).toBe(200);
    }
  });
});

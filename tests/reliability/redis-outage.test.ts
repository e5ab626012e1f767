import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { send } from '../support/http';
import { publishBody, sampleMapData } from '../support/maps';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';

// PRODUCT §14.1: with REDIS_URL naming a Redis that is not there, the server as `npm start` runs
// it (two workers) still limits publishing, with the counts it keeps without Redis (the primary's,
// shared by its workers), and no publish waits for Redis. tests/api/shared-rate-limit.test.ts
// checks the same in one instance, and a Redis that hangs.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-redis-outage-'));
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('REDIS_URL at a port where nothing listens', () => {
  it('keeps the limit across both workers, and answers publishes without waiting for Redis', async () => {
    server = await startServerProcess({
      env: {
        WEB_CONCURRENCY: '2',
        DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`,
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
        CREATE_RATE_LIMIT: '20',
      },
    });
    const body = publishBody(sampleMapData(3));
    // A new connection for each publish, so that both workers take their share.
    const publish = async () => {
      const started = performance.now();
      const answer = await send(`${server!.url}/api/map/create`, { body, agent: new Agent() });
      return { status: answer.status, ms: performance.now() - started };
    };
    await publish(); // the first publish pays for warming up: compiling, the database's first write
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await publish());

    expect(answers.map((answer) => answer.status)).toEqual([...Array(19).fill(200), ...Array(11).fill(429)]);
    // A publish that waited for Redis took its command timeout, 500 ms; one that does not takes a
    // few ms. The bound is generous for a shared machine, and on the median, not the slowest.
    const sorted = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(300);
    expect(server.output()).not.toMatch(/"level":[56]0/);
  });
});

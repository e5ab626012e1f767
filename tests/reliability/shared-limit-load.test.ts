import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { send } from '../support/http';
import { publishBody, sampleMapData } from '../support/maps';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { serviceUrl } from '../support/services';

// With Redis up, no address gets more than its publish limit in any window (PRODUCT §14.1), even
// on a machine at full load, where Redis answers slowly: before, commands timed out after 50 ms,
// each timeout moved a worker to counting alone, and an address got about twice its limit. Two
// workers, Redis, `stress-ng` holding both CPUs, and one address publishing on 8 connections.

const redisUrl = serviceUrl('TEST_REDIS_URL', 'the shared limit under load');
const hasStress = spawnSync('stress-ng', ['--version']).status === 0;

const limit = 5;
const windowMs = 60_000;
const publishMs = 20_000;

const dir = mkdtempSync(join(tmpdir(), 'belief-map-shared-limit-'));
let server: ServerProcess | null = null;
let stress: ChildProcess | null = null;
afterAll(async () => {
  stress?.kill('SIGKILL');
  await server?.stop(5_000);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!redisUrl || !hasStress)(
  'the publish limit shared through Redis, on a machine at full load',
  () => {
    it(`lets one address publish at most ${limit} at once and then one per ${windowMs / limit / 1000} s`, async () => {
      server = await startServerProcess({
        env: {
          WEB_CONCURRENCY: '2',
          DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`,
          REDIS_URL: redisUrl!,
          REDIS_KEY_PREFIX: `belief-map-test:${randomBytes(6).toString('hex')}:`,
          CREATE_RATE_LIMIT: String(limit),
          ...(process.env.REDIS_COMMAND_TIMEOUT_MS
            ? { REDIS_COMMAND_TIMEOUT_MS: process.env.REDIS_COMMAND_TIMEOUT_MS }
            : {}),
        },
      });
      stress = spawn('stress-ng', ['--cpu', '2', '--timeout', `${publishMs / 1000 + 10}s`, '--quiet'], {
        stdio: 'ignore',
      });
      const body = publishBody(sampleMapData(3));
      const started = Date.now();
      const statuses: (number | null)[] = [];
      // A new connection for each publish, so that both workers take their share.
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (Date.now() - started < publishMs) {
            const answer = await send(`${server!.url}/api/map/create`, {
              body,
              agent: new Agent(),
              timeoutMs: 30_000,
            });
            statuses.push(answer.status);
          }
        }),
      );
      const elapsedMs = Date.now() - started;
      stress.kill('SIGKILL');
      const published = statuses.filter((status) => status === 200).length;
      const refused = statuses.filter((status) => status === 429).length;
      // The burst, and what refilled since the first publish.
      const allowed = limit + Math.ceil((elapsedMs * limit) / windowMs);
      console.info(
        `shared limit under stress-ng: ${published} published, ${refused} refused of ${statuses.length} ` +
          `in ${elapsedMs} ms (allowed at most ${allowed}); ` +
          `${server.output().includes('redis: unavailable') ? 'fell back to counting alone' : 'never fell back'}`,
      );
      expect(published).toBeGreaterThanOrEqual(limit);
      expect(published).toBeLessThanOrEqual(allowed);
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    }, 90_000);
  },
);

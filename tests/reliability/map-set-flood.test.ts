import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { publishedId, send } from '../support/http';
import { largeMapData, publishBody, sampleMapData } from '../support/maps';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// PRODUCT §5.9: a set of maps costs what it sends. 100 maps of about 2 MB each were 210 MB of
// JSON in one answer, seconds of CPU and hundreds of MB per request, and 4 looping connections
// made most honest reads 503. Now a set is answered in brief, in pages of at most 4 MiB, read
// from the store as a page fills, cached: 4 connections looping on it (two on the briefs, two
// walking every page of the maps whole) leave every honest read answered, and quickly. Against
// the server as `npm start` runs it, with two workers.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-map-set-flood-'));
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop(5_000);
  rmSync(dir, { recursive: true, force: true });
});

const mapBytes = 1_900_000;
const quietMs = 3_000;
const attackMs = 8_000;

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
}

/** Reads the small map over and over for `ms`, and answers every read's status and time. */
async function readFor(url: string, small: string, ms: number) {
  const reads: { status: number | null; ms: number }[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const started = performance.now();
    const { status } = await send(`${url}/api/map/${small}`, { agent: false, timeoutMs: 10_000 });
    reads.push({ status, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return reads;
}

it('4 looping connections on GET /api/maps of 100 large maps leave every honest read answered, quickly', async () => {
  server = await startServerProcess({
    env: { DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`, WEB_CONCURRENCY: '2', CREATE_RATE_LIMIT: '0' },
  });
  const { url } = server;
  const ids: string[] = [];
  for (let i = 0; i < 100; i += 4) {
    const published = await Promise.all(
      [0, 1, 2, 3].map((k) =>
        send(`${url}/api/map/create`, {
          body: publishBody(largeMapData(mapBytes, i + k)),
          timeoutMs: 30_000,
        }),
      ),
    );
    for (const answer of published) {
      expect(answer.status, answer.body).toBe(200);
      ids.push(publishedId(answer));
    }
  }
  const small = publishedId(await send(`${url}/api/map/create`, { body: publishBody(sampleMapData(20)) }));
  const set = `${url}/api/maps?ids=${ids.join(',')}`;
  const gzip = { 'accept-encoding': 'gzip' };

  const brief = await send(set, { timeoutMs: 30_000 });
  expect(brief.status).toBe(200);
  const briefPage = JSON.parse(brief.body) as { data: { maps: unknown[]; next: string | null } };
  expect(briefPage.data.maps).toHaveLength(100);
  expect(briefPage.data.next).toBeNull();

  const quiet = await readFor(url, small, quietMs);
  const quietP99 = p99(quiet.map((read) => read.ms));

  let attacking = true;
  const attacks: { status: number | null; ms: number; bytes: number }[] = [];
  const attacker = async (whole: boolean) => {
    let after: string | null = null;
    while (attacking) {
      const started = performance.now();
      const page = whole ? `${set}&form=full${after ? `&after=${after}` : ''}` : set;
      const answer = await send(page, { agent: false, headers: whole ? {} : gzip, timeoutMs: 30_000 });
      attacks.push({ status: answer.status, ms: performance.now() - started, bytes: answer.body.length });
      // The cursor ends the answer: read there, so that parsing megabytes in this process (which
      // also times the honest reads) does not count against the server.
      if (whole && answer.status === 200)
        after = /"next":"([^"]+)"\}\}$/.exec(answer.body.slice(-300))?.[1] ?? null;
    }
  };
  const attackers = [attacker(false), attacker(false), attacker(true), attacker(true)];
  const honest = await readFor(url, small, attackMs);
  attacking = false;
  await Promise.all(attackers);
  const honestP99 = p99(honest.map((read) => read.ms));
  const bound = Math.max(5 * quietP99, 60);
  const largest = Math.max(...attacks.map((attack) => attack.bytes));
  console.info(
    `map-set flood: 100 maps of ${(mapBytes / 1e6).toFixed(1)} MB, brief answer ${(brief.body.length / 1e3).toFixed(0)} KB; ` +
      `quiet: ${quiet.length} honest reads, p99 ${quietP99.toFixed(1)} ms; under 4 looping connections: ` +
      `${attacks.length} set requests (largest page ${(largest / 1e6).toFixed(2)} MB, statuses ` +
      `${JSON.stringify(countBy(attacks.map((a) => a.status)))}), ${honest.length} honest reads, ` +
      `statuses ${JSON.stringify(countBy(honest.map((r) => r.status)))}, p99 ${honestP99.toFixed(1)} ms ` +
      `(bound ${bound.toFixed(1)} ms)`,
  );
  expect(honest.filter((read) => read.status !== 200)).toEqual([]);
  expect(honestP99).toBeLessThanOrEqual(bound);
  expect(largest).toBeLessThanOrEqual(4 * 1024 * 1024 + 1024);
}, 120_000);

function countBy<T>(values: readonly T[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}

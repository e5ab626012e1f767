import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedId, send } from '../support/http';
import { sampleMapData } from '../support/maps';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// A map's list of responses costs what it answers (PRODUCT §5.6): each response's summary is
// stored at publish, so listing 21 responses of 2 MB each reads no map's text, and a forged
// cursor is refused rather than served. Before, each list read and parsed 44 MB on the event
// loop, and 4 looping connections put honest reads' p99 at 480–584 ms against 7–8 ms quiet.
// Against `npm start` (two workers), honest reads alternate with the attack.

const phaseMs = 4_000;
const dir = mkdtempSync(join(tmpdir(), 'belief-map-responses-flood-'));
let server: ServerProcess;
let baseId: string;
let readUrl: string;

beforeAll(async () => {
  server = await startServerProcess({
    env: { DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`, WEB_CONCURRENCY: '2' },
  });
  const publish = async (data: object, fields: object = {}) => {
    const answer = await send(`${server.url}/api/map/create`, {
      body: JSON.stringify({ version: '1.0', data, ...fields }),
      timeoutMs: 30_000,
    });
    expect(answer.status, answer.body).toBe(200);
    return publishedId(answer);
  };
  baseId = await publish(sampleMapData(5));
  readUrl = `${server.url}/api/map/${await publish(sampleMapData(20))}`;
  for (let n = 0; n < 21; n++) {
    const data = sampleMapData(1000, n);
    for (const reason of data.reasons) reason.relevance = `${n} ${'v'.repeat(1850)}`;
    await publish(data, { basedOn: baseId, listed: true });
  }
}, 120_000);
afterAll(async () => {
  await server?.stop(5_000);
  rmSync(dir, { recursive: true, force: true });
});

/** Honest reads of a small map, one after another, for `ms`: their statuses and times. */
async function honestReads(ms: number): Promise<{ statuses: (number | null)[]; times: number[] }> {
  const statuses: (number | null)[] = [];
  const times: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const started = performance.now();
    statuses.push((await send(readUrl, { agent: false, timeoutMs: 10_000 })).status);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { statuses, times };
}

const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)]!;

describe("a map's responses, listed in a loop", () => {
  it('by 4 connections, with forged cursors too, leaves every honest read answered and fast', async () => {
    const list = await send(`${server.url}/api/map/${baseId}/responses`, { timeoutMs: 30_000 });
    expect(list.status).toBe(200);
    const { data } = JSON.parse(list.body) as { data: { responses: unknown[]; next: string | null } };
    expect(data.responses).toHaveLength(20);
    expect(Buffer.byteLength(list.body)).toBeLessThan(10_000);

    const quiet = await honestReads(phaseMs);
    const forged = Buffer.from(`r1|2026-01-01T00:00:00.000Z|no-such-map-k3j9x2m7qa1b`).toString('base64url');
    const urls = [
      `${server.url}/api/map/${baseId}/responses`,
      `${server.url}/api/map/${baseId}/responses?cursor=${data.next}`,
      `${server.url}/api/map/${baseId}/responses?cursor=${forged}`,
    ];
    let attacking = true;
    const attackStatuses: (number | null)[] = [];
    const attackers = [0, 1, 2, 3].map(async (i) => {
      const agent = new Agent({ keepAlive: true });
      for (let n = i; attacking; n++)
        attackStatuses.push((await send(urls[n % urls.length]!, { agent, timeoutMs: 10_000 })).status);
      agent.destroy();
    });
    const attacked = await honestReads(phaseMs);
    attacking = false;
    await Promise.all(attackers);

    const bound = Math.max(5 * p99(quiet.times), 60);
    console.info(
      `responses flood: ${attackStatuses.length} lists in ${phaseMs} ms ` +
        `(${attackStatuses.filter((s) => s === 400).length} forged cursors refused); honest reads ` +
        `p99 ${p99(quiet.times).toFixed(1)} ms quiet (${quiet.times.length}), ` +
        `${p99(attacked.times).toFixed(1)} ms under attack (${attacked.times.length}), bound ${bound.toFixed(0)} ms`,
    );
    expect(new Set(attackStatuses)).toEqual(new Set([200, 400]));
    expect(quiet.statuses.every((status) => status === 200)).toBe(true);
    expect(attacked.statuses.every((status) => status === 200)).toBe(true);
    expect(p99(attacked.times)).toBeLessThanOrEqual(bound);
  }, 60_000);
});

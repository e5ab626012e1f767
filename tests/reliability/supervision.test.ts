import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { send } from '../support/http';
import { publishBody, sampleMapData } from '../support/maps';
import { expectAllIntact, publishDuring } from '../support/publish-load';
import { workerPids, startServerProcess, type ServerProcess } from '../support/server-process';

// `npm start` runs supervised (PRODUCT §14): a primary forks WEB_CONCURRENCY workers, replaces one
// that dies, and on SIGTERM drains them all. Killing a worker with kill -9 under publish load
// loses no acknowledged publish, and the service keeps answering.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-supervision-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let server: ServerProcess | null = null;
afterEach(async () => {
  await server?.stop(5_000);
  server = null;
});

let runs = 0;
async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
  server = await startServerProcess({
    env: { DATABASE_URL: `sqlite:${join(dir, `run-${++runs}.sqlite`)}`, WEB_CONCURRENCY: '2', ...env },
  });
  await vi.waitFor(() => expect(workerPids(server!.child.pid!)).toHaveLength(2), { timeout: 20_000 });
  return server;
}

describe('kill -9 of one worker', () => {
  it('under 1,000 publishes loses no acknowledged publish; the service keeps answering and the worker is replaced', async () => {
    const { url, child } = await start();
    const [victim] = workerPids(child.pid!);
    const maps = Array.from({ length: 1_000 }, (_, i) => sampleMapData(1 + (i % 20), i));
    const { confirmed, answers, afterInterrupt } = await publishDuring(url, maps, {
      sockets: 100,
      interruptAfter: 300,
      interrupt: () => process.kill(victim!, 'SIGKILL'),
    });
    const cut = answers.filter((a) => a.status === null).length;
    console.info(
      `worker kill -9: ${confirmed.length} publishes answered ok (${afterInterrupt} after the kill), ${cut} cut off`,
    );
    // Only the killed worker's connections were cut: the other worker went on publishing.
    expect(afterInterrupt).toBeGreaterThan(0);
    expect(cut).toBeLessThan(maps.length - 300);
    await expectAllIntact(url, confirmed);

    // A new worker took the dead one's place, and new publishes go through.
    await vi.waitFor(
      () => {
        const workers = workerPids(child.pid!);
        expect(workers).toHaveLength(2);
        expect(workers).not.toContain(victim);
      },
      { timeout: 20_000 },
    );
    for (let i = 0; i < 10; i++) {
      const answer = await send(`${url}/api/map/create`, {
        agent: false,
        body: publishBody(sampleMapData(3)),
      });
      expect(answer.status).toBe(200);
    }
  });
});

describe('SIGTERM', () => {
  it('lets every worker finish its request in flight, then exits 0', async () => {
    const { url, child, exited } = await start({ LOG_LEVEL: 'info' });
    const port = Number(new URL(url).port);
    const body = publishBody(sampleMapData(5));
    // Publishes only: a health probe of start-up that gave up waiting may still arrive meanwhile.
    const incoming = () =>
      server!
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"incoming request"') && line.includes('/api/map/create'))
        .length;
    const before = incoming();
    // Two publishes on two connections (the primary deals connections to the workers in turn),
    // each with half its body sent when the signal comes.
    const inFlight = [1, 2].map(() => {
      const socket = connect({ port, host: '127.0.0.1' });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', () => {});
      const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
      socket.write(
        `POST /api/map/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 50)}`,
      );
      return { socket, closed };
    });
    // The signal comes once both requests have reached a worker: a connection whose request has
    // not arrived yet is idle, and a closing server drops idle connections.
    await vi.waitFor(() => expect(incoming()).toBe(before + 2), { timeout: 10_000 });
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const { socket } of inFlight) socket.write(body.slice(50));
    for (const { closed } of inFlight) {
      expect(await closed).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*"status":"ok"/);
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(server!.output()).toContain('shutting down: draining every worker');
    server = null;
  });
});

describe('the publish rate limit without Redis', () => {
  it('counts a client once across all workers, not once per worker', async () => {
    const { url } = await start({ CREATE_RATE_LIMIT: '3' });
    const statuses: (number | null)[] = [];
    // A connection of its own each: the primary deals them to both workers in turn.
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await send(`${url}/api/map/create`, { agent: false, body: publishBody(sampleMapData(2)) })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });
});

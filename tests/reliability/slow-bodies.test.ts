import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { send } from '../support/http';
import { publishBody, sampleMapData } from '../support/maps';
import { startServerProcess, type ServerProcess } from '../support/server-process';

// PRODUCT §14.2: clients that announce a large body and send it slowly cannot keep anyone else
// from publishing. The server runs as `npm start` does, two workers with the default body limits
// (2 MiB a body, 64 MiB in flight a worker): 160 connections from 40 addresses each announce a
// body of 2 MiB, 320 MiB in all, and send a few bytes of it. A body counts what it has sent, so
// honest publishes meanwhile are all stored; and with a minimum rate, the slow bodies are cut
// off long before the request timeout.

const dir = mkdtempSync(join(tmpdir(), 'belief-map-slow-bodies-'));
let server: ServerProcess | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.stop();
  server = null;
});
afterEach(() => rmSync(join(dir, 'maps.sqlite'), { force: true }));

const bodyLimit = 2 * 1024 * 1024;

interface SlowBody {
  /** Resolves when the server closes the connection, to what it answered and when. */
  ended: Promise<{ received: string; atMs: number }>;
  isOpen(): boolean;
}

/** A publish from 127.0.0.`host` announcing a body of the limit, sending 100 bytes of it. */
function slowBody(port: number, host: number, started: number): Promise<SlowBody> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: `127.0.0.${host}` });
    sockets.push(socket);
    let received = '';
    let open = true;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    const ended = new Promise<{ received: string; atMs: number }>((done) =>
      socket.once('close', () => {
        open = false;
        done({ received, atMs: performance.now() - started });
      }),
    );
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(
        `POST /api/map/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${bodyLimit}\r\n\r\n{"version":"1.0","data":{"title":"${'x'.repeat(60)}`,
      );
      resolve({ ended, isOpen: () => open });
    });
  });
}

async function startWith(env: Record<string, string>): Promise<ServerProcess> {
  server = await startServerProcess({
    env: {
      WEB_CONCURRENCY: '2',
      DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`,
      // "incoming request" lines tell when the slow bodies have reached the workers.
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  return server;
}

/** 160 slow bodies, four from each of 127.0.0.10 to 127.0.0.49, once they have all reached a worker. */
async function openSlowBodies(server: ServerProcess, started: number): Promise<SlowBody[]> {
  const incoming = () => server.output().match(/"msg":"incoming request"/g)?.length ?? 0;
  const before = incoming();
  const port = Number(new URL(server.url).port);
  const opened: Promise<SlowBody>[] = [];
  for (let i = 0; i < 160; i++) opened.push(slowBody(port, 10 + (i % 40), started));
  const slow = await Promise.all(opened);
  await vi.waitFor(() => expect(incoming()).toBeGreaterThanOrEqual(before + 160), {
    timeout: 10_000,
    interval: 50,
  });
  return slow;
}

/** 20 honest publishes, one after another, each from its own address and connection. */
async function honestPublishes(url: string): Promise<(number | null)[]> {
  const body = publishBody(sampleMapData(10));
  const statuses: (number | null)[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await send(`${url}/api/map/create`, {
      body,
      localAddress: `127.0.0.${100 + i}`,
      agent: false,
    });
    statuses.push(answer.status);
  }
  return statuses;
}

describe('160 slow bodies announcing 2 MiB each', () => {
  it('leave room for every honest publish while they are held open', async () => {
    // No minimum rate: the slow bodies stay until the request timeout, for all of this test.
    const proc = await startWith({ MIN_BODY_BYTES_PER_SEC: '0', REQUEST_TIMEOUT_MS: '120000' });
    const slow = await openSlowBodies(proc, performance.now());
    expect(await honestPublishes(proc.url)).toEqual(Array(20).fill(200));
    // None was answered or cut off meanwhile.
    expect(slow.filter((body) => !body.isOpen())).toHaveLength(0);
  });

  it('are cut off with 408 once they fall below MIN_BODY_BYTES_PER_SEC, long before the request timeout', async () => {
    const proc = await startWith({});
    const slow = await openSlowBodies(proc, performance.now());
    expect(await honestPublishes(proc.url)).toEqual(Array(20).fill(200));
    const endings = await Promise.all(slow.map((body) => body.ended));
    for (const ending of endings) {
      expect(ending.received).toMatch(/^HTTP\/1\.1 408 /);
      expect(ending.received).toContain('"message":"The request took too long to arrive; send it again"');
      // 2 s of grace and a check every half second; REQUEST_TIMEOUT_MS is 30 s.
      expect(ending.atMs).toBeLessThan(10_000);
    }
  }, 60_000);
});

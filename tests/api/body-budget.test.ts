import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyBudget } from '../../src/server/body-budget';
import { countStoredMaps, listen, mapRequest, serverPerTest, type TestServer } from './helpers';

// MAX_BODY_BYTES_IN_FLIGHT (PRODUCT §14): the bytes of request bodies a process is reading,
// parsing or holding until they commit are bounded. A body that would go over the bound is
// answered 503 with Retry-After before it is read, and its room comes back when its answer is
// sent or its connection closes. No address may take more than an eighth of it.

describe('bodyBudget', () => {
  it('counts bodies until they are given back, and refuses what would go over the bound', () => {
    const budget = bodyBudget(8000, 1000);
    const releases = Array.from({ length: 8 }, (_, i) => budget.reserve(`10.0.0.${i}`, 1000));
    expect(releases.every(Boolean)).toBe(true);
    expect(budget.inFlight()).toBe(8000);
    expect(budget.reserve('10.0.0.99', 1)).toBeNull();
    releases[0]!();
    releases[0]!(); // given back once, however often it is called
    expect(budget.inFlight()).toBe(7000);
    expect(budget.reserve('10.0.0.99', 1000)).not.toBeNull();
  });

  it('lets one address hold an eighth of the bound, or one body of the limit if that is more', () => {
    const budget = bodyBudget(64_000, 2000);
    expect(budget.reserve('10.0.0.1', 8000)).not.toBeNull();
    expect(budget.reserve('10.0.0.1', 1)).toBeNull();
    expect(budget.reserve('10.0.0.2', 8000)).not.toBeNull();
    const small = bodyBudget(4000, 2000);
    expect(small.reserve('10.0.0.1', 2000)).not.toBeNull();
    expect(small.reserve('10.0.0.1', 1)).toBeNull();
  });
});

const startServer = serverPerTest();
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

// Over the smallest BODY_LIMIT (1 KiB).
const body = JSON.stringify(mapRequest({ description: 'Why it matters. '.repeat(100) }));
const bodyBytes = Buffer.byteLength(body);

/** A publish from `localAddress` that sends its headers and half its body, then waits. */
async function stalledPublish(port: number, localAddress: string) {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise((resolve) => socket.once('close', resolve));
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST /api/map/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bodyBytes}\r\n\r\n${body.slice(0, 100)}`,
  );
  return {
    socket,
    closed,
    received: () => received,
    finish: () => socket.write(body.slice(100)),
  };
}

/** A whole publish from `localAddress` over its own connection; resolves to its status and headers. */
async function publishFrom(port: number, localAddress: string) {
  const attempt = await stalledPublish(port, localAddress);
  attempt.finish();
  await vi.waitFor(() => expect(attempt.received()).toMatch(/\r\n\r\n.+/s), { timeout: 5_000 });
  attempt.socket.destroy();
  const [head = '', answer = ''] = attempt.received().split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, answer };
}

describe('with room for two bodies', () => {
  let server: TestServer;
  async function start() {
    // Room for exactly two of these bodies, and one each address.
    server = await startServer({
      env: { BODY_LIMIT: String(bodyBytes), MAX_BODY_BYTES_IN_FLIGHT: String(2 * bodyBytes) },
    });
    return Number(new URL(await listen(server.app)).port);
  }

  it('answers a third body 503 with Retry-After before reading it, and publishes once there is room', async () => {
    const port = await start();
    const first = await stalledPublish(port, '127.0.0.2');
    const second = await stalledPublish(port, '127.0.0.3');
    // Both are being read: their room is taken until they are answered.
    await vi.waitFor(() => expect(first.received() + second.received()).toBe(''));

    const refused = await stalledPublish(port, '127.0.0.4');
    // Answered with its body still unsent, then its connection closed.
    await vi.waitFor(() => expect(refused.received()).toMatch(/^HTTP\/1\.1 503 /), { timeout: 5_000 });
    await refused.closed;
    const [head, answer] = refused.received().split('\r\n\r\n');
    expect(head).toMatch(/\r\nretry-after: 2\r\n/i);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    expect(head).toMatch(/\r\ncontent-security-policy: /i);
    expect(JSON.parse(answer!)).toEqual({
      status: 'error',
      message: 'The server is busy receiving other maps; try again in a few seconds',
    });

    first.finish();
    await vi.waitFor(() => expect(first.received()).toMatch(/^HTTP\/1\.1 200 /), { timeout: 5_000 });
    expect((await publishFrom(port, '127.0.0.4')).status).toBe(200);
    second.finish();
    await vi.waitFor(() => expect(second.received()).toMatch(/^HTTP\/1\.1 200 /), { timeout: 5_000 });
    expect(countStoredMaps(server.dbPath)).toBe(3);
  });

  it('gives back the room of a client that hangs up mid-body', async () => {
    const port = await start();
    const gone = await stalledPublish(port, '127.0.0.2');
    const waiting = await stalledPublish(port, '127.0.0.3');
    expect((await publishFrom(port, '127.0.0.4')).status).toBe(503);
    gone.socket.destroy();
    await vi.waitFor(async () => expect((await publishFrom(port, '127.0.0.4')).status).toBe(200), {
      timeout: 5_000,
    });
    waiting.socket.destroy();
  });

  it('keeps one address to its share: its second body is refused while another address publishes', async () => {
    const port = await start();
    const held = await stalledPublish(port, '127.0.0.2');
    expect((await publishFrom(port, '127.0.0.2')).status).toBe(503);
    expect((await publishFrom(port, '127.0.0.3')).status).toBe(200);
    held.socket.destroy();
  });
});

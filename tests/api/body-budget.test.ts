import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyBudget } from '../../src/server/http/body-budget';
import { countStoredMaps, listen, mapRequest, serverPerTest, type TestServer } from './helpers';

// MAX_BODY_BYTES_IN_FLIGHT (PRODUCT §14.2): the bytes of request bodies a process has received and
// is parsing or holding until they commit are bounded. Each body counts the bytes it has sent so
// far, so a client that announces a large body and sends it slowly holds only what it sent. A
// body whose next bytes would go over the bound is answered 503 with Retry-After, and the rest
// of it is not read; its room comes back when its answer is sent or its connection closes. No
// address may take more than an eighth of it.

describe('bodyBudget', () => {
  it('counts bodies as their bytes arrive until they are given back, and refuses what would go over the bound', () => {
    const budget = bodyBudget(8000, 1000);
    const holds = Array.from({ length: 8 }, (_, i) => budget.hold(`10.0.0.${i}`));
    for (const hold of holds) expect(hold.add(400)).toBe(true);
    for (const hold of holds) expect(hold.add(600)).toBe(true);
    expect(budget.inFlight()).toBe(8000);
    const late = budget.hold('10.0.0.99');
    expect(late.add(1)).toBe(false);
    holds[0]!.release();
    holds[0]!.release(); // given back once, however often it is called
    expect(budget.inFlight()).toBe(7000);
    expect(late.add(1000)).toBe(true);
    late.release();
    expect(budget.inFlight()).toBe(7000);
  });

  it('lets one address hold an eighth of the bound, or one body of the limit if that is more', () => {
    const budget = bodyBudget(64_000, 2000);
    const first = budget.hold('10.0.0.1');
    expect(first.add(5000)).toBe(true);
    expect(budget.hold('10.0.0.1').add(3000)).toBe(true);
    expect(first.add(1)).toBe(false);
    expect(budget.hold('10.0.0.2').add(8000)).toBe(true);
    const small = bodyBudget(4000, 2000);
    expect(small.hold('10.0.0.1').add(2000)).toBe(true);
    expect(small.hold('10.0.0.1').add(1)).toBe(false);
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

/** A publish from `localAddress` that sends its headers and the first `sent` bytes of its body, then waits. */
async function stalledPublish(port: number, localAddress: string, sent = 100) {
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
      `Content-Length: ${bodyBytes}\r\n\r\n${body.slice(0, sent)}`,
  );
  return {
    socket,
    closed,
    received: () => received,
    finish: () => socket.write(body.slice(sent)),
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
      // No minimum rate: a stalled body here is held for as long as the test needs it.
      env: {
        BODY_LIMIT: String(bodyBytes),
        MAX_BODY_BYTES_IN_FLIGHT: String(2 * bodyBytes),
        MIN_BODY_BYTES_PER_SEC: '0',
      },
    });
    return Number(new URL(await listen(server.app)).port);
  }

  it('answers a third body 503 with Retry-After once its bytes would go over, and publishes once there is room', async () => {
    const port = await start();
    // Two bodies all but sent: their room is taken until they are answered.
    const first = await stalledPublish(port, '127.0.0.2', bodyBytes - 1);
    const second = await stalledPublish(port, '127.0.0.3', bodyBytes - 1);
    await vi.waitFor(() => expect(first.received() + second.received()).toBe(''));

    const refused = await stalledPublish(port, '127.0.0.4');
    // Answered with most of its body unsent, then its connection closed.
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
    const gone = await stalledPublish(port, '127.0.0.2', bodyBytes - 1);
    const waiting = await stalledPublish(port, '127.0.0.3', bodyBytes - 1);
    expect((await publishFrom(port, '127.0.0.4')).status).toBe(503);
    gone.socket.destroy();
    await vi.waitFor(async () => expect((await publishFrom(port, '127.0.0.4')).status).toBe(200), {
      timeout: 5_000,
    });
    waiting.socket.destroy();
  });

  it('keeps one address to its share: its second body is refused while another address publishes', async () => {
    const port = await start();
    const held = await stalledPublish(port, '127.0.0.2', bodyBytes - 1);
    expect((await publishFrom(port, '127.0.0.2')).status).toBe(503);
    expect((await publishFrom(port, '127.0.0.3')).status).toBe(200);
    held.socket.destroy();
  });

  it('counts a body that announced its whole length at what it has sent: slow clients leave room', async () => {
    const port = await start();
    // Six clients announce a whole body each, three times the room, and send 100 bytes of it.
    const slow: Awaited<ReturnType<typeof stalledPublish>>[] = [];
    for (let i = 0; i < 6; i++) slow.push(await stalledPublish(port, `127.0.0.${10 + i}`));
    await vi.waitFor(() => expect(slow.map((attempt) => attempt.received()).join('')).toBe(''));
    expect((await publishFrom(port, '127.0.0.3')).status).toBe(200);
    expect((await publishFrom(port, '127.0.0.4')).status).toBe(200);
    for (const attempt of slow) attempt.socket.destroy();
  });
});

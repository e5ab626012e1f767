import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { listen, serverForFile } from '../api/helpers';
import { publishBody, sampleMapData } from '../support/maps';

// A slow or hung client cannot hold the server: a request whose headers and body have not all
// arrived within REQUEST_TIMEOUT_MS is answered 408 and its connection closed, however it dribbles.
// Meanwhile everyone else is served as usual. The timeout is set low here so that the test takes
// seconds (the default is 30 s).

const requestTimeoutMs = 1_000;
const connectionTimeoutMs = 1_500;
/** Node checks running requests every quarter of the timeout; the rest is the machine's slack. */
const closeWithinMs = requestTimeoutMs * 1.25 + 750;

const server = serverForFile({
  env: { REQUEST_TIMEOUT_MS: String(requestTimeoutMs), CONNECTION_TIMEOUT_MS: String(connectionTimeoutMs) },
});
let port: number;
let base: string;

beforeAll(async () => {
  base = await listen(server.app);
  port = Number(new URL(base).port);
});

interface Ending {
  /** Everything the server sent before the connection ended. */
  received: string;
  /** From the last byte the client sent to the end of the connection. */
  afterLastByteMs: number;
  /** From the connection's opening to its end. */
  totalMs: number;
}

/** Opens a raw connection; `talk` writes to it; resolves when the server ends the connection. */
function rawConnection(talk: (socket: Socket, sent: () => void) => void): Promise<Ending> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const opened = Date.now();
    let lastSent = opened;
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {}); // a reset also ends the connection; 'close' follows
    socket.on('close', () =>
      resolve({ received, afterLastByteMs: Date.now() - lastSent, totalMs: Date.now() - opened }),
    );
    socket.on('connect', () => talk(socket, () => (lastSent = Date.now())));
    // The test's own bound: a server that never closes fails here instead of hanging.
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after 10 s; received: ${received}`));
    }, 10_000).unref();
  });
}

const body = publishBody(sampleMapData(20));
const headers =
  `POST /api/map/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

/** Other clients meanwhile: each GET must be answered promptly. */
async function timeOtherRequests(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = Date.now();
    const response = await fetch(`${base}/api/map/default`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    times.push(Date.now() - started);
    await new Promise((done) => setTimeout(done, 50));
  }
  return times;
}

function expectClosedByTimeout(ending: Ending): void {
  // A 408 in the API's error shape, then the connection closed; never anything else.
  expect(ending.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(ending.received).toMatch(/\r\nconnection: close\r\n/i);
  // With the security headers every answer carries (PRODUCT §13).
  expect(ending.received).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'self'/i);
  expect(ending.received).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
  const answer = ending.received.slice(ending.received.indexOf('\r\n\r\n') + 4);
  expect(JSON.parse(answer)).toEqual({
    status: 'error',
    message: 'The request took too long to arrive; send it again',
  });
  expect(ending.totalMs).toBeLessThan(closeWithinMs);
}

describe('a client that sends headers and half a body, then stalls', () => {
  it('is answered 408 and disconnected within the request timeout, while others are served', async () => {
    const stalled = rawConnection((socket, sent) => {
      socket.write(headers + body.slice(0, body.length / 2));
      sent();
    });
    const others = timeOtherRequests(10);
    const ending = await stalled;
    expectClosedByTimeout(ending);
    expect(ending.totalMs).toBeGreaterThanOrEqual(requestTimeoutMs - 50);
    for (const ms of await others) expect(ms).toBeLessThan(750);
  });

  it('holds nothing when fifty do it at once', async () => {
    const stalled = Array.from({ length: 50 }, () =>
      rawConnection((socket, sent) => {
        socket.write(headers + body.slice(0, 100));
        sent();
      }),
    );
    const others = timeOtherRequests(10);
    for (const ending of await Promise.all(stalled)) expectClosedByTimeout(ending);
    for (const ms of await others) expect(ms).toBeLessThan(750);
    // And publishing still works afterwards.
    const response = await fetch(`${base}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
  });
});

describe('a client that trickles its body a few bytes at a time (never silent for long)', () => {
  it('is still cut off by the request timeout', async () => {
    const ending = await rawConnection((socket, sent) => {
      socket.write(headers);
      sent();
      let offset = 0;
      const drip = setInterval(() => {
        if (socket.destroyed || offset >= body.length) return clearInterval(drip);
        socket.write(body.slice(offset, offset + 5));
        offset += 5;
        sent();
      }, 100);
      socket.on('close', () => clearInterval(drip));
    });
    expectClosedByTimeout(ending);
  });
});

describe('a client that sends half its headers, then stalls', () => {
  it('is disconnected within the request timeout', async () => {
    const ending = await rawConnection((socket, sent) => {
      socket.write('GET /api/map/default HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      sent();
    });
    expectClosedByTimeout(ending);
  });
});

describe('a client that connects and sends nothing', () => {
  it('is answered 408 and disconnected within the request timeout', async () => {
    expectClosedByTimeout(await rawConnection(() => {}));
  });
});

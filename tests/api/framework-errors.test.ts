import { inject } from 'light-my-request';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { listen, serverForFile, startServer } from './helpers';

// PRODUCT §12, §13: every answer, those Node's HTTP parser and Fastify give before the app's own
// hooks run included, carries the security headers and, where it has a body, the API's error
// shape `{"status":"error","message":…}`. Sent over a real socket: these answers never reach
// inject.

const server = serverForFile();
let port: number;
beforeAll(async () => {
  port = Number(new URL(await listen(server.app)).port);
});

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Writes `request` as it is and reads the first answer (until it is complete or the socket ends). */
function raw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let received = '';
    const finish = () => {
      socket.destroy();
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as const;
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const [head, body] = received.split('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(head ?? '');
      if (body !== undefined && length && Buffer.byteLength(body) >= Number(length[1])) finish();
    });
    socket.on('end', finish);
    socket.on('error', reject);
    socket.write(request);
  });
}

function expectHeadersAndShape(answer: RawAnswer, status: number, message: RegExp): void {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['message', 'status']);
  expect(body.status).toBe('error');
  expect(body.message).toMatch(message);
}

describe('answers given before the app’s routes', () => {
  it.each([
    [
      'a URL that is not valid percent-encoding (FST_ERR_BAD_URL)',
      'GET /api/map/%zz HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
      /^Malformed URL/,
    ],
    [
      'a page URL that is not valid percent-encoding',
      'GET /map/%E0%A4%A HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
      /^Malformed URL/,
    ],
    [
      'headers over 16 KB',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      /too large/,
    ],
    ['a URL over 16 KB', `GET /api/map/${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, /too large/],
    ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', 400, /^Malformed HTTP request$/],
    [
      'both Content-Length and Transfer-Encoding (a smuggling shape)',
      'POST /api/map/create HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      /^Malformed HTTP request$/,
    ],
    [
      'an Expect it does not meet',
      'GET /api/map/default HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n',
      417,
      /Expect/,
    ],
    ['an HTTP/1.1 request without Host', 'GET /api/map/default HTTP/1.1\r\n\r\n', 400, /Host/],
  ])('%s', async (_what, request, status, message) => {
    expectHeadersAndShape(await raw(request), status, message);
  });

  it('serves the same request once it is well formed', async () => {
    const answer = await raw('GET /api/map/default HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});

describe('a request that reaches an instance while it closes', () => {
  it('is answered 503 with Retry-After, the headers and the error shape, and its connection closed', async () => {
    let finishClosing = () => {};
    const closing = await startServer({
      wrapStore: (inner) => ({
        ...inner,
        publish: (map, newId) => inner.publish(map, newId),
        // The store's close waits, so that the instance stays closing while it is asked.
        close: () => new Promise<void>((done) => (finishClosing = () => void inner.close().then(done))),
      }),
    });
    await closing.app.ready();
    const closed = closing.app.close();
    await new Promise((resolve) => setImmediate(resolve));
    // inject refuses a closing instance, so the request goes to the router as a socket's would.
    const response = await inject((req, res) => closing.app.routing(req, res), { url: '/api/map/default' });
    finishClosing();
    await closed;
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.headers.connection).toBe('close');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.json()).toEqual({
      status: 'error',
      message: 'The server is restarting; try again in a moment',
    });
  });
});

import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';
import { publishBody, sampleMapData } from './maps';

// Clients that stall or dribble over raw TCP, for the request-timeout tests: what the server
// answers them (tests/api/request-timeout.test.ts) and how soon (tests/reliability/slow-client.test.ts).

export interface Ending {
  /** Everything the server sent before the connection ended. */
  received: string;
  /** From the last byte the client sent to the end of the connection. */
  afterLastByteMs: number;
  /** From the connection's opening to its end. */
  totalMs: number;
}

/**
 * Opens a raw connection to 127.0.0.1:`port`; `talk` writes to it and calls `sent` after each
 * write. Resolves when the server ends the connection; rejects if it is still open after
 * `boundMs`, so a server that never closes fails the test instead of hanging it.
 */
export function rawConnection(
  port: number,
  talk: (socket: Socket, sent: () => void) => void,
  boundMs = 10_000,
): Promise<Ending> {
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
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${boundMs} ms; received: ${received}`));
    }, boundMs).unref();
  });
}

/** A publish of a 20-reason map: its body, and the request line and headers that announce it. */
export const body = publishBody(sampleMapData(20));
export const headers =
  `POST /api/map/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

/** Sends the headers and half the body, then nothing more. */
export const stallMidBody = (socket: Socket, sent: () => void) => {
  socket.write(headers + body.slice(0, body.length / 2));
  sent();
};

/** Sends the headers, then the body five bytes every 100 ms: never silent for long. */
export const trickleBody = (socket: Socket, sent: () => void) => {
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
};

/** Sends half a GET's headers, then nothing more. */
export const stallMidHeaders = (socket: Socket, sent: () => void) => {
  socket.write('GET /api/map/default HTTP/1.1\r\nHost: 127.0.0.1\r\n');
  sent();
};

/**
 * The connection was answered 408 in the API's error shape, with the security headers every
 * answer carries (PRODUCT §13), and then closed; never anything else.
 */
export function expectAnswered408(ending: Ending): void {
  expect(ending.received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(ending.received).toMatch(/\r\nconnection: close\r\n/i);
  expect(ending.received).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'self'/i);
  expect(ending.received).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
  const answer = ending.received.slice(ending.received.indexOf('\r\n\r\n') + 4);
  expect(JSON.parse(answer)).toEqual({
    status: 'error',
    message: 'The request took too long to arrive; send it again',
  });
}

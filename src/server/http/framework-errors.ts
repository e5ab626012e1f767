import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './errors';
import { securityHeaders } from './security-headers';

// Answers that Node's HTTP server or Fastify give before a request reaches the app's hooks and
// routes: bytes that are not HTTP, a request too slow to arrive (408) or with headers too large
// (431), an Expect the server does not meet (417), a URL that cannot be decoded. Each carries
// the security headers and the API's error shape, as every other answer does (PRODUCT §12, §13):
// a bare answer without frame-ancestors could be framed by another site, and a client would meet
// an error shape of Fastify's own.

const headers = securityHeaders();
const jsonType = 'application/json; charset=utf-8';

const socketAnswers: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive; send it again' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request headers are too large' },
};
const malformed = { status: 400, message: 'Malformed HTTP request' };

/** Fastify's `clientErrorHandler`: one answer on the raw socket if it can still take it, then close. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = socketAnswers[error.code ?? ''] ?? malformed;
  const body = JSON.stringify(errorBody(message));
  if (socket.writable) {
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Connection: close',
      `Content-Type: ${jsonType}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** Fastify's `frameworkErrors`: a URL it cannot decode, or a path segment over its length. */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'Malformed URL: it must be valid percent-encoded UTF-8'
      : 'Malformed URL: a part of it is too long';
  void reply.code(400).headers(headers).type(jsonType).send(errorBody(message));
}

/** Node's 'checkExpectation': an `Expect` other than 100-continue is answered 417 and not served. */
export function answerUnmetExpectation(_request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify(errorBody('Expect is not supported, except 100-continue'));
  response.writeHead(417, {
    ...headers,
    connection: 'close',
    'content-type': jsonType,
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

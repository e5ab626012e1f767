import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

// Errors Node's HTTP parser meets before a request reaches Fastify's routes: a request that did
// not arrive within REQUEST_TIMEOUT_MS, headers that are too large, bytes that are not HTTP. They
// are answered in the API's error shape too (PRODUCT §5), then the connection is closed.

const answers: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive; send it again' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Request headers are too large' },
};
const malformed = { status: 400, message: 'Malformed HTTP request' };

/** Fastify's `clientErrorHandler`: one JSON answer if the socket can still take it, then close. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = answers[error.code ?? ''] ?? malformed;
  const body = JSON.stringify({ status: 'error', message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

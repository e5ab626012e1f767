import type { FastifyError, FastifyInstance } from 'fastify';
import { StoreUnavailableError } from '../store/map-store';

// One error handler for the whole server (PRODUCT §12.2): a 4xx tells the client what was wrong;
// a 5xx says only that something failed, and the details go to the log.

/** Answers in the API's error shape, `{ status: "error", message }`. */
export function errorBody(message: string) {
  return { status: 'error' as const, message };
}

export const emptyBodyMessage = 'Request body is empty; send a belief map as JSON';

/**
 * A request body refused before all of it was read (over the size limit, or over the bounds of
 * a map: json-body.ts; arriving too slowly: body-budget.ts). The rest is never read: the
 * connection ends with the answer.
 */
export class UnreadBodyError extends Error {
  override readonly name = 'UnreadBodyError';
  constructor(
    message: string,
    readonly statusCode: 400 | 408 | 413,
  ) {
    super(message);
  }
}

/**
 * The server cannot take this request now (PRODUCT §14): answered 503 with Retry-After and the
 * connection closed, so that a body not yet read is never read.
 */
export class BusyError extends Error {
  override readonly name = 'BusyError';
  readonly statusCode = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const clientMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: emptyBodyMessage,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the belief map as application/json',
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | BusyError | UnreadBodyError, request, reply) => {
    if (error instanceof StoreUnavailableError) {
      request.log.warn({ err: error }, 'store unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody('The database is unavailable; try again shortly'));
    }
    if (error instanceof UnreadBodyError) {
      // The rest of the body is never read: the connection ends with this answer.
      reply.raw.once('finish', () => request.raw.destroy());
      return reply.code(error.statusCode).header('connection', 'close').send(errorBody(error.message));
    }
    if (error instanceof BusyError) {
      return reply
        .code(503)
        .header('retry-after', String(error.retryAfterSeconds))
        .header('connection', 'close')
        .send(errorBody(error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(errorBody('Internal server error'));
    }
    if (status === 413) {
      return reply.code(413).send(errorBody('Request body is too large'));
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send(errorBody('Request body is not valid JSON'));
    }
    return reply.code(status).send(errorBody(clientMessages[error.code] ?? error.message));
  });
}

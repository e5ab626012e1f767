import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { pino, type DestinationStream } from 'pino';

// Fastify's request logs ("incoming request", "request completed") are written at info level.
// With LOG_LEVEL warn or quieter they are never written, yet Fastify would still time every
// request for them: a listener on each answer, about 12 µs, a fifth of the CPU time of a cached
// GET in bench/http.bench.ts. So at those levels Fastify runs without a logger of its own, and
// the app's pino logger is handed to each request, with its reqId, and to the instance. The lines
// are the same JSON but for Fastify's "request errored", which errors.ts's own line replaces.

const requestLogLevels = new Set(['trace', 'debug', 'info']);

/**
 * Fastify's own serialisers: Fastify logs `{ req, res }` itself in a few places (a failed
 * writeHead, an error handler that throws), and without these a line would carry the whole
 * request, its headers (cookies, authorisation) included.
 */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
};

export interface Logging {
  /** Fastify's logger options. */
  options: Pick<FastifyServerOptions, 'logger' | 'childLoggerFactory'>;
  /** The logger to set as `app.log` once the instance exists, or null to keep Fastify's. */
  instanceLogger: FastifyBaseLogger | null;
}

/**
 * Logging for LOG_LEVEL `level`, written to `destination` (standard output by default);
 * `override` (tests) is passed to Fastify as it is.
 */
export function logging(
  level: string,
  override?: boolean | object,
  destination?: DestinationStream,
): Logging {
  if (override !== undefined) return { options: { logger: override }, instanceLogger: null };
  if (requestLogLevels.has(level)) {
    return {
      options: { logger: destination ? { level, stream: destination } : { level } },
      instanceLogger: null,
    };
  }
  const options = { level, serializers };
  const logger = destination ? pino(options, destination) : pino(options);
  return {
    options: { logger: false, childLoggerFactory: (_fastifyLogger, bindings) => logger.child(bindings) },
    instanceLogger: logger,
  };
}

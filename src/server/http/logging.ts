import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { pino, type DestinationStream } from 'pino';

// Fastify's request logs ("incoming request", "request completed") are written at info level.
// With LOG_LEVEL warn or quieter they are never written, yet Fastify would still time every
// request for them: a listener on each answer, about 12 µs, a fifth of the CPU time of a cached
// GET in bench/http.bench.ts. So at those levels Fastify runs without a logger of its own, and
// the app's pino logger is handed to each request, with its reqId, and to the instance. The lines
// are the same JSON but for Fastify's "request errored", which errors.ts's own line replaces.

const requestLogLevels = new Set(['trace', 'debug', 'info']);

/** Longest URL a log line carries: a 15 KB URL must not write 16 KB of log per request. */
const maxLoggedUrlLength = 200;

/** `url`, cut to maxLoggedUrlLength characters with a marker saying how much was left out. */
function loggedUrl(url: string): string {
  if (url.length <= maxLoggedUrlLength) return url;
  return `${url.slice(0, maxLoggedUrlLength)}…[${url.length - maxLoggedUrlLength} more characters]`;
}

/**
 * The request and reply as log lines carry them, at every level: a few fields, the URL cut
 * short, never the headers (cookies, authorisation). Fastify logs `{ req, res }` itself ("incoming
 * request", "request completed", a failed writeHead).
 */
const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
  err: pino.stdSerializers.err,
};

/**
 * PRODUCT §5.8, §14.6: the author key's header is secret. The serialisers above never log headers;
 * should a line carry them anyway (a request logged whole, a header object in an error), the key
 * is replaced.
 */
const redact = {
  paths: [
    'req.headers["belief-map-author-key"]',
    'request.headers["belief-map-author-key"]',
    'headers["belief-map-author-key"]',
    'err.headers["belief-map-author-key"]',
  ],
  censor: '[redacted]',
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
      options: {
        logger: destination
          ? { level, redact, serializers: { req: serializers.req }, stream: destination }
          : { level, redact, serializers: { req: serializers.req } },
      },
      instanceLogger: null,
    };
  }
  const options = { level, redact, serializers };
  const logger = destination ? pino(options, destination) : pino(options);
  return {
    options: { logger: false, childLoggerFactory: (_fastifyLogger, bindings) => logger.child(bindings) },
    instanceLogger: logger,
  };
}

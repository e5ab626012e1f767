import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { answerClientError, answerFrameworkError, answerUnmetExpectation } from './framework-errors';
import type { Config } from './config';
import { BusyError, errorBody, installErrorHandler } from './errors';
import { shedLoadUnderPressure } from './load-shedding';
import { logging } from './logging';
import { healthRoutes } from './routes/health';
import { publishOutcomes } from './publish-outcomes';
import { renderPreviewPng } from './preview-image';
import { previewImages, type RenderPreview } from './preview-images';
import { publishedMaps } from './published-maps';
import { mapRoutes } from './routes/maps';
import { addSecurityHeaders } from './security-headers';
import { registerClient } from './static';
import { fastifyTrustProxy } from './trust-proxy';
import type { MapStore } from './store/map-store';
import { memoryBuckets, redisBuckets, type Buckets } from './rate-limit/buckets';
import { registerRateLimit } from './rate-limit/plugin';
import { createRedisClient } from './rate-limit/redis';

export interface AppDeps {
  store: MapStore;
  /** The clock; tests move it to check expiry. */
  now?: () => Date;
  /** Pino options or false, instead of logging at the configured level (tests). */
  logger?: boolean | object;
  /** Where the configured logging writes; standard output by default. */
  logStream?: DestinationStream;
  /** The publish rate limit's buckets when there is no Redis; in this process by default. */
  rateLimitBuckets?: Buckets;
  /** Draws a link-preview picture; satori and resvg by default (tests count the renders). */
  renderPreview?: RenderPreview;
}

/**
 * The whole server as a Fastify instance that never listens (tests call it with inject,
 * worker.ts listens). Closing it waits for in-flight requests, then closes the store.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const { options: loggerOptions, instanceLogger } = logging(config.logLevel, deps.logger, deps.logStream);
  const app = Fastify({
    ...loggerOptions,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    // The router's default (100) answers longer ids with its own 414 in another shape; let every id
    // reach the route, which answers any malformed one with PRODUCT §5.2's 400. No route uses a regex.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A slow or hung client cannot hold a connection: the whole request (headers and body) must
    // arrive within REQUEST_TIMEOUT_MS (else 408), and a connection silent both ways for
    // CONNECTION_TIMEOUT_MS mid-request (a client that stopped reading) is closed. Node checks
    // requests against the timeout every connectionsCheckingInterval (30 s by default): check at
    // a quarter of the timeout, so a request is cut off at most 25% late.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 4)),
      // Node would answer a request without Host with a bare 400; the hook below answers it.
      requireHostHeader: false,
    },
    // Errors met before the app's hooks run are answered in the app's shape, with its headers
    // (framework-errors.ts).
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    keepAliveTimeout: 10_000,
    // Fastify's own 503 while closing has neither; the hook below answers it instead.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  });
  app.server.on('checkExpectation', answerUnmetExpectation);
  if (instanceLogger) app.log = instanceLogger;
  app.addHook('onClose', async () => store.close());
  // Once closing, answers still in flight close their connection: otherwise a keep-alive client
  // holds the server open until its idle timeout, and worker.ts gives up on shutdown after 10 s.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  installErrorHandler(app);
  addSecurityHeaders(app);
  app.addHook('onRequest', (request, _reply, done) => {
    // A request that reaches a closing instance (on a connection that was busy when it began to
    // close) is sent elsewhere: the load balancer retries it on another instance.
    if (closing) return done(new BusyError('The server is restarting; try again in a moment', 1));
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      return done(Object.assign(new Error('Request has no Host header'), { statusCode: 400 }));
    }
    done();
  });
  // Only the publish route reads a body, with the one JSON parser (json-body.ts): anywhere else,
  // a body is never read or parsed, so a POST to an unknown path is a 404 however large it is.
  app.removeAllContentTypeParsers();

  await shedLoadUnderPressure(app, config.loadShedding);
  // With REDIS_URL the publish buckets live in Redis, shared by every instance; a Redis outage
  // lets publishes through unlimited (skipOnError) rather than refusing them. Without it they
  // live in this process, or where `deps.rateLimitBuckets` keeps them (the primary of npm start).
  const redis = config.redisUrl
    ? createRedisClient(config.redisUrl, {
        onReady: () => app.log.info('redis: connected; rate limits are shared'),
        onUnavailable: (error) =>
          app.log.warn({ err: error }, 'redis: unavailable; publishes are not rate-limited until it is back'),
      })
    : null;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  await registerRateLimit(app, {
    buckets: redis
      ? redisBuckets(redis, config.redisKeyPrefix)
      : (deps.rateLimitBuckets ?? memoryBuckets(() => now().getTime())),
    skipOnError: redis !== null,
  });

  const maps = publishedMaps(store);
  const publishes = publishOutcomes(now);
  await app.register(healthRoutes, { store, publishes, now });
  const images = previewImages(deps.renderPreview ?? renderPreviewPng);
  await app.register(mapRoutes, { config, store, maps, images, publishes, now });
  const sendIndex = config.clientDir
    ? await registerClient(app, { clientDir: config.clientDir, maps, publicUrl: config.publicUrl, now })
    : null;

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !sendIndex || request.method !== 'GET') {
      return reply
        .code(404)
        .send(errorBody(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
    }
    return sendIndex(reply, 404);
  });
  return app;
}

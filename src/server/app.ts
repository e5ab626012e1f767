import Fastify, { type FastifyInstance } from 'fastify';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { DestinationStream } from 'pino';
import { answerClientError, answerFrameworkError, answerUnmetExpectation } from './http/framework-errors';
import type { Config } from './config';
import { BusyError, errorBody, installErrorHandler } from './http/errors';
import { shedLoadUnderPressure } from './http/load-shedding';
import { logging } from './http/logging';
import { pageRenderPool } from './pages/page-render-pool';
import { healthRoutes } from './routes/health';
import { publishOutcomes } from './publishing/publish-outcomes';
import { renderPreviewPng } from './pages/preview-image';
import { previewImages, type RenderPreview } from './pages/preview-images';
import { largestEntryBytes, publishedMaps } from './pages/published-maps';
import { mapRoutes } from './routes/maps';
import { responseRoutes } from './routes/responses';
import { allowCrossOriginReads } from './http/cross-origin';
import { addSecurityHeaders } from './http/security-headers';
import { registerClient } from './routes/client';
import { fastifyTrustProxy, keepValidForwardedAddresses } from './http/trust-proxy';
import type { MapStore } from './store/map-store';
import { memoryBuckets, redisBuckets, type Buckets } from './rate-limit/buckets';
import { registerRateLimit } from './rate-limit/plugin';
import { listingQuota } from './rate-limit/listing-quota';
import { wrongKeyThrottle } from './rate-limit/wrong-keys';
import { publishQuota } from './rate-limit/publish-quota';
import { createRedisClient, firstConnection, sharedWhileRedisAnswers } from './rate-limit/redis';

export interface AppDeps {
  store: MapStore;
  /** The clock; tests move it to check expiry. */
  now?: () => Date;
  /** Pino options or false, instead of logging at the configured level (tests). */
  logger?: boolean | object;
  /** Where the configured logging writes; standard output by default. */
  logStream?: DestinationStream;
  /** The instance's own publish buckets, without Redis or while it is away; in this process by default. */
  rateLimitBuckets?: Buckets;
  /** Draws a link-preview picture; satori and resvg by default (tests count the renders). */
  renderPreview?: RenderPreview;
}

/**
 * The whole server as a Fastify instance that never listens (tests call it with inject,
 * process/worker.ts listens). Closing it waits for in-flight requests, then closes the store.
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
    // (http/framework-errors.ts).
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
  // holds the server open until its idle timeout, and process/worker.ts gives up on shutdown after 10 s.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  if (config.trustProxy !== false) keepValidForwardedAddresses(app);
  installErrorHandler(app);
  addSecurityHeaders(app);
  allowCrossOriginReads(app);
  app.addHook('onRequest', (request, _reply, done) => {
    // A request that reaches a closing instance (on a connection that was busy when it began to
    // close) is sent elsewhere: the load balancer retries it on another instance.
    if (closing) return done(new BusyError('The server is restarting; try again in a moment', 1));
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      return done(Object.assign(new Error('Request has no Host header'), { statusCode: 400 }));
    }
    done();
  });
  // Only the publish route reads a body, with the one JSON parser (http/json-body.ts): anywhere else,
  // a body is never read or parsed, so a POST to an unknown path is a 404 however large it is.
  app.removeAllContentTypeParsers();

  await shedLoadUnderPressure(app, config.loadShedding);
  // With REDIS_URL the publish buckets live in Redis, shared by every instance; while Redis is
  // away or silent, each instance counts in its own buckets, as without it (rate-limit/redis.ts).
  // Those live in this process, or where `deps.rateLimitBuckets` keeps them (the primary of npm
  // start).
  const ownBuckets = deps.rateLimitBuckets ?? memoryBuckets(() => now().getTime());
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, config.redisCommandTimeoutMs) : null;
  const buckets = redis
    ? sharedWhileRedisAnswers(redis, redisBuckets(redis, config.redisKeyPrefix), ownBuckets, {
        onShared: () => app.log.info('redis: connected; rate limits are shared'),
        onLocal: (error) =>
          app.log.warn(
            { err: error },
            'redis: unavailable; publishes are counted by this instance alone until it is back',
          ),
      })
    : ownBuckets;
  if (redis) {
    app.addHook('onClose', async () => redis.disconnect());
    await firstConnection(redis);
  }
  await registerRateLimit(app, { buckets });

  // Every map the body limit lets in keeps its entry, page included: one that did not would be
  // rendered again on every view, ~165 ms of the worker's time each for a 2 MB map.
  const maps = publishedMaps(store, { maxEntryBytes: largestEntryBytes(config.bodyLimitBytes) });
  const publishes = publishOutcomes(now);
  await app.register(healthRoutes, { store, publishes, now });
  // Pages and preview pictures are rendered on threads of their own (pages/page-render-pool.ts), sharing
  // the machine's cores with the other worker processes, when the build has the thread's code
  // (dist/server); without it (development, tests of the API alone) on this event loop.
  const renderThreads = Math.max(1, Math.floor(availableParallelism() / config.webConcurrency));
  const pool = config.clientDir
    ? pageRenderPool({
        clientDir: config.clientDir,
        serverDir: join(config.clientDir, '../server'),
        threads: renderThreads,
        maxQueued: 4 * renderThreads,
        onThreadError: (error) => app.log.error({ err: error }, 'a render thread failed; it is replaced'),
      })
    : null;
  if (pool) app.addHook('onClose', () => pool.close());
  const renderPreview: RenderPreview = pool
    ? (content) =>
        pool.renderPreview(content).catch((error: unknown) => {
          if (error instanceof BusyError) throw error;
          // A thread that failed: this picture is drawn here rather than not at all.
          app.log.error({ err: error }, 'a preview picture failed on its thread; it is drawn here');
          return renderPreviewPng(content);
        })
    : renderPreviewPng;
  const images = previewImages(deps.renderPreview ?? renderPreview);
  const quota = publishQuota(buckets, config.publishQuota);
  const listing = listingQuota(buckets);
  await app.register(mapRoutes, { config, store, maps, images, publishes, quota, listing, now });
  await app.register(responseRoutes, {
    store,
    maps,
    wrongKeys: wrongKeyThrottle(buckets, () => now().getTime()),
    now,
  });
  const sendIndex = config.clientDir
    ? await registerClient(app, {
        clientDir: config.clientDir,
        maps,
        publicUrl: config.publicUrl,
        now,
        pool,
      })
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

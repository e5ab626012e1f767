import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { errorBody, installErrorHandler } from './errors';
import { healthRoutes } from './routes/health';
import { mapRoutes } from './routes/maps';
import { registerClient } from './static';
import type { MapStore } from './store/map-store';

export interface AppDeps {
  store: MapStore;
  /** The clock; tests move it to check expiry. */
  now?: () => Date;
  /** Pino options or false; defaults to the configured level. */
  logger?: boolean | object;
}

/**
 * The whole server as a Fastify instance that never listens (STYLE: tests call it with inject,
 * main.ts listens). Closing it waits for in-flight requests, then closes the store.
 */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // The router's default (100) answers longer ids with its own 414 in another shape; let every id
    // reach the route, which answers any malformed one with PRODUCT §5's 400. No route uses a regex.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A slow or hung client cannot hold a connection: the whole request must arrive in 30 s.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.addHook('onClose', async () => store.close());
  // Once closing, answers still in flight close their connection: otherwise a keep-alive client
  // holds the server open until its idle timeout, and main.ts gives up on shutdown after 10 s.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  installErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // PRODUCT §8: embedding is by the mount function in a host page, not by framing, so only
        // the app itself may frame its pages.
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many maps published from this address; try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });

  await app.register(healthRoutes, { store });
  await app.register(mapRoutes, { config, store, now });
  const sendIndex = config.clientDir
    ? await registerClient(app, { clientDir: config.clientDir, store, now })
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

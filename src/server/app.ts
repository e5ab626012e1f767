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
    // A slow or hung client cannot hold a connection: the whole request must arrive in 30 s.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.addHook('onClose', async () => store.close());
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
  const sendIndex = config.clientDir ? await registerClient(app, config.clientDir) : null;

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !sendIndex || request.method !== 'GET') {
      return reply.code(404).send(errorBody(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`));
    }
    return sendIndex(reply, 404);
  });
  return app;
}

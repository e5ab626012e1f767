import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { isPrimaryMessage, type WorkerMessage } from '../cluster-messages';
import { watchMemory } from './memory-watch';
import type { Config } from '../config';
import { bucketsInPrimary } from '../rate-limit/shared-buckets';
import { openStore } from '../store/open-store';

// A worker of `npm start` (PRODUCT §14): opens its own connection to the database (the primary
// has run the migrations and does the background work: checkpoints, the expiry sweep), builds
// the app and listens on the port the primary shares between its workers. It stops cleanly,
// finishing the requests in flight, when the primary says so or on SIGTERM/SIGINT, and by itself
// when its memory stays above its bound (memory-watch.ts), to be replaced by a fresh worker.

function send(message: WorkerMessage): void {
  process.send?.(message);
}

/** Tells the primary why this worker cannot serve, and ends it. */
function fatal(line: string): never {
  send({ type: 'fatal', line });
  // The primary prints the line and stops; exiting at once keeps it from being replaced first.
  process.exit(1);
}

export async function runWorker(config: Config): Promise<void> {
  // Told to stop at any moment, even before the app exists (the primary may stop while this
  // worker is still starting): nothing to drain then.
  let app: FastifyInstance | null = null;
  let closing = false;
  const shutdown = async (why: string) => {
    if (closing) return;
    closing = true;
    if (!app) process.exit(0);
    app.log.info({ why }, 'worker shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app?.log.error('worker shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('message', (message: unknown) => {
    if (isPrimaryMessage(message) && message.type === 'shutdown') void shutdown('primary');
  });
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  let store;
  try {
    store = await openStore(config.database, {
      checkpoints: 'elsewhere',
      poolSize: config.databasePoolSize,
      onIdleError: (error) =>
        app?.log.warn(
          { err: error },
          'database: an idle connection failed; the next request opens a new one',
        ),
    });
  } catch (error) {
    const where = config.database.kind === 'sqlite' ? config.database.path : 'DATABASE_URL';
    fatal(`Cannot open the database at ${where}: ${(error as Error).message}`);
  }

  const built = await buildApp(config, {
    store,
    // Without Redis, or while it is away, the workers count in the primary's buckets.
    rateLimitBuckets: bucketsInPrimary({
      send,
      onMessage: (listener) => process.on('message', listener),
    }),
  });
  app = built;
  if (closing) {
    await built.close();
    process.exit(0);
  }
  try {
    await built.listen({ port: config.port, host: config.host });
  } catch (error) {
    await built.close();
    fatal(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  // Above its memory bound for seconds on end, the worker retires and the primary replaces it.
  watchMemory(config.loadShedding, (why) => {
    built.log.warn({ why }, 'worker above its memory bound; retiring so that a fresh one replaces it');
    void shutdown(`memory: ${why}`);
  });
}

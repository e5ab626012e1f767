import type { FastifyInstance } from 'fastify';
import type { PublishOutcomes } from '../publish-outcomes';
import type { MapStore } from '../store/map-store';

export interface HealthOptions {
  store: MapStore;
  publishes: PublishOutcomes;
}

/**
 * For load balancers (PRODUCT §14): 200 when the maps table can be read and recent publishes are
 * not all failing; otherwise 503, saying which is wrong. The causes go to the log, not the body.
 */
export async function healthRoutes(app: FastifyInstance, { store, publishes }: HealthOptions): Promise<void> {
  app.get('/healthz', async (request, reply) => {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await store.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the maps table cannot be read');
      database = 'unavailable';
    }
    const publishing = publishes.allFailing() ? 'failing' : 'ok';
    reply.header('cache-control', 'no-store');
    if (database === 'ok' && publishing === 'ok') {
      return reply.send({ status: 'ok', database, publishes: publishing });
    }
    const problems = [
      database === 'ok' ? null : 'the maps table cannot be read',
      publishing === 'ok' ? null : 'the last publishes all failed',
    ].filter(Boolean);
    return reply.code(503).send({
      status: 'error',
      message: `Unhealthy: ${problems.join('; ')}`,
      database,
      publishes: publishing,
    });
  });
}

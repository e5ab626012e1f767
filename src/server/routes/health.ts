import type { FastifyInstance } from 'fastify';
import type { MapStore } from '../store/map-store';

/** For load balancers: 200 when the database answers, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance, { store }: { store: MapStore }): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    try {
      await store.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'ok' });
    } catch (error) {
      app.log.warn({ err: error }, 'health check: database unavailable');
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'error', database: 'unavailable' });
    }
  });
}

import type { FastifyInstance } from 'fastify';
import { newMapId } from '../publishing/ids';
import type { PublishOutcomes } from '../publishing/publish-outcomes';
import type { MapStore } from '../store/map-store';

export interface HealthOptions {
  store: MapStore;
  publishes: PublishOutcomes;
  now: () => Date;
}

/** Most often a health check publishes a map of its own, while publishes are failing. */
const probeEveryMs = 5_000;
/** A probe map is deleted by the next sweep and never read: it lives a minute. */
const probeLifetimeMs = 60_000;

/** A probe map's text, as long as the largest failed publish: a nearly full disk still takes a small one. */
function probeData(bytes: number): string {
  const empty = JSON.stringify({ title: 'Health check', description: '', reasons: [] });
  return JSON.stringify({
    title: 'Health check',
    description: 'x'.repeat(Math.max(0, bytes - empty.length)),
    reasons: [],
  });
}

/**
 * For load balancers (PRODUCT §14): 200 when the maps table can be read and publishes are not
 * all failing; otherwise 503, saying which is wrong. The causes go to the log, not the body.
 * While the last publishes all failed, a health check publishes a map of its own (every 5 s at
 * most), as large as the largest that failed, through the same store, so that an instance the
 * load balancer took out, which gets no publishes, finds out when writing works again (the disk
 * has room, the database is back) and says so.
 */
export async function healthRoutes(
  app: FastifyInstance,
  { store, publishes, now }: HealthOptions,
): Promise<void> {
  let lastProbe = -Infinity;
  const probe = async () => {
    const at = now();
    if (at.getTime() - lastProbe < probeEveryMs) return;
    lastProbe = at.getTime();
    const dataJson = probeData(publishes.largestFailure());
    try {
      await store.publish(
        { published: at.toISOString(), expiresAt: at.getTime() + probeLifetimeMs, dataJson },
        () => newMapId('health check'),
      );
      publishes.record(true, dataJson.length);
    } catch (error) {
      app.log.warn({ err: error }, 'health check: publishing still fails');
      publishes.record(false, dataJson.length);
    }
  };

  app.get('/healthz', async (request, reply) => {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await store.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'health check: the maps table cannot be read');
      database = 'unavailable';
    }
    if (database === 'ok' && publishes.allFailing()) await probe();
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

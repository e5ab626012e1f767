import type { FastifyBaseLogger } from 'fastify';
import type { MapStore } from './map-store';

/**
 * Deletes expired maps now and then every `intervalMs` (PRODUCT §8.3: 90 days). Reads already refuse
 * expired maps, so the sweep only reclaims space and a missed run loses nothing. Returns a stop
 * function. The timer is unref'd: it never keeps the process alive.
 */
export function startExpirySweep(
  store: MapStore,
  intervalMs: number,
  now: () => Date,
  log: FastifyBaseLogger,
): () => void {
  if (intervalMs <= 0) return () => {};
  const sweep = async () => {
    try {
      const deleted = await store.deleteExpired(now());
      if (deleted > 0) log.info({ deleted }, 'expired maps deleted');
    } catch (error) {
      log.warn({ err: error }, 'expiry sweep failed; will retry');
    }
  };
  void sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

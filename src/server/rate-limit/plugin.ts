import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Buckets } from './buckets';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store interface over `buckets`: one store for every route. */
function storeOf(buckets: Buckets) {
  return class BucketStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      buckets.take(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(): BucketStore {
      return this;
    }
  };
}

export interface RateLimitOptions {
  /** Never fail: buckets kept elsewhere answer from the instance's own when they cannot be reached. */
  buckets: Buckets;
}

/**
 * Registers @fastify/rate-limit on `app` with token buckets; routes opt in with
 * `config.rateLimit` (only publishing does). Over the limit: 429 with Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: storeOf(options.buckets),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many maps published from this address; try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
}

import { Redis } from 'ioredis';
import type { Buckets } from './buckets';

// The Redis client behind the shared rate-limit counters (REDIS_URL). Redis is an aid, never a
// dependency: publishing must neither wait on it nor go unlimited without it. While Redis is
// disconnected, a command is never sent (nor queued to wait for a connection); while it is
// connected but silent, a command gives up after redisCommandTimeoutMs. Either way the publish is
// counted in the instance's own buckets, the ones it uses without REDIS_URL, until Redis answers
// again (PRODUCT §14.1).

export interface RedisEvents {
  /** Redis answers (again, or for the first time): counts are shared. */
  onShared?: () => void;
  /** Redis stopped answering: counts are the instance's own. Told once per outage. */
  onLocal?: (error: Error) => void;
}

/** Longest a command waits for an answer from a connected Redis: added to a publish at worst. */
const redisCommandTimeoutMs = 50;

/** How often a Redis that stopped answering on a live connection is asked again, in the background. */
const probeEveryMs = 1_000;

/**
 * Connects to `url` in the background and keeps reconnecting (every 2 s at most) for as long as
 * the client lives. A command sent while it is not connected fails at once. Close it with
 * `disconnect()`.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: redisCommandTimeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
}

/**
 * Resolves once `client` is connected, has failed to connect, or `withinMs` have passed, whichever
 * comes first: an instance then shares its counts from its first request when Redis is up, and
 * does not wait long for one that is not.
 */
export function firstConnection(client: Redis, withinMs = 1_000): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, withinMs);
    client.once('ready', done);
    client.once('error', done);
  });
}

/**
 * Buckets that take tokens from `shared` (kept in Redis by `client`) while Redis answers, and
 * from `local` otherwise: at once while the client is not connected, and from the first command
 * that fails (a timeout) until a background PING, once a second, is answered again.
 */
export function sharedWhileRedisAnswers(
  client: Redis,
  shared: Buckets,
  local: Buckets,
  events: RedisEvents = {},
): Buckets {
  /** A command failed on a connection that is still open; a probe or a new connection clears it. */
  let silent = false;
  let told: 'shared' | 'local' | null = null;
  let probe: NodeJS.Timeout | null = null;
  const tell = (now: 'shared' | 'local', error?: Error) => {
    if (told === now) return;
    told = now;
    if (now === 'shared') events.onShared?.();
    else events.onLocal?.(error ?? new Error(`Redis is not connected (${client.status})`));
  };
  const answering = () => {
    silent = false;
    if (probe) clearInterval(probe);
    probe = null;
    tell('shared');
  };
  client.on('ready', answering);
  // Without a listener, ioredis prints every failed reconnection to the console.
  client.on('error', (error: Error) => tell('local', error));
  client.on('end', () => {
    if (probe) clearInterval(probe);
    probe = null;
  });
  const startProbing = () => {
    if (probe) return;
    probe = setInterval(() => {
      if (client.status === 'ready') client.ping().then(answering, () => {});
    }, probeEveryMs);
    probe.unref();
  };
  return {
    async take(key, windowMs, max, cost = 1) {
      if (silent || client.status !== 'ready') {
        tell('local');
        return local.take(key, windowMs, max, cost);
      }
      try {
        return await shared.take(key, windowMs, max, cost);
      } catch (error) {
        silent = true;
        tell('local', error as Error);
        startProbing();
        return local.take(key, windowMs, max, cost);
      }
    },
  };
}

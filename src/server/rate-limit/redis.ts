import { Redis } from 'ioredis';
import type { Buckets } from './buckets';

// The Redis client behind the shared rate-limit counters (REDIS_URL). Redis is an aid, never a
// dependency: publishing must neither wait on it nor go unlimited without it. While Redis is
// disconnected, a command is never sent (nor queued to wait for a connection); while it is
// connected but silent, a command gives up after REDIS_COMMAND_TIMEOUT_MS. Either way the publish
// is counted in the instance's own buckets, the ones it uses without REDIS_URL, until Redis answers
// again (PRODUCT §14.1).
//
// Two stores must not make two limits. So the instance's own buckets are kept up to date while
// Redis answers: each token Redis gives is taken from them too, so that an instance that falls
// back starts from what its machine has already let through, not from a full bucket. And each
// token the instance's buckets give while Redis is away is taken from Redis once it answers
// again, so that the other machines see it. A token bucket never holds more than its limit, so
// neither copy can let an address through twice (docs/ARCHITECTURE.md, the cost table).

export interface RedisEvents {
  /** Redis answers (again, or for the first time): counts are shared. */
  onShared?: () => void;
  /** Redis stopped answering: counts are the instance's own. Told once per outage. */
  onLocal?: (error: Error) => void;
}

/** How often a Redis that stopped answering on a live connection is asked again, in the background. */
const probeEveryMs = 1_000;

/**
 * Connects to `url` in the background and keeps reconnecting (every 2 s at most) for as long as
 * the client lives. A command sent while it is not connected fails at once. Close it with
 * `disconnect()`.
 */
export function createRedisClient(url: string, commandTimeoutMs: number): Redis {
  return new Redis(url, {
    connectTimeout: 1_000,
    // Added to a publish at worst. A machine at full load answered a connected, healthy Redis in
    // over 50 ms, and each timeout moved counting to the instance's buckets: 1 s by default.
    commandTimeout: commandTimeoutMs,
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

/** Tokens taken locally while Redis was away, kept to be taken from Redis when it is back. */
const maxPendingTakes = 10_000;

/**
 * Buckets that take tokens from `shared` (kept in Redis by `client`) while Redis answers, and
 * from `local` otherwise: at once while the client is not connected, and from the first command
 * that fails (a timeout) until a background PING, once a second, is answered again. What one
 * gives is taken from the other too: a token Redis gave from `local` at once, and one `local`
 * gave from Redis when it answers again.
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
  type PendingTake = { key: string; windowMs: number; max: number; cost: number };
  let pending: PendingTake[] = [];
  const replay = () => {
    const taken = pending;
    pending = [];
    for (const { key, windowMs, max, cost } of taken)
      shared.take(key, windowMs, max, cost).catch(() => {
        if (pending.length < maxPendingTakes) pending.push({ key, windowMs, max, cost });
      });
  };
  const answering = () => {
    silent = false;
    if (probe) clearInterval(probe);
    probe = null;
    tell('shared');
    replay();
  };
  const takeLocally = async (key: string, windowMs: number, max: number, cost: number) => {
    const taken = await local.take(key, windowMs, max, cost);
    if (taken.current <= max && pending.length < maxPendingTakes) pending.push({ key, windowMs, max, cost });
    return taken;
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
        return takeLocally(key, windowMs, max, cost);
      }
      let taken;
      try {
        taken = await shared.take(key, windowMs, max, cost);
      } catch (error) {
        silent = true;
        tell('local', error as Error);
        startProbing();
        return takeLocally(key, windowMs, max, cost);
      }
      // Kept in step, not waited for: a full local bucket refusing it is what it should be.
      if (taken.current <= max) local.take(key, windowMs, max, cost).catch(() => {});
      return taken;
    },
  };
}

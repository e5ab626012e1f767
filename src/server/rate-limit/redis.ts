import { Redis } from 'ioredis';

// The Redis client behind the shared rate-limit counters (REDIS_URL). Redis is an aid, never a
// dependency: publishing must not wait on it for long nor fail because of it, so every command
// gives up quickly and the rate-limit plugin (skipOnError) then lets the request through.

export interface RedisEvents {
  /** Redis answers again (or for the first time). */
  onReady?: () => void;
  /** Redis stopped answering; told once per outage, not on every reconnection attempt. */
  onUnavailable?: (error: Error) => void;
}

/** Longest a command waits for an answer, queued while disconnected or sent: added to a publish at worst. */
export const redisCommandTimeoutMs = 500;

/**
 * Connects to `url` in the background and keeps reconnecting (every 2 s at most) for as long as
 * the client lives. Commands sent before the connection is up wait for it, up to
 * redisCommandTimeoutMs. Close it with `disconnect()`.
 */
export function createRedisClient(url: string, events: RedisEvents = {}): Redis {
  const client = new Redis(url, {
    connectTimeout: 1_000,
    commandTimeout: redisCommandTimeoutMs,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  let available = true;
  client.on('ready', () => {
    available = true;
    events.onReady?.();
  });
  // Without a listener, ioredis prints every failed reconnection to the console.
  client.on('error', (error: Error) => {
    if (!available) return;
    available = false;
    events.onUnavailable?.(error);
  });
  return client;
}

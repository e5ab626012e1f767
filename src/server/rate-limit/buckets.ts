import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { takeToken, type Take } from './token-bucket';

// Where the token buckets of the publish rate limit live: in this process's memory, or in Redis
// (REDIS_URL) where every instance shares them. (Under `npm start` without Redis, the workers
// share the primary's memory buckets over IPC: cluster.ts.)

export interface Buckets {
  /** Takes `cost` tokens (by default one) from `key`'s bucket of `max` tokens refilled over `windowMs`. */
  take(key: string, windowMs: number, max: number, cost?: number): Promise<Pick<Take, 'current' | 'ttl'>>;
}

/** Clients remembered at most; past that the least recently seen start again with a full bucket. */
const maxRememberedClients = 100_000;

/** Buckets in memory, on the clock `now` (the app's, which tests move). */
export function memoryBuckets(now: () => number): Buckets {
  const tats = new LRUCache<string, number>({ max: maxRememberedClients });
  return {
    async take(key, windowMs, max, cost = 1) {
      const at = now();
      const taken = takeToken(tats.get(key), at, windowMs, max, cost);
      // Forgotten once the bucket is full again: it would read as full anyway.
      if (taken.tat !== null) tats.set(key, taken.tat, { ttl: Math.max(1, Math.ceil(taken.tat - at)) });
      return { current: taken.current, ttl: taken.ttl };
    },
  };
}

/**
 * takeToken in Lua, on Redis's clock, so that instances whose clocks differ agree. The TAT is
 * kept in milliseconds with three decimals and expires when the bucket is full again.
 */
const takeTokenScript = `
local window = tonumber(ARGV[1])
local max = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local interval = window / max
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local nextTat = tat + cost * interval
if nextTat - now > window + 1e-6 then
  return {max + 1, math.max(1, math.ceil(nextTat - window - now))}
end
redis.call('SET', KEYS[1], string.format('%.3f', nextTat), 'PX', math.max(1, math.ceil(nextTat - now)))
return {math.min(max, math.ceil((nextTat - now) / interval - 1e-6)), math.ceil(nextTat - now)}
`;

type RedisWithTake = Redis & {
  takeToken(key: string, windowMs: number, max: number, cost: number): Promise<[number, number]>;
};

/** Buckets in Redis under `prefix`, shared by every instance that uses the same prefix. */
export function redisBuckets(client: Redis, prefix: string): Buckets {
  client.defineCommand('takeToken', { numberOfKeys: 1, lua: takeTokenScript });
  const redis = client as RedisWithTake;
  return {
    async take(key, windowMs, max, cost = 1) {
      const [current, ttl] = await redis.takeToken(`${prefix}${key}`, windowMs, max, cost);
      return { current, ttl };
    },
  };
}

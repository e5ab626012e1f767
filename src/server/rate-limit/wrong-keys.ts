import { LRUCache } from 'lru-cache';
import type { Buckets } from './buckets';

// PRODUCT §5.8: wrong author keys are counted per client address, in the same token buckets as
// the publish limits (Redis when it is set, shared by every instance). An author key is 128
// random bits, so guessing is hopeless; but each guess costs the server a lookup, and unthrottled
// guesses came at thousands a second. Five wrong keys at once, then one every 12 s, are plenty for
// a mistyped or stale key. An address whose wrong key found its bucket empty waits, whatever key
// it sends, right or wrong, so a guess learns nothing while it waits: the wait is kept in this
// process (a guess sent to another instance finds the shared bucket empty there too, and waits).

/** Wrong keys an address may send at once; they come back over a minute. */
const wrongKeysPerMinute = 5;
const minuteMs = 60_000;

export interface WrongKeyThrottle {
  /** Seconds `client` must wait before its key is looked at, or null when it may send one now. */
  waitBefore(client: string): number | null;
  /** Counts a wrong key from `client`: seconds to wait when it had none left, else null. */
  countWrong(client: string): Promise<number | null>;
}

/** Counts wrong keys in `buckets`, on the app's clock `now` (epoch milliseconds). */
export function wrongKeyThrottle(buckets: Buckets, now: () => number): WrongKeyThrottle {
  const waitingUntil = new LRUCache<string, number>({ max: 100_000 });
  const secondsUntil = (until: number) => Math.max(1, Math.ceil((until - now()) / 1000));
  return {
    waitBefore(client) {
      const until = waitingUntil.get(client);
      return until !== undefined && until > now() ? secondsUntil(until) : null;
    },
    async countWrong(client) {
      const taken = await buckets.take(`wrong-key:${client}`, minuteMs, wrongKeysPerMinute);
      if (taken.current <= wrongKeysPerMinute) return null;
      const until = now() + taken.ttl;
      waitingUntil.set(client, until);
      return secondsUntil(until);
    },
  };
}

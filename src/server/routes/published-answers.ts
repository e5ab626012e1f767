import type { MapStore } from '../store/map-store';

// The answers to GET /api/map/{id} for published maps, kept in memory once built. A published
// map never changes and is only ever deleted when it expires (PRODUCT §5), so an answer read once
// stays right, on every instance, until its expiry, which is checked on each use. A popular map
// is then answered without a database round trip and without building and encoding its text
// again; in the HTTP benchmark, the lookup and the encoding were a third of a GET's time.

export interface PublishedAnswer {
  /** `{"status":"ok","version":"1.0","published":…,"data":…}`, encoded once. */
  body: Buffer;
  /** Epoch milliseconds after which the map is never served. */
  expiresAt: number;
}

export interface PublishedAnswers {
  /** The answer for `id` if the map exists and has not expired at `now`; otherwise null. */
  get(id: string, now: Date): Promise<PublishedAnswer | null>;
}

/** Default bound of the cache: the answer bodies it holds, in bytes. */
export const defaultAnswerCacheBytes = 64 * 1024 * 1024;

/**
 * Reads answers through `store`, keeping the most recently used ones up to `maxBytes` of bodies.
 * Unknown ids are not remembered: another instance may publish them at any moment.
 */
export function publishedAnswers(store: MapStore, maxBytes = defaultAnswerCacheBytes): PublishedAnswers {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const cache = new Map<string, PublishedAnswer>();
  let bytes = 0;
  const forget = (id: string, answer: PublishedAnswer) => {
    cache.delete(id);
    bytes -= answer.body.length;
  };

  return {
    async get(id, now) {
      const cached = cache.get(id);
      if (cached) {
        forget(id, cached);
        // PRODUCT §5: an expired map is never served, even before the sweep deletes it.
        if (cached.expiresAt <= now.getTime()) return null;
        cache.set(id, cached);
        bytes += cached.body.length;
        return cached;
      }
      const map = await store.get(id, now);
      if (!map) return null;
      const answer: PublishedAnswer = {
        body: Buffer.from(
          `{"status":"ok","version":"1.0","published":${JSON.stringify(map.published)},"data":${map.dataJson}}`,
        ),
        expiresAt: map.expiresAt,
      };
      if (answer.body.length <= maxBytes / 16 && !cache.has(id)) {
        cache.set(id, answer);
        bytes += answer.body.length;
        for (const [oldId, old] of cache) {
          if (bytes <= maxBytes) break;
          forget(oldId, old);
        }
      }
      return answer;
    },
  };
}

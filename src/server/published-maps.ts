import { LRUCache } from 'lru-cache';
import { mapPreview, type MapPreview } from './page-meta';
import type { RenderedPage } from './rendered-pages';
import type { MapStore } from './store/map-store';

// A published map as this instance serves it, kept in memory once read: the answer to
// GET /api/map/{id}, encoded once, and what its page needs (the link preview, parsed from the
// map once, on first use). A published map never changes and is only ever deleted when it
// expires (PRODUCT §5), so an entry read once stays right, on every instance, until its expiry,
// which is checked on each use. A popular map is then answered without a database round trip
// and without encoding or parsing its text again; in the HTTP benchmark the lookup and the
// encoding were a third of a GET's time, and parsing a 2 MB map for its preview took 5 ms.

export class PublishedMapEntry {
  #preview: MapPreview | null = null;
  #page: Promise<RenderedPage | null> | null = null;
  #pageBytes = 0;

  constructor(
    readonly id: string,
    /** `{"status":"ok","version":"1.0","published":…,"data":…}`, encoded once. */
    readonly answer: Buffer,
    /** Epoch milliseconds after which the map is never served. */
    readonly expiresAt: number,
    /** Tells the cache that this entry grew (it made a form derived on first use). */
    private readonly grew: (entry: PublishedMapEntry) => void,
  ) {}

  /** The link preview, parsed from the map the first time it is asked for. */
  preview(): MapPreview {
    if (!this.#preview) {
      const { data } = JSON.parse(this.answer.toString('utf8')) as { data: Parameters<typeof mapPreview>[0] };
      this.#preview = mapPreview(data);
      this.grew(this);
    }
    return this.#preview;
  }

  /**
   * The map's page (PRODUCT §13.6), made by `render` the first time it is asked for and kept with
   * the entry, so each instance renders a map once however often it is opened; concurrent first
   * requests share the one render. A render that fails answers null (the page is then sent
   * without the map, as for a draft) and is not tried again for this entry.
   */
  page(render: (entry: PublishedMapEntry) => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
    this.#page ??= render(this).then((page) => {
      this.#pageBytes = page ? page.html.length + (page.gzip?.length ?? 0) : 0;
      this.grew(this);
      return page;
    });
    return this.#page;
  }

  /**
   * Bytes this entry holds, for the cache's bound. Forms derived later (a rendered page) add
   * theirs here and call `grew`.
   */
  get bytes(): number {
    const preview = this.#preview;
    const previewBytes = preview ? 2 * (preview.title.length + (preview.description?.length ?? 0)) + 128 : 0;
    return this.answer.length + previewBytes + this.#pageBytes;
  }
}

export interface PublishedMaps {
  /** The entry for `id` if the map exists and has not expired at `now`; otherwise null. */
  get(id: string, now: Date): Promise<PublishedMapEntry | null>;
}

/** Default bound of the cache: the bytes its entries hold. */
export const defaultPublishedMapsBytes = 64 * 1024 * 1024;

/**
 * Reads published maps through `store`, keeping the most recently used ones up to `maxBytes`
 * (an entry over a sixteenth of that is served but not kept). Concurrent reads of one id that is
 * not in memory share one store read. Unknown ids are not remembered: another instance may
 * publish them at any moment.
 */
export function publishedMaps(store: MapStore, maxBytes = defaultPublishedMapsBytes): PublishedMaps {
  const grew = (entry: PublishedMapEntry) => {
    // Setting the same entry again makes the cache measure it again, keeping its expiry.
    if (cache.peek(entry.id) === entry) cache.set(entry.id, entry, { noUpdateTTL: true });
  };
  const cache: LRUCache<string, PublishedMapEntry, Date> = new LRUCache<string, PublishedMapEntry, Date>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 16,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    fetchMethod: async (id, _stale, { options, context: now }) => {
      const map = await store.get(id, now);
      if (!map) return undefined;
      // The cache forgets the entry by itself once the map has expired (by the real clock; the
      // app's own clock is checked on every read below).
      options.ttl = Math.max(1, map.expiresAt - now.getTime());
      const answer = Buffer.from(
        `{"status":"ok","version":"1.0","published":${JSON.stringify(map.published)},"data":${map.dataJson}}`,
      );
      return new PublishedMapEntry(id, answer, map.expiresAt, grew);
    },
  });

  return {
    async get(id, now) {
      const entry = await cache.fetch(id, { context: now });
      if (!entry) return null;
      // PRODUCT §8.3: an expired map is never served, even before the sweep deletes it.
      if (entry.expiresAt <= now.getTime()) {
        cache.delete(id);
        return null;
      }
      return entry;
    },
  };
}

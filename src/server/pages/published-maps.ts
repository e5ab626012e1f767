import { LRUCache } from 'lru-cache';
import { gzipForKeeping } from '../http/accept-encoding';
import { mapPreview, type MapPreview } from './page-meta';
import type { RenderedPage } from './rendered-pages';
import type { MapStore } from '../store/map-store';

// A published map as this instance serves it, kept in memory once read: the answer to
// GET /api/map/{id}, encoded once, and what its page needs (the link preview, parsed from the
// map once, on first use). A published map never changes and is only ever deleted when it
// expires (PRODUCT §5), so an entry read once stays right, on every instance, until its expiry,
// which is checked on each use. A popular map is then answered without a database round trip
// and without encoding or parsing its text again; in the HTTP benchmark the lookup and the
// encoding were a third of a GET's time, and parsing a 2 MB map for its preview took 5 ms.

/** The pages a published map has: its own page, and the compact one other sites frame (PRODUCT §11.5). */
export type PageKind = 'map' | 'embed';

class PublishedMapEntry {
  #preview: MapPreview | null = null;
  readonly #pages = new Map<PageKind, Promise<RenderedPage | null>>();
  readonly #pageBytes = new Map<PageKind, number>();
  #gzipped: Promise<Buffer | null> | null = null;
  #gzippedBytes = 0;

  constructor(
    readonly id: string,
    /** `{"status":"ok","version":"1.0","published":…,"data":…}`, encoded once. */
    readonly answer: Buffer,
    /** Epoch milliseconds after which the map is never served. */
    readonly expiresAt: number,
    /** The id of the map it answers (PRODUCT §5.5), or null. */
    readonly basedOn: string | null,
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
   * The map's page of `kind` (PRODUCT §13.6), made by `render` the first time it is asked for and
   * kept with the entry, so each instance renders a map once however often it is opened; concurrent
   * first requests share the one render. A render that rejects is tried again by the next request;
   * one that fails answers null (the page is then sent without the map, as for a draft) and is not
   * tried again for this entry; so does a page over its `pageAllowance`, which no real map makes,
   * so that every entry fits the cache's bound on one entry (`largestEntryBytes`).
   */
  page(
    render: (entry: PublishedMapEntry) => Promise<RenderedPage | null>,
    kind: PageKind = 'map',
  ): Promise<RenderedPage | null> {
    let page = this.#pages.get(kind);
    if (!page) {
      page = render(this).then(
        (rendered) => {
          const kept =
            rendered && rendered.bytes.length <= pageAllowance(this.answer.length) ? rendered : null;
          this.#pageBytes.set(kind, kept?.bytes.length ?? 0);
          this.grew(this);
          return kept;
        },
        (error: unknown) => {
          // Refused for now (too many renders wait): the next request tries again.
          this.#pages.delete(kind);
          throw error;
        },
      );
      this.#pages.set(kind, page);
    }
    return page;
  }

  /**
   * The answer gzipped, made the first time a client that takes gzip asks for it and kept with the
   * entry (counted in its bytes), so each instance gzips a map once however often it is read;
   * concurrent first requests share the one gzip. Null when the answer is sent plain to everyone
   * (small, or not shrinking); always smaller than the answer.
   */
  gzipped(): Promise<Buffer | null> {
    this.#gzipped ??= gzipForKeeping(this.answer).then(
      (gzipped) => {
        this.#gzippedBytes = gzipped?.length ?? 0;
        this.grew(this);
        return gzipped;
      },
      (error: unknown) => {
        this.#gzipped = null;
        throw error;
      },
    );
    return this.#gzipped;
  }

  /**
   * Bytes this entry holds, for the cache's bound. Forms derived later (a rendered page) add
   * theirs here and call `grew`.
   */
  get bytes(): number {
    const preview = this.#preview;
    const previewBytes = preview ? 2 * (preview.title.length + (preview.description?.length ?? 0)) + 128 : 0;
    let pageBytes = 0;
    for (const bytes of this.#pageBytes.values()) pageBytes += bytes;
    return this.answer.length + this.#gzippedBytes + previewBytes + pageBytes;
  }
}

/**
 * The most bytes a map's page may keep: the page around any map (its head, scripts' links, the
 * empty map's markup; ~10 KB gzipped), and 4 bytes per byte of the map's answer. A page holds the
 * map's texts twice (in the markup and in its data block), escaped, and is kept gzipped: a
 * 1,000-reason map of 2 MB keeps a page of 70 KB to 3 MB, depending on how its texts compress.
 */
export function pageAllowance(answerBytes: number): number {
  return 256 * 1024 + 4 * answerBytes;
}

/**
 * The bytes of the largest entry a map within the body limit can make: its answer, its gzipped
 * copy (smaller than the answer), its two pages and its preview. The cache's bound on one entry is never below it, so that no map, however large the
 * limits let it be, is rendered again on every request because its entry was too large to keep.
 */
export function largestEntryBytes(bodyLimitBytes: number): number {
  const answerBytes = bodyLimitBytes + 1024;
  return 2 * answerBytes + 2 * pageAllowance(answerBytes) + 64 * 1024;
}

export interface PublishedMapsOptions {
  /** What the entries may hold together. */
  maxBytes?: number;
  /** The largest entry kept (larger ones are served, then forgotten): `largestEntryBytes`. */
  maxEntryBytes?: number;
}

export interface PublishedMaps {
  /** The entry for `id` if the map exists and has not expired at `now`; otherwise null. */
  get(id: string, now: Date): Promise<PublishedMapEntry | null>;
}

/** Default bound of the cache: the bytes its entries hold. */
const defaultPublishedMapsBytes = 64 * 1024 * 1024;

/**
 * Reads published maps through `store`, keeping the most recently used ones up to `maxBytes`
 * (an entry over `maxEntryBytes`, by default a sixteenth of that, is served but not kept).
 * Concurrent reads of one id that is not in memory share one store read. Unknown ids are not
 * remembered: another instance may publish them at any moment.
 */
export function publishedMaps(
  store: MapStore,
  { maxBytes = defaultPublishedMapsBytes, maxEntryBytes = maxBytes / 16 }: PublishedMapsOptions = {},
): PublishedMaps {
  const grew = (entry: PublishedMapEntry) => {
    // Setting the same entry again makes the cache measure it again, keeping its expiry.
    if (cache.peek(entry.id) === entry) cache.set(entry.id, entry, { noUpdateTTL: true });
  };
  const cache: LRUCache<string, PublishedMapEntry, Date> = new LRUCache<string, PublishedMapEntry, Date>({
    maxSize: maxBytes,
    maxEntrySize: Math.min(maxBytes, maxEntryBytes),
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    fetchMethod: async (id, _stale, { options, context: now }) => {
      const map = await store.get(id, now);
      if (!map) return undefined;
      // The cache forgets the entry by itself once the map has expired (by the real clock; the
      // app's own clock is checked on every read below).
      options.ttl = Math.max(1, map.expiresAt - now.getTime());
      const answer = Buffer.from(
        // PRODUCT §5.2: `basedOn` only when the map answers another, between `published` and `data`.
        `{"status":"ok","version":"1.0","published":${JSON.stringify(map.published)},${
          map.basedOn === null ? '' : `"basedOn":${JSON.stringify(map.basedOn)},`
        }"data":${map.dataJson}}`,
      );
      return new PublishedMapEntry(id, answer, map.expiresAt, map.basedOn, grew);
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

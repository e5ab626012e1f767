import { LRUCache } from 'lru-cache';
import type { PreviewImageContent } from './preview-image';
import { BusyError } from '../http/errors';

// The preview pictures this instance has rendered (PRODUCT §8.4), kept like the maps they show:
// a map never changes, so its picture is rendered once and kept until the map expires or the
// cache's byte bound pushes it out. Concurrent requests for one picture share one render. Renders
// take turns, one at a time, and only a few may wait: a crowd of requests for many different
// maps gets 503 rather than a pile of renders holding the process.

export type RenderPreview = (content: PreviewImageContent) => Promise<Buffer>;

export interface PreviewImages {
  /**
   * The PNG of the map `id`, rendered from `content` the first time it is asked for and kept for
   * `ttlMs` (no expiry when omitted). Throws ServiceUnavailableError when too many renders wait.
   */
  get(id: string, content: PreviewImageContent, ttlMs?: number): Promise<Buffer>;
}

/** Default bound of the cache, in PNG bytes (a picture is 40 to 80 KB). */
const defaultPreviewImagesBytes = 32 * 1024 * 1024;

/** Renders waiting for their turn at most; more get 503. */
const maxWaitingRenders = 16;

/** Longest one render may take (a picture takes about 40 ms); past it the request gets 503. */
export const renderTimeoutMs = 5000;

/**
 * Longest the process's first render may take: it loads satori, resvg and the fonts too, which on
 * a busy machine takes seconds.
 */
export const firstRenderTimeoutMs = 30_000;

interface Context {
  content: PreviewImageContent;
  ttlMs: number | undefined;
}

/** `promise`, or a BusyError once `limitMs` has passed, so the next render's turn comes. */
function withinTime<T>(promise: Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new BusyError('Drawing the preview picture took too long; try again soon', 2)),
      limitMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function previewImages(
  render: RenderPreview,
  maxBytes = defaultPreviewImagesBytes,
  maxWaiting = maxWaitingRenders,
): PreviewImages {
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let rendered = false;
  /** Runs `task` after every render before it, one at a time. */
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    if (waiting >= maxWaiting) {
      return Promise.reject(new BusyError('Too many preview pictures are being drawn; try again soon', 2));
    }
    waiting += 1;
    const result = queue
      .then(() => withinTime(task(), rendered ? renderTimeoutMs : firstRenderTimeoutMs))
      .then((value) => {
        rendered = true;
        return value;
      })
      .finally(() => {
        waiting -= 1;
      });
    queue = result.catch(() => undefined);
    return result;
  };

  const cache = new LRUCache<string, Buffer, Context>({
    maxSize: maxBytes,
    sizeCalculation: (png) => Math.max(1, png.length),
    fetchMethod: async (_id, _stale, { options, context }) => {
      if (context.ttlMs !== undefined) options.ttl = Math.max(1, context.ttlMs);
      return inTurn(() => render(context.content));
    },
  });

  return {
    async get(id, content, ttlMs) {
      const png = await cache.fetch(id, { context: { content, ttlMs } });
      if (!png) throw new Error(`preview picture of ${id} was not rendered`);
      return png;
    },
  };
}

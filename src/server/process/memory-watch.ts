import { effectiveHeapBound } from '../http/load-shedding';
import type { LoadShedding } from '../config';

// A worker above its memory bound answers 503 (http/load-shedding.ts) until it recovers; but a
// heap or RSS that a burst of large answers grew may not come back down for a long time (the red
// team saw one worker refuse half of all requests for 19 minutes). So a worker that stays above
// its bound retires: it stops accepting, finishes its requests in flight and exits, and the
// primary starts a fresh one in its place, as it replaces any worker that exits.

/** How often the bounds are checked. */
const sampleMs = 500;
/** How long memory must stay above a bound before the worker retires: a peak that passes is no reason. */
export const retireAfterMs = 5_000;

export interface MemoryUse {
  heapUsed: number;
  rss: number;
}

/**
 * Checks `use()` against the heap and RSS bounds of `bounds` every half second and calls
 * `retire` once, with what is over, when one of them has stayed above its bound for
 * `retireAfterMs`. Returns the function that stops watching.
 */
export function watchMemory(
  bounds: Pick<LoadShedding, 'maxHeapUsedBytes' | 'maxRssBytes'>,
  retire: (why: string) => void,
  use: () => MemoryUse = () => process.memoryUsage(),
): () => void {
  const heapBound = effectiveHeapBound(bounds.maxHeapUsedBytes);
  const rssBound = bounds.maxRssBytes;
  if (heapBound === 0 && rssBound === 0) return () => {};
  let overSince: number | null = null;
  const timer = setInterval(() => {
    const { heapUsed, rss } = use();
    const over =
      heapBound > 0 && heapUsed > heapBound
        ? `heap ${heapUsed} bytes over its bound of ${heapBound}`
        : rssBound > 0 && rss > rssBound
          ? `memory (RSS) ${rss} bytes over its bound of ${rssBound}`
          : null;
    if (!over) {
      overSince = null;
      return;
    }
    const now = Date.now();
    overSince ??= now;
    if (now - overSince >= retireAfterMs) {
      clearInterval(timer);
      retire(`${over} for ${Math.round((now - overSince) / 1000)} s`);
    }
  }, sampleMs);
  timer.unref();
  return () => clearInterval(timer);
}

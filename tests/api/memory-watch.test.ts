import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retireAfterMs, watchMemory, type MemoryUse } from '../../src/server/process/memory-watch';

// A worker retires when its memory stays above its bound (PRODUCT §14); a peak that passes is no
// reason. On Vitest's clock: the watch samples twice a second.

const mib = 1024 * 1024;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watched(bounds: { maxHeapUsedBytes: number; maxRssBytes: number }) {
  const use: MemoryUse = { heapUsed: 10 * mib, rss: 100 * mib };
  const retire = vi.fn();
  const stop = watchMemory(bounds, retire, () => use);
  return { use, retire, stop };
}

describe('watchMemory', () => {
  it('retires once when RSS stays above its bound, saying what is over', () => {
    const { use, retire } = watched({ maxHeapUsedBytes: 0, maxRssBytes: 200 * mib });
    use.rss = 300 * mib;
    vi.advanceTimersByTime(retireAfterMs);
    expect(retire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(retire).toHaveBeenCalledTimes(1);
    expect(retire.mock.calls[0]![0]).toMatch(/^memory \(RSS\) \d+ bytes over its bound of \d+ for \d+ s$/);
    vi.advanceTimersByTime(60_000);
    expect(retire).toHaveBeenCalledTimes(1);
  });

  it('retires when the heap stays above its bound', () => {
    const { use, retire } = watched({ maxHeapUsedBytes: 50 * mib, maxRssBytes: 0 });
    use.heapUsed = 60 * mib;
    vi.advanceTimersByTime(retireAfterMs + 1_000);
    expect(retire).toHaveBeenCalledTimes(1);
    expect(retire.mock.calls[0]![0]).toMatch(/^heap /);
  });

  it('does not retire for peaks that come back under the bound', () => {
    const { use, retire } = watched({ maxHeapUsedBytes: 0, maxRssBytes: 200 * mib });
    for (let i = 0; i < 10; i++) {
      use.rss = 300 * mib;
      vi.advanceTimersByTime(retireAfterMs - 1_000);
      use.rss = 150 * mib;
      vi.advanceTimersByTime(1_000);
    }
    expect(retire).not.toHaveBeenCalled();
  });

  it('watches nothing with both bounds off, and stops when told', () => {
    const off = watched({ maxHeapUsedBytes: 0, maxRssBytes: 0 });
    off.use.rss = 10_000 * mib;
    vi.advanceTimersByTime(60_000);
    expect(off.retire).not.toHaveBeenCalled();
    const stopped = watched({ maxHeapUsedBytes: 0, maxRssBytes: 200 * mib });
    stopped.use.rss = 300 * mib;
    stopped.stop();
    vi.advanceTimersByTime(60_000);
    expect(stopped.retire).not.toHaveBeenCalled();
  });
});

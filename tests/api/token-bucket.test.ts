import { describe, expect, it } from 'vitest';
import { memoryBuckets } from '../../src/server/rate-limit/buckets';
import { takeToken } from '../../src/server/rate-limit/token-bucket';

// The publish rate limit (PRODUCT §14) is a token bucket: `max` publishes at once, then one every
// `windowMs / max`; a refused publish takes nothing.

const minute = 60_000;

/** Takes tokens at the given times (ms) from one client's bucket; returns which were allowed. */
function run(times: number[], max: number, windowMs = minute): boolean[] {
  let tat: number | undefined;
  return times.map((at) => {
    const taken = takeToken(tat, at, windowMs, max);
    if (taken.tat !== null) tat = taken.tat;
    return taken.tat !== null;
  });
}

describe('takeToken', () => {
  it('allows a burst of max, then refuses with the time until the next token', () => {
    let tat: number | undefined;
    const results = Array.from({ length: 4 }, () => {
      const taken = takeToken(tat, 0, minute, 3);
      if (taken.tat !== null) tat = taken.tat;
      return taken;
    });
    expect(results.map((r) => r.current)).toEqual([1, 2, 3, 4]);
    expect(results[2]!.ttl).toBe(minute);
    expect(results[3]).toEqual({ current: 4, ttl: 20_000, tat: null });
  });

  it('takes a cost of several tokens at once, and refuses one that does not fit whole', () => {
    // A day's bytes: 5,000 of them, taken 2,000 at a time.
    const day = 24 * 60 * 60 * 1000;
    const first = takeToken(undefined, 0, day, 5_000, 2_000);
    expect(first.current).toBe(2_000);
    const second = takeToken(first.tat!, 0, day, 5_000, 2_000);
    expect(second.current).toBe(4_000);
    const third = takeToken(second.tat!, 0, day, 5_000, 2_000);
    expect(third.tat).toBeNull();
    // Room for 2,000 bytes comes back once 1,000 more have refilled: a fifth of a day.
    expect(third.ttl).toBe(day / 5);
    expect(takeToken(second.tat!, day / 5, day, 5_000, 2_000).tat).not.toBeNull();
  });

  it('refills one token every window / max', () => {
    expect(run([0, 0, 0, 19_999, 20_000, 20_001, 40_000], 3)).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it('fits max publishes at one instant whatever the rounding of window / max', () => {
    for (const max of [3, 7, 13, 60, 97, 1000]) {
      const allowed = run(Array(max + 1).fill(1_700_000_000_123.456), max);
      expect(allowed.filter(Boolean), `max ${max}`).toHaveLength(max);
    }
  });

  it('lets no burst of twice the limit through across a minute boundary', () => {
    // The fixed window let 60 through at 58.65 s and 60 more at 61.35 s: 120 in 2.7 s.
    const times = [...Array(60).fill(58_650), ...Array(60).fill(61_350)];
    expect(run(times, 60).filter(Boolean)).toHaveLength(62);
  });

  it('counts nothing for a refused publish: hammering does not push the next token away', () => {
    const times = [0, 0, ...Array.from({ length: 100 }, (_, i) => 1 + i * 100), 30_000];
    const allowed = run(times, 2);
    expect(allowed.slice(0, 2)).toEqual([true, true]);
    expect(allowed.at(-1)).toBe(true);
  });
});

describe('memoryBuckets', () => {
  it('keeps one bucket per key on the given clock', async () => {
    let now = 0;
    const buckets = memoryBuckets(() => now);
    for (let i = 0; i < 3; i++) expect((await buckets.take('a', minute, 3)).current).toBe(i + 1);
    expect(await buckets.take('a', minute, 3)).toEqual({ current: 4, ttl: 20_000 });
    expect((await buckets.take('b', minute, 3)).current).toBe(1);
    now = 20_000;
    expect((await buckets.take('a', minute, 3)).current).toBe(3);
  });
});

import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restartDelayMs, type PrimaryMessage, type WorkerMessage } from '../../src/server/cluster-messages';
import { memoryBuckets } from '../../src/server/rate-limit/buckets';
import { bucketsInPrimary, serveBuckets } from '../../src/server/rate-limit/shared-buckets';

// The parts of `npm start`'s supervision that need no process (the processes themselves are in
// tests/reliability/supervision.test.ts): how soon a dead worker is replaced, and the publish
// buckets the workers share through the primary.

describe('restartDelayMs', () => {
  it('replaces a worker at once, then waits longer and longer while they keep dying young', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 20].map(restartDelayMs)).toEqual([
      0, 250, 500, 1000, 2000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('buckets kept by the primary', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A worker's buckets wired to a primary's, as the IPC channel would (asynchronously). */
  function wired() {
    let now = 0;
    const serve = serveBuckets(memoryBuckets(() => now));
    const toWorker = new EventEmitter();
    const worker = {
      isConnected: () => true,
      send: (message: PrimaryMessage) => setImmediate(() => toWorker.emit('message', message)),
    } as unknown as Worker;
    const sent: WorkerMessage[] = [];
    const buckets = bucketsInPrimary({
      send: (message) => {
        sent.push(message);
        if (message.type === 'take-token') setImmediate(() => serve(worker, message));
      },
      onMessage: (listener) => toWorker.on('message', listener),
    });
    return { buckets, sent, advance: (ms: number) => (now += ms) };
  }

  it('take tokens from the primary’s buckets, so two workers count one client together', async () => {
    const { buckets, sent } = wired();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await buckets.take('203.0.113.7', 60_000, 3));
    expect(answers.map((a) => a.current)).toEqual([1, 2, 3, 4]);
    expect(answers[3]!.ttl).toBe(20_000);
    expect(sent.map((m) => m.type)).toEqual(['take-token', 'take-token', 'take-token', 'take-token']);
  });

  it('fall back to buckets of the worker’s own when the primary does not answer within a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const buckets = bucketsInPrimary({ send: () => {}, onMessage: () => {} });
    const taking = buckets.take('203.0.113.7', 60_000, 3);
    await vi.advanceTimersByTimeAsync(999);
    let settled = false;
    void taking.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await taking).toEqual({ current: 1, ttl: 20_000 });
  });
});

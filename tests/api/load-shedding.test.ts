import { getHeapStatistics } from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import { effectiveHeapBound } from '../../src/server/http/load-shedding';
import { expectError, mapRequest, publish, serverPerTest } from './helpers';

// Load shedding (PRODUCT §14), the last line of defence: a worker over its event-loop-delay, heap
// or memory bound answers every request 503 with Retry-After, in the API's error shape, until it
// is back under it. @fastify/under-pressure samples twice a second, so these tests wait for a
// sample rather than assume one. The event-loop bound, which a test can only reach by holding the
// loop for real, is tested in the reliability suite (tests/reliability/event-loop-lag.test.ts).

const startServer = serverPerTest();

const overloaded = 'The server is overloaded; try again in a few seconds';

describe('over a memory bound', () => {
  it.each([
    ['MAX_HEAP_USED_BYTES', { MAX_HEAP_USED_BYTES: '1' }],
    ['MAX_RSS_BYTES', { MAX_RSS_BYTES: '1' }],
  ])('(%s) every request is answered 503 with Retry-After', async (_name, env) => {
    const server = await startServer({ env });
    const app = server.app;
    await vi.waitFor(
      async () => expect((await app.inject({ url: '/api/map/default' })).statusCode).toBe(503),
      {
        timeout: 5_000,
      },
    );
    for (const response of [
      await app.inject({ url: '/api/map/default' }),
      await app.inject({ url: '/healthz' }),
      await publish(app, mapRequest()),
    ]) {
      expectError(response, 503, overloaded);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });
});

describe('the heap bound', () => {
  it('is at most 90% of V8’s own heap limit, and 0 stays off', () => {
    const limit = getHeapStatistics().heap_size_limit;
    expect(effectiveHeapBound(1024)).toBe(1024);
    expect(effectiveHeapBound(limit * 2)).toBe(Math.floor(limit * 0.9));
    expect(effectiveHeapBound(0)).toBe(0);
  });
});

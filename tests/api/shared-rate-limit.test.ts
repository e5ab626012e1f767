import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { publishBody, sampleMapData } from '../support/maps';
import { startTcpProxy } from '../support/tcp-proxy';
import { serverPerTest } from './helpers';

// PRODUCT §14.1: CREATE_RATE_LIMIT counts per instance, unless REDIS_URL names a
// Redis that every instance shares; then a client's publishes count the same on all of them.
// A Redis that is away never stops publishing: the limit is skipped until it is back.

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: skipping the rate-limit tests over a shared Redis');

const startServer = serverPerTest();

/** Keys of this run only, so runs (and the other tests) sharing the Redis never count together. */
const runPrefix = `belief-map-test:${randomBytes(6).toString('hex')}:`;

/** An instance with its own SQLite file, as separate machines would have. */
async function instance(env: Record<string, string>): Promise<FastifyInstance> {
  return (await startServer({ env: { CREATE_RATE_LIMIT: '3', ...env } })).app;
}

const body = publishBody(sampleMapData(2));

async function publishFrom(app: FastifyInstance, address: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/map/create',
    remoteAddress: address,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
  return response.statusCode;
}

describe('without REDIS_URL', () => {
  it('each instance counts a client address alone', async () => {
    const a = await instance({});
    const b = await instance({});
    for (let i = 0; i < 3; i++) expect(await publishFrom(a, '203.0.113.7')).toBe(200);
    for (let i = 0; i < 3; i++) expect(await publishFrom(b, '203.0.113.7')).toBe(200);
    expect(await publishFrom(a, '203.0.113.7')).toBe(429);
    expect(await publishFrom(b, '203.0.113.7')).toBe(429);
  });
});

describe('with a REDIS_URL that does not answer', () => {
  it('publishes without a limit (each waits for Redis at most its command timeout)', async () => {
    // Nothing listens on port 1: every connection is refused. With a limit of 3, five publishes
    // from one address all go through.
    const app = await instance({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: runPrefix });
    for (let i = 0; i < 5; i++) expect(await publishFrom(app, '203.0.113.7')).toBe(200);
  });
});

describe.skipIf(!redisUrl)('with REDIS_URL shared by two instances', () => {
  it('counts a client address across both: 2 publishes on A and 2 on B make the 4th a 429', async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `${runPrefix}shared:` };
    const a = await instance(env);
    const b = await instance(env);
    expect(await publishFrom(a, '203.0.113.7')).toBe(200);
    expect(await publishFrom(a, '203.0.113.7')).toBe(200);
    expect(await publishFrom(b, '203.0.113.7')).toBe(200);
    const fourth = await b.inject({
      method: 'POST',
      url: '/api/map/create',
      remoteAddress: '203.0.113.7',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Too many maps/),
    });
    // A token bucket on Redis's clock: the next token is about 20 s away (60 s / 3).
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThanOrEqual(19);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(20);
    expect(await publishFrom(a, '203.0.113.7')).toBe(429);
    // Another address has its own count, on either instance.
    expect(await publishFrom(b, '198.51.100.20')).toBe(200);
  });

  it('keeps deployments with different key prefixes apart', async () => {
    const a = await instance({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `${runPrefix}blue:` });
    const b = await instance({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `${runPrefix}green:` });
    for (let i = 0; i < 3; i++) expect(await publishFrom(a, '203.0.113.7')).toBe(200);
    for (let i = 0; i < 3; i++) expect(await publishFrom(b, '203.0.113.7')).toBe(200);
    expect(await publishFrom(a, '203.0.113.7')).toBe(429);
  });

  it('lets publishes through while Redis is away and counts again once it is back', async () => {
    const proxy = await startTcpProxy(redisUrl!, 6379);
    try {
      const app = await instance({ REDIS_URL: proxy.url(), REDIS_KEY_PREFIX: `${runPrefix}outage:` });
      expect(await publishFrom(app, '203.0.113.7')).toBe(200);
      expect(await publishFrom(app, '203.0.113.7')).toBe(200);

      await proxy.cut();
      for (let i = 0; i < 4; i++) expect(await publishFrom(app, '203.0.113.7')).toBe(200);

      await proxy.restore();
      // The client reconnects within a few seconds; the count of 2 from before is still in Redis.
      await vi.waitFor(async () => expect(await publishFrom(app, '203.0.113.7')).toBe(429), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await proxy.close();
    }
  }, 20_000);
});

import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { publishBody, sampleMapData } from '../support/maps';
import { startTcpProxy } from '../support/tcp-proxy';
import { serverPerTest } from './helpers';
import { serviceUrl } from '../support/services';

// PRODUCT §14.1: CREATE_RATE_LIMIT counts per instance, unless REDIS_URL names a
// Redis that every instance shares; then a client's publishes count the same on all of them.
// A Redis that is away or hangs never stops publishing nor slows it down: each instance counts on
// its own buckets until Redis answers again.

const redisUrl = serviceUrl('TEST_REDIS_URL', 'the rate-limit tests over a shared Redis');

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
  it('counts on the instance’s own buckets, and says so in the log once', async () => {
    // Nothing listens on port 1: every connection is refused. With a limit of 3, the 4th publish
    // from one address is refused, however often the client fails to connect meanwhile.
    const logs: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    });
    const { app } = await startServer({
      env: { CREATE_RATE_LIMIT: '3', REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: runPrefix },
      logger: { level: 'warn', stream },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await publishFrom(app, '203.0.113.7'));
    expect(statuses).toEqual([200, 200, 200, ...Array(7).fill(429)]);
    expect(await publishFrom(app, '198.51.100.20')).toBe(200);
    expect(logs.filter((line) => line.includes('redis')).map((line) => JSON.parse(line).msg)).toEqual([
      'redis: unavailable; publishes are counted by this instance alone until it is back',
    ]);
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

  it('counts the responses a client address lists in an hour across both (PRODUCT §5.5)', async () => {
    // Without the publish limits, each publish asks Redis once, for the listing alone; and the
    // address's first 29 listings are written into Redis as the bucket keeps them, so that the
    // test asks Redis a few times only: on a busy machine, any answer slower than the 50 ms a
    // command may take sends that count to the instance's own buckets, by design.
    const prefix = `${runPrefix}listed:`;
    const env = { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, CREATE_RATE_LIMIT: '0' };
    const a = await instance(env);
    const b = await instance(env);
    const redis = new Redis(redisUrl!);
    try {
      const [seconds, micros] = await redis.time();
      const redisNow = Number(seconds) * 1000 + Number(micros) / 1000;
      const interval = (60 * 60 * 1000) / 30;
      await redis.set(
        `${prefix}listed:203.0.113.8`,
        (redisNow + 29 * interval).toFixed(3),
        'PX',
        29 * interval,
      );
    } finally {
      redis.disconnect();
    }
    const listedFrom = async (app: FastifyInstance, basedOn: string, address: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/map/create',
        remoteAddress: address,
        headers: { 'content-type': 'application/json' },
        payload: { ...(JSON.parse(body) as object), basedOn, listed: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { listed: boolean } }).data.listed;
    };
    // Each instance has its own database here, so each answers a base of its own.
    const baseOn = async (app: FastifyInstance) =>
      (
        (
          await app.inject({
            method: 'POST',
            url: '/api/map/create',
            headers: { 'content-type': 'application/json' },
            payload: body,
          })
        ).json() as { data: { mapId: string } }
      ).data.mapId;
    const [baseA, baseB] = [await baseOn(a), await baseOn(b)];
    expect(await listedFrom(a, baseA, '203.0.113.8')).toBe(true);
    expect(await listedFrom(b, baseB, '203.0.113.8')).toBe(false);
    expect(await listedFrom(a, baseA, '203.0.113.8')).toBe(false);
    expect(await listedFrom(b, baseB, '198.51.100.21')).toBe(true);
  });

  it('counts the bytes a client address stores in a day across both (PRODUCT §14.1)', async () => {
    const stored = Buffer.byteLength(JSON.stringify(sampleMapData(2)));
    const env = {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `${runPrefix}bytes:`,
      CREATE_RATE_LIMIT: '1000',
      PUBLISH_BYTES_PER_CLIENT_PER_DAY: String(Math.floor(2.5 * stored)),
    };
    const a = await instance(env);
    const b = await instance(env);
    expect(await publishFrom(a, '203.0.113.7')).toBe(200);
    expect(await publishFrom(b, '203.0.113.7')).toBe(200);
    expect(await publishFrom(a, '203.0.113.7')).toBe(429);
    expect(await publishFrom(b, '203.0.113.7')).toBe(429);
    expect(await publishFrom(b, '198.51.100.20')).toBe(200);
  });

  it('keeps deployments with different key prefixes apart', async () => {
    const a = await instance({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `${runPrefix}blue:` });
    const b = await instance({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `${runPrefix}green:` });
    for (let i = 0; i < 3; i++) expect(await publishFrom(a, '203.0.113.7')).toBe(200);
    for (let i = 0; i < 3; i++) expect(await publishFrom(b, '203.0.113.7')).toBe(200);
    expect(await publishFrom(a, '203.0.113.7')).toBe(429);
  });

  it('counts on the instance while Redis is away, and shares the count again once it is back', async () => {
    const proxy = await startTcpProxy(redisUrl!, 6379);
    try {
      const app = await instance({ REDIS_URL: proxy.url(), REDIS_KEY_PREFIX: `${runPrefix}outage:` });
      expect(await publishFrom(app, '203.0.113.7')).toBe(200);
      expect(await publishFrom(app, '203.0.113.7')).toBe(200);

      await proxy.cut();
      // The instance's own buckets counted the 2 that Redis gave: 1 more, then 429, so the
      // address never gets its limit twice.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push(await publishFrom(app, '203.0.113.7'));
      expect(statuses).toEqual([200, 429, 429, 429, 429]);

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

  it('counts on the instance while Redis hangs, and shares the count again once it answers', async () => {
    const proxy = await startTcpProxy(redisUrl!, 6379);
    try {
      const app = await instance({ REDIS_URL: proxy.url(), REDIS_KEY_PREFIX: `${runPrefix}hang:` });
      expect(await publishFrom(app, '203.0.113.7')).toBe(200);
      expect(await publishFrom(app, '203.0.113.7')).toBe(200);

      proxy.hang();
      // A fresh address, which neither Redis nor the instance has counted yet.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push(await publishFrom(app, '192.0.2.44'));
      expect(statuses).toEqual([200, 200, 200, 429, 429]);

      // Another instance, on the same Redis directly, has not seen them yet.
      const other = await instance({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `${runPrefix}hang:` });
      await proxy.restore();
      // Once Redis answers again, the 3 publishes the instance let through alone are taken from
      // Redis too: the other instance then refuses the address as well.
      await vi.waitFor(async () => expect(await publishFrom(app, '203.0.113.9')).toBe(200), {
        timeout: 10_000,
        interval: 100,
      });
      await vi.waitFor(async () => expect(await publishFrom(other, '192.0.2.44')).toBe(429), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await proxy.close();
    }
  }, 30_000);
});

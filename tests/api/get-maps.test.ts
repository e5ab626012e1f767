import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuiltInMap } from '../../src/domain/built-in/index';
import type { MapStore } from '../../src/server/store/map-store';
import { dropPostgresSchema, openPostgresStore } from '../../src/server/store/postgres-store';
import { appOnStore, expectError, mapRequest, publishOk, startServer, type TestServer } from './helpers';
import { serviceUrl } from '../support/services';

// PRODUCT §5.9, rule N13: GET /api/maps?ids=a,b,c, several maps in one request and one query, on
// SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'GET /api/maps on PostgreSQL');

interface Backend {
  app: FastifyInstance;
  /** How many times the store's getMany was called. */
  reads: { getMany: number; get: number };
}

/** Counts the store's reads: a set must cost one query, whatever its size. */
function counting(inner: MapStore, reads: Backend['reads']): MapStore {
  return {
    ...inner,
    get: (id, now) => {
      reads.get++;
      return inner.get(id, now);
    },
    getMany: (ids, now) => {
      reads.getMany++;
      return inner.getMany(ids, now);
    },
  };
}

const backends: { name: string; skip: boolean; start(): Promise<Backend & { close(): Promise<void> }> }[] = [
  {
    name: 'SQLite',
    skip: false,
    async start() {
      const reads = { getMany: 0, get: 0 };
      const server: TestServer = await startServer({ wrapStore: (inner) => counting(inner, reads) });
      return { app: server.app, reads, close: () => server.close() };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !postgresUrl,
    async start() {
      const reads = { getMany: 0, get: 0 };
      const schema = `get_maps_${randomBytes(5).toString('hex')}`;
      const store = await openPostgresStore(postgresUrl!, { schema });
      const app = await appOnStore(counting(store, reads));
      return {
        app,
        reads,
        close: async () => {
          await app.close();
          await dropPostgresSchema(postgresUrl!, schema);
        },
      };
    },
  },
];

function getMaps(app: FastifyInstance, ids: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/maps?ids=${ids}`, headers });
}

describe.each(backends)('GET /api/maps on $name', (backend) => {
  const server = {} as Backend & { close(): Promise<void> };
  beforeAll(async () => {
    if (!backend.skip) Object.assign(server, await backend.start());
  });
  afterAll(() => (backend.skip ? undefined : server.close()));

  it.skipIf(backend.skip)('answers the maps found in order of id and names the missing ones', async () => {
    const first = await publishOk(server.app, mapRequest({ title: 'First' }));
    const second = await publishOk(server.app, mapRequest({ title: 'Second' }));
    const before = server.reads.getMany;
    const response = await getMaps(
      server.app,
      `${second},no-such-map,${first},Bad_Id!,help-example-alice-1,${first}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(server.reads.getMany - before).toBe(1);
    const body = response.json();
    const ids = [first, second, 'help-example-alice-1'].sort();
    expect(body.status).toBe('ok');
    expect(body.data.maps.map((map: { mapId: string }) => map.mapId)).toEqual(ids);
    expect(body.data.missing).toEqual(['Bad_Id!', 'no-such-map']);
    const alice = body.data.maps.find((map: { mapId: string }) => map.mapId === 'help-example-alice-1');
    expect(alice).toEqual({ mapId: 'help-example-alice-1', ...getBuiltInMap('help-example-alice-1') });
    const published = body.data.maps.find((map: { mapId: string }) => map.mapId === first);
    expect(Object.keys(published)).toEqual(['mapId', 'version', 'published', 'data']);
    expect(published.data.title).toBe('First');
  });

  it.skipIf(backend.skip)('reads 100 maps with one query, and a set asked again with none', async () => {
    const ids = await Promise.all(
      Array.from({ length: 100 }, (_, i) => publishOk(server.app, mapRequest({ title: `Map ${i}` }))),
    );
    const before = { ...server.reads };
    const response = await getMaps(server.app, ids.join(','));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.maps).toHaveLength(100);
    expect(server.reads.getMany - before.getMany).toBe(1);
    expect(server.reads.get - before.get).toBe(0);
    // The same set in another order is the same answer, kept: no second query.
    const again = await getMaps(server.app, [...ids].reverse().join(','));
    expect(again.body).toBe(response.body);
    expect(server.reads.getMany - before.getMany).toBe(1);
  });

  it.skipIf(backend.skip)('is cacheable per set: an ETag, a bounded max-age and 304', async () => {
    const id = await publishOk(server.app);
    const first = await getMaps(server.app, `${id},help-example-bob-1`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const again = await getMaps(server.app, `help-example-bob-1,${id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await getMaps(server.app, `${id},help-example-alice-1`);
    expect(other.headers.etag).not.toBe(etag);
  });

  it.skipIf(backend.skip)('sends the set gzipped to a client that takes gzip, the same answer', async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, (_, i) => publishOk(server.app, mapRequest({ title: `Zipped ${i}` }))),
    );
    const plain = await getMaps(server.app, ids.join(','));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const zipped = await getMaps(server.app, ids.join(','), { 'accept-encoding': 'br, gzip' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    // A revalidation is a bare 304; an answer of 1 KB or less goes as it is.
    const revalidated = await getMaps(server.app, ids.join(','), {
      'accept-encoding': 'gzip',
      'if-none-match': plain.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    const small = await getMaps(server.app, 'no-such-map', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.missing).toEqual(['no-such-map']);
  });

  it.skipIf(backend.skip)('refuses no ids and more than 100', async () => {
    expectError(await server.app.inject({ method: 'GET', url: '/api/maps' }), 400, /ids must name/);
    expectError(await getMaps(server.app, ',, ,'), 400, /ids must name/);
    const many = Array.from({ length: 101 }, (_, i) => `map-${i}`).join(',');
    expectError(await getMaps(server.app, many), 400, 'ids names 101 maps; at most 100 can be read at once');
  });
});

describe('GET /api/maps and expiry', () => {
  it('reports a map as missing once it has expired', async () => {
    const server = await startServer();
    try {
      const id = await publishOk(server.app);
      const live = await getMaps(server.app, `${id},help-example-alice-1`);
      expect(live.json().data.missing).toEqual([]);
      server.clock.advance(91 * 24 * 60 * 60 * 1000);
      const gone = await getMaps(server.app, `${id},help-example-alice-1`);
      expect(gone.json().data.missing).toEqual([id]);
      expect(gone.json().data.maps.map((map: { mapId: string }) => map.mapId)).toEqual([
        'help-example-alice-1',
      ]);
    } finally {
      await server.close();
    }
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapDataSchema } from '../../src/domain/belief-map';
import { getBuiltInMap } from '../../src/domain/built-in/index';
import { briefOfMap, mapSetBriefItemSchema } from '../../src/domain/discussion/map-brief';
import { mapSetPageBytes } from '../../src/server/routes/maps';
import type { MapStore } from '../../src/server/store/map-store';
import { dropPostgresSchema, openPostgresStore } from '../../src/server/store/postgres-store';
import {
  appOnStore,
  expectError,
  mapRequest,
  publishOk,
  reason,
  startServer,
  type TestServer,
} from './helpers';
import { serviceUrl } from '../support/services';

// PRODUCT §5.9, rules N13, N16: GET /api/maps?ids=a,b,c, several maps in one request, in brief unless
// asked whole, in pages bounded by bytes, on
// SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'GET /api/maps on PostgreSQL');

interface Backend {
  app: FastifyInstance;
  /** How many times the store was asked for a set, how many of its maps it read, and single reads. */
  reads: { sets: number; rows: number; get: number };
}

/** Counts the store's reads: a set must cost one read of the store, and a page only its own rows. */
function counting(inner: MapStore, reads: Backend['reads']): MapStore {
  return {
    ...inner,
    get: (id, now) => {
      reads.get++;
      return inner.get(id, now);
    },
    async *mapSet(ids, now, whole) {
      reads.sets++;
      for await (const item of inner.mapSet(ids, now, whole)) {
        reads.rows++;
        yield item;
      }
    },
  };
}

const backends: { name: string; skip: boolean; start(): Promise<Backend & { close(): Promise<void> }> }[] = [
  {
    name: 'SQLite',
    skip: false,
    async start() {
      const reads = { sets: 0, rows: 0, get: 0 };
      const server: TestServer = await startServer({ wrapStore: (inner) => counting(inner, reads) });
      return { app: server.app, reads, close: () => server.close() };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !postgresUrl,
    async start() {
      const reads = { sets: 0, rows: 0, get: 0 };
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

function getMaps(app: FastifyInstance, ids: string, headers: Record<string, string> = {}, more = '') {
  return app.inject({ method: 'GET', url: `/api/maps?ids=${ids}${more}`, headers });
}

/** A published map of about 1.2 MB, nearly all of it relevance texts. */
function largeMap(title: string) {
  return mapRequest({
    title,
    reasons: Array.from({ length: 60 }, (_, i) =>
      reason({ id: randomUUID(), title: `Reason ${i}`, relevance: `${i} `.padEnd(20_000, 'x') }),
    ),
  });
}

describe.each(backends)('GET /api/maps on $name', (backend) => {
  const server = {} as Backend & { close(): Promise<void> };
  beforeAll(async () => {
    if (!backend.skip) Object.assign(server, await backend.start());
  });
  afterAll(() => (backend.skip ? undefined : server.close()));

  it.skipIf(backend.skip)(
    '[N16] answers the maps found in brief, in order of id, and names the missing ones',
    async () => {
      const request = mapRequest({ title: 'First' });
      const first = await publishOk(server.app, request);
      const second = await publishOk(server.app, mapRequest({ title: 'Second' }));
      const before = server.reads.sets;
      const response = await getMaps(
        server.app,
        `${second},no-such-map,${first},Bad_Id!,help-example-alice-1,${first}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(server.reads.sets - before).toBe(1);
      const body = response.json();
      const ids = [first, second, 'help-example-alice-1'].sort();
      expect(body.status).toBe('ok');
      expect(body.data.maps.map((map: { mapId: string }) => map.mapId)).toEqual(ids);
      expect(body.data.missing).toEqual(['Bad_Id!', 'no-such-map']);
      expect(body.data.next).toBeNull();
      const { data: aliceData, ...alice } = getBuiltInMap('help-example-alice-1')!;
      expect(body.data.maps.find((map: { mapId: string }) => map.mapId === 'help-example-alice-1')).toEqual({
        mapId: 'help-example-alice-1',
        ...alice,
        brief: briefOfMap(aliceData),
      });
      const published = body.data.maps.find((map: { mapId: string }) => map.mapId === first);
      expect(Object.keys(published)).toEqual(['mapId', 'version', 'published', 'brief']);
      const item = mapSetBriefItemSchema.parse(published);
      expect(item.brief).toEqual(briefOfMap(mapDataSchema.parse(request.data)));
      expect(response.body).not.toContain('relevance');
    },
  );

  it.skipIf(backend.skip)('answers maps whole with form=full, or those of texts=', async () => {
    const request = mapRequest({ title: 'Whole first' });
    const first = await publishOk(server.app, request);
    const second = await publishOk(server.app, mapRequest({ title: 'Whole second' }));
    const ids = `${first},${second},help-example-alice-1`;
    const full = (await getMaps(server.app, ids, {}, '&form=full')).json();
    const alice = full.data.maps.find((map: { mapId: string }) => map.mapId === 'help-example-alice-1');
    expect(alice).toEqual({ mapId: 'help-example-alice-1', ...getBuiltInMap('help-example-alice-1') });
    const whole = full.data.maps.find((map: { mapId: string }) => map.mapId === first);
    expect(Object.keys(whole)).toEqual(['mapId', 'version', 'published', 'data']);
    expect(whole.data).toEqual(mapDataSchema.parse(request.data));
    const some = (await getMaps(server.app, ids, {}, `&texts=${second}`)).json();
    const forms = Object.fromEntries(
      some.data.maps.map((map: { mapId: string; data?: unknown }) => [
        map.mapId,
        map.data ? 'data' : 'brief',
      ]),
    );
    expect(forms).toEqual({ [first]: 'brief', [second]: 'data', 'help-example-alice-1': 'brief' });
  });

  it.skipIf(backend.skip)(
    'answers pages of at most mapSetPageBytes with a next cursor, each map once, reading only each page',
    async () => {
      const large = [];
      for (let i = 0; i < 8; i++) large.push(await publishOk(server.app, largeMap(`Large ${i}`)));
      const ids = [...large, 'no-such-map-1', 'no-such-map-2'].sort();
      const seen: string[] = [];
      let after: string | null = null;
      let pages = 0;
      for (;;) {
        const before = server.reads.rows;
        const more: string = `&form=full${after ? `&after=${after}` : ''}`;
        const response = await getMaps(server.app, ids.join(','), {}, more);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.rawPayload.length).toBeLessThanOrEqual(mapSetPageBytes + 1024);
        const { maps, missing, next } = response.json().data;
        // Only the page's own maps were read from the store, and one more at most.
        expect(server.reads.rows - before).toBeLessThanOrEqual(maps.length + 1);
        seen.push(...maps.map((map: { mapId: string }) => map.mapId), ...missing);
        pages++;
        if (next === null) break;
        after = next;
      }
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(seen.sort()).toEqual(ids);
      // In brief the same set is one small page.
      const brief = await getMaps(server.app, ids.join(','));
      expect(brief.json().data.next).toBeNull();
      expect(brief.json().data.maps).toHaveLength(8);
      expect(brief.rawPayload.length).toBeLessThan(100_000);
    },
  );

  it.skipIf(backend.skip)(
    'reads 100 maps with one read of the store, and a set asked again with none',
    async () => {
      const ids = await Promise.all(
        Array.from({ length: 100 }, (_, i) => publishOk(server.app, mapRequest({ title: `Map ${i}` }))),
      );
      const before = { ...server.reads };
      const response = await getMaps(server.app, ids.join(','));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.maps).toHaveLength(100);
      expect(server.reads.sets - before.sets).toBe(1);
      expect(server.reads.get - before.get).toBe(0);
      // The same set in another order is the same answer, kept: no second query.
      const again = await getMaps(server.app, [...ids].reverse().join(','));
      expect(again.body).toBe(response.body);
      expect(server.reads.sets - before.sets).toBe(1);
    },
  );

  it.skipIf(backend.skip)('makes a page once for requests that arrive together', async () => {
    const ids = await Promise.all(
      Array.from({ length: 3 }, (_, i) => publishOk(server.app, mapRequest({ title: `Together ${i}` }))),
    );
    const before = server.reads.sets;
    const answers = await Promise.all(Array.from({ length: 8 }, () => getMaps(server.app, ids.join(','))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(server.reads.sets - before).toBe(1);
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

  it.skipIf(backend.skip)('refuses an unknown form and a cursor that is not one of ids', async () => {
    expectError(await getMaps(server.app, 'a,b', {}, '&form=texts'), 400, 'form must be brief or full');
    expectError(
      await getMaps(server.app, 'a,b', {}, '&after=c'),
      400,
      "after must be one of ids, as a page's next gives it",
    );
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

import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { builtInBasedOn, builtInMapIds, getBuiltInMap } from '../../src/domain/built-in/index';
import { sampleMapData, publishBody } from '../support/maps';
import { dayMs, expectError, getMap, lifetimeMs, mapRequest, publishOk, serverForFile } from './helpers';

// PRODUCT §5.2: GET /api/map/{mapId} for built-in and published maps, with caching headers.

// PRODUCT §4.3 names them; the API must answer every one.
const builtInIds = [...builtInMapIds];

const server = serverForFile();

describe('built-in maps', () => {
  it.each(builtInIds)('answers %s with the shipped map', async (id) => {
    const response = await getMap(server.app, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    // PRODUCT §5.2, rule B4: Bob's first map says it answers Alice's, as a published map would.
    const basedOn = builtInBasedOn(id);
    expect(body).toEqual({ status: 'ok', ...getBuiltInMap(id), ...(basedOn ? { basedOn } : {}) });
    expect(Object.keys(body)).toEqual(
      basedOn
        ? ['status', 'version', 'published', 'basedOn', 'data']
        : ['status', 'version', 'published', 'data'],
    );
    expect(body.version).toBe('1.0');
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    // Built-ins change with a release, so they are revalidated rather than cached for good.
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers default with the empty map titled "New belief"', async () => {
    const body = (await getMap(server.app, 'default')).json();
    expect(body.data).toEqual({ title: 'New belief', description: null, reasons: [] });
  });

  it('never expires a built-in map, however late the clock', async () => {
    server.clock.advance(10 * 365 * dayMs);
    try {
      expect((await getMap(server.app, 'help-example-bob-2')).statusCode).toBe(200);
    } finally {
      server.clock.advance(-10 * 365 * dayMs);
    }
  });

  it('answers 304 without a body for a matching If-None-Match', async () => {
    const first = await getMap(server.app, 'help-example-icons');
    const etag = first.headers.etag as string;
    const again = await getMap(server.app, 'help-example-icons', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('gives each built-in map its own ETag', async () => {
    const etags = await Promise.all(
      builtInIds.map(async (id) => (await getMap(server.app, id)).headers.etag),
    );
    expect(new Set(etags).size).toBe(builtInIds.length);
  });

  it("answers 200 when If-None-Match names another map's ETag", async () => {
    const other = (await getMap(server.app, 'default')).headers.etag as string;
    const response = await getMap(server.app, 'help-example-initial', { 'if-none-match': other });
    expect(response.statusCode).toBe(200);
  });
});

describe('published maps', () => {
  it('answers with status, version, the server-set published time and the data', async () => {
    const request = mapRequest();
    const id = await publishOk(server.app, request);
    const response = await getMap(server.app, id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(Object.keys(body)).toEqual(['status', 'version', 'published', 'data']);
    expect(body).toEqual({
      status: 'ok',
      version: '1.0',
      published: server.clock.now().toISOString(),
      data: request.data,
    });
  });

  it('may be cached by anyone until it expires, counting down as time passes', async () => {
    const id = await publishOk(server.app);
    const fresh = await getMap(server.app, id);
    expect(fresh.headers.etag).toMatch(/^"[^"]+"$/);
    expect(fresh.headers['cache-control']).toBe(`public, max-age=${lifetimeMs / 1000}, immutable`);

    server.clock.advance(dayMs + 1500);
    const later = await getMap(server.app, id);
    expect(later.headers['cache-control']).toBe(
      `public, max-age=${lifetimeMs / 1000 - 86_400 - 2}, immutable`,
    );
    // The map never changes, so neither does its ETag.
    expect(later.headers.etag).toBe(fresh.headers.etag);
  });

  it('answers 304 for its ETag, also weak or in a list, and 200 for another', async () => {
    const id = await publishOk(server.app);
    const other = await publishOk(server.app);
    const etag = (await getMap(server.app, id)).headers.etag as string;
    const otherEtag = (await getMap(server.app, other)).headers.etag as string;
    expect(etag).not.toBe(otherEtag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const response = await getMap(server.app, id, { 'if-none-match': ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+, immutable$/);
    }
    expect((await getMap(server.app, id, { 'if-none-match': otherEtag })).statusCode).toBe(200);
  });
});

describe('ids that name nothing', () => {
  it.each([
    'no-such-map-k3j9x2m7qa1b',
    'abcdefghijkl',
    'help-example-zoe-1',
    // Long but well-formed: below the format's bound, so it is looked up (and not found).
    'a'.repeat(120),
  ])('answers 404 JSON for %s', async (id) => {
    expectError(await getMap(server.app, id), 404, new RegExp(`^Map ${id} does not exist`));
  });
});

describe('ids of the wrong format', () => {
  it.each([
    ['capitals', 'Default'],
    ['capitals in a published id', 'More-Bike-Lanes-k3j9x2m7qa1b'],
    ['a dot', 'help.example'],
    ['a draft id', 'draft.x'],
    ['the default draft id', 'draft.default'],
    ['an underscore', 'bike_lanes'],
    ['a space', 'bike%20lanes'],
    ['non-ASCII letters', 'caf%C3%A9'],
    ['too long', 'a'.repeat(121)],
    ['far too long', 'b'.repeat(5000)],
  ])('answers 400 for %s', async (_why, urlId) => {
    const id = decodeURIComponent(urlId);
    expectError(await getMap(server.app, urlId), 400, `Map id ${id} does not match expected format`);
  });
});

describe('a large map, gzipped for the clients that take it', () => {
  let id: string;
  const mapId = async () => (id ??= await publishOk(server.app, publishBody(sampleMapData(1000))));

  it('answers a 1,000-reason map gzipped, whose unzipped bytes are the plain answer', async () => {
    const plain = await getMap(server.app, await mapId());
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(200_000);
    expect(plain.json().data.reasons).toHaveLength(1000);

    for (const acceptEncoding of ['gzip', 'gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5']) {
      const gzipped = await getMap(server.app, id, { 'accept-encoding': acceptEncoding });
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(gzipped.headers.vary).toBe('Accept-Encoding');
      // The same map, so the same validator and the same caching as the plain answer.
      expect(gzipped.headers.etag).toBe(plain.headers.etag);
      expect(gzipped.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('answers a revalidation 304 in either encoding', async () => {
    const etag = (await getMap(server.app, await mapId())).headers.etag as string;
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const response = await getMap(server.app, id, { ...headers, 'if-none-match': etag });
      expect(response.statusCode).toBe(304);
      expect(response.rawPayload.length).toBe(0);
    }
  });

  it('sends a small map plain, whatever the client takes', async () => {
    const small = await publishOk(server.app);
    const response = await getMap(server.app, small, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().status).toBe('ok');
  });
});

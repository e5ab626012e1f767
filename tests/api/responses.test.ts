import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { getBuiltInMap } from '../../src/domain/built-in/index';
import { publishAnswerSchema, responsesPageSchema, threadSchema } from '../../src/domain/response-answers';
import { buildApp } from '../../src/server/app';
import type { MapStore } from '../../src/server/store/map-store';
import { dropPostgresSchema, openPostgresStore } from '../../src/server/store/postgres-store';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import {
  countStoredMaps,
  dayMs,
  expectError,
  failingStore,
  getMap,
  lifetimeMs,
  makeTempDir,
  mapRequest,
  publish,
  reason,
  removeDir,
  serverPerTest,
  testClock,
  testConfig,
  type TestClock,
} from './helpers';
import { serviceUrl } from '../support/services';

// PRODUCT §5.5–§5.8 through the API, on SQLite and on PostgreSQL alike: what a map answers, its
// listed responses a page at a time, its thread, hiding a response with the author key, and every
// hostile request refused with a 4xx that stores and changes nothing.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'the PostgreSQL responses tests');

interface Harness {
  app: FastifyInstance;
  store: MapStore;
  clock: TestClock;
  /** Maps stored, read from the database itself. */
  count(): Promise<number>;
}

interface Backend {
  name: string;
  skip: boolean;
  start(env?: Record<string, string>): Promise<Harness>;
}

const startSqlite = serverPerTest();
const sqlite: Backend = {
  name: 'SQLite',
  skip: false,
  async start(env) {
    const server = await startSqlite({ env });
    return { ...server, count: async () => countStoredMaps(server.dbPath) };
  },
};

const postgresCleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of postgresCleanups.splice(0)) await cleanup();
});
const run = `responses_${randomBytes(5).toString('hex')}`;
let schemas = 0;
const postgres: Backend = {
  name: 'PostgreSQL',
  skip: !postgresUrl,
  async start(env = {}) {
    const schema = `${run}_${++schemas}`;
    const store = await openPostgresStore(postgresUrl!, { schema });
    const clock = testClock();
    const app = await buildApp(testConfig(':memory:', env), { store, now: clock.now, logger: false });
    const pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
    postgresCleanups.push(async () => {
      await app.close();
      await pool.end();
      await dropPostgresSchema(postgresUrl!, schema);
    });
    const count = async () => {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".maps`);
      return Number(rows[0]!.n);
    };
    return { app, store, clock, count };
  },
};

interface Published {
  mapId: string;
  published: string;
  authorKey: string;
  listed: boolean;
  unlistedReason?: string;
}

const fromAddress = (remoteAddress: string): Omit<InjectOptions, 'method' | 'url' | 'payload'> => ({
  remoteAddress,
  headers: { 'content-type': 'application/json' },
});

async function publishAs(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
  data: Record<string, unknown> = {},
  address = '203.0.113.1',
): Promise<Published> {
  const response = await publish(app, { ...mapRequest(data), ...fields }, fromAddress(address));
  expect(response.statusCode, response.body).toBe(200);
  const answer = (response.json() as { data: Published }).data;
  // Rule A4: what the server answers passes the schema a client reads it with, unchanged.
  expect(publishAnswerSchema.parse(answer)).toEqual(answer);
  return answer;
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const hide = (app: FastifyInstance, url: string, key?: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'DELETE',
    url,
    headers: key === undefined ? {} : { 'belief-map-author-key': key },
    remoteAddress,
  });

interface ResponsesAnswer {
  responses: { mapId: string; title: string; published: string; reasons: number; balance: unknown }[];
  next: string | null;
}
const page = (response: LightMyRequestResponse) => {
  const { data } = response.json() as { data: ResponsesAnswer };
  expect(responsesPageSchema.parse(data)).toEqual(data);
  return data;
};
const listedIds = async (app: FastifyInstance, id: string) =>
  page(await get(app, `/api/map/${id}/responses`)).responses.map((r) => r.mapId);

function defineResponses(backend: Backend): void {
  describe.skipIf(backend.skip)(`responses on ${backend.name}`, () => {
    describe('basedOn (PRODUCT §5.2, §5.5)', () => {
      it('is stored and answered beside version and published; absent when there is none', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        expect(Object.keys((await getMap(app, base.mapId)).json())).toEqual([
          'status',
          'version',
          'published',
          'data',
        ]);
        const answer = await publishAs(
          app,
          { basedOn: base.mapId, listed: true },
          { title: 'No bike lanes' },
        );
        expect(answer.listed).toBe(true);
        expect(answer.unlistedReason).toBeUndefined();
        const body = (await getMap(app, answer.mapId)).json();
        expect(Object.keys(body)).toEqual(['status', 'version', 'published', 'basedOn', 'data']);
        expect(body).toMatchObject({ version: '1.0', basedOn: base.mapId, data: { title: 'No bike lanes' } });
      });

      it('[A3] records a built-in base but never lists it, and says why', async () => {
        const { app } = await backend.start();
        const answer = await publishAs(app, { basedOn: 'help-example-alice-1', listed: true });
        expect(answer).toMatchObject({
          listed: false,
          unlistedReason: 'A map that answers a built-in map is never listed',
        });
        expect((await getMap(app, answer.mapId)).json().basedOn).toBe('help-example-alice-1');
        expect(page(await get(app, '/api/map/help-example-alice-1/responses'))).toEqual({
          responses: [],
          next: null,
        });
      });

      it('[A3] does not list a response whose author did not ask, and gives no reason', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        const answer = await publishAs(app, { basedOn: base.mapId });
        expect(answer.listed).toBe(false);
        expect(answer.unlistedReason).toBeUndefined();
        expect(await listedIds(app, base.mapId)).toEqual([]);
      });

      it('still says what a map answered once the base has expired', async () => {
        const { app, clock } = await backend.start();
        const start = clock.now().getTime();
        const base = await publishAs(app);
        clock.advance(10 * dayMs);
        const answer = await publishAs(app, { basedOn: base.mapId, listed: true });
        clock.set(start + lifetimeMs);
        expect((await getMap(app, base.mapId)).statusCode).toBe(404);
        expect((await getMap(app, answer.mapId)).json().basedOn).toBe(base.mapId);
      });

      it.each([
        ['a number', 42, 'basedOn must be a map id or null'],
        ['not an id', 'Not An Id', 'basedOn Not An Id is not a map id'],
        ['a draft id', 'draft.bike-lanes-k3j9x2m7qa1b', /not a draft: draft\.bike-lanes-k3j9x2m7qa1b$/],
        ['a local draft', 'local--k3j9x2m7qa1b', 'basedOn local--k3j9x2m7qa1b names no published map'],
        [
          'an unknown map',
          'no-such-map-k3j9x2m7qa1b',
          'basedOn no-such-map-k3j9x2m7qa1b names no published map',
        ],
        ['SQL', "x' OR '1'='1", /is not a map id$/],
      ])('[A2] refuses a basedOn that is %s with 400, storing nothing', async (_name, basedOn, message) => {
        const { app, count } = await backend.start();
        await publishAs(app);
        const before = await count();
        const response = await publish(app, { ...mapRequest(), basedOn, listed: true });
        expectError(response, 400, message);
        expect(await count()).toBe(before);
      });

      it('refuses a listed that is not true or false, storing nothing', async () => {
        const { app, count } = await backend.start();
        const base = await publishAs(app);
        const before = await count();
        expectError(
          await publish(app, { ...mapRequest(), basedOn: base.mapId, listed: 'yes' }),
          400,
          'listed must be true or false',
        );
        expect(await count()).toBe(before);
      });

      it('refuses an expired base as an unknown one', async () => {
        const { app, clock, count } = await backend.start();
        const base = await publishAs(app);
        clock.advance(lifetimeMs);
        const before = await count();
        expectError(
          await publish(app, { ...mapRequest(), basedOn: base.mapId }),
          400,
          `basedOn ${base.mapId} names no published map`,
        );
        expect(await count()).toBe(before);
      });

      it('never gives a response its base’s id: the new id is always new', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        const answer = await publishAs(app, { basedOn: base.mapId, listed: true });
        expect(answer.mapId).not.toBe(base.mapId);
        // Nor can a map be hidden as a response of itself.
        expectError(
          await hide(app, `/api/map/${base.mapId}/responses/${base.mapId}`, base.authorKey),
          404,
          `Map ${base.mapId} is not a response to map ${base.mapId}`,
        );
      });
    });

    describe('GET /api/map/{id}/responses (PRODUCT §5.6)', () => {
      it('[A1] lists listed responses newest first, 20 a page, with a cursor to the next', async () => {
        const { app, clock } = await backend.start();
        const base = await publishAs(app);
        const other = await publishAs(app);
        const listed: Published[] = [];
        for (let i = 0; i < 25; i++) {
          clock.advance(1000);
          listed.push(await publishAs(app, { basedOn: base.mapId, listed: true }, { title: `Answer ${i}` }));
        }
        await publishAs(app, { basedOn: base.mapId, listed: false });
        await publishAs(app, { basedOn: other.mapId, listed: true });
        const newestFirst = listed.map((r) => r.mapId).reverse();

        const first = await get(app, `/api/map/${base.mapId}/responses`);
        expect(first.statusCode).toBe(200);
        expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(first.headers['cache-control']).toBe('public, max-age=30');
        const one = page(first);
        expect(one.responses.map((r) => r.mapId)).toEqual(newestFirst.slice(0, 20));
        expect(one.responses[0]).toEqual({
          mapId: listed[24]!.mapId,
          title: 'Answer 24',
          published: listed[24]!.published,
          reasons: 2,
          // mapRequest's reasons: agree × strong-support (1.5 for), neutral × disconfirm (0.5 against).
          balance: {
            for: { count: 1, weight: 1.5 },
            against: { count: 1, weight: 0.5 },
            unrated: 0,
            neither: 0,
          },
        });
        expect(one.next).toMatch(/^[A-Za-z0-9_-]+$/);

        const two = page(await get(app, `/api/map/${base.mapId}/responses?cursor=${one.next}`));
        expect(two.responses.map((r) => r.mapId)).toEqual(newestFirst.slice(20));
        expect(two.next).toBeNull();
      });

      it('[W5] gives each response the balance figures its page shows, weights to one decimal', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        await publishAs(
          app,
          { basedOn: base.mapId, listed: true },
          {
            reasons: [
              reason({ belief: 'agree', support: 'support' }),
              reason({ belief: 'agree', support: 'support' }),
              reason({ belief: 'strong-agree', support: 'strong-disconfirm' }),
              reason({ belief: 'agree', support: 'neutral' }),
              reason({ belief: null, support: 'support' }),
            ],
          },
        );
        const [only] = page(await get(app, `/api/map/${base.mapId}/responses`)).responses;
        expect(only).toMatchObject({
          reasons: 5,
          balance: {
            for: { count: 2, weight: 1.5 },
            against: { count: 1, weight: 2 },
            unrated: 1,
            neither: 1,
          },
        });
      });

      it('answers 304 to a matching If-None-Match, and a new ETag once the list changes', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        const first = await get(app, `/api/map/${base.mapId}/responses`);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^"[^"]+"$/);
        const again = await get(app, `/api/map/${base.mapId}/responses`, { 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        await publishAs(app, { basedOn: base.mapId, listed: true });
        const changed = await get(app, `/api/map/${base.mapId}/responses`, { 'if-none-match': etag });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
      });

      it('answers 404 for an unknown or expired map, 400 for a malformed id', async () => {
        const { app, clock } = await backend.start();
        const base = await publishAs(app);
        expectError(
          await get(app, '/api/map/no-such-map-k3j9x2m7qa1b/responses'),
          404,
          'Map no-such-map-k3j9x2m7qa1b does not exist or has expired',
        );
        expectError(
          await get(app, '/api/map/Bad.Id/responses'),
          400,
          'Map id Bad.Id does not match expected format',
        );
        expectError(
          await get(app, `/api/map/draft.${base.mapId}/thread`),
          400,
          /does not match expected format/,
        );
        clock.advance(lifetimeMs);
        expectError(await get(app, `/api/map/${base.mapId}/responses`), 404, /does not exist or has expired/);
        expectError(await get(app, `/api/map/${base.mapId}/thread`), 404, /does not exist or has expired/);
      });

      it.each([
        ['garbage', 'cursor=not!ours'],
        ['empty', 'cursor='],
        ['given twice', 'cursor=cjF8&cursor=cjF8'],
        ['padded', `cursor=${Buffer.from('r1|2026-11-20T10:00:00.000Z|abc').toString('base64')}`],
        [
          'of another version',
          `cursor=${Buffer.from('r9|2026-11-20T10:00:00.000Z|abc').toString('base64url')}`,
        ],
      ])('[A1] answers 400 to a cursor that is not ours: %s', async (_name, query) => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        expectError(
          await get(app, `/api/map/${base.mapId}/responses?${query}`),
          400,
          'Cursor is not one this server gave',
        );
      });
    });

    describe('forged cursors (rule A1)', () => {
      it('[A1] answers 400 to a well-formed cursor that names no response of the map', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        const other = await publishAs(app);
        const theirs = await publishAs(app, { basedOn: other.mapId, listed: true });
        const ours = await publishAs(app, { basedOn: base.mapId, listed: true });
        const cursor = (published: string, id: string) =>
          Buffer.from(`r1|${published}|${id}`).toString('base64url');
        for (const forged of [
          cursor('2026-11-20T10:00:00.000Z', 'no-such-map-k3j9x2m7qa1b'),
          cursor(theirs.published, theirs.mapId),
          cursor('2000-01-01T00:00:00.000Z', ours.mapId),
          cursor(base.published, base.mapId),
        ])
          expectError(
            await get(app, `/api/map/${base.mapId}/responses?cursor=${forged}`),
            400,
            'Cursor is not one this server gave',
          );
        // The position of a response of the map is a cursor this server gives: its next page.
        const given = await get(
          app,
          `/api/map/${base.mapId}/responses?cursor=${cursor(ours.published, ours.mapId)}`,
        );
        expect(page(given)).toEqual({ responses: [], next: null });
      });
    });

    describe('the listing limit (PRODUCT §5.5)', () => {
      it('lists 30 responses an hour from one address; the 31st is published but not listed', async () => {
        const { app, count } = await backend.start();
        const base = await publishAs(app);
        for (let i = 0; i < 30; i++) {
          expect(
            (await publishAs(app, { basedOn: base.mapId, listed: true }, {}, '198.51.100.9')).listed,
          ).toBe(true);
        }
        const before = await count();
        const flood = await publishAs(app, { basedOn: base.mapId, listed: true }, {}, '198.51.100.9');
        expect(flood).toMatchObject({
          listed: false,
          unlistedReason:
            'This address has listed its 30 responses for this hour; the map is published but not listed',
        });
        expect(await count()).toBe(before + 1);
        expect((await getMap(app, flood.mapId)).statusCode).toBe(200);
        const all = [...page(await get(app, `/api/map/${base.mapId}/responses`)).responses].map(
          (r) => r.mapId,
        );
        expect(all).not.toContain(flood.mapId);
        // Another address lists as before; the one that flooded lists again once its bucket refills.
        expect(
          (await publishAs(app, { basedOn: base.mapId, listed: true }, {}, '198.51.100.10')).listed,
        ).toBe(true);
      });
    });

    describe('DELETE /api/map/{id}/responses/{responseId} (PRODUCT §5.8)', () => {
      it('hides a response for everyone with the base’s author key; it stays readable', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        const kept = await publishAs(app, { basedOn: base.mapId, listed: true });
        const hidden = await publishAs(app, { basedOn: base.mapId, listed: true });
        const url = `/api/map/${base.mapId}/responses/${hidden.mapId}`;
        const response = await hide(app, url, base.authorKey);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
        expect(await listedIds(app, base.mapId)).toEqual([kept.mapId]);
        expect((await hide(app, url, base.authorKey)).statusCode).toBe(200);
        const read = await getMap(app, hidden.mapId);
        expect(read.statusCode).toBe(200);
        expect(read.json().basedOn).toBe(base.mapId);
      });

      it('lets an address send 5 wrong keys at once, then answers 429 with Retry-After to any key', async () => {
        const { app, clock } = await backend.start();
        const base = await publishAs(app);
        const response = await publishAs(app, { basedOn: base.mapId, listed: true });
        const url = `/api/map/${base.mapId}/responses/${response.mapId}`;
        const guesser = '198.51.100.66';
        for (let i = 0; i < 5; i++)
          expect((await hide(app, url, `guess-${i}`, guesser)).statusCode).toBe(403);
        // A sixth finds none left: it is told to wait, and so is every key after it, the right one too.
        for (const key of ['guess-5', 'guess-6', base.authorKey]) {
          const refused = await hide(app, url, key, guesser);
          expectError(refused, 429, /^Too many wrong author keys from this address; try again in \d+ s$/);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        }
        expect(await listedIds(app, base.mapId)).toEqual([response.mapId]);
        // Another address is not held back, and its right key hides the response.
        expect((await hide(app, url, base.authorKey, '198.51.100.67')).statusCode).toBe(200);
        // A minute on, the guesser may try again.
        clock.advance(60_000);
        expect((await hide(app, url, 'guess-7', guesser)).statusCode).toBe(403);
      });

      it('never throttles an author for right keys', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        for (let i = 0; i < 12; i++) {
          const response = await publishAs(app, { basedOn: base.mapId, listed: true });
          const url = `/api/map/${base.mapId}/responses/${response.mapId}`;
          expect((await hide(app, url, base.authorKey, '198.51.100.70')).statusCode).toBe(200);
        }
      });

      it('refuses a missing, wrong or other map’s key with 403, changing nothing', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        const response = await publishAs(app, { basedOn: base.mapId, listed: true });
        const url = `/api/map/${base.mapId}/responses/${response.mapId}`;
        const message = `The author key of map ${base.mapId} is missing or wrong`;
        // Each from an address of its own, so that none is throttled (PRODUCT §5.8).
        for (const [i, key] of [
          undefined,
          '',
          'x',
          response.authorKey,
          `${base.authorKey}x`,
          base.authorKey.toUpperCase(),
        ].entries())
          expectError(await hide(app, url, key, `198.51.100.${i + 1}`), 403, message);
        // A built-in map has no author key at all.
        expectError(
          await hide(app, `/api/map/help-example-alice-1/responses/${response.mapId}`, base.authorKey),
          403,
          'The author key of map help-example-alice-1 is missing or wrong',
        );
        // A key in the URL is no key: it must go in the header.
        expectError(await hide(app, `${url}?key=${base.authorKey}`), 403, message);
        expect(await listedIds(app, base.mapId)).toEqual([response.mapId]);
      });

      it('answers 404 for an unknown map or a map that is not its response, 400 for malformed ids', async () => {
        const { app } = await backend.start();
        const base = await publishAs(app);
        const other = await publishAs(app);
        const elsewhere = await publishAs(app, { basedOn: other.mapId, listed: true });
        expectError(
          await hide(app, `/api/map/no-such-map-k3j9x2m7qa1b/responses/${elsewhere.mapId}`, base.authorKey),
          404,
          'Map no-such-map-k3j9x2m7qa1b does not exist or has expired',
        );
        expectError(
          await hide(app, `/api/map/${base.mapId}/responses/${elsewhere.mapId}`, base.authorKey),
          404,
          `Map ${elsewhere.mapId} is not a response to map ${base.mapId}`,
        );
        expectError(
          await hide(app, `/api/map/${base.mapId}/responses/no-such-map-k3j9x2m7qa1b`, base.authorKey),
          404,
          `Map no-such-map-k3j9x2m7qa1b is not a response to map ${base.mapId}`,
        );
        expectError(
          await hide(app, `/api/map/${base.mapId}/responses/Bad`, base.authorKey),
          400,
          /expected format/,
        );
        expectError(
          await hide(app, `/api/map/draft.x/responses/${elsewhere.mapId}`, base.authorKey),
          400,
          /expected format/,
        );
        expect(await listedIds(app, other.mapId)).toEqual([elsewhere.mapId]);
      });
    });

    describe('GET /api/map/{id}/thread (PRODUCT §5.7)', () => {
      it('answers the listed responses under a map, breadth first, each with its basedOn', async () => {
        const { app, clock } = await backend.start();
        const root = await publishAs(app, {}, { title: 'Root' });
        const step = async (basedOn: string, title: string, listed = true) => {
          clock.advance(1000);
          return (await publishAs(app, { basedOn, listed }, { title })).mapId;
        };
        const a = await step(root.mapId, 'A');
        const a1 = await step(a, 'A1');
        const b = await step(root.mapId, 'B');
        await step(a1, 'A1x');
        await step(b, 'unlisted', false);
        const c = await step(root.mapId, 'C');
        const c1 = await step(c, 'C1');
        await step(c1, 'C1x');
        const response = await get(app, `/api/map/${root.mapId}/thread`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=30');
        expect(response.headers.etag).toMatch(/^"[^"]+"$/);
        const { data } = response.json() as {
          data: {
            mapId: string;
            maps: { mapId: string; title: string; basedOn: string }[];
            complete: boolean;
          };
        };
        expect(threadSchema.parse(data)).toEqual(data);
        expect(data.mapId).toBe(root.mapId);
        expect(data.complete).toBe(true);
        expect(data.maps.map((m) => [m.title, m.basedOn])).toEqual([
          ['C', root.mapId],
          ['B', root.mapId],
          ['A', root.mapId],
          ['C1', c],
          ['A1', a],
          ['C1x', c1],
          ['A1x', a1],
        ]);
        expect(Object.keys(data.maps[0]!)).toEqual(['mapId', 'title', 'published', 'basedOn']);
      });

      it('[B4] answers a built-in map’s thread: the built-in maps answering it, breadth first', async () => {
        const { app } = await backend.start();
        // A published answer to a built-in map is never listed, so it is not in the thread either.
        await publishAs(app, { basedOn: 'help-example-alice-1', listed: true });
        const response = await get(app, '/api/map/help-example-alice-1/thread');
        expect(response.statusCode).toBe(200);
        const data = threadSchema.parse((response.json() as { data: unknown }).data);
        expect(data.mapId).toBe('help-example-alice-1');
        expect(data.complete).toBe(true);
        expect(data.maps.map((m) => [m.mapId, m.basedOn])).toEqual([
          ['help-example-bob-1', 'help-example-alice-1'],
          ['help-example-carol-1', 'help-example-alice-1'],
          ['help-example-dan-1', 'help-example-bob-1'],
          ['help-example-erin-1', 'help-example-bob-1'],
        ]);
        expect(data.maps[0]).toEqual({
          mapId: 'help-example-bob-1',
          title: getBuiltInMap('help-example-bob-1')!.data.title,
          published: '2026-01-01T00:00:00.000Z',
          basedOn: 'help-example-alice-1',
        });
        const empty = threadSchema.parse(
          (await get(app, '/api/map/help-example-alice-2/thread')).json().data,
        );
        expect(empty).toEqual({ mapId: 'help-example-alice-2', maps: [], complete: true });
      });

      it('leaves a hidden response and what answers it out of the thread', async () => {
        const { app } = await backend.start();
        const root = await publishAs(app);
        const hidden = await publishAs(app, { basedOn: root.mapId, listed: true });
        await publishAs(app, { basedOn: hidden.mapId, listed: true });
        expect(
          (await hide(app, `/api/map/${root.mapId}/responses/${hidden.mapId}`, root.authorKey)).statusCode,
        ).toBe(200);
        const { data } = (await get(app, `/api/map/${root.mapId}/thread`)).json() as {
          data: { maps: unknown[]; complete: boolean };
        };
        expect(data).toEqual({ mapId: root.mapId, maps: [], complete: true });
      });

      it('stops at 200 maps and says the thread is not complete', async () => {
        const { app, store, clock } = await backend.start();
        const root = await publishAs(app);
        const at = clock.now();
        // Stored directly: 201 publishes through the API would pass the listing limit.
        let n = 0;
        const add = (basedOn: string) =>
          store.publish(
            {
              published: new Date(at.getTime() + ++n).toISOString(),
              expiresAt: at.getTime() + lifetimeMs,
              dataJson: '{"title":"t","description":null,"reasons":[]}',
              basedOn,
              listed: true,
              title: `t${n}`,
            },
            () => `thread-map-${n}-${randomBytes(4).toString('hex')}`,
          );
        const firstDepth = await Promise.all(Array.from({ length: 150 }, () => add(root.mapId)));
        await Promise.all(Array.from({ length: 51 }, (_, i) => add(firstDepth[i]!)));
        const { data } = (await get(app, `/api/map/${root.mapId}/thread`)).json() as {
          data: { maps: { basedOn: string }[]; complete: boolean };
        };
        expect(data.maps).toHaveLength(200);
        expect(data.complete).toBe(false);
        expect(data.maps.slice(0, 150).every((m) => m.basedOn === root.mapId)).toBe(true);
      });
    });
  });
}

describe('the author key in logs (PRODUCT §5.8, §14.6)', () => {
  it.each(['trace', 'info', 'warn'])('never appears in what LOG_LEVEL=%s writes', async (level) => {
    const dir = makeTempDir();
    const written: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    const dbPath = join(dir, 'maps.sqlite');
    const store = failingStore(openSqliteStore(dbPath));
    const app = await buildApp(testConfig(dbPath, { LOG_LEVEL: level }), { store, logStream });
    try {
      const base = await publishAs(app);
      const answer = await publishAs(app, { basedOn: base.mapId, listed: true });
      const url = `/api/map/${base.mapId}/responses/${answer.mapId}`;
      expect((await hide(app, url, base.authorKey)).statusCode).toBe(200);
      expect((await hide(app, url, answer.authorKey)).statusCode).toBe(403);
      // A failure is logged with its cause, at every level: still without the key.
      store.fail(new Error('disk on fire'), ['hideResponse']);
      expect((await hide(app, url, base.authorKey)).statusCode).toBe(500);
      const log = written.join('');
      if (level !== 'warn') expect(log).toContain(url);
      expect(log).toContain('disk on fire');
      for (const key of [base.authorKey, answer.authorKey]) expect(log).not.toContain(key);
    } finally {
      await app.close();
      removeDir(dir);
    }
  });
});

defineResponses(sqlite);
defineResponses(postgres);

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { healthBody } from '../support/http';
import { buildApp } from '../../src/server/app';
import { parseConfig, type Config } from '../../src/server/config';
import { StoreUnavailableError, type MapStore } from '../../src/server/store/map-store';
import {
  createPostgresStore,
  dropPostgresSchema,
  openPostgresStore,
} from '../../src/server/store/postgres-store';
import { startTcpProxy } from '../support/tcp-proxy';
import { serviceUrl } from '../support/services';

// The API over a PostgreSQL store: a publish round trip, and what clients see while the database
// is away (503, then recovery without a restart).

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'PostgreSQL API tests that need a database');

/** Nothing listens on port 1: connections are refused at once. */
const unreachableUrl = 'postgres://postgres@127.0.0.1:1/test';

function testConfig(databaseUrl: string): Config {
  const parsed = parseConfig(
    { DATABASE_URL: databaseUrl, CREATE_RATE_LIMIT: '0', SWEEP_INTERVAL_MS: '0' },
    null,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const apps: FastifyInstance[] = [];
async function appOver(store: MapStore, databaseUrl: string): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(databaseUrl), { store, logger: false });
  apps.push(app);
  return app;
}
afterEach(async () => {
  // Closing the app closes its store.
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const publishRequest = {
  version: '1.0',
  data: {
    title: 'Turn the Main Street parking lane into a bike lane',
    description: 'Proposed by the town council for next spring.',
    reasons: [
      {
        id: '3f0c7a52-8f0e-4d3b-9a61-2b7b9e0f4c11',
        title: 'Fewer cars would park in front of the shops',
        relevance: 'Shop owners worry about deliveries.',
        belief: 'agree',
        support: 'disconfirm',
      },
    ],
  },
};

async function publish(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/map/create', payload: publishRequest });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { mapId: string } }).data.mapId;
}

function expectUnavailable(response: {
  statusCode: number;
  json(): unknown;
  headers: Record<string, unknown>;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  const body = response.json() as { status: string; message: string };
  expect(body.status).toBe('error');
  // The client learns what to do, not the driver's internals.
  expect(body.message).toBe('The database is unavailable; try again shortly');
}

describe('API while PostgreSQL cannot be reached', () => {
  it('answers 503 JSON for a published id and for /healthz, but still serves built-in maps', async () => {
    const app = await appOver(createPostgresStore(unreachableUrl), unreachableUrl);

    expectUnavailable(await app.inject({ method: 'GET', url: '/api/map/bike-lanes-k3j9x2m7qa1b' }));
    expectUnavailable(await app.inject({ method: 'POST', url: '/api/map/create', payload: publishRequest }));

    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual(healthBody({ database: 'unavailable' }));

    const builtIn = await app.inject({ method: 'GET', url: '/api/map/default' });
    expect(builtIn.statusCode).toBe(200);
  });

  it('stops start-up with StoreUnavailableError when opened eagerly', async () => {
    await expect(openPostgresStore(unreachableUrl)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

describe.skipIf(!postgresUrl)('API over PostgreSQL', () => {
  const schemas: string[] = [];
  const freshSchema = () => {
    const schema = `api_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };
  afterAll(async () => {
    for (const schema of schemas) await dropPostgresSchema(postgresUrl!, schema);
  });

  it('publishes a map and answers it back', async () => {
    const store = await openPostgresStore(postgresUrl!, { schema: freshSchema() });
    const app = await appOver(store, postgresUrl!);

    const id = await publish(app);
    expect(id).toMatch(/^turn-the-main-street-parking-lane-into-a-[a-z0-9]{12}$/);

    const response = await app.inject({ method: 'GET', url: `/api/map/${id}` });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; version: string; published: string; data: unknown };
    expect(body).toMatchObject({ status: 'ok', version: '1.0', data: publishRequest.data });
    expect(Date.parse(body.published)).not.toBeNaN();
    expect(response.headers['etag']).toBe(`"${id}"`);
  });

  it('refuses a batch holding a text that is not one JSON value, rather than shifting maps onto other ids', async () => {
    const store = await openPostgresStore(postgresUrl!, { schema: freshSchema() });
    try {
      const newMap = (dataJson: string) => ({
        published: '2026-11-20T10:00:00.000Z',
        expiresAt: 4e12,
        dataJson,
      });
      let n = 0;
      const newId = () => `shift-test-${n++}`;
      // Two values in one text, then a good map in the same batch: the good one must not end up
      // stored under the first id with the wrong data.
      const results = await Promise.allSettled([
        store.publish(newMap('{"a":1},{"b":2}'), newId),
        store.publish(newMap('{"c":3}'), newId),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect(await store.get('shift-test-0', new Date())).toBeNull();
      expect(await store.get('shift-test-1', new Date())).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('answers 503 while the database is away and recovers by itself when it returns', async () => {
    const proxy = await startTcpProxy(postgresUrl!);
    const idleErrors: Error[] = [];
    const store = createPostgresStore(proxy.url(), {
      schema: freshSchema(),
      connectionTimeoutMs: 1_000,
      onIdleError: (error) => idleErrors.push(error),
    });
    const app = await appOver(store, postgresUrl!);
    const id = await publish(app);

    await proxy.cut();
    // The pooled connection that was cut is reported, not thrown: an 'error' event nobody
    // listened to would have ended the test process.
    await vi.waitFor(() =>
      expect(idleErrors.map((error) => error.message)).toContain('Connection terminated unexpectedly'),
    );
    expectUnavailable(await app.inject({ method: 'GET', url: `/api/map/${id}` }));
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(503);

    await proxy.restore();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: `/api/map/${id}` });
    expect(again.statusCode).toBe(200);
    expect(await publish(app)).not.toBe(id);
    await proxy.close();
  });
});

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { dropPostgresSchema, openPostgresStore } from '../../src/server/store/postgres-store';
import { publishBody, sampleMapData } from '../support/maps';
import { appOnStore } from './helpers';
import { serviceUrl } from '../support/services';

// PRODUCT §2.4: two servers on their own ports over one PostgreSQL database, as two
// machines behind a load balancer would run. A map published through either is served by both.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'the two-instance tests');

describe.skipIf(!postgresUrl)('two instances over one PostgreSQL database', () => {
  const schema = `instances_${randomBytes(6).toString('hex')}`;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await dropPostgresSchema(postgresUrl!, schema);
  });

  async function startInstance(): Promise<string> {
    // Each instance has its own pool, as a separate process would; both migrate at start-up and
    // the migration lock lets only one of them do the work.
    const store = await openPostgresStore(postgresUrl!, { schema });
    const app = await appOnStore(store);
    apps.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  async function publishTo(url: string, n: number): Promise<{ id: string; body: string }> {
    const body = publishBody(sampleMapData(5, n));
    const response = await fetch(`${url}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { mapId: string } };
    return { id: data.mapId, body };
  }

  it('start together on the same schema', async () => {
    urls.push(...(await Promise.all([startInstance(), startInstance()])));
    expect(new Set(urls).size).toBe(2);
    for (const url of urls) expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('a map published on A is served by B, byte for byte, and the other way round', async () => {
    const [a, b] = urls as [string, string];
    const onA = await publishTo(a, 1);
    const fromB = await fetch(`${b}/api/map/${onA.id}`);
    expect(fromB.status).toBe(200);
    const text = await fromB.text();
    expect(text).toContain(`"data":${JSON.stringify(JSON.parse(onA.body).data)}}`);
    const fromA = await fetch(`${a}/api/map/${onA.id}`);
    expect(await fromA.text()).toBe(text);
    expect(fromA.headers.get('etag')).toBe(fromB.headers.get('etag'));

    const onB = await publishTo(b, 2);
    expect((await fetch(`${a}/api/map/${onB.id}`)).status).toBe(200);
  });

  it('publishes on both at once get distinct ids, each readable through the other', async () => {
    const [a, b] = urls as [string, string];
    const published = await Promise.all(
      Array.from({ length: 40 }, (_, i) => publishTo(i % 2 ? a : b, 100 + i)),
    );
    expect(new Set(published.map((p) => p.id)).size).toBe(40);
    await Promise.all(
      published.map(async ({ id, body }, i) => {
        const response = await fetch(`${i % 2 ? b : a}/api/map/${id}`);
        expect(response.status).toBe(200);
        expect(((await response.json()) as { data: unknown }).data).toEqual(JSON.parse(body).data);
      }),
    );
  });

  it('expiry sweeps of both instances at once delete each expired map once', async () => {
    const [a] = urls as [string, string];
    const { id } = await publishTo(a, 3);
    // 2 + 40 + 1 maps were published by the tests above and this one.
    const later = () => new Date(Date.now() + 91 * 24 * 60 * 60 * 1000);
    // Two sweeps at the same moment, as two instances' timers may fire: SKIP LOCKED shares the rows.
    const stores = await Promise.all([0, 1].map(() => openPostgresStore(postgresUrl!, { schema })));
    try {
      const deleted = await Promise.all(stores.map((store) => store.deleteExpired(later())));
      expect(deleted[0]! + deleted[1]!).toBe(43);
      expect(await stores[0]!.get(id, new Date())).toBeNull();
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { healthBody } from '../support/http';
import { appOnStore } from '../api/helpers';
import { createPostgresStore } from '../../src/server/store/postgres-store';
import { publishBody, sampleMapData } from '../support/maps';
import { createTestSchema, type TestSchema } from '../support/postgres';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { serviceUrl } from '../support/services';

// PostgreSQL going away while clients keep coming: every answer is either served or a 503 in the
// API's error shape (never another 5xx, never a crash), /healthz says so, and service resumes by
// itself once the database is back. The database is taken away through a TCP proxy (refusing,
// or accepting and never answering) and by terminating the server's sessions, as a restart
// would: the machine's real PostgreSQL is never stopped. tests/api/postgres-api.test.ts has the
// single-request version of the first case.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'the database outage tests');

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Tally {
  statuses: Map<number | string, number>;
  /** Answers that were neither 200 nor a proper 503. */
  wrong: string[];
  published: { id: string; body: string }[];
}

/**
 * Keeps `workers` clients publishing and reading until `stop()`, each request with a deadline.
 * Any answer other than 200 or a JSON 503 with Retry-After is noted as wrong.
 */
function loadUntilStopped(base: string, readIds: string[], workers = 8) {
  const tally: Tally = { statuses: new Map(), wrong: [], published: [] };
  let running = true;
  let n = 0;
  const count = (key: number | string) => tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
  const worker = async () => {
    while (running) {
      const publishing = n++ % 2 === 0;
      const body = publishBody(sampleMapData(3, n));
      try {
        const response = await fetch(
          publishing ? `${base}/api/map/create` : `${base}/api/map/${readIds[n % readIds.length]}`,
          {
            method: publishing ? 'POST' : 'GET',
            headers: publishing ? { 'content-type': 'application/json' } : {},
            body: publishing ? body : undefined,
            signal: AbortSignal.timeout(10_000),
          },
        );
        const text = await response.text();
        count(response.status);
        if (response.status === 200) {
          if (publishing)
            tally.published.push({ id: (JSON.parse(text) as { data: { mapId: string } }).data.mapId, body });
        } else if (
          response.status !== 503 ||
          response.headers.get('retry-after') !== '5' ||
          text !== '{"status":"error","message":"The database is unavailable; try again shortly"}'
        ) {
          tally.wrong.push(`${response.status} ${text}`);
        }
      } catch (error) {
        count('network error');
        tally.wrong.push(String(error));
      }
      await new Promise((done) => setTimeout(done, 10));
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    tally,
    stop: async () => {
      running = false;
      await done;
      return tally;
    },
  };
}

async function health(base: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.json() };
}

/** Polls /healthz until it answers 200 and resolves to how long that took. */
async function msUntilHealthy(base: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await health(base)).status === 200) return Date.now() - started;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`still unhealthy after ${limitMs} ms`);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function expectReadable(base: string, published: { id: string; body: string }[]) {
  for (const { id, body } of published) {
    const response = await fetch(`${base}/api/map/${id}`);
    expect(response.status, id).toBe(200);
    expect(await response.text()).toContain(`"data":${JSON.stringify(JSON.parse(body).data)}}`);
  }
}

async function publishSome(base: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${base}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: publishBody(sampleMapData(3, i)),
    });
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { data: { mapId: string } }).data.mapId);
  }
  return ids;
}

describe.skipIf(!postgresUrl)('PostgreSQL going away under load', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;

  it('refused connections: the server process answers 503 JSON, /healthz 503, and recovers alone', async () => {
    schema = await createTestSchema(postgresUrl!, 'outage');
    cleanups.push(() => schema.drop());
    proxy = await startTcpProxy(schema.url);
    cleanups.push(() => proxy.close());
    const server: ServerProcess = await startServerProcess({ env: { DATABASE_URL: proxy.url() } });
    cleanups.push(() => server.stop(2_000));
    const ids = await publishSome(server.url, 5);

    const load = loadUntilStopped(server.url, ids);
    await sleep(500);
    await proxy.cut();
    await sleep(1_500);
    // The publishes of the load fail meanwhile too, which the health check may also say.
    const unhealthy = await health(server.url);
    expect(unhealthy.status).toBe(503);
    expect([
      healthBody({ database: 'unavailable' }),
      healthBody({ database: 'unavailable', publishes: 'failing' }),
    ]).toContainEqual(unhealthy.body);
    // Built-in maps need no database.
    expect((await fetch(`${server.url}/api/map/default`)).status).toBe(200);
    await sleep(500);
    await proxy.restore();
    const recoveryMs = await msUntilHealthy(server.url, 10_000);
    await sleep(1_000);
    const tally = await load.stop();

    expect(tally.wrong).toEqual([]);
    expect(tally.statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(tally.statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(recoveryMs).toBeLessThan(5_000);
    // Everything works again, and everything published ok, before, during and after, is there.
    await expectReadable(server.url, tally.published);
    expect((await publishSome(server.url, 1)).length).toBe(1);
    expect(server.child.exitCode).toBeNull();
    console.info(
      `refused: ${JSON.stringify(Object.fromEntries(tally.statuses))}; healthy again ${recoveryMs} ms after the restore`,
    );
  });

  it('sessions terminated, as by a database restart: 503 for requests caught in it, then served again', async () => {
    const appName = `belief_map_${schema.schema}`;
    const url = new URL(postgresUrl!);
    url.searchParams.set('application_name', appName);
    const idleErrors: Error[] = [];
    const store = createPostgresStore(url.toString(), {
      schema: schema.schema,
      onIdleError: (error) => idleErrors.push(error),
    });
    const app: FastifyInstance = await appOnStore(store);
    cleanups.push(() => app.close());
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const ids = await publishSome(base, 5);

    const load = loadUntilStopped(base, ids);
    for (let round = 0; round < 3; round++) {
      await sleep(400);
      // Only this app's sessions, found by their application_name: nobody else's.
      const { rowCount } = await schema.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [appName],
      );
      expect(rowCount).toBeGreaterThan(0);
    }
    await sleep(500);
    const tally = await load.stop();

    expect(tally.wrong).toEqual([]);
    expect(idleErrors.length).toBeGreaterThan(0);
    expect(await health(base)).toEqual({
      status: 200,
      body: healthBody(),
    });
    await expectReadable(base, tally.published);
    console.info(`terminated: ${JSON.stringify(Object.fromEntries(tally.statuses))}`);
  });

  it('a database that accepts connections but never answers: 503 within the timeouts, others unaffected', async () => {
    const hangProxy = await startTcpProxy(postgresUrl!);
    cleanups.push(() => hangProxy.close());
    const store = createPostgresStore(hangProxy.url(), {
      schema: schema.schema,
      connectionTimeoutMs: 500,
      statementTimeoutMs: 500,
      onIdleError: () => {},
    });
    const app = await appOnStore(store);
    cleanups.push(() => app.close());
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const [id] = await publishSome(base, 1);

    hangProxy.hang();
    const started = Date.now();
    const [read, publish, healthz] = await Promise.all([
      fetch(`${base}/api/map/${id}`),
      fetch(`${base}/api/map/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: publishBody(sampleMapData(1)),
      }),
      health(base),
    ]);
    // A query already sent waits for the statement timeout plus the client's 5 s margin, at most.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(read.status).toBe(503);
    expect(publish.status).toBe(503);
    expect(healthz.status).toBe(503);
    // Meanwhile the server itself is free: what needs no database is answered at once.
    const builtInStarted = Date.now();
    expect((await fetch(`${base}/api/map/default`)).status).toBe(200);
    expect(Date.now() - builtInStarted).toBeLessThan(500);

    await hangProxy.restore();
    expect(await msUntilHealthy(base, 10_000)).toBeLessThan(5_000);
    expect((await fetch(`${base}/api/map/${id}`)).status).toBe(200);
  });
});

import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { healthBody } from '../support/http';
import { StoreUnavailableError } from '../../src/server/store/map-store';
import {
  countStoredMaps,
  expectError,
  failingStore,
  getMap,
  mapRequest,
  publish,
  publishOk,
  serverPerTest,
  type FailingStore,
  type TestServer,
} from './helpers';

// PRODUCT §5, STYLE §Errors: unknown API paths answer 404 JSON; a 500 tells the client nothing
// about the failure (the details go to the log); an unreachable database answers 503, and the
// health check says so until it recovers.

const startServer = serverPerTest();

/** A server on a store that fails on demand, and the lines it logs. */
async function startFailable(): Promise<{ server: TestServer; store: FailingStore; logs: string[] }> {
  let store: FailingStore | null = null;
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const started = await startServer({
    wrapStore: (inner) => (store = failingStore(inner)),
    logger: { level: 'warn', stream },
  });
  return { server: started, store: store!, logs };
}

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/maps'],
    ['GET', '/api/map'],
    ['GET', '/api/map/default/reasons'],
    ['GET', '/api/map/create/extra?x=1'],
    ['POST', '/api/map/default'],
    ['PUT', '/api/map/create'],
    ['DELETE', '/api/map/default'],
    ['POST', '/api/nothing-here'],
  ])('answers %s %s with 404 JSON', async (method, url) => {
    const server = await startServer();
    const response = await server.app.inject({ method: method as 'GET', url });
    expectError(response, 404, `No such endpoint: ${method} ${url.split('?')[0]}`);
  });
});

describe('a body sent to an unknown path', () => {
  it.each([
    ['JSON', 'application/json', JSON.stringify(mapRequest())],
    ['broken JSON', 'application/json', '{"version":'],
    ['a million nested arrays', 'application/json', '['.repeat(1_000_000)],
    ['text', 'text/plain', 'hello'],
  ])('is never read or parsed: %s answers 404', async (_what, contentType, payload) => {
    const server = await startServer();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/maps',
      headers: { 'content-type': contentType },
      payload,
    });
    expectError(response, 404, 'No such endpoint: POST /api/maps');
  });
});

describe('a failure inside the server', () => {
  const secret = 'SQLITE_CORRUPT at /var/lib/secret-path/maps.sqlite password=hunter2';

  it('answers a failing publish with 500 "Internal server error" and hides the cause', async () => {
    const failable = await startFailable();
    const server = failable.server;
    failable.store.fail(new Error(secret), ['publish']);
    const response = await publish(server.app, mapRequest());
    expectError(response, 500, 'Internal server error');
    expect(response.body).not.toMatch(/SQLITE|secret|hunter2/);
    expect(JSON.stringify(response.headers)).not.toMatch(/SQLITE|secret|hunter2/);
    // The cause is in the log for whoever runs the server.
    expect(failable.logs.join('')).toContain(secret);
  });

  it('answers a failing read with 500 too, without the cause', async () => {
    const failable = await startFailable();
    const server = failable.server;
    failable.store.fail(Object.assign(new TypeError(secret), { code: 'ERR_SECRET', statusCode: undefined }), [
      'get',
    ]);
    const response = await getMap(server.app, 'some-map-k3j9x2m7qa1b');
    expectError(response, 500, 'Internal server error');
    expect(response.body).not.toMatch(/SQLITE|secret|hunter2|ERR_SECRET|TypeError/);
  });
});

describe('an unreachable database', () => {
  it('answers 503 JSON to reads and publishes, fails the health check, and recovers', async () => {
    const failable = await startFailable();
    const server = failable.server;
    const { store } = failable;
    const id = await publishOk(server.app);
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    store.fail(new StoreUnavailableError('connect ECONNREFUSED 10.1.2.3:5432'));
    const read = await getMap(server.app, id);
    expectError(read, 503, 'The database is unavailable; try again shortly');
    expect(read.headers['retry-after']).toBe('5');
    expect(read.body).not.toContain('ECONNREFUSED');
    expectError(
      await publish(server.app, mapRequest()),
      503,
      'The database is unavailable; try again shortly',
    );
    expect(countStoredMaps(server.dbPath)).toBe(1);

    const unhealthy = await server.app.inject({ url: '/healthz' });
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual(healthBody({ database: 'unavailable' }));
    expect(unhealthy.headers['cache-control']).toBe('no-store');
    // Built-in maps need no database and stay available.
    expect((await getMap(server.app, 'default')).statusCode).toBe(200);

    store.fail(null);
    const healthy = await server.app.inject({ url: '/healthz' });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual(healthBody());
    expect((await getMap(server.app, id)).statusCode).toBe(200);
    await publishOk(server.app);
    expect(countStoredMaps(server.dbPath)).toBe(2);
  });

  it('fails the health check when the database itself is closed', async () => {
    const server = await startServer();
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await server.store.close();
    expect((await server.app.inject({ url: '/healthz' })).statusCode).toBe(503);
  });
});

import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { healthBody } from '../support/http';
import { StoreUnavailableError } from '../../src/server/store/map-store';
import {
  countStoredMaps,
  expectError,
  getMap,
  mapRequest,
  publish,
  publishOk,
  serverPerTest,
  startFailingServer,
  type TestServer,
} from './helpers';

// GET /healthz (PRODUCT §14) checks what requests need: the maps table can be read (a real query
// on it) and recent publishes are not all failing; when either is wrong it answers 503 and says
// which; an unreachable database is answered 503 too. A real full disk is in
// tests/reliability/full-disk.test.ts.

const startServer = serverPerTest();

async function health(server: TestServer) {
  const response = await server.app.inject({ url: '/healthz' });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('the maps table', () => {
  it('is read by the health check: with the table gone, 503 and what is wrong', async () => {
    const server = await startServer();
    await publishOk(server.app);
    expect(await health(server)).toEqual({ status: 200, body: healthBody() });

    const other = new Database(server.dbPath);
    other.exec('DROP TABLE maps');
    other.close();

    // What the issue saw: every map route fails, and the health check must say so.
    expect((await getMap(server.app, 'other-map-k3j9x2m7qa1b')).statusCode).toBe(500);
    expect(await health(server)).toEqual({ status: 503, body: healthBody({ database: 'unavailable' }) });
  });
});

describe('recent publishes', () => {
  const diskFull = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

  const startFailing = () => startFailingServer(startServer);

  it('all failing (a full disk) make the health check 503 while reads still work', async () => {
    const { server, store } = await startFailing();
    const id = await publishOk(server.app);
    store.fail(diskFull, ['publish']);
    for (let i = 0; i < 3; i++)
      expectError(await publish(server.app, mapRequest()), 500, 'Internal server error');
    expect((await getMap(server.app, id)).statusCode).toBe(200);
    expect(await health(server)).toEqual({ status: 503, body: healthBody({ publishes: 'failing' }) });
  });

  it('one that succeeds again makes it healthy', async () => {
    const { server, store } = await startFailing();
    store.fail(diskFull, ['publish']);
    for (let i = 0; i < 5; i++) await publish(server.app, mapRequest());
    expect((await health(server)).status).toBe(503);
    store.fail(null);
    await publishOk(server.app);
    expect((await health(server)).status).toBe(200);
  });

  it('make a health check publish a map of its own, every 5 s at most, to find out when writing works again', async () => {
    const { server, store } = await startFailing();
    store.fail(diskFull, ['publish']);
    for (let i = 0; i < 3; i++) await publish(server.app, mapRequest());
    const before = countStoredMaps(server.dbPath);
    // Still full: each probe fails, and the instance stays out.
    expect((await health(server)).status).toBe(503);
    server.clock.advance(4_999);
    expect((await health(server)).status).toBe(503);
    // Room again, and no publish comes (the load balancer sends none to an instance it took out).
    store.fail(null);
    expect((await health(server)).status).toBe(503); // within 5 s of the last probe
    server.clock.advance(1);
    expect(await health(server)).toEqual({ status: 200, body: healthBody() });
    // The probe is a real publish, as large as the publishes that failed (a nearly full disk
    // takes a small one), and the next health check needs none.
    expect(countStoredMaps(server.dbPath)).toBe(before + 1);
    const db = new Database(server.dbPath, { readonly: true });
    const probe = db
      .prepare<[], { size: number }>('SELECT length(data) AS size FROM maps ORDER BY rowid DESC')
      .get();
    db.close();
    expect(probe!.size).toBe(JSON.stringify(mapRequest().data).length);
    expect((await health(server)).status).toBe(200);
    expect(countStoredMaps(server.dbPath)).toBe(before + 1);
  });

  it('are forgotten after a minute', async () => {
    const { server, store } = await startFailing();
    store.fail(diskFull, ['publish']);
    for (let i = 0; i < 3; i++) await publish(server.app, mapRequest());
    server.clock.advance(61_000);
    expect(await health(server)).toEqual({ status: 200, body: healthBody() });
  });

  it('a failure after a success, or two in a row, are not "all failing"', async () => {
    const { server, store } = await startFailing();
    store.fail(diskFull, ['publish']);
    await publish(server.app, mapRequest());
    await publish(server.app, mapRequest());
    expect((await health(server)).status).toBe(200);
    store.fail(null);
    await publishOk(server.app);
    store.fail(diskFull, ['publish']);
    await publish(server.app, mapRequest());
    await publish(server.app, mapRequest());
    expect((await health(server)).status).toBe(200);
  });

  it('that failed while the database was away count once it is back, until a probe publish goes through', async () => {
    const { server, store } = await startFailing();
    store.fail(new StoreUnavailableError('connect ECONNREFUSED 10.1.2.3:5432'));
    for (let i = 0; i < 3; i++) await publish(server.app, mapRequest());
    expect(await health(server)).toEqual({
      status: 503,
      body: healthBody({ database: 'unavailable', publishes: 'failing' }),
    });
    store.fail(null);
    expect(await health(server)).toEqual({ status: 200, body: healthBody() });
  });

  it('refused as invalid are not failures of the store', async () => {
    const server = await startServer();
    for (let i = 0; i < 5; i++) expect((await publish(server.app, '{"version":"2.0"}')).statusCode).toBe(400);
    expect((await health(server)).status).toBe(200);
  });
});

describe('an unreachable database', () => {
  it('answers 503 JSON to reads and publishes, fails the health check, and recovers', async () => {
    const failable = await startFailingServer(startServer);
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

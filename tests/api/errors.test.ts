import { describe, expect, it } from 'vitest';
import { expectError, getMap, mapRequest, publish, serverPerTest, startFailingServer } from './helpers';

// PRODUCT §5.4, §12.2: unknown API paths answer 404 JSON; a 500 tells the client nothing
// about the failure (the details go to the log). An unreachable database is in health.test.ts.

const startServer = serverPerTest();

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/maps/default'],
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
    const failable = await startFailingServer(startServer);
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
    const failable = await startFailingServer(startServer);
    const server = failable.server;
    failable.store.fail(Object.assign(new TypeError(secret), { code: 'ERR_SECRET', statusCode: undefined }), [
      'get',
    ]);
    const response = await getMap(server.app, 'some-map-k3j9x2m7qa1b');
    expectError(response, 500, 'Internal server error');
    expect(response.body).not.toMatch(/SQLITE|secret|hunter2|ERR_SECRET|TypeError/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import {
  countStoredMaps,
  expectError,
  getMap,
  mapRequest,
  publish,
  startServer,
  type TestServer,
} from './helpers';

// PRODUCT §2, §5: CREATE_RATE_LIMIT publishes a minute per client address; more answer 429.
// `0` turns the limit off.

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const from = (remoteAddress: string) => ({ remoteAddress, headers: { 'content-type': 'application/json' } });

describe('CREATE_RATE_LIMIT=3', () => {
  it('answers the 4th publish from one address within a minute with 429 JSON, storing nothing', async () => {
    server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 3; i++) {
      expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(200);
    }
    const limited = await publish(server.app, mapRequest(), from('203.0.113.7'));
    expectError(limited, 429, /^Too many maps published from this address; try again in \d+ s$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(countStoredMaps(server.dbPath)).toBe(3);
  });

  it('counts each address on its own', async () => {
    server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 3; i++) await publish(server.app, mapRequest(), from('203.0.113.7'));
    expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(429);
    expect((await publish(server.app, mapRequest(), from('198.51.100.20'))).statusCode).toBe(200);
    expect(countStoredMaps(server.dbPath)).toBe(4);
  });

  it('limits publishing only: reading maps goes on', async () => {
    server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 4; i++) await publish(server.app, mapRequest(), from('203.0.113.7'));
    for (let i = 0; i < 20; i++) {
      const response = await server.app.inject({ url: '/api/map/default', remoteAddress: '203.0.113.7' });
      expect(response.statusCode).toBe(200);
    }
    expect((await getMap(server.app, 'help-example-icons')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot pick a fresh address', async () => {
    server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 4; i++) {
      const spoofed = {
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
      };
      const response = await publish(server.app, mapRequest(), spoofed);
      expect(response.statusCode).toBe(i < 3 ? 200 : 429);
    }
  });

  it('behind a trusted proxy, limits each forwarded client address', async () => {
    server = await startServer({ env: { CREATE_RATE_LIMIT: '3', TRUST_PROXY: 'true' } });
    const via = (client: string) => ({
      remoteAddress: '10.0.0.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    });
    for (let i = 0; i < 3; i++)
      expect((await publish(server.app, mapRequest(), via('203.0.113.7'))).statusCode).toBe(200);
    expect((await publish(server.app, mapRequest(), via('203.0.113.7'))).statusCode).toBe(429);
    expect((await publish(server.app, mapRequest(), via('198.51.100.20'))).statusCode).toBe(200);
  });
});

describe('CREATE_RATE_LIMIT unset', () => {
  it('allows 60 publishes a minute per address', async () => {
    server = await startServer({ env: { CREATE_RATE_LIMIT: '' } });
    expect(server.config.createRateLimit).toBe(60);
    for (let i = 0; i < 60; i++) {
      expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(200);
    }
    expectError(await publish(server.app, mapRequest(), from('203.0.113.7')), 429, /^Too many maps/);
  });
});

describe('CREATE_RATE_LIMIT=0', () => {
  it('never limits publishing', async () => {
    server = await startServer({ env: { CREATE_RATE_LIMIT: '0' } });
    // More than the default of 60 a minute, all from one address.
    for (let i = 0; i < 100; i++) {
      expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(200);
    }
    expect(countStoredMaps(server.dbPath)).toBe(100);
  });
});

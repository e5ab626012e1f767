import { describe, expect, it } from 'vitest';
import { countStoredMaps, expectError, getMap, mapRequest, publish, serverPerTest } from './helpers';

// PRODUCT §2, §5, §14: CREATE_RATE_LIMIT publishes a minute per client address, as a token
// bucket: that many at once, then one every 60/N seconds; more answer 429. `0` turns the limit
// off. The app's clock is moved, never the real one.

const startServer = serverPerTest();

const from = (remoteAddress: string) => ({ remoteAddress, headers: { 'content-type': 'application/json' } });

describe('CREATE_RATE_LIMIT=3', () => {
  it('answers the 4th publish from one address within a minute with 429 JSON, storing nothing', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 3; i++) {
      expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(200);
    }
    const limited = await publish(server.app, mapRequest(), from('203.0.113.7'));
    expectError(limited, 429, /^Too many maps published from this address; try again in \d+ s$/);
    // One token comes back every 20 s.
    expect(limited.headers['retry-after']).toBe('20');
    expect(limited.json().message).toBe('Too many maps published from this address; try again in 20 s');
    expect(countStoredMaps(server.dbPath)).toBe(3);
  });

  it('lets one more publish through every 20 s, and a client who waits as told gets through', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    const send = async () => (await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode;
    for (let i = 0; i < 3; i++) expect(await send()).toBe(200);
    expect(await send()).toBe(429);
    server.clock.advance(19_999);
    expect(await send()).toBe(429);
    server.clock.advance(1);
    expect(await send()).toBe(200);
    expect(await send()).toBe(429);
    // A minute of silence fills the bucket again.
    server.clock.advance(60_000);
    for (let i = 0; i < 3; i++) expect(await send()).toBe(200);
    expect(await send()).toBe(429);
  });

  it('allows no burst of twice the limit across a minute boundary', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    const send = async () => (await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode;
    server.clock.advance(58_650);
    const first = [await send(), await send(), await send()];
    server.clock.advance(2_700);
    const second = [await send(), await send(), await send()];
    expect([...first, ...second]).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it('counts each address on its own', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 3; i++) await publish(server.app, mapRequest(), from('203.0.113.7'));
    expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(429);
    expect((await publish(server.app, mapRequest(), from('198.51.100.20'))).statusCode).toBe(200);
    expect(countStoredMaps(server.dbPath)).toBe(4);
  });

  it('limits publishing only: reading maps goes on', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 4; i++) await publish(server.app, mapRequest(), from('203.0.113.7'));
    for (let i = 0; i < 20; i++) {
      const response = await server.app.inject({ url: '/api/map/default', remoteAddress: '203.0.113.7' });
      expect(response.statusCode).toBe(200);
    }
    expect((await getMap(server.app, 'help-example-icons')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so a client cannot pick a fresh address', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3' } });
    for (let i = 0; i < 4; i++) {
      const spoofed = {
        remoteAddress: '203.0.113.7',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}` },
      };
      const response = await publish(server.app, mapRequest(), spoofed);
      expect(response.statusCode).toBe(i < 3 ? 200 : 429);
    }
  });
});

/** A publish through a load balancer at 10.0.0.1 that appended `client` to what the client sent. */
const via = (forwardedFor: string, balancer = '10.0.0.1') => ({
  remoteAddress: balancer,
  headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
});

describe.each([
  ['a hop count', '1'],
  ['the balancer’s address', '10.0.0.1'],
  ['the balancer’s range', '10.0.0.0/24'],
])('behind one load balancer named by %s (TRUST_PROXY=%s)', (_how, trust) => {
  it('limits each client address the balancer forwards', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3', TRUST_PROXY: trust } });
    for (let i = 0; i < 3; i++)
      expect((await publish(server.app, mapRequest(), via('203.0.113.7'))).statusCode).toBe(200);
    expect((await publish(server.app, mapRequest(), via('203.0.113.7'))).statusCode).toBe(429);
    expect((await publish(server.app, mapRequest(), via('198.51.100.20'))).statusCode).toBe(200);
  });

  it('cannot be escaped by a client writing its own X-Forwarded-For before the balancer’s entry', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '5', TRUST_PROXY: trust } });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // The client at 203.0.113.8 wrote "X-Forwarded-For: 198.51.100.i"; the balancer appended
      // the address it really connected from.
      const response = await publish(server.app, mapRequest(), via(`198.51.100.${i}, 203.0.113.8`));
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    expect(countStoredMaps(server.dbPath)).toBe(5);
  });

  it.each([
    ['text that is no address', (i: number) => `junk-${i}`],
    ['an address with a port', (i: number) => `198.51.100.${i}:443`],
    ['IPv6 in brackets', (i: number) => `[2001:db8::${i}]`],
    ['a valid address before one that is not', (i: number) => `198.51.100.${i}, junk`],
  ])(
    'cannot be escaped by forwarding %s: the balancer’s own address is counted',
    async (_what, forwarded) => {
      const server = await startServer({ env: { CREATE_RATE_LIMIT: '5', TRUST_PROXY: trust } });
      const statuses: number[] = [];
      for (let i = 1; i <= 20; i++) {
        statuses.push((await publish(server.app, mapRequest(), via(forwarded(i)))).statusCode);
      }
      expect(statuses).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
      // The balancer's bucket is spent, a client it forwards with a valid address is not.
      expect((await publish(server.app, mapRequest(), via('203.0.113.7'))).statusCode).toBe(200);
    },
  );
});

describe('TRUST_PROXY with the balancer’s address', () => {
  it('ignores X-Forwarded-For from anyone else, who is limited by their own address', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '3', TRUST_PROXY: '10.0.0.1' } });
    for (let i = 0; i < 4; i++) {
      const direct = await publish(server.app, mapRequest(), via(`198.51.100.${i}`, '203.0.113.9'));
      expect(direct.statusCode).toBe(i < 3 ? 200 : 429);
    }
  });
});

describe('CREATE_RATE_LIMIT unset', () => {
  it('allows 60 publishes a minute per address', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '' } });
    expect(server.config.createRateLimit).toBe(60);
    for (let i = 0; i < 60; i++) {
      expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(200);
    }
    expectError(await publish(server.app, mapRequest(), from('203.0.113.7')), 429, /^Too many maps/);
  });
});

describe('CREATE_RATE_LIMIT=0', () => {
  it('never limits publishing', async () => {
    const server = await startServer({ env: { CREATE_RATE_LIMIT: '0' } });
    // More than the default of 60 a minute, all from one address.
    for (let i = 0; i < 100; i++) {
      expect((await publish(server.app, mapRequest(), from('203.0.113.7'))).statusCode).toBe(200);
    }
    expect(countStoredMaps(server.dbPath)).toBe(100);
  });
});

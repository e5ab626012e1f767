import { describe, expect, it } from 'vitest';
import { countStoredMaps, expectError, mapRequest, publish, reason, serverPerTest } from './helpers';

// PRODUCT §14: besides publishes a minute, what publishing may store in a day, in bytes of stored
// maps: PUBLISH_BYTES_PER_CLIENT_PER_DAY per client address (429), PUBLISH_BYTES_PER_DAY for all
// clients together (507), each a token bucket refilled over a day, with Retry-After. Nothing is
// stored for a refused publish. CREATE_RATE_LIMIT=0 turns both off. The app's clock is moved.

const startServer = serverPerTest();
const from = (remoteAddress: string) => ({ remoteAddress, headers: { 'content-type': 'application/json' } });
const day = 24 * 60 * 60 * 1000;

/** A map whose stored form is about 2,000 bytes. */
const twoKilobytes = () =>
  mapRequest({ title: 'Quota', reasons: [reason({ title: 'r', relevance: 'x'.repeat(1_850) })] });

describe('the daily byte quota', () => {
  it('refuses a client past its bytes of the day with 429 and Retry-After, storing nothing', async () => {
    const server = await startServer({
      env: { CREATE_RATE_LIMIT: '1000', PUBLISH_BYTES_PER_CLIENT_PER_DAY: '5000' },
    });
    const send = () => publish(server.app, twoKilobytes(), from('203.0.113.7'));
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expectError(
      refused,
      429,
      /^This address has published its 5 KB of maps for today; try again in \d+ (h|min)$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(countStoredMaps(server.dbPath)).toBe(2);
    // Another address has its own share.
    expect((await publish(server.app, twoKilobytes(), from('198.51.100.20'))).statusCode).toBe(200);
    // The bytes come back as the day goes by.
    server.clock.advance(day / 2);
    expect((await send()).statusCode).toBe(200);
    server.clock.advance(day);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect(countStoredMaps(server.dbPath)).toBe(6);
  });

  it('refuses everyone past the server’s bytes of the day with 507 and Retry-After', async () => {
    const server = await startServer({
      env: { CREATE_RATE_LIMIT: '1000', PUBLISH_BYTES_PER_DAY: '7000' },
    });
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await publish(server.app, twoKilobytes(), from(address))).statusCode).toBe(200);
    const refused = await publish(server.app, twoKilobytes(), from('203.0.113.4'));
    expectError(
      refused,
      507,
      /^The server has stored all the maps it takes today; try again in \d+ (h|min)$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(countStoredMaps(server.dbPath)).toBe(3);
  });

  it('is off with CREATE_RATE_LIMIT=0, as tests and benchmarks publish', async () => {
    const server = await startServer({
      env: {
        CREATE_RATE_LIMIT: '0',
        PUBLISH_BYTES_PER_CLIENT_PER_DAY: '3000',
        PUBLISH_BYTES_PER_DAY: '3000',
      },
    });
    for (let i = 0; i < 5; i++)
      expect((await publish(server.app, twoKilobytes(), from('203.0.113.7'))).statusCode).toBe(200);
  });

  it('is off with 0', async () => {
    const server = await startServer({
      env: { CREATE_RATE_LIMIT: '1000', PUBLISH_BYTES_PER_CLIENT_PER_DAY: '0', PUBLISH_BYTES_PER_DAY: '0' },
    });
    for (let i = 0; i < 5; i++)
      expect((await publish(server.app, twoKilobytes(), from('203.0.113.7'))).statusCode).toBe(200);
  });
});

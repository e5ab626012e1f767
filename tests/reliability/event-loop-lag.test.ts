import { describe, expect, it, vi } from 'vitest';
import { expectError, serverPerTest } from '../api/helpers';

// Load shedding's event-loop bound (PRODUCT §14): a worker whose event loop lags answers 503 until
// it has recovered. Reaching the bound means holding the loop for real, a timed busy-wait, so this
// lives here rather than in the unit suite; the memory bounds are tested there
// (tests/api/load-shedding.test.ts).

const startServer = serverPerTest();

const overloaded = 'The server is overloaded; try again in a few seconds';

describe('an event loop that lags', () => {
  it('sheds requests while it lags and serves them again once it has recovered', async () => {
    const server = await startServer({ env: { MAX_EVENT_LOOP_DELAY_MS: '100' } });
    const app = server.app;
    expect((await app.inject({ url: '/api/map/default' })).statusCode).toBe(200);
    // Hold the event loop in bursts for over a sample: the mean delay is far over 100 ms.
    await vi.waitFor(
      async () => {
        const until = Date.now() + 700;
        while (Date.now() < until) {
          // busy
        }
        expectError(await app.inject({ url: '/api/map/default' }), 503, overloaded);
      },
      { timeout: 10_000, interval: 10 },
    );
    await vi.waitFor(
      async () => expect((await app.inject({ url: '/api/map/default' })).statusCode).toBe(200),
      {
        timeout: 5_000,
      },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { runHttpBench } from '../../bench/http.bench';
import { serviceUrl } from '../support/services';

// `npm run bench` is not run by CI (it takes minutes and its figures depend on the machine), so
// this runs it once, briefly, to keep it working: both servers start, every request of every
// round is answered 2xx, and the result has the shape bench/results/http.json promises. No
// assertion on speed: the benchmark itself reports that.

const postgresUrl = serviceUrl('TEST_DATABASE_URL', 'the benchmark smoke test on PostgreSQL');

describe('npm run bench (HTTP), one short round', () => {
  it('measures GET of a map, of its page and of 100 maps, and POST, against the bare server with no failed request', async () => {
    const result = await runHttpBench({
      rounds: 1,
      roundSeconds: 1,
      connections: 10,
      write: false,
      log: false,
      postgresUrl,
    });
    const expected = postgresUrl ? ['SQLite', 'PostgreSQL'] : ['SQLite'];
    expect(result.comparisons.map((c) => `${c.backend} ${c.request}`)).toEqual(
      expected.flatMap((backend) => [
        `${backend} GET`,
        `${backend} GET page`,
        `${backend} GET 100 maps`,
        `${backend} POST`,
      ]),
    );
    for (const comparison of result.comparisons) {
      for (const measurement of [comparison.app, comparison.bare]) {
        expect(measurement.non2xx).toBe(0);
        expect(measurement.errors).toBe(0);
        expect(measurement.requestsPerSecond).toBeGreaterThan(0);
      }
      expect(comparison.ratio).toBeGreaterThan(0);
      expect(Number.isFinite(comparison.ratio)).toBe(true);
    }
  });
});

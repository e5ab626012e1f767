import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcParams, fcSeed } from '../test-support/map-arbitraries';
import { principalComponents } from './pca';

console.log(`pca.test.ts: fast-check seed ${fcSeed}`);

/** Rounded to 6 decimals, −0 read as 0. */
const round = (x: number) => Math.round(x * 1e6) / 1e6 + 0;
const dot = (a: readonly number[], b: readonly number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('principalComponents', () => {
  it('[N8] finds the direction of a line as the first component, with its largest loading positive', () => {
    // Points on y = −2x, spread a little across it: the first direction is ±(1, −2)/√5.
    const rows = [-2, -1, 0, 1, 2].flatMap((t) => [
      [t + 0.02, -2 * t + 0.01],
      [t - 0.02, -2 * t - 0.01],
    ]);
    const { loadings, variances } = principalComponents(rows);
    expect(loadings[0]![0]).toBeCloseTo(-1 / Math.sqrt(5), 3);
    expect(loadings[0]![1]).toBeCloseTo(2 / Math.sqrt(5), 3);
    expect(variances[0]).toBeGreaterThan(100 * variances[1]!);
  });

  it('[N8] takes the columns of largest variance first when they are independent', () => {
    // Columns of variance 9, 1 and 4 (×10/9 for n − 1), uncorrelated by construction.
    const signs = [
      [1, 1, 1],
      [1, -1, -1],
      [-1, 1, -1],
      [-1, -1, 1],
    ];
    const rows = signs.map(([a, b, c]) => [3 * a!, b!, 2 * c!]);
    const { loadings, variances, scores } = principalComponents(rows);
    expect(loadings[0]!.map(round)).toEqual([1, 0, 0]);
    expect(loadings[1]!.map(round)).toEqual([0, 0, 1]);
    expect(variances[0]).toBeCloseTo(12, 6);
    expect(variances[1]).toBeCloseTo(16 / 3, 6);
    expect(scores.map((row) => row.map(round))).toEqual([
      [3, 2],
      [3, -2],
      [-3, -2],
      [-3, 2],
    ]);
  });

  it('[N8] gives zero components when the rows are all the same', () => {
    const { loadings, scores, variances } = principalComponents([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(loadings.flat().every((x) => x === 0)).toBe(true);
    expect(scores.flat().every((x) => x === 0)).toBe(true);
    expect(variances).toEqual([0, 0]);
  });

  it('[N8] gives unit, orthogonal components of falling variance, the same every time', () => {
    const matrix = fc.tuple(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 1, max: 8 })).chain(([n, d]) =>
      fc.array(
        fc.array(
          fc.integer({ min: -8, max: 8 }).map((x) => x / 4),
          { minLength: d, maxLength: d },
        ),
        {
          minLength: n,
          maxLength: n,
        },
      ),
    );
    fc.assert(
      fc.property(matrix, (rows) => {
        const result = principalComponents(rows);
        expect(principalComponents(rows)).toEqual(result);
        const [first, second] = result.loadings as [number[], number[]];
        for (const loading of [first, second]) {
          const size = dot(loading, loading);
          if (size !== 0) {
            expect(size).toBeCloseTo(1, 9);
            const largest = loading.reduce((a, x) => (Math.abs(x) > Math.abs(a) ? x : a), 0);
            expect(largest).toBeGreaterThan(0);
          }
        }
        expect(Math.abs(dot(first, second))).toBeLessThan(1e-6);
        // Power iteration may stop short on near-equal eigenvalues, so allow a little slack.
        expect(result.variances[1]!).toBeLessThanOrEqual(result.variances[0]! * (1 + 1e-6) + 1e-9);
        for (let c = 0; c < 2; c++) {
          const mean = result.scores.reduce((sum, row) => sum + row[c]!, 0) / rows.length;
          expect(Math.abs(mean)).toBeLessThan(1e-9);
        }
      }),
      fcParams,
    );
  });
});

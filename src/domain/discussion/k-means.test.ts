import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcParams, fcSeed } from '../test-support/map-arbitraries';
import { kMeans, silhouette } from './k-means';
import { seededRandom } from './seeded-random';

console.log(`k-means.test.ts: fast-check seed ${fcSeed}`);

/** `count` points scattered evenly on a small circle around (x, y). */
const blob = (x: number, y: number, count: number, radius = 0.3) =>
  Array.from({ length: count }, (_, i) => [
    x + radius * Math.cos((2 * Math.PI * i) / count),
    y + radius * Math.sin((2 * Math.PI * i) / count),
  ]);

/** The clusters as sets of point indices, so the test does not depend on the clusters' numbers. */
const asSets = (assignments: number[]) => {
  const sets = new Map<number, number[]>();
  assignments.forEach((c, i) => sets.set(c, [...(sets.get(c) ?? []), i]));
  return [...sets.values()].sort((a, b) => a[0]! - b[0]!);
};

const pointsArb = fc.array(
  fc
    .tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }))
    .map(([x, y]) => [x / 4, y / 4]),
  { minLength: 1, maxLength: 40 },
);

describe('seededRandom', () => {
  it('[N9] repeats its sequence for a seed, in [0, 1), and another seed gives another', () => {
    const first = Array.from({ length: 1000 }, seededRandom(42));
    expect(Array.from({ length: 1000 }, seededRandom(42))).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Array.from({ length: 1000 }, seededRandom(43))).not.toEqual(first);
    expect(new Set(first).size).toBeGreaterThan(990);
  });
});

describe('kMeans', () => {
  it('[N9] finds three well-apart groups as they are', () => {
    const points = [...blob(0, 0, 6), ...blob(5, 0, 4), ...blob(0, 5, 5)];
    expect(asSets(kMeans(points, 3, 1).assignments)).toEqual([
      [0, 1, 2, 3, 4, 5],
      [6, 7, 8, 9],
      [10, 11, 12, 13, 14],
    ]);
  });

  it('[N9] ends with each point at its nearest centre and each centre the mean of its points', () => {
    fc.assert(
      fc.property(pointsArb, fc.integer({ min: 1, max: 5 }), fc.nat(), (points, k, seed) => {
        const { assignments, centroids, inertia } = kMeans(points, k, seed);
        expect(kMeans(points, k, seed)).toEqual({ assignments, centroids, inertia });
        expect(centroids).toHaveLength(k);
        const distance = (p: number[], c: number[]) => (p[0]! - c[0]!) ** 2 + (p[1]! - c[1]!) ** 2;
        points.forEach((p, i) => {
          const own = distance(p, centroids[assignments[i]!]!);
          for (const c of centroids) expect(own).toBeLessThanOrEqual(distance(p, c) + 1e-9);
        });
        centroids.forEach((centre, c) => {
          const members = points.filter((_, i) => assignments[i] === c);
          if (members.length === 0) return;
          for (const j of [0, 1]) {
            const mean = members.reduce((sum, p) => sum + p[j]!, 0) / members.length;
            expect(centre[j]).toBeCloseTo(mean, 9);
          }
        });
      }),
      fcParams,
    );
  });
});

describe('silhouette', () => {
  it('[N9] is near 1 for tight groups far apart, 0 for points all in one place', () => {
    const apart = [...blob(0, 0, 5, 0.1), ...blob(10, 0, 5, 0.1)];
    expect(silhouette(apart, kMeans(apart, 2, 1))).toBeGreaterThan(0.95);
    const same = Array.from({ length: 6 }, () => [1, 1]);
    expect(silhouette(same, kMeans(same, 2, 1))).toBe(0);
  });

  it('[N9] scores a ring of evenly spread points, which has no groups, below one of two groups', () => {
    const ring = blob(0, 0, 24, 1);
    const two = [...blob(0, 0, 12, 1), ...blob(6, 0, 12, 1)];
    expect(silhouette(ring, kMeans(ring, 2, 1))).toBeLessThan(silhouette(two, kMeans(two, 2, 1)));
  });

  it("[N9] is the mean of every point's (b − a) / max(a, b) up to 200 points", () => {
    fc.assert(
      fc.property(pointsArb, fc.integer({ min: 1, max: 5 }), (points, k) => {
        const clustering = kMeans(points, k, 7);
        const s = silhouette(points, clustering);
        expect(s).toBeCloseTo(fullSilhouette(points, clustering.assignments), 9);
        expect(s).toBeGreaterThanOrEqual(-1);
        expect(s).toBeLessThanOrEqual(1);
      }),
      fcParams,
    );
  });

  it('[N9] measures every ⌈n / 200⌉-th point against all the points beyond 200 points', () => {
    const points = [...blob(0, 0, 300, 1), ...blob(3, 0, 150, 1)];
    const clustering = kMeans(points, 2, 3);
    const sampled = points.map((_, i) => i).filter((i) => i % 3 === 0);
    const expected =
      sampled.reduce((sum, i) => sum + pointSilhouette(points, clustering.assignments, i), 0) /
      sampled.length;
    expect(silhouette(points, clustering)).toBeCloseTo(expected, 12);
  });
});

/** One point's silhouette, straight from its definition. */
function pointSilhouette(points: number[][], assignments: number[], i: number): number {
  const distance = (p: number[], q: number[]) => Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!);
  const meanTo = (c: number) => {
    const others = points.filter((_, j) => j !== i && assignments[j] === c);
    return others.length === 0
      ? null
      : others.reduce((sum, q) => sum + distance(points[i]!, q), 0) / others.length;
  };
  const a = meanTo(assignments[i]!);
  const bs = [...new Set(assignments)].filter((c) => c !== assignments[i]).map(meanTo);
  if (a === null || bs.length === 0) return 0;
  const b = Math.min(...(bs as number[]));
  return Math.max(a, b) === 0 ? 0 : (b - a) / Math.max(a, b);
}

function fullSilhouette(points: number[][], assignments: number[]): number {
  return points.reduce((sum, _, i) => sum + pointSilhouette(points, assignments, i), 0) / points.length;
}

// Clustering for the opinion groups (rules N9, N12): a seeded k-means with k-means++ starts, and
// the silhouette that chooses k. Written here rather than taken from a package: a few dozen lines,
// deterministic for the same points, and small enough for the discussion page's lazy chunk.

import { seededRandom } from './seeded-random';

type Point = readonly number[];

export interface Clustering {
  /** The cluster of each point, in the points' order: 0 … k − 1. */
  assignments: number[];
  /** Each cluster's centre (the mean of its points; a start point if it ended empty). */
  centroids: number[][];
  /** The sum of squared distances of the points to their centres. */
  inertia: number;
}

/** Lloyd's steps stop when no point changes cluster, or after this many. */
const maxSteps = 100;
/** Starts tried; the clustering of least inertia is kept, the earliest on a tie. */
const starts = 4;

/**
 * k clusters of `points` by k-means (rule N9): k-means++ starts drawn from `seededRandom(seed)`,
 * then Lloyd's steps; of `starts` runs the one of least inertia. Deterministic for the same
 * points, k and seed; a point equally near two centres goes to the first. Pure; O(n · k · steps).
 */
export function kMeans(points: readonly Point[], k: number, seed: number): Clustering {
  const random = seededRandom(seed);
  let best: Clustering | null = null;
  for (let run = 0; run < starts; run++) {
    const clustering = lloyd(points, plusPlusStarts(points, k, random));
    if (best === null || clustering.inertia < best.inertia) best = clustering;
  }
  return best ?? { assignments: [], centroids: [], inertia: 0 };
}

/** k-means++: the first centre uniformly, each next one with probability ∝ squared distance. */
function plusPlusStarts(points: readonly Point[], k: number, random: () => number): number[][] {
  if (points.length === 0) return [];
  const centres: number[][] = [[...points[Math.floor(random() * points.length)]!]];
  const nearest = points.map((p) => squaredDistance(p, centres[0]!));
  while (centres.length < k) {
    const total = nearest.reduce((sum, d) => sum + d, 0);
    let chosen = Math.floor(random() * points.length);
    if (total > 0) {
      let target = random() * total;
      chosen = nearest.findIndex((d) => (target -= d) < 0);
      if (chosen < 0) chosen = nearest.findLastIndex((d) => d > 0);
    }
    const centre = [...points[chosen]!];
    centres.push(centre);
    points.forEach((p, i) => (nearest[i] = Math.min(nearest[i]!, squaredDistance(p, centre))));
  }
  return centres;
}

function lloyd(points: readonly Point[], start: number[][]): Clustering {
  let centroids = start;
  let assignments = points.map(() => -1);
  for (let step = 0; step < maxSteps; step++) {
    const next = points.map((p) => nearestCentre(p, centroids));
    const changed = next.some((c, i) => c !== assignments[i]);
    assignments = next;
    if (!changed) break;
    centroids = centroids.map((old, c) => meanOf(points.filter((_, i) => assignments[i] === c)) ?? old);
  }
  const inertia = points.reduce((sum, p, i) => sum + squaredDistance(p, centroids[assignments[i]!]!), 0);
  return { assignments, centroids, inertia };
}

function nearestCentre(p: Point, centroids: readonly Point[]): number {
  let best = 0;
  let bestDistance = Infinity;
  centroids.forEach((c, index) => {
    const d = squaredDistance(p, c);
    if (d < bestDistance) {
      best = index;
      bestDistance = d;
    }
  });
  return best;
}

function meanOf(points: readonly Point[]): number[] | null {
  const first = points[0];
  if (!first) return null;
  const sum = first.map(() => 0);
  for (const p of points) p.forEach((x, j) => (sum[j]! += x));
  return sum.map((x) => x / points.length);
}

/** The silhouette is averaged over at most this many maps, each measured against every map. */
const silhouetteSample = 200;

/**
 * The silhouette of a clustering (rule N9), from −1 to 1: for a point, a = its mean distance to
 * the other points of its cluster, b = the least mean distance to the points of another cluster,
 * s = (b − a) / max(a, b), and 0 for a point alone in its cluster or where a = b = 0. The mean of s
 * over every ⌈n / 200⌉-th point (all of them up to 200 points), each measured against all n points,
 * so its cost is O(200 · n) where the full silhouette's is O(n²). Pure.
 */
export function silhouette(points: readonly Point[], clustering: Clustering): number {
  const n = points.length;
  const k = clustering.centroids.length;
  const sizes = new Array<number>(k).fill(0);
  for (const c of clustering.assignments) sizes[c]! += 1;
  const stride = Math.ceil(n / silhouetteSample);
  let total = 0;
  let counted = 0;
  for (let i = 0; i < n; i += stride) {
    counted += 1;
    const own = clustering.assignments[i]!;
    if (sizes[own]! <= 1) continue;
    const sums = new Array<number>(k).fill(0);
    for (let j = 0; j < n; j++)
      if (j !== i) sums[clustering.assignments[j]!]! += Math.sqrt(squaredDistance(points[i]!, points[j]!));
    const a = sums[own]! / (sizes[own]! - 1);
    let b = Infinity;
    for (let c = 0; c < k; c++) if (c !== own && sizes[c]! > 0) b = Math.min(b, sums[c]! / sizes[c]!);
    const larger = Math.max(a, b);
    if (Number.isFinite(b) && larger > 0) total += (b - a) / larger;
  }
  return counted === 0 ? 0 : total / counted;
}

function squaredDistance(a: Point, b: Point): number {
  let sum = 0;
  for (let j = 0; j < a.length; j++) sum += (a[j]! - b[j]!) ** 2;
  return sum;
}

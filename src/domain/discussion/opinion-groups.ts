import type { MapId } from '../map-id';
import { kMeans, silhouette, type Clustering } from './k-means';
import { principalComponents } from './pca';

// Opinion groups (rules N8–N10): maps that weigh the shared reasons alike, found as Pol.is finds
// them: a matrix of weights, two principal components, k-means, and the silhouette to choose k.

/** Fewer maps than this have no plot and no groups (rule N9). */
const groupsMinimumMaps = 5;
/** The best k must score above this silhouette, or there are no clear groups (rule N9). */
const silhouetteFloor = 0.55;
/** Every group holds at least this share of the maps, and at least 2 (rule N9). */
const groupMinimumShare = 0.1;
/** At most this many distinctive reasons per group (rule N10). */
const distinctiveCount = 5;
const seed = 20261126;

/** What the opinion groups need of a matched reason: its weight in each map that holds it. */
export interface WeightedReason {
  key: string;
  title: string;
  entries: readonly { mapId: MapId; weight: number | null }[];
}

/** A map's place on the plot: its scores on the two principal components (rule N8). */
interface MapPoint {
  mapId: MapId;
  x: number;
  y: number;
}

/** A reason that sets a group apart (rule N10). */
interface DistinctiveReason {
  key: string;
  title: string;
  /** Its mean weight over the group's maps that rated it. */
  groupMean: number;
  /** Its mean weight over the other maps that rated it. */
  restMean: number;
}

interface OpinionGroup {
  /** "Group A", "Group B", … in order of each group's first map id (rule N10). */
  name: string;
  mapIds: MapId[];
  distinctive: DistinctiveReason[];
}

/** Why the page shows no groups, for it to say in a sentence (rule N9). */
type NoGroupsReason = 'too-few-maps' | 'no-clear-groups';

export interface OpinionGroups {
  /** Each map's point, in order of map id; empty below 5 maps. */
  points: MapPoint[];
  /** The groups, named in order; empty when `noGroups` says why. */
  groups: OpinionGroup[];
  noGroups: NoGroupsReason | null;
  /** The silhouette of the best k tried, null when none was tried. */
  silhouette: number | null;
}

/**
 * The plot and the opinion groups of the maps `mapIds` (in the discussion's order, rule N1) from
 * their matched reasons (rules N8–N10). Deterministic: the same maps and reasons always give the
 * same points, groups and names. Pure; costs O(maps × reasons × steps).
 */
export function findOpinionGroups(
  mapIds: readonly MapId[],
  reasons: readonly WeightedReason[],
): OpinionGroups {
  const n = mapIds.length;
  if (n < groupsMinimumMaps) return { points: [], groups: [], noGroups: 'too-few-maps', silhouette: null };

  const rowOf = new Map<string, number>(mapIds.map((id, row) => [id, row]));
  const rated = reasons.map((reason) => ratedRows(reason, rowOf));
  const columns = rated.filter((reason) => reason.rows.length >= 2);
  const matrix = weightMatrix(n, columns);
  const { scores } = principalComponents(matrix, 2);
  const points = mapIds.map((mapId, row) => ({ mapId, x: scores[row]![0]!, y: scores[row]![1]! }));
  const none = (silhouette: number | null): OpinionGroups => ({
    points,
    groups: [],
    noGroups: 'no-clear-groups',
    silhouette,
  });
  if (columns.length < 2) return none(null);

  let best: { clustering: Clustering; silhouette: number } | null = null;
  for (let k = 2; k <= Math.min(5, 2 + Math.floor(n / 12)); k++) {
    const clustering = kMeans(scores, k, seed + k);
    if (!everyGroupHolds(clustering, Math.max(2, Math.ceil(groupMinimumShare * n)))) continue;
    const score = silhouette(scores, clustering);
    if (best === null || score > best.silhouette) best = { clustering, silhouette: score };
  }
  if (best === null || !(best.silhouette > silhouetteFloor)) return none(best?.silhouette ?? null);

  const members = new Map<number, number[]>();
  best.clustering.assignments.forEach((cluster, row) => {
    const list = members.get(cluster);
    if (list) list.push(row);
    else members.set(cluster, [row]);
  });
  // Rows are in map id order, so each list starts at its first map id: sort the lists by it.
  const lists = [...members.values()].sort((a, b) => a[0]! - b[0]!);
  const groupOf = new Int32Array(n);
  lists.forEach((rows, at) => rows.forEach((row) => (groupOf[row] = at)));
  const distinctive = distinctiveReasons(
    rated,
    groupOf,
    lists.map((rows) => rows.length),
  );
  const groups = lists.map((rows, at) => ({
    name: `Group ${String.fromCharCode(65 + at)}`,
    mapIds: rows.map((row) => mapIds[row]!),
    distinctive: distinctive[at]!,
  }));
  return { points, groups, noGroups: null, silhouette: best.silhouette };
}

/** True when the clustering has no group smaller than `least` maps (an empty one is none). */
function everyGroupHolds(clustering: Clustering, least: number): boolean {
  const sizes = new Map<number, number>();
  for (const c of clustering.assignments) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  return sizes.size >= 2 && [...sizes.values()].every((size) => size >= least);
}

/** A reason's rated weights with the rows of their maps, read once for the matrix and the groups. */
interface RatedReason {
  key: string;
  title: string;
  rows: number[];
  weights: number[];
}

function ratedRows(reason: WeightedReason, rowOf: ReadonlyMap<string, number>): RatedReason {
  const rows: number[] = [];
  const weights: number[] = [];
  for (const { mapId, weight } of reason.entries) {
    if (weight === null) continue;
    rows.push(rowOf.get(mapId)!);
    weights.push(weight);
  }
  return { key: reason.key, title: reason.title, rows, weights };
}

/** Rule N8: maps × reasons of weights, a missing or unrated weight taking the reason's mean. */
function weightMatrix(n: number, columns: readonly RatedReason[]): number[][] {
  const matrix = Array.from({ length: n }, () => new Array<number>(columns.length));
  columns.forEach(({ rows, weights }, column) => {
    const mean = weights.reduce((sum, weight) => sum + weight, 0) / weights.length;
    for (const row of matrix) row[column] = mean;
    rows.forEach((row, at) => (matrix[row]![column] = weights[at]!));
  });
  return matrix;
}

/**
 * Rule N10, for every group at once: the reasons rated in at least half the group's maps and in
 * some other map whose mean weight differs between the two; largest difference first, then title
 * and key; at most 5. One pass over the rated weights, whatever the number of groups.
 */
function distinctiveReasons(
  reasons: readonly RatedReason[],
  groupOf: Int32Array,
  sizes: readonly number[],
): DistinctiveReason[][] {
  const found = sizes.map((): DistinctiveReason[] => []);
  const count = new Array<number>(sizes.length);
  const sum = new Array<number>(sizes.length);
  for (const { key, title, rows, weights } of reasons) {
    count.fill(0);
    sum.fill(0);
    let total = 0;
    rows.forEach((row, at) => {
      count[groupOf[row]!]! += 1;
      sum[groupOf[row]!]! += weights[at]!;
      total += weights[at]!;
    });
    sizes.forEach((size, group) => {
      const inside = count[group]!;
      const outside = rows.length - inside;
      if (inside === 0 || 2 * inside < size || outside === 0) return;
      // Weights are multiples of 0.25, so these sums and their difference are exact.
      const groupMean = sum[group]! / inside;
      const restMean = (total - sum[group]!) / outside;
      if (groupMean !== restMean) found[group]!.push({ key, title, groupMean, restMean });
    });
  }
  const gap = (r: DistinctiveReason) => Math.abs(r.groupMean - r.restMean);
  return found.map((list) =>
    list
      .sort(
        (a, b) =>
          gap(b) - gap(a) ||
          (a.title !== b.title ? (a.title < b.title ? -1 : 1) : a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      )
      .slice(0, distinctiveCount),
  );
}

import { describe, expect, it } from 'vitest';
import type { MapId } from '../map-id';
import { findOpinionGroups, type WeightedReason } from './opinion-groups';

const ids = (...names: string[]) => names.map((name) => name as MapId);

/** A reason weighed `weights[i]` in map `mapIds[i]` (null: unrated, undefined: not in that map). */
function weighed(key: string, mapIds: MapId[], weights: (number | null | undefined)[]): WeightedReason {
  return {
    key,
    title: key,
    entries: mapIds.flatMap((mapId, i) => (weights[i] === undefined ? [] : [{ mapId, weight: weights[i]! }])),
  };
}

// Two camps: m1, m3 and m5 weigh the lane's safety and the children for, the cost and the shops
// against; m2, m4 and m6 the other way round.
const six = ids('m1', 'm2', 'm3', 'm4', 'm5', 'm6');
const camps = [
  weighed('safety', six, [2, -2, 2, -1.5, 1.5, -2]),
  weighed('children', six, [1, -1, 1, -1, 1, -1]),
  weighed('cost', six, [-2, 2, -1.5, 2, -2, 2]),
  weighed('shops', six, [-1, 1, -1, 0.75, -1, 1]),
  weighed('noise', six, [0.5, undefined, 0.5, undefined, null, undefined]),
];

describe('findOpinionGroups', () => {
  it('[N9] has no plot and no groups below 5 maps, and says so', () => {
    const four = ids('a', 'b', 'c', 'd');
    expect(
      findOpinionGroups(four, [weighed('x', four, [1, -1, 1, -1]), weighed('y', four, [1, -1, 1, -1])]),
    ).toEqual({
      points: [],
      groups: [],
      noGroups: 'too-few-maps',
      silhouette: null,
    });
  });

  it('[N8][N9][N10] finds two camps, names them by their first map and lists what sets each apart', () => {
    const opinion = findOpinionGroups(six, camps);
    expect(opinion.noGroups).toBeNull();
    expect(opinion.silhouette).toBeGreaterThan(0.55);
    expect(opinion.groups.map((g) => [g.name, g.mapIds])).toEqual([
      ['Group A', ['m1', 'm3', 'm5']],
      ['Group B', ['m2', 'm4', 'm6']],
    ]);
    // "noise" is rated in one map of three of Group A (less than half) and none of Group B: never
    // distinctive. The others differ most on safety and cost, then children, then shops.
    expect(opinion.groups[0]!.distinctive).toEqual([
      { key: 'cost', title: 'cost', groupMean: -11 / 6, restMean: 2 },
      { key: 'safety', title: 'safety', groupMean: 11 / 6, restMean: -11 / 6 },
      { key: 'children', title: 'children', groupMean: 1, restMean: -1 },
      { key: 'shops', title: 'shops', groupMean: -1, restMean: 2.75 / 3 },
    ]);
    // The plot: one camp on each side of the first component, in the maps' order.
    const points = opinion.points;
    expect(points.map((p) => p.mapId)).toEqual(six);
    expect(new Set(points.map((p) => Math.sign(p.x))).size).toBe(2);
    expect(Math.sign(points[0]!.x)).toBe(Math.sign(points[2]!.x));
    expect(Math.sign(points[0]!.x)).not.toBe(Math.sign(points[1]!.x));
  });

  it('[N9] finds no clear groups among maps that all weigh alike, though it plots them', () => {
    const same = camps.map((reason) => weighed(reason.key, six, [1, 1, 1, 1, 1, 1]));
    const opinion = findOpinionGroups(six, same);
    expect(opinion.noGroups).toBe('no-clear-groups');
    expect(opinion.groups).toEqual([]);
    expect(opinion.points.map((p) => [p.x, p.y])).toEqual(six.map(() => [0, 0]));
  });

  it('[N9] finds no clear groups with fewer than 2 reasons rated in 2 maps', () => {
    const opinion = findOpinionGroups(six, [
      camps[0]!,
      weighed('alone', six, [1]),
      weighed('unrated', six, [null, null]),
    ]);
    expect(opinion).toMatchObject({ groups: [], noGroups: 'no-clear-groups', silhouette: null });
    expect(opinion.points).toHaveLength(6);
  });

  it('[N9] does not make a group of a map or two far from the rest', () => {
    // Twenty maps weigh alike, give or take a little; m00 and m01 stand far apart. Groups must hold
    // at least 2 maps and 10% of them (3 of 22), so the two are no group.
    const maps = ids(...Array.from({ length: 22 }, (_, i) => `m${String(i).padStart(2, '0')}`));
    const weights = (shift: number) => maps.map((_, i) => (i < 2 ? -2 : ((i * shift) % 5) / 10));
    const opinion = findOpinionGroups(maps, [weighed('a', maps, weights(1)), weighed('b', maps, weights(3))]);
    expect(opinion.groups.every((group) => group.mapIds.length >= 3)).toBe(true);
  });

  it('[N8] leaves out a reason rated in one map only, and fills a missing weight with the mean', () => {
    const withAlone = findOpinionGroups(six, [...camps, weighed('alone', six, [undefined, 2])]);
    expect(withAlone.points).toEqual(findOpinionGroups(six, camps).points);
    // "noise" is rated 0.5 in m1 and m3, so the maps without it take 0.5 too: no spread, no effect.
    // (Power iteration starts elsewhere with one column fewer, so the last digits may differ.)
    const rounded = (reasons: WeightedReason[]) =>
      findOpinionGroups(six, reasons).points.map((p) => [p.x.toFixed(6), p.y.toFixed(6)]);
    expect(rounded(camps.slice(0, 4))).toEqual(rounded(camps));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReasonId } from './belief-map';
import { reasonWeight } from './balance';
import { compareMaps } from './compare';
import { cruxesOfDiff, findCruxes } from './cruxes';
import { mapData, reason } from './test-support/builders';
import { fcParams, mapDataArb, mapPairArb } from './test-support/map-arbitraries';

const summary = (cruxes: ReturnType<typeof findCruxes>) =>
  cruxes.map((crux) => [crux.modified.title, crux.disagreement, crux.reversal]);

describe('findCruxes', () => {
  it('[X1][X2] ranks shared reasons by disagreement, skipping agreements and unshared reasons', () => {
    const base = mapData([
      reason(1, { title: 'Shops', belief: 'disagree', support: 'strong-disconfirm' }),
      reason(2, { title: 'Count', belief: 'strong-agree', support: 'support' }),
      reason(3, { title: 'Same', belief: 'agree', support: 'support' }),
      reason(4, { title: 'Only base', belief: 'agree', support: 'support' }),
      reason(5, { title: 'Survey', belief: 'agree', support: 'support' }),
    ]);
    const modified = mapData([
      reason(5, { title: 'Survey', belief: 'neutral', support: 'support' }),
      reason(1, { title: 'Shops', belief: 'agree', support: 'strong-disconfirm' }),
      reason(2, { title: 'Count', belief: 'strong-agree', support: 'disconfirm' }),
      reason(3, { title: 'Same', belief: 'agree', support: 'support' }),
      reason(6, { title: 'Only modified', belief: 'agree', support: 'support' }),
    ]);
    expect(summary(findCruxes(base, modified))).toEqual([
      ['Count', 2, true],
      ['Shops', 1, false],
      ['Survey', 0.25, false],
    ]);
  });

  it('[X1] matches ids ignoring letter case, and an unrated side weighs nothing', () => {
    const id = reason(1).id;
    const base = mapData([reason(1, { belief: null, support: 'support' })]);
    const modified = mapData([
      reason(1, { id: id.toUpperCase() as ReasonId, belief: 'agree', support: 'support' }),
    ]);
    expect(findCruxes(base, modified).map((crux) => crux.disagreement)).toEqual([0.75]);
  });

  it('[X2] ties go to reversals first, then by title', () => {
    const base = mapData([
      reason(1, { title: 'B', belief: 'strong-agree', support: 'support' }),
      reason(2, { title: 'A', belief: 'strong-agree', support: 'strong-support' }),
      reason(3, { title: 'C', belief: 'neutral', support: 'support' }),
    ]);
    const modified = mapData([
      reason(1, { title: 'B', belief: 'strong-agree', support: 'disconfirm' }),
      reason(2, { title: 'A', belief: 'strong-disagree', support: 'strong-support' }),
      reason(3, { title: 'C', belief: 'neutral', support: 'disconfirm' }),
    ]);
    expect(summary(findCruxes(base, modified))).toEqual([
      ['B', 2, true],
      ['A', 2, false],
      ['C', 1, true],
    ]);
  });

  it('[X1] a map compared with itself has no crux', () => {
    fc.assert(
      fc.property(mapDataArb, (map) => {
        expect(findCruxes(map, map)).toEqual([]);
      }),
      fcParams,
    );
  });

  it('[X2] swapping base and modified gives the same cruxes in the same order', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const forward = findCruxes(base, modified).map((crux) => [
          crux.base.id,
          crux.disagreement,
          crux.reversal,
        ]);
        const backward = findCruxes(modified, base).map((crux) => [
          crux.modified.id,
          crux.disagreement,
          crux.reversal,
        ]);
        expect(backward).toEqual(forward);
      }),
      fcParams,
    );
  });

  it('[X1][X2] every crux is a shared reason with a positive disagreement up to 4, largest first', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const cruxes = findCruxes(base, modified);
        cruxes.forEach((crux, at) => {
          expect(crux.disagreement).toBe(
            Math.abs((reasonWeight(crux.base) ?? 0) - (reasonWeight(crux.modified) ?? 0)),
          );
          expect(crux.disagreement).toBeGreaterThan(0);
          expect(crux.disagreement).toBeLessThanOrEqual(4);
          if (at > 0) expect(cruxes[at - 1]!.disagreement).toBeGreaterThanOrEqual(crux.disagreement);
        });
      }),
      fcParams,
    );
  });
});

describe('cruxesOfDiff', () => {
  it('[X3] finds from a diff exactly the cruxes findCruxes finds from the maps', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        expect(cruxesOfDiff(compareMaps(base, modified))).toEqual(findCruxes(base, modified));
      }),
      fcParams,
    );
  });
});

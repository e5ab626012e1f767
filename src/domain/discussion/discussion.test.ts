import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reason } from '../belief-map';
import type { MapId } from '../map-id';
import { mapData, reason } from '../test-support/builders';
import { discussionArb } from '../test-support/discussion-arbitraries';
import { generateDiscussion } from '../test-support/discussion-generator';
import { fcParams, fcSeed, permutationArb, ruleRows } from '../test-support/map-arbitraries';
import { summariseDiscussion, type DiscussionReason } from './discussion';
import type { DiscussionMap } from './match-reasons';

console.log(`discussion.test.ts: fast-check seed ${fcSeed}`);

const map = (id: string, reasons: Reason[]): DiscussionMap => ({ id: id as MapId, data: mapData(reasons) });

type Rating = Pick<Reason, 'support' | 'belief'>;
const r = (support: Reason['support'], belief: Reason['belief']): Rating => ({ support, belief });

/** Maps m1, m2, … each holding reason 1 with the ratings given (undefined: not in that map). */
function oneReason(ratings: (Rating | undefined)[]): DiscussionReason {
  const maps = ratings.map((rating, i) => map(`m${i + 1}`, rating ? [reason(1, rating)] : [reason(i + 2)]));
  return summariseDiscussion(maps).reasons.find((found) => found.key === reason(1).id)!;
}

describe('summariseDiscussion: one matched reason', () => {
  it('[N3][N4] counts, weighs and takes the medians of a reason over the maps that hold it', () => {
    const found = oneReason([
      r('strong-support', 'strong-agree'),
      r('support', 'agree'),
      r('disconfirm', 'agree'),
      r('support', null),
      undefined,
    ]);
    expect(found.presence).toBe(4);
    expect(found.support).toEqual({
      'strong-support': 1,
      support: 2,
      neutral: 0,
      disconfirm: 1,
      'strong-disconfirm': 0,
      none: 0,
    });
    expect(found.belief).toEqual({
      'strong-agree': 1,
      agree: 2,
      neutral: 0,
      disagree: 0,
      'strong-disagree': 0,
      none: 1,
    });
    expect(found.entries.map((e) => [e.mapId, e.weight])).toEqual([
      ['m1', 2],
      ['m2', 0.75],
      ['m3', -0.75],
      ['m4', null],
    ]);
    expect(found.medianWeight).toBe(0.75);
    expect(found.medianSupport).toBe('support');
    expect(found.medianBelief).toBe('agree');
    expect(found.spread).toBeCloseTo((4 / 3 + 1 / 12 + 17 / 12) / 3, 12);
    expect(found.split).toBe(true);
  });

  it.each(
    ruleRows([
      {
        rule: 'N3',
        name: 'an even count takes the mean of the middle weights and the first middle rating',
        ratings: [r('support', 'agree'), r('strong-support', 'disagree')],
        expected: { medianWeight: 0.625, medianSupport: 'strong-support', medianBelief: 'agree' },
      },
      {
        rule: 'N3',
        name: 'a reason no map rated has no medians and no spread',
        ratings: [r(null, 'agree'), r('support', null), r(null, null)],
        expected: { medianWeight: null, medianSupport: 'support', medianBelief: 'agree', spread: null },
      },
      {
        rule: 'N4',
        name: 'equal weights have no spread',
        ratings: [r('support', 'agree'), r('support', 'agree'), r('support', 'agree')],
        expected: { spread: 0, split: false },
      },
      {
        rule: 'N4',
        name: 'half at −2 and half at +2 spread 2',
        ratings: [r('strong-support', 'strong-agree'), r('strong-disconfirm', 'strong-agree')],
        expected: { spread: 2, split: true },
      },
      {
        rule: 'N4',
        name: 'one rated map has no spread',
        ratings: [r('support', 'agree'), r('support', null)],
        expected: { spread: null, split: false },
      },
      {
        rule: 'N4',
        name: 'neutral support or none against support is no split, but against counts even unrated',
        ratings: [r('support', 'agree'), r('neutral', 'agree'), r(null, 'agree')],
        expected: { split: false },
      },
      {
        rule: 'N4',
        name: 'a disconfirming rating without belief still splits it (G1)',
        ratings: [r('support', 'agree'), r('disconfirm', null)],
        expected: { split: true, spread: null },
      },
    ]),
  )('%s', (_, { ratings, expected }) => {
    expect(oneReason(ratings)).toMatchObject(expected);
  });
});

describe('summariseDiscussion: the group', () => {
  // Five maps. Reason 1 (cost) all five rate alike; reason 2 (safety) splits them; reason 3 (shops)
  // three rate alike; reason 4 (noise) two rate alike; reason 5 (trees) three rate with spread 0.5.
  const five = [
    map('e', [
      reason(1, { title: 'Cost', support: 'support', belief: 'agree' }),
      reason(2, { title: 'Safety', support: 'strong-disconfirm', belief: 'agree' }),
    ]),
    map('a', [
      reason(1, { title: 'Cost', support: 'support', belief: 'agree' }),
      reason(2, { title: 'Safety', support: 'strong-support', belief: 'strong-agree' }),
      reason(3, { title: 'Shops', support: 'disconfirm', belief: 'agree' }),
      reason(5, { title: 'Trees', support: 'support', belief: 'strong-agree' }),
    ]),
    map('c', [
      reason(1, { title: 'Cost', support: 'support', belief: 'strong-agree' }),
      reason(2, { title: 'Safety', support: 'strong-support', belief: 'agree' }),
      reason(3, { title: 'Shops', support: 'disconfirm', belief: 'agree' }),
      reason(4, { title: 'Noise', support: 'support', belief: 'agree' }),
      reason(5, { title: 'Trees', support: 'support', belief: 'strong-agree' }),
    ]),
    map('b', [
      reason(1, { title: 'Cost', support: 'support', belief: 'agree' }),
      reason(2, { title: 'Safety', support: 'disconfirm', belief: 'strong-agree' }),
      reason(3, { title: 'Shops', support: 'disconfirm', belief: 'strong-agree' }),
      reason(4, { title: 'Noise', support: 'support', belief: 'agree' }),
      reason(5, { title: 'Trees', support: 'support', belief: 'strong-disagree' }),
    ]),
    map('d', [reason(1, { title: 'Cost', support: 'support', belief: 'agree' })]),
  ];
  const discussion = summariseDiscussion(five);
  const titles = (reasons: DiscussionReason[]) => reasons.map((found) => found.title);

  it('[N1] takes the maps in order of id', () => {
    expect(discussion.mapIds).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(titles(discussion.reasons)).toEqual(['Cost', 'Safety', 'Shops', 'Trees', 'Noise']);
  });

  it('[N5] agrees on reasons in 60% of the maps and 3, of spread below 0.5, not split', () => {
    // Trees: weights 1, 1, 0 spread 4/9 < 0.5; Noise is in 2 maps only; Safety is split.
    expect(titles(discussion.agrees)).toEqual(['Cost', 'Shops', 'Trees']);
    const sixth = summariseDiscussion([...five, map('f', [])]);
    expect(titles(sixth.agrees)).toEqual(['Cost']); // 3 of 6 maps is less than 60%
  });

  it('[N6] splits by spread × presence, split reasons first on ties, never a reason in one map', () => {
    expect(
      discussion.splits.map((found) => [found.title, Number((found.spread! * found.presence).toFixed(4))]),
    ).toEqual([
      ['Safety', 6],
      ['Trees', 1.3333],
      ['Cost', 0.4],
      ['Shops', 0.3333],
    ]);
    const tie = summariseDiscussion([
      map('a', [
        reason(1, { title: 'A', support: 'support', belief: 'strong-agree' }),
        reason(2, { title: 'B', support: 'support', belief: 'strong-agree' }),
      ]),
      map('b', [
        reason(1, { title: 'A', support: 'support', belief: 'strong-disagree' }),
        reason(2, { title: 'B', support: 'disconfirm', belief: 'strong-disagree' }),
        reason(3, { title: 'C', support: 'disconfirm', belief: 'strong-agree' }),
      ]),
    ]);
    expect(titles(tie.splits)).toEqual(['B', 'A']);
  });

  it('[N7] places each map by its net weight, for minus against', () => {
    expect(discussion.stances.map((stance) => [stance.mapId, stance.net])).toEqual([
      ['a', 0.75 + 2 + 1 - 0.75],
      ['b', 0.75 - 1 - 1 + 0.75 + 0],
      ['c', 1 + 1.5 - 0.75 + 0.75 + 1],
      ['d', 0.75],
      ['e', 0.75 - 1.5],
    ]);
  });

  it('[N1] leaves out the maps named, and takes a map given twice once', () => {
    const fewer = summariseDiscussion([...five, five[0]!], ['d' as MapId, 'x' as MapId]);
    expect(fewer.mapIds).toEqual(['a', 'b', 'c', 'e']);
    expect(fewer.reasons[0]!.presence).toBe(4);
    expect(fewer.opinion.noGroups).toBe('too-few-maps');
  });

  it('[N2] says which reasons joined by title', () => {
    const joined = summariseDiscussion([
      map('a', [reason(1, { title: 'The lane makes cycling safer' })]),
      map('b', [reason(2, { title: 'Cycling is safer with the lane' })]),
    ]);
    expect(joined.reasons).toHaveLength(1);
    expect(joined.reasons[0]!.matchedByTitle).toBe(true);
    expect(joined.reasons[0]!.entries.map((e) => [e.mapId, e.byTitle])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });
});

describe('summariseDiscussion: the order of the maps', () => {
  /** The groups as sets of map ids, so a renaming would still show. */
  const groupSets = (maps: DiscussionMap[]) =>
    summariseDiscussion(maps).opinion.groups.map((group) => new Set(group.mapIds));

  it('[N1] gives the same figures, points and groups whatever order the maps come in', () => {
    fc.assert(
      fc.property(
        discussionArb({ minMaps: 1, maxMaps: 14 }).chain((maps) =>
          fc.tuple(
            fc.constant(maps),
            permutationArb(maps),
            fc.uniqueArray(fc.constantFrom(...maps.map((m) => m.id))),
          ),
        ),
        ([maps, shuffled, leftOut]) => {
          expect(summariseDiscussion(shuffled, leftOut)).toEqual(summariseDiscussion(maps, leftOut));
        },
      ),
      fcParams,
    );
  });

  it('[N1][N9] finds the same groups of a generated discussion in any order of its maps', () => {
    const maps = generateDiscussion({ maps: 30, reasonsPerMap: 30, camps: 3, seed: 7 });
    const expected = groupSets(maps);
    expect(expected).toHaveLength(3);
    fc.assert(
      fc.property(permutationArb(maps), (shuffled) => {
        expect(groupSets(shuffled)).toEqual(expected);
      }),
      { ...fcParams, numRuns: 20 },
    );
  });
});

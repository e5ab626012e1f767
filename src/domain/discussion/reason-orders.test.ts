import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reason } from '../belief-map';
import type { MapId } from '../map-id';
import { mapData, reason } from '../test-support/builders';
import { discussionArb } from '../test-support/discussion-arbitraries';
import { fcParams, fcSeed, permutationArb } from '../test-support/map-arbitraries';
import { summariseDiscussion } from './discussion';
import { reasonOrders, sortDiscussionReasons, type ReasonOrder } from './reason-orders';

console.log(`reason-orders.test.ts: fast-check seed ${fcSeed}`);

const map = (id: string, reasons: Reason[]) => ({ id: id as MapId, data: mapData(reasons) });

// Shops: in 3 maps, against (median −1), split by one map. Safety: in 3, for (median 1.5), spread.
// Cost: in 3, all alike (median 0.75). Trees: in 2, for and against (median 0). Noise: in 2, no
// map rated it. Parking: in 1, strongly for.
const { reasons } = summariseDiscussion([
  map('a', [
    reason(1, { title: 'Shops', support: 'disconfirm', belief: 'strong-agree' }),
    reason(2, { title: 'Safety', support: 'strong-support', belief: 'strong-agree' }),
    reason(3, { title: 'Cost', support: 'support', belief: 'agree' }),
    reason(4, { title: 'Trees', support: 'support', belief: 'strong-agree' }),
    reason(5, { title: 'Noise', support: null, belief: null }),
  ]),
  map('b', [
    reason(1, { title: 'Shops', support: 'support', belief: 'agree' }),
    reason(2, { title: 'Safety', support: 'strong-support', belief: 'agree' }),
    reason(3, { title: 'Cost', support: 'support', belief: 'agree' }),
    reason(4, { title: 'Trees', support: 'disconfirm', belief: 'strong-agree' }),
    reason(5, { title: 'Noise', support: 'support', belief: null }),
  ]),
  map('c', [
    reason(1, { title: 'Shops', support: 'strong-disconfirm', belief: 'agree' }),
    reason(2, { title: 'Safety', support: 'support', belief: 'agree' }),
    reason(3, { title: 'Cost', support: 'support', belief: 'agree' }),
    reason(6, { title: 'Parking', support: 'strong-support', belief: 'strong-agree' }),
  ]),
]);

describe('sortDiscussionReasons', () => {
  it.each<[ReasonOrder, string[]]>([
    ['most-shared', ['Cost', 'Safety', 'Shops', 'Noise', 'Trees', 'Parking']],
    ['most-contested', ['Shops', 'Trees', 'Safety', 'Cost', 'Noise', 'Parking']],
    ['strongest-for', ['Parking', 'Safety', 'Cost', 'Trees', 'Shops', 'Noise']],
    ['strongest-against', ['Shops', 'Trees', 'Cost', 'Safety', 'Parking', 'Noise']],
  ])('[N11] %s', (order, titles) => {
    expect(sortDiscussionReasons(reasons, order).map((found) => found.title)).toEqual(titles);
  });

  it('[N11] sorts the same list whatever order it is given in, and changes nothing given', () => {
    fc.assert(
      fc.property(
        discussionArb({ maxMaps: 6 }).chain((maps) => {
          const all = summariseDiscussion(maps).reasons;
          return fc.tuple(fc.constant(all), permutationArb(all), fc.constantFrom(...reasonOrders));
        }),
        ([all, shuffled, order]) => {
          const before = [...shuffled];
          expect(sortDiscussionReasons(shuffled, order)).toEqual(sortDiscussionReasons(all, order));
          expect(shuffled).toEqual(before);
        },
      ),
      fcParams,
    );
  });
});

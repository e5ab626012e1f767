import fc from 'fast-check';
import type { Reason, ReasonId } from '../belief-map';
import type { DiscussionMap } from '../discussion/match-reasons';
import type { MapId } from '../map-id';
import { reasonId } from './builders';
import { beliefArb, supportArb } from './map-arbitraries';

// Test support only: discussions small enough to check by hand and alike enough to match, since
// their reasons share a few ids (some in capitals, C1) and their titles a few words (T1, T2).

const words = ['lane', 'safe', 'shops', 'trade', 'parking', 'cost', 'not', 'elm', 'children', 'cycle'];

/** A title of one to `maxWords` words of a small vocabulary, so that close titles are common. */
const discussionTitleArb = (maxWords = 4): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: maxWords }).map((list) => list.join(' '));

const discussionReasonArb = (ids: number, maxWords: number): fc.Arbitrary<Reason> =>
  fc.record({
    id: fc
      .tuple(fc.integer({ min: 1, max: ids }), fc.boolean())
      .map(([n, upper]) => (upper ? reasonId(n).toUpperCase() : reasonId(n)) as ReasonId),
    title: discussionTitleArb(maxWords),
    relevance: fc.constant(null),
    belief: beliefArb,
    support: supportArb,
  });

/** Maps with distinct ids, whose reasons come from `ids` shared reason ids (unique per map, V5). */
export const discussionArb = (
  options: { minMaps?: number; maxMaps?: number; ids?: number; maxReasons?: number; maxWords?: number } = {},
): fc.Arbitrary<DiscussionMap[]> => {
  const { minMaps = 1, maxMaps = 8, ids = 12, maxReasons = 8, maxWords = 4 } = options;
  return fc.uniqueArray(
    fc.record({
      id: fc.stringMatching(/^[a-z0-9]{1,6}$/).map((id) => id as MapId),
      data: fc.record({
        title: fc.constant('Bike lane on Elm Street'),
        description: fc.constant(null),
        reasons: fc.uniqueArray(discussionReasonArb(ids, maxWords), {
          selector: (reason) => reason.id.toLowerCase(),
          maxLength: maxReasons,
        }),
      }),
    }),
    { selector: (map) => map.id, minLength: minMaps, maxLength: maxMaps },
  );
};

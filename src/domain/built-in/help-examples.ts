import type { PublishedMap, Reason } from '../belief-map';
import type { Belief, Support } from '../ratings';
import { sortReasons } from '../sort-reasons';
import { createIconsMap } from './help-example-icons';
import { elmStreetBelief, elmStreetReasons as r, rate } from './help-example-reasons';
import { builtInPublished as published, type HelpExampleId } from './ids';

// PRODUCT §10.2: the worked example of the Help page. Alice and Bob, neighbours on Birch Road, disagree
// about a bike lane on Elm Street; each map below is one step of their discussion (STORY.md).
// Rated maps list their reasons in a saved draft's order (PRODUCT §3.4), so "Edit a copy" keeps it.

function elmStreetMap(description: string, reasons: Reason[]): PublishedMap {
  return { version: '1.0', published, data: { title: elmStreetBelief, description, reasons } };
}

const initial = elmStreetMap(
  "The question as the Birch Road residents' association put it at its meeting in the library, with the " +
    'first three reasons people raised there, not yet rated. The council proposes to replace the 48 ' +
    'parking spaces on the east side of Elm Street, which runs from the station past the shops and the ' +
    'health centre to Elm Street Primary, with a two-way bike lane behind a low concrete kerb. Alice and ' +
    'Bob, who live two doors apart on Birch Road, each made a copy of this map to rate these reasons and ' +
    'add their own.',
  [
    rate(r.saferCycling, null, null),
    rate(r.shopsLoseTrade, null, null),
    rate(r.childrenCycleToSchool, null, null),
  ],
);

const alice1 = elmStreetMap(
  "Alice's first map. She cycles along Elm Street to the station every day and has two children at Elm " +
    'Street Primary. She copied the initial map, rated its three reasons and added three of her own: the ' +
    'injury figures, how shoppers get to Elm Street, and how full the parking lane really is. She is for ' +
    'the lane.',
  [
    rate(r.saferCycling, 'strong-agree', 'strong-support'),
    rate(r.cyclistsInjured, 'strong-agree', 'strong-support'),
    rate(r.parkingRarelyFull, 'strong-agree', 'support'),
    rate(r.childrenCycleToSchool, 'agree', 'support'),
    rate(r.shoppersWalkOrCycle, 'agree', 'support'),
    rate(r.shopsLoseTrade, 'disagree', 'disconfirm'),
  ],
);

const bob1 = elmStreetMap(
  "Bob's first map. He drives his mother, who is 84, to the health centre on Elm Street every month and " +
    'does his Saturday shopping there by car. He copied the initial map, rated its three reasons and added ' +
    'three of his own: delivery vans, parking for people who cannot walk far, and how few people cycle ' +
    'there today. He is against the lane.',
  [
    rate(r.saferCycling, 'agree', 'support'),
    rate(r.childrenCycleToSchool, 'disagree', 'support'),
    rate(r.shopsLoseTrade, 'strong-agree', 'strong-disconfirm'),
    rate(r.parkingForDisabled, 'strong-agree', 'strong-disconfirm'),
    rate(r.fewCyclistsToday, 'strong-agree', 'disconfirm'),
    rate(r.deliveryVans, 'agree', 'disconfirm'),
  ],
);

/** The nine reasons of both first maps, grouped by topic; unrated, for each to rate afresh. */
const combinedReasons = [
  r.saferCycling,
  r.cyclistsInjured,
  r.childrenCycleToSchool,
  r.fewCyclistsToday,
  r.shopsLoseTrade,
  r.shoppersWalkOrCycle,
  r.deliveryVans,
  r.parkingRarelyFull,
  r.parkingForDisabled,
];

const combined = elmStreetMap(
  "The reasons of Alice's and Bob's first maps together, with every rating cleared. Alice compared her " +
    "map with Bob's, added his three reasons to her draft, and then removed all the ratings, so that each " +
    "of them could rate all nine reasons afresh without starting from the other's. The reasons are grouped " +
    'by topic: safety, who would ride, the shops, and parking.',
  combinedReasons.map((reason) => rate(reason, null, null)),
);

/**
 * A second map, after the combined reasons: Alice and Bob now agree on every belief but two,
 * whether shoppers walk or cycle and whether the shops would lose trade, and on every support
 * rating but one: both accept that hardly anyone cycles on Elm Street today, and read it opposite
 * ways (rule G1, a reversal). The reasons are in saved-draft order (rule S1).
 */
function secondMap(
  description: string,
  ratings: { shoppersWalkOrCycle: Belief; shopsLoseTrade: Belief; fewCyclistsToday: Support },
): PublishedMap {
  return elmStreetMap(
    description,
    sortReasons([
      rate(r.saferCycling, 'strong-agree', 'strong-support'),
      rate(r.cyclistsInjured, 'strong-agree', 'strong-support'),
      rate(r.parkingRarelyFull, 'strong-agree', 'support'),
      rate(r.childrenCycleToSchool, 'agree', 'support'),
      rate(r.shoppersWalkOrCycle, ratings.shoppersWalkOrCycle, 'support'),
      rate(r.parkingForDisabled, 'strong-agree', 'strong-disconfirm'),
      rate(r.shopsLoseTrade, ratings.shopsLoseTrade, 'strong-disconfirm'),
      rate(r.deliveryVans, 'agree', 'disconfirm'),
      rate(r.fewCyclistsToday, 'strong-agree', ratings.fewCyclistsToday),
    ]),
  );
}

const alice2 = secondMap(
  "Alice rates the combined reasons. Bob's map showed her two costs she had not weighed: delivery vans " +
    'and parking for people who cannot walk far both count against the lane, and she accepts both are ' +
    "real. She now also rates the shops' trade as a strong reason against, if the shops really would lose " +
    'it. She does not believe they would, so she is still for the lane. She accepts that hardly anyone ' +
    'cycles on Elm Street today, and reads it as a reason for the lane: people stay off a street where ' +
    'cyclists get hurt.',
  { shoppersWalkOrCycle: 'agree', shopsLoseTrade: 'disagree', fewCyclistsToday: 'support' },
);

const bob2 = secondMap(
  "Bob rates the combined reasons. Alice's injury figures persuaded him that the lane would make the " +
    "street safer, and the school's numbers that children would cycle. He accepts the council's parking " +
    'count. He still believes the shops would lose trade, doubts that one Saturday in May shows how ' +
    'people shop the rest of the year, and still counts the few cyclists today as a reason against ' +
    'spending a traffic lane on them, so he is not yet for the lane.',
  { shoppersWalkOrCycle: 'neutral', shopsLoseTrade: 'agree', fewCyclistsToday: 'disconfirm' },
);

/**
 * Three neighbours answer the first maps (rule B4), so that the discussion of Alice's first map has
 * five maps: they agree on the children cycling to school and the parking for people who cannot
 * walk far, split on the few cyclists today (Erin reads Bob's reason the other way, a reversal) and
 * on the shops, and fall into two opinion groups: Alice, Carol and Erin; Bob and Dan.
 */
const carol1 = elmStreetMap(
  "Carol's answer to Alice's first map. She teaches Year 5 at Elm Street Primary and walks her class to " +
    "the swimming pool along Elm Street every Thursday. She kept all of Alice's reasons, rates the children " +
    "cycling to school higher than Alice does, and adds the school's travel survey. She is for the lane.",
  sortReasons([
    rate(r.saferCycling, 'strong-agree', 'strong-support'),
    rate(r.cyclistsInjured, 'strong-agree', 'strong-support'),
    rate(r.childrenCycleToSchool, 'strong-agree', 'support'),
    rate(r.schoolTravelSurvey, 'strong-agree', 'support'),
    rate(r.parkingRarelyFull, 'agree', 'support'),
    rate(r.shoppersWalkOrCycle, 'agree', 'support'),
    rate(r.shopsLoseTrade, 'disagree', 'disconfirm'),
  ]),
);

const dan1 = elmStreetMap(
  "Dan's answer to Bob's first map. He has run the hardware store on Elm Street for twenty years. He kept " +
    "all of Bob's reasons and rates them as Bob does, but counts the delivery vans more strongly against " +
    'the lane, since his own come every morning, and adds his customers, who carry paint and timber to ' +
    'their cars. He is against the lane.',
  sortReasons([
    rate(r.saferCycling, 'agree', 'support'),
    rate(r.childrenCycleToSchool, 'disagree', 'support'),
    rate(r.shopsLoseTrade, 'strong-agree', 'strong-disconfirm'),
    rate(r.heavyGoods, 'strong-agree', 'strong-disconfirm'),
    rate(r.deliveryVans, 'strong-agree', 'strong-disconfirm'),
    rate(r.parkingForDisabled, 'strong-agree', 'strong-disconfirm'),
    rate(r.fewCyclistsToday, 'strong-agree', 'disconfirm'),
  ]),
);

const erin1 = elmStreetMap(
  "Erin's answer to Bob's first map. She is a physiotherapist at the health centre and cycles there from " +
    'the station. She agrees with Bob that patients who cannot walk far must keep their parking, but reads ' +
    'his bike count the other way: people stay off a street where cyclists get hurt. She adds a loading bay ' +
    'for the delivery vans. She is for the lane.',
  sortReasons([
    rate(r.saferCycling, 'strong-agree', 'strong-support'),
    rate(r.childrenCycleToSchool, 'agree', 'support'),
    rate(r.fewCyclistsToday, 'strong-agree', 'support'),
    rate(r.loadingBayAshLane, 'strong-agree', 'support'),
    rate(r.parkingForDisabled, 'strong-agree', 'strong-disconfirm'),
    rate(r.shopsLoseTrade, 'disagree', 'disconfirm'),
    rate(r.deliveryVans, 'disagree', 'disconfirm'),
  ]),
);

export const helpExampleMaps: Record<HelpExampleId, PublishedMap> = {
  'help-example-icons': createIconsMap(published),
  'help-example-initial': initial,
  'help-example-alice-1': alice1,
  'help-example-bob-1': bob1,
  'help-example-combined-reasons': combined,
  'help-example-alice-2': alice2,
  'help-example-bob-2': bob2,
  'help-example-carol-1': carol1,
  'help-example-dan-1': dan1,
  'help-example-erin-1': erin1,
};

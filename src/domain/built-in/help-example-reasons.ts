import type { Reason, ReasonId } from '../belief-map';
import type { Belief, Support } from '../ratings';

// PRODUCT §10.2: the reasons of the worked example, written once. Every Elm Street map is built from
// these, so a reason keeps its id, title and relevance in every map it appears in, and comparing two
// of the maps shows it as changed (ratings only), never as added and deleted. STORY.md tells the story.

/** A reason's words without its ratings: what stays the same when someone else rates it. */
export interface ReasonText {
  readonly id: ReasonId;
  readonly title: string;
  readonly relevance: string;
}

/** The question Alice and Bob discuss: the title of every Elm Street map. */
export const elmStreetBelief = "Our town should turn Elm Street's parking lane into a protected bike lane";

export const elmStreetReasons = {
  // Raised at the residents' meeting: the initial map.
  saferCycling: {
    id: '1f40a469-f2d1-4729-a8d3-f4802ee6445d' as ReasonId,
    title: 'A protected lane would make cycling on Elm Street safer',
    relevance:
      'Safety is the main argument for the proposal: the lane is meant to keep bikes and traffic apart. ' +
      'How much this counts depends on how dangerous the street is now and how many people would ride on it.',
  },
  shopsLoseTrade: {
    id: '5767a423-25c7-4358-93e0-db969b38d67d' as ReasonId,
    title: 'Removing the parking lane would cost the Elm Street shops trade',
    relevance:
      'The bakery, the hardware store and the pharmacy are much of what makes Elm Street worth living near. ' +
      'If customers who can no longer park outside go elsewhere and a shop closes, the town loses something ' +
      'it cannot easily get back.',
  },
  childrenCycleToSchool: {
    id: '4324bd96-8cc4-4747-9483-f753a6d84179' as ReasonId,
    title: 'More children would cycle to Elm Street Primary',
    relevance:
      "Most of the school's 320 pupils live within a five-minute ride, but few parents let them cycle on " +
      'Elm Street with traffic as it is. Children riding to school would mean fewer cars at drop-off time, ' +
      'and a habit that lasts.',
  },

  // Added by Alice in her first map.
  cyclistsInjured: {
    id: 'd93b39f7-105d-40f2-bbd9-1ebfc80557cd' as ReasonId,
    title:
      'Five cyclists were injured on Elm Street in the last three years, two of them by car doors opening in their path',
    relevance:
      'These are police figures, so the danger is not hypothetical. A car door can only open into a ' +
      "cyclist's path where cars are parked, so replacing the parking lane with a protected lane would end " +
      'that kind of crash on Elm Street.',
  },
  shoppersWalkOrCycle: {
    id: '38bcbbc0-cb28-4d13-9948-860567326987' as ReasonId,
    title: 'Most people who shop on Elm Street walk or cycle there',
    relevance:
      "The residents' association asked 200 shoppers one Saturday in May, and 6 in 10 had walked or " +
      'cycled. If most customers do not come by car, losing the parking lane costs the shops less than it seems.',
  },
  parkingRarelyFull: {
    id: '047142fc-93d4-43ab-8010-f5b951d616a0' as ReasonId,
    title: 'The parking lane is rarely full: on weekdays at most 30 of its 48 spaces are taken',
    relevance:
      'The council counted parked cars every hour for two weeks in March. If even the busiest hour leaves ' +
      '18 spaces empty, most of the cars parked there now would fit in the side streets and the station car ' +
      'park, so the lane costs drivers less than 48 lost spaces suggests.',
  },

  // Added by Bob in his first map.
  deliveryVans: {
    id: 'ed866dd1-ac1e-42fe-8fc4-4345044f6d92' as ReasonId,
    title: 'Delivery vans would have nowhere to stop and would block the traffic lane',
    relevance:
      'The bakery and the hardware store take deliveries every morning, and today the vans stop in the ' +
      'parking lane. Without it they would stop in the only lane for traffic, and the number 12 bus and ' +
      'everyone else would queue behind them.',
  },
  parkingForDisabled: {
    id: 'adaddf8a-51e1-4934-bfed-ef7202f99974' as ReasonId,
    title: 'People who cannot walk far would lose their parking outside the health centre and the pharmacy',
    relevance:
      'The two disabled bays and the drop-off space outside the health centre are in the parking lane. For ' +
      'someone who cannot walk far, a space in a side street is not the same. Making the street better for ' +
      'people on bikes should not make it much harder for people who have to arrive by car.',
  },
  fewCyclistsToday: {
    id: '8b463003-92bd-4f87-8026-8a322393820d' as ReasonId,
    title: 'Hardly anyone cycles on Elm Street today: the council counted 40 bikes in a whole weekday',
    relevance:
      'If few people would use the lane, giving up 48 parking spaces buys little. This counts against the ' +
      'lane only as far as the number of riders today says how many would ride once the lane is built.',
  },

  // Added by the neighbours who answered them: the discussion of Alice's first map.
  schoolTravelSurvey: {
    id: '5bc33329-e74b-490e-8b2f-c0471463af9e' as ReasonId,
    title:
      "In the school's travel survey, 1 in 3 families said their children would cycle on a protected route",
    relevance:
      'Elm Street Primary asked every family last autumn how their children get to school and how they would ' +
      'like to. About a hundred children could switch from the back seat to a bike, which is also a hundred ' +
      'fewer cars stopping on Elm Street at half past eight.',
  },
  heavyGoods: {
    id: '08880298-a954-4ef9-aa13-aeb07a9411fb' as ReasonId,
    title: 'Customers who buy paint, timber or compost need to park outside the hardware store',
    relevance:
      'Nobody carries four tins of paint or a sheet of plywood to the station car park. Much of what a ' +
      'hardware store sells is heavy or bulky, so its customers need to stop at the door, and if they cannot ' +
      'they drive to the retail park on the ring road instead.',
  },
  loadingBayAshLane: {
    id: '711c8ff7-1125-47a9-8952-b6f5bd36b4d8' as ReasonId,
    title: 'A loading bay at the corner of Ash Lane could take the morning deliveries',
    relevance:
      'The corner of Ash Lane, twenty metres from the bakery, is wide enough for a marked loading bay used ' +
      'before ten in the morning. If the vans have somewhere to stop, the traffic lane stays clear and one of ' +
      'the costs of the bike lane goes away.',
  },
} as const satisfies Record<string, ReasonText>;

/** A reason with these words and ratings; `null` is "not rated". Returns a new object. */
export function rate(reason: ReasonText, belief: Belief | null, support: Support | null): Reason {
  return { id: reason.id, title: reason.title, relevance: reason.relevance, belief, support };
}

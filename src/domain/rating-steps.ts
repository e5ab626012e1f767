import { beliefValues, supportValues, type Belief, type Support } from './ratings';

// PRODUCT §9.2: what a changed rating means, for the list of differences (rules G1, G2). The
// direction of a reason comes from its support alone; its belief moves along a five-step scale.

/** A reason's direction: +1 for it (supports), −1 against (disconfirms), 0 neither or unrated. */
export type Direction = -1 | 0 | 1;

/** The direction a support gives its reason (rule G1): the sign of its strength; null is 0. Pure. */
export function supportDirection(support: Support | null): Direction {
  // supportValues runs from strong-support to strong-disconfirm, with neutral in the middle.
  return support === null ? 0 : (Math.sign(2 - supportValues.indexOf(support)) as Direction);
}

/**
 * True when a reason counts for the belief with one support and against it with the other (rule
 * G1): "Counts the other way". Neutral or unrated on either side is never a reversal. Pure.
 */
export function isReversal(base: Support | null, modified: Support | null): boolean {
  return supportDirection(base) * supportDirection(modified) === -1;
}

/**
 * How many steps a belief moved from `base` to `modified` on the five-step scale (rule G2):
 * positive when the author agrees more, negative when less, 0 when equal; null when either side is
 * unrated, since no rating is no position on the scale. Pure.
 */
export function beliefSteps(base: Belief | null, modified: Belief | null): number | null {
  if (base === null || modified === null) return null;
  // beliefValues runs from strong-agree down to strong-disagree: a lower index agrees more.
  return beliefValues.indexOf(base) - beliefValues.indexOf(modified);
}

/** "Belief 2 steps lower", "Belief 1 step higher" (rule G2); null when there is no step to tell. */
export function describeBeliefSteps(steps: number | null): string | null {
  if (steps === null || steps === 0) return null;
  const count = Math.abs(steps);
  return `Belief ${count} ${count === 1 ? 'step' : 'steps'} ${steps > 0 ? 'higher' : 'lower'}`;
}

import { compareContested, compareTitles, type DiscussionReason } from './discussion';

// The orders of a discussion's list of all reasons (rule N11). Each is a total order (title and
// id break the last ties), so the list reads the same whatever order the reasons came in.

export const reasonOrders = ['most-shared', 'most-contested', 'strongest-for', 'strongest-against'] as const;
export type ReasonOrder = (typeof reasonOrders)[number];

/** Most present first, then title, then id: the tie-break of every order (rule N11). */
function compareShared(a: DiscussionReason, b: DiscussionReason): number {
  return b.presence - a.presence || compareTitles(a, b);
}

/** By median weight, `sign` 1 largest first, −1 smallest first; reasons no map rated go last. */
function byMedian(sign: 1 | -1) {
  return (a: DiscussionReason, b: DiscussionReason): number => {
    if (a.medianWeight === null || b.medianWeight === null)
      return a.medianWeight === b.medianWeight ? compareShared(a, b) : a.medianWeight === null ? 1 : -1;
    return sign * (b.medianWeight - a.medianWeight) || compareShared(a, b);
  };
}

const comparisons: Record<ReasonOrder, (a: DiscussionReason, b: DiscussionReason) => number> = {
  'most-shared': compareShared,
  'most-contested': (a, b) => compareContested(a, b) || compareShared(a, b),
  'strongest-for': byMedian(1),
  'strongest-against': byMedian(-1),
};

/** A new list of `reasons` in `order` (rule N11); the list given is not changed. */
export function sortDiscussionReasons(
  reasons: readonly DiscussionReason[],
  order: ReasonOrder,
): DiscussionReason[] {
  return [...reasons].sort(comparisons[order]);
}

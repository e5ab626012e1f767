import { summariseDiscussion, type Discussion } from '../../../domain/discussion/discussion';
import type { DiscussionMap } from '../../../domain/discussion/match-reasons';
import {
  reasonOrders,
  sortDiscussionReasons,
  type ReasonOrder,
} from '../../../domain/discussion/reason-orders';
import type { MapId } from '../../../domain/map-id';

// PRODUCT §6.10: everything the discussion page shows that takes work, done in one go in the
// worker (or, without one, loaded after the page): the figures (rules N1–N10) and the four orders
// of all reasons (rule N11), as the reasons' keys, so that the page's own chunk holds none of the
// model's code.

export interface WorkedDiscussion {
  discussion: Discussion;
  /** The keys of all reasons in each order of rule N11. */
  orders: Record<ReasonOrder, string[]>;
}

/** The discussion of `maps` less `leftOut`, and its reasons' orders. Pure. */
export function workOutDiscussion(
  maps: readonly DiscussionMap[],
  leftOut: readonly MapId[],
): WorkedDiscussion {
  const discussion = summariseDiscussion(maps, leftOut);
  const orders = Object.fromEntries(
    reasonOrders.map((order) => [order, sortDiscussionReasons(discussion.reasons, order).map((r) => r.key)]),
  ) as Record<ReasonOrder, string[]>;
  return { discussion, orders };
}

import type { Draft, Reason, ReasonId } from './belief-map';
import { diffReasonFields, reasonIdKey, type ReasonField } from './compare';
import { reasonCountMessage } from './map-version';
import { addReason, deleteReason, updateBelief, updateReason, withData } from './draft';
import { defaultLimits } from './limits';
import type { MergeAction } from './merge-actions';

// PRODUCT §9.3, §9.4: merging what a compare found into the base draft (rules M1–M10). Every merge
// goes through the draft edits of draft.ts, so a merged draft is stamped and re-sorted like any
// other edit; a merge with nothing to do returns the same draft object, so the caller can tell.

/** The draft's reason with this id, matched as compare matches them: ignoring letter case (C1). */
function findReason(draft: Draft, id: ReasonId): Reason | undefined {
  const key = reasonIdKey(id);
  return draft.data.reasons.find((reason) => reasonIdKey(reason.id) === key);
}

/**
 * Adds the modified map's `reason`, id and all, then re-sorts (rule M2). Pure. A draft that already
 * has a reason with that id is returned as it is, even if the fields differ: that is a change (M6).
 */
function mergeAddedReason(draft: Draft, reason: Reason, now: Date): Draft {
  if (findReason(draft, reason.id)) return draft;
  return addReason(draft, reason, now);
}

/**
 * Removes the reason with `id`, keeping the others in their order (rule M3). Pure. A draft without
 * that reason is returned as it is (M6).
 */
function mergeDeletedReason(draft: Draft, id: ReasonId, now: Date): Draft {
  const current = findReason(draft, id);
  if (!current) return draft;
  return deleteReason(draft, current.id, now);
}

/**
 * Gives the draft's reason `id` the title, relevance, belief and support of `modified`, keeping its
 * own id (and its spelling), then re-sorts (rule M4). Pure. A draft without that reason, or whose reason already matches,
 * is returned as it is (M6).
 */
function mergeChangedReason(draft: Draft, id: ReasonId, modified: Reason, now: Date): Draft {
  const current = findReason(draft, id);
  if (!current || diffReasonFields(current, modified).length === 0) return draft;
  const { title, relevance, belief, support } = modified;
  return updateReason(draft, { id: current.id, title, relevance, belief, support }, now);
}

/**
 * Gives the draft's reason `id` only the listed `fields` of `modified` and keeps its others, e.g.
 * their relevance with the draft's own ratings (rule M8). Pure. A draft without that reason, or
 * whose reason already has those fields, is returned as it is (M6).
 */
function mergeReasonFields(
  draft: Draft,
  id: ReasonId,
  modified: Reason,
  fields: readonly ReasonField[],
  now: Date,
): Draft {
  const current = findReason(draft, id);
  if (!current) return draft;
  const next: Reason = { ...current };
  for (const field of fields) (next as Record<ReasonField, Reason[ReasonField]>)[field] = modified[field];
  if (diffReasonFields(current, next).length === 0) return draft;
  return updateReason(draft, next, now);
}

/**
 * Gives the draft's reason `id` the id `as` of the modified map's reason it stands for, keeping
 * every field, so the two compare as one reason from then on (rule M10). Pure; the order is
 * unchanged. A draft without `id`, one that already has a reason `as` (V5 forbids two), or `id`
 * equal to `as` is returned as it is (M6).
 */
function mergeSameReason(draft: Draft, id: ReasonId, as: ReasonId, now: Date): Draft {
  const current = findReason(draft, id);
  if (!current || findReason(draft, as)) return draft;
  const reasons = draft.data.reasons.map((reason) => (reason === current ? { ...reason, id: as } : reason));
  return withData(draft, { ...draft.data, reasons }, now);
}

/**
 * Sets the map's title, leaving its description alone (rule M5). Pure; reasons keep their S order.
 * A draft that already has this title is returned as it is (M6).
 */
function mergeTitle(draft: Draft, title: string, now: Date): Draft {
  if (draft.data.title === title) return draft;
  return updateBelief(draft, { title, description: draft.data.description }, now);
}

/**
 * Sets the map's description (null for none), leaving its title alone (rule M5). Pure. A draft that
 * already has this description is returned as it is (M6).
 */
function mergeDescription(draft: Draft, description: string | null, now: Date): Draft {
  if (draft.data.description === description) return draft;
  return updateBelief(draft, { title: draft.data.title, description }, now);
}

/**
 * Applies one merge action to the draft (rules M1–M6) and returns the new draft, stamped `now` and
 * in S order, or the same draft object when the action has nothing to do. Never mutates `draft`.
 */
export function applyMerge(draft: Draft, action: MergeAction, now: Date): Draft {
  switch (action.kind) {
    case 'add':
      return mergeAddedReason(draft, action.reason, now);
    case 'delete':
      return mergeDeletedReason(draft, action.id, now);
    case 'change':
      return action.fields
        ? mergeReasonFields(draft, action.id, action.modified, action.fields, now)
        : mergeChangedReason(draft, action.id, action.modified, now);
    case 'same':
      return mergeSameReason(draft, action.id, action.as, now);
    case 'title':
      return mergeTitle(draft, action.title, now);
    case 'description':
      return mergeDescription(draft, action.description, now);
  }
}

/**
 * Applies `actions` in order as one edit (rule M9), as "Apply all" does: one new draft, stamped
 * `now` and in S order, or the same draft object when none of them has anything to do. Pure.
 */
export function applyMerges(draft: Draft, actions: readonly MergeAction[], now: Date): Draft {
  return actions.reduce((current, action) => applyMerge(current, action, now), draft);
}

/**
 * Why the merged draft `after` cannot be kept (rule M11): it holds more reasons than the limit (V5)
 * and more than `before` did, so the schema would refuse it; null when it can be kept. Pure.
 */
export function mergeCountError(
  before: Draft,
  after: Draft,
  limit: number = defaultLimits.reasonCount,
): string | null {
  const count = after.data.reasons.length;
  return count > limit && count > before.data.reasons.length ? reasonCountMessage(limit) : null;
}

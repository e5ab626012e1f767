import type { Draft, Reason, ReasonId } from './belief-map';

// A draft's history stores what each step changed, not the whole draft (PRODUCT §7.6): a patch is
// the difference of two drafts, by field and by reason id, each as [before, after], so one patch
// takes the draft either way. A step that changes one field of one reason costs that reason twice,
// whatever the size of the map.

/** A value before and after a step. */
export type Change<T> = readonly [before: T, after: T];

/** A reason as it was, and where: its index in its draft's list. */
interface PlacedReason {
  readonly reason: Reason;
  readonly at: number;
}

/** One reason a step touched: before is null when the step added it, after when it deleted it. */
interface ReasonChange {
  readonly id: ReasonId;
  readonly before: PlacedReason | null;
  readonly after: PlacedReason | null;
}

export interface DraftPatch {
  readonly published?: Change<string | null>;
  readonly updatedAt?: Change<string>;
  readonly title?: Change<string>;
  readonly description?: Change<string | null>;
  /** By each draft's order; empty when no reason changed. */
  readonly reasons: readonly ReasonChange[];
}

export type PatchDirection = 'back' | 'forward';

/**
 * The patch from `before` to `after` (rule P1, P2): the draft fields that differ and the reasons
 * added, deleted or changed, with their places. Every reason is listed only when the reasons that
 * did not change are in another order. Pure.
 */
export function diffDrafts(before: Draft, after: Draft): DraftPatch {
  const patch: { -readonly [K in keyof DraftPatch]: DraftPatch[K] } = { reasons: [] };
  if (before.published !== after.published) patch.published = [before.published, after.published];
  if (before.updatedAt !== after.updatedAt) patch.updatedAt = [before.updatedAt, after.updatedAt];
  if (before.data.title !== after.data.title) patch.title = [before.data.title, after.data.title];
  if (before.data.description !== after.data.description)
    patch.description = [before.data.description, after.data.description];
  patch.reasons = diffReasons(before.data.reasons, after.data.reasons);
  return patch;
}

/**
 * `draft` with `patch` applied (rule P1, P3): `forward` makes the patch's after values, `back`
 * its before values. Only what the patch names changes; a reason goes to its recorded place, or
 * the end of the list when that is shorter. Pure: `draft` is not changed.
 */
export function applyDraftPatch(draft: Draft, patch: DraftPatch, direction: PatchDirection): Draft {
  const side = direction === 'forward' ? 1 : 0;
  const touched = new Set(patch.reasons.map((change) => change.id));
  const reasons = draft.data.reasons.filter((reason) => !touched.has(reason.id));
  const placed = patch.reasons
    .map((change) => (side === 1 ? change.after : change.before))
    .filter((entry): entry is PlacedReason => entry !== null)
    .sort((a, b) => a.at - b.at);
  for (const { reason, at } of placed) reasons.splice(Math.min(at, reasons.length), 0, reason);
  return {
    ...draft,
    published: patch.published ? patch.published[side] : draft.published,
    updatedAt: patch.updatedAt ? patch.updatedAt[side] : draft.updatedAt,
    data: {
      ...draft.data,
      title: patch.title ? patch.title[side] : draft.data.title,
      description: patch.description ? patch.description[side] : draft.data.description,
      reasons,
    },
  };
}

/** True when the patch changes the map itself (title, description or reasons), not only stamps. */
export function changesMap(patch: DraftPatch): boolean {
  return patch.title !== undefined || patch.description !== undefined || patch.reasons.length > 0;
}

function diffReasons(before: readonly Reason[], after: readonly Reason[]): ReasonChange[] {
  const beforeById = new Map(before.map((reason, at) => [reason.id, { reason, at }]));
  const afterById = new Map(after.map((reason, at) => [reason.id, { reason, at }]));
  const same = (id: ReasonId) => {
    const a = beforeById.get(id);
    const b = afterById.get(id);
    return a !== undefined && b !== undefined && sameReason(a.reason, b.reason);
  };
  // The reasons left alone must keep their order for a patch of the others to rebuild the list.
  const keptBefore = before.filter((reason) => same(reason.id)).map((reason) => reason.id);
  const keptAfter = after.filter((reason) => same(reason.id)).map((reason) => reason.id);
  const inOrder = keptBefore.every((id, index) => keptAfter[index] === id);
  const ids = new Set([...before, ...after].map((reason) => reason.id));
  return [...ids]
    .filter((id) => !(inOrder && same(id)))
    .map((id) => ({ id, before: beforeById.get(id) ?? null, after: afterById.get(id) ?? null }));
}

function sameReason(a: Reason, b: Reason): boolean {
  return (
    a.title === b.title && a.relevance === b.relevance && a.belief === b.belief && a.support === b.support
  );
}

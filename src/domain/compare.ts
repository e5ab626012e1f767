import type { MapData, Reason, ReasonId } from './belief-map';

// PRODUCT §9.2: comparing two maps (rules C1–C7). A diff is plain data, so the compare
// page can render it, the merge actions can be built from it, and tests can compare it.

/** The fields of a reason that can differ between two maps, in the order a diff lists them. */
export const reasonFields = ['title', 'relevance', 'belief', 'support'] as const;
export type ReasonField = (typeof reasonFields)[number];

/** One differing field of a changed reason, as a base → modified pair (rule C3). */
export type FieldChange = {
  [F in ReasonField]: { field: F; base: Reason[F]; modified: Reason[F] };
}[ReasonField];

/** A reason in both maps that differs in at least one field (shown as Changed, PRODUCT §6.6). */
export interface ChangedReason {
  /** The modified map's spelling of the id. */
  id: ReasonId;
  base: Reason;
  modified: Reason;
  /** Never empty; in `reasonFields` order. */
  fields: FieldChange[];
}

export interface MapDiff {
  /** The map titles as `[base, modified]`, or null when equal (rule C5). */
  title: [string, string] | null;
  description: [string | null, string | null] | null;
  /** Only in the modified map, in its order (rule C2). */
  added: Reason[];
  /** Only in the base map, in its order (rule C2). */
  deleted: Reason[];
  /** In both and different, in the modified map's order (rule C3). */
  changed: ChangedReason[];
  /** In both and equal, in the modified map's order (rule C4). */
  unchanged: Reason[];
}

/**
 * The fields in which two versions of a reason differ, as base → modified pairs in `reasonFields`
 * order (rule C3); empty when they are equal. Ids are not compared. Pure.
 */
export function diffReasonFields(base: Reason, modified: Reason): FieldChange[] {
  const changes: FieldChange[] = [];
  if (base.title !== modified.title)
    changes.push({ field: 'title', base: base.title, modified: modified.title });
  if (base.relevance !== modified.relevance)
    changes.push({ field: 'relevance', base: base.relevance, modified: modified.relevance });
  if (base.belief !== modified.belief)
    changes.push({ field: 'belief', base: base.belief, modified: modified.belief });
  if (base.support !== modified.support)
    changes.push({ field: 'support', base: base.support, modified: modified.support });
  return changes;
}

/**
 * The key two reason ids are matched by: UUIDs ignore letter case, so `A1…` and `a1…` are the same
 * reason (rules V5, C1). Pure.
 */
export function reasonIdKey(id: string): string {
  return id.toLowerCase();
}

/**
 * What changed from `base` to `modified`, matching reasons by id (rules C1–C5): every reason of
 * either map lands in exactly one of added, deleted, changed, unchanged. Pure and linear in the
 * number of reasons (rule C7). Orders: deleted in base's order, everything else in modified's.
 * Expects ids unique within each map (rule V5); a map with a repeated id gives an unspecified diff.
 */
export function compareMaps(base: MapData, modified: MapData): MapDiff {
  // One hash table (id → position in base) and a flag per base reason: cheaper than a second
  // table of modified ids, and the flags give the deleted reasons in base's order for free.
  const baseIndex = new Map<string, number>();
  base.reasons.forEach((reason, index) => baseIndex.set(reasonIdKey(reason.id), index));
  const matched = new Uint8Array(base.reasons.length);

  const added: Reason[] = [];
  const changed: ChangedReason[] = [];
  const unchanged: Reason[] = [];
  for (const reason of modified.reasons) {
    const index = baseIndex.get(reasonIdKey(reason.id));
    const before = index === undefined ? undefined : base.reasons[index];
    if (index === undefined || before === undefined) {
      added.push(reason);
      continue;
    }
    matched[index] = 1;
    const fields = diffReasonFields(before, reason);
    if (fields.length === 0) unchanged.push(reason);
    else changed.push({ id: reason.id, base: before, modified: reason, fields });
  }
  const deleted = base.reasons.filter((_, index) => matched[index] === 0);

  return {
    title: base.title === modified.title ? null : [base.title, modified.title],
    description: base.description === modified.description ? null : [base.description, modified.description],
    added,
    deleted,
    changed,
    unchanged,
  };
}

/**
 * True when the diff has nothing to show or merge: no added, deleted or changed reason and no
 * title or description difference (rule C6). Unchanged reasons do not count. Pure.
 */
export function isEmptyDiff(diff: MapDiff): boolean {
  return (
    diff.title === null &&
    diff.description === null &&
    diff.added.length === 0 &&
    diff.deleted.length === 0 &&
    diff.changed.length === 0
  );
}

import type { Reason, ReasonId } from './belief-map';
import type { MapDiff, ReasonField } from './compare';

// PRODUCT §9.3: the merges a compare offers, as plain data. Apart from merge.ts, which applies
// them, so that the compare page can list its buttons before the code that merges has loaded
// (PRODUCT §13.5).

/** One merge the compare page offers: a button per added, deleted or changed reason, or map field. */
export type MergeAction =
  | { kind: 'add'; reason: Reason }
  | { kind: 'delete'; id: ReasonId }
  | {
      kind: 'change';
      id: ReasonId;
      modified: Reason;
      /** Only these fields (rule M8); all four when absent (rule M4). */
      fields?: readonly ReasonField[];
    }
  /** Treat the draft's reason `id` as the modified map's reason `as`: it takes that id (rule M10). */
  | { kind: 'same'; id: ReasonId; as: ReasonId }
  | { kind: 'title'; title: string }
  | { kind: 'description'; description: string | null };

/**
 * Every merge a diff offers: title, description, then added, deleted and changed reasons, each
 * in their diff order (rule M7). Pure. The actions touch
 * distinct things, so applying them in any order gives the same draft.
 */
export function listMergeActions(diff: MapDiff): MergeAction[] {
  const actions: MergeAction[] = [];
  if (diff.title) actions.push({ kind: 'title', title: diff.title[1] });
  if (diff.description) actions.push({ kind: 'description', description: diff.description[1] });
  for (const reason of diff.added) actions.push({ kind: 'add', reason });
  for (const reason of diff.deleted) actions.push({ kind: 'delete', id: reason.id });
  for (const change of diff.changed)
    actions.push({ kind: 'change', id: change.id, modified: change.modified });
  return actions;
}

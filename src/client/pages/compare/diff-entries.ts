import type { Reason } from '../../../domain/belief-map';
import { reasonIdKey, type ChangedReason, type MapDiff } from '../../../domain/compare';
import type { MergeAction } from '../../../domain/merge';

// The rows of the compare page, in the order it lists them: the map's title and description
// first (PRODUCT §6: shown as changed items), then added, deleted and changed reasons. Unchanged
// reasons are listed apart, collapsed. Each row carries the merge that takes it into the draft.

export type DiffEntry =
  | { key: string; kind: 'title'; base: string; modified: string; action: MergeAction }
  | { key: string; kind: 'description'; base: string | null; modified: string | null; action: MergeAction }
  | { key: string; kind: 'added'; reason: Reason; action: MergeAction }
  | { key: string; kind: 'deleted'; reason: Reason; action: MergeAction }
  | { key: string; kind: 'changed'; change: ChangedReason; action: MergeAction };

/**
 * The differences of `diff` as rows with stable keys: a row keeps its key while other rows are
 * merged, so the page can move focus to a neighbour, and gets it back after an Undo.
 */
export function listDiffEntries(diff: MapDiff): DiffEntry[] {
  const entries: DiffEntry[] = [];
  if (diff.title) {
    const [base, modified] = diff.title;
    entries.push({ key: 'title', kind: 'title', base, modified, action: { kind: 'title', title: modified } });
  }
  if (diff.description) {
    const [base, modified] = diff.description;
    entries.push({
      key: 'description',
      kind: 'description',
      base,
      modified,
      action: { kind: 'description', description: modified },
    });
  }
  for (const reason of diff.added)
    entries.push({
      key: `added-${reasonIdKey(reason.id)}`,
      kind: 'added',
      reason,
      action: { kind: 'add', reason },
    });
  for (const reason of diff.deleted)
    entries.push({
      key: `deleted-${reasonIdKey(reason.id)}`,
      kind: 'deleted',
      reason,
      action: { kind: 'delete', id: reason.id },
    });
  for (const change of diff.changed)
    entries.push({
      key: `changed-${reasonIdKey(change.id)}`,
      kind: 'changed',
      change,
      action: { kind: 'change', id: change.id, modified: change.modified },
    });
  return entries;
}

/** The key of the row to focus once `key` is merged away: the next row, else the previous one. */
export function neighbourKey(entries: readonly DiffEntry[], key: string): string | null {
  const index = entries.findIndex((entry) => entry.key === key);
  if (index === -1) return null;
  return entries[index + 1]?.key ?? entries[index - 1]?.key ?? null;
}

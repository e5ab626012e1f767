import type { Reason } from '../../../domain/belief-map';
import { reasonIdKey, type ChangedReason, type MapDiff } from '../../../domain/compare';
import { listMergeActions, type MergeAction } from '../../../domain/merge-actions';

// The rows of the compare page, in the order it lists them: the map's title and description
// first (PRODUCT §6.6: shown as changed items), then added, deleted and changed reasons. Unchanged
// reasons are listed apart, collapsed. Each row carries the merge that takes it into the draft.

type Difference =
  | { key: string; kind: 'title'; base: string; modified: string }
  | { key: string; kind: 'description'; base: string | null; modified: string | null }
  | { key: string; kind: 'added'; reason: Reason }
  | { key: string; kind: 'deleted'; reason: Reason }
  | { key: string; kind: 'changed'; change: ChangedReason };

export type DiffEntry = Difference & { action: MergeAction };

/**
 * The differences of `diff` as rows with stable keys: a row keeps its key while other rows are
 * merged, so the page can move focus to a neighbour, and gets it back after an Undo. Each row's
 * merge is the domain's, which lists them in this same order (rule M7).
 */
export function listDiffEntries(diff: MapDiff): DiffEntry[] {
  const rows: Difference[] = [];
  if (diff.title) rows.push({ key: 'title', kind: 'title', base: diff.title[0], modified: diff.title[1] });
  if (diff.description) {
    const [base, modified] = diff.description;
    rows.push({ key: 'description', kind: 'description', base, modified });
  }
  for (const reason of diff.added)
    rows.push({ key: `added-${reasonIdKey(reason.id)}`, kind: 'added', reason });
  for (const reason of diff.deleted)
    rows.push({ key: `deleted-${reasonIdKey(reason.id)}`, kind: 'deleted', reason });
  for (const change of diff.changed)
    rows.push({ key: `changed-${reasonIdKey(change.id)}`, kind: 'changed', change });
  const actions = listMergeActions(diff);
  return rows.map((row, index) => ({ ...row, action: actions[index]! }));
}

/** The key of the row to focus once `key` is merged away: the next row, else the previous one. */
export function neighbourKey(entries: readonly DiffEntry[], key: string): string | null {
  const index = entries.findIndex((entry) => entry.key === key);
  if (index === -1) return null;
  return entries[index + 1]?.key ?? entries[index - 1]?.key ?? null;
}

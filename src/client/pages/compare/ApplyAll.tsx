import type { MergeAction } from '../../../domain/merge-actions';
import type { DiffEntry } from './diff-entries';

// PRODUCT §9.3, rule M9: "Apply all" per kind of difference, so 200 differences are not 200
// clicks. Each button is one merge with one Undo; it is offered from two differences of a kind on.

const kinds = [
  { kind: 'added', label: (n: number) => `Add all ${n} added reasons` },
  { kind: 'deleted', label: (n: number) => `Delete all ${n} deleted reasons` },
  { kind: 'changed', label: (n: number) => `Apply all ${n} changed reasons` },
] as const;

export function ApplyAll({
  entries,
  onApply,
}: {
  entries: readonly DiffEntry[];
  /** Called with the button's focus key (for after an Undo) and the merges of that kind. */
  onApply: (focusKey: string, actions: MergeAction[]) => void;
}) {
  const groups = kinds
    .map(({ kind, label }) => {
      const actions = entries.filter((entry) => entry.kind === kind).map((entry) => entry.action);
      return { kind, label: label(actions.length), actions };
    })
    .filter(({ actions }) => actions.length > 1);
  if (groups.length === 0) return null;
  return (
    <div className="apply-all" role="group" aria-label="Apply all">
      {groups.map(({ kind, label, actions }) => (
        <button
          key={kind}
          type="button"
          className={kind === 'deleted' ? 'danger' : undefined}
          data-focus-key={`apply-all-${kind}`}
          onClick={() => onApply(`apply-all-${kind}`, actions)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

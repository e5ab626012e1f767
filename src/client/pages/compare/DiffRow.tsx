import { useEffect, useId, useRef, useState } from 'react';
import type { Reason } from '../../../domain/belief-map';
import { reasonIdKey } from '../../../domain/compare';
import type { MergeAction } from '../../../domain/merge-actions';
import { isReversal } from '../../../domain/rating-steps';
import type { DiffEntry } from './diff-entries';
import type { CompareExtras } from './use-compare-extras';
import { FieldChanges, ReasonBody, TextChangePair, type WordMarker } from './DiffViews';

// PRODUCT §6.6, §9.3, §9.4: one difference of the compare page, with its merge buttons when the
// base is a draft: the whole difference, one field of a changed reason, or, for an added reason
// that may be one the draft already has, treating the two as the same reason.

/** Where the focus goes once a merge is stored: these keys in turn, else the next difference. */
export type FocusAfter = readonly string[];

export interface DiffRowProps {
  entry: DiffEntry;
  mergeable: boolean;
  /** The lazily loaded part of the page: word highlights, similar reasons and their views. */
  extras: CompareExtras | null;
  /** For an added reason: the deleted reason whose title is close to its own (rule T3), if any. */
  possibleMatch: Reason | null;
  /** The draft's reason whose title is closest to `reason`'s, when close (rule T3); else null. */
  findInDraft: (reason: Reason) => Reason | null;
  onMerge: (action: MergeAction, focusAfter: FocusAfter) => void;
}

const markOf: Record<DiffEntry['kind'], 'Added' | 'Deleted' | 'Changed'> = {
  title: 'Changed',
  description: 'Changed',
  added: 'Added',
  deleted: 'Deleted',
  changed: 'Changed',
};

const mergeLabelOf: Record<DiffEntry['kind'], string> = {
  title: 'Apply changes',
  description: 'Apply changes',
  added: 'Add to draft',
  deleted: 'Delete from draft',
  changed: 'Apply changes',
};

export function DiffRow({ entry, mergeable, extras, possibleMatch, findInDraft, onMerge }: DiffRowProps) {
  const headingId = useId();
  const mark = markOf[entry.kind];
  const reversal =
    entry.kind === 'changed' && isReversal(entry.change.base.support, entry.change.modified.support);
  // PRODUCT §9.4: "Add to draft" of a reason like one the draft has asks first.
  const [duplicate, setDuplicate] = useState<Reason | null>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || duplicate) return;
    primaryRef.current?.focus();
    setRefocus(false);
  }, [refocus, duplicate]);

  function sameAs(draftReason: Reason) {
    if (entry.kind !== 'added') return;
    const as = entry.reason.id;
    onMerge({ kind: 'same', id: draftReason.id, as }, [`changed-${reasonIdKey(as)}`]);
  }

  function onPrimary() {
    if (entry.kind === 'added') {
      const similar = findInDraft(entry.reason);
      if (similar) return setDuplicate(similar);
    }
    onMerge(entry.action, []);
  }

  return (
    <li className={`diff-item diff-${mark.toLowerCase()}`}>
      <div className="diff-head">
        <span className="diff-mark">{mark}</span>
        {reversal && <span className="diff-mark reversal-mark">Counts the other way</span>}
        {/* A reason's title is the user's text (PRODUCT §13.2); "Map title" is the app's. */}
        <h3 id={headingId} dir={entry.kind === 'title' || entry.kind === 'description' ? undefined : 'auto'}>
          {rowTitle(entry)}
        </h3>
      </div>
      <RowBody
        entry={entry}
        marker={extras}
        headingId={headingId}
        onTake={
          mergeable && entry.kind === 'changed' && entry.change.fields.length > 1
            ? (field) =>
                onMerge(
                  { kind: 'change', id: entry.change.id, modified: entry.change.modified, fields: [field] },
                  [entry.key],
                )
            : undefined
        }
      />
      {extras && possibleMatch && (
        <extras.PossibleMatch
          match={possibleMatch}
          describedBy={headingId}
          onSame={mergeable && !duplicate ? () => sameAs(possibleMatch) : null}
        />
      )}
      {extras && mergeable && duplicate && (
        <extras.DuplicateWarning
          duplicate={duplicate}
          describedBy={headingId}
          onAddAnyway={() => onMerge(entry.action, [])}
          onSame={() => sameAs(duplicate)}
          onCancel={() => {
            setDuplicate(null);
            setRefocus(true);
          }}
        />
      )}
      {mergeable && !duplicate && (
        <div className="diff-actions">
          <button
            type="button"
            className={entry.kind === 'deleted' ? 'danger' : 'primary'}
            ref={primaryRef}
            data-focus-key={entry.key}
            aria-describedby={headingId}
            onClick={onPrimary}
          >
            {mergeLabelOf[entry.kind]}
          </button>
        </div>
      )}
    </li>
  );
}

function rowTitle(entry: DiffEntry): string {
  switch (entry.kind) {
    case 'title':
      return 'Map title';
    case 'description':
      return 'Map description';
    case 'added':
    case 'deleted':
      return entry.reason.title;
    case 'changed':
      return entry.change.modified.title;
  }
}

interface RowBodyProps {
  entry: DiffEntry;
  marker: WordMarker | null;
  headingId: string;
  onTake: Parameters<typeof FieldChanges>[0]['onTake'];
}

function RowBody({ entry, marker, headingId, onTake }: RowBodyProps) {
  switch (entry.kind) {
    case 'title':
    case 'description':
      return (
        <p className="map-field-change">
          <TextChangePair base={entry.base} modified={entry.modified} marker={marker} />
        </p>
      );
    case 'added':
    case 'deleted':
      return <ReasonBody reason={entry.reason} />;
    case 'changed':
      return (
        <FieldChanges
          fields={entry.change.fields}
          marker={marker}
          onTake={onTake}
          describedBy={headingId}
          focusKey={entry.key}
        />
      );
  }
}

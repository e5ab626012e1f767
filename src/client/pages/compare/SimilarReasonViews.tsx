import { useEffect, useId, useRef } from 'react';
import type { Reason } from '../../../domain/belief-map';
import type { WordPart } from './compare-extras';

// PRODUCT §9.2, §9.4: the views of changed words and similar reasons, loaded with
// compare-extras.ts since they only show once it has found something.

/**
 * One side of a changed text with the words only this side has marked: struck out in the base
 * (`del`), underlined in the modified text (`ins`), each with start and end words for screen
 * readers (compare-extras.css), never by colour alone.
 */
export function MarkedText({ parts, side }: { parts: readonly WordPart[]; side: 'base' | 'modified' }) {
  const hidden = side === 'base' ? 'added' : 'removed';
  return (
    <span className="text-value" dir="auto">
      {parts.map((part, index) => {
        if (part.change === hidden) return null;
        if (part.change === 'same') return part.value;
        const Mark = part.change === 'removed' ? 'del' : 'ins';
        return <Mark key={index}>{part.value}</Mark>;
      })}
    </span>
  );
}

/** "Possibly the same as “{title}”", with "Treat as the same reason" when it can be merged. */
export function PossibleMatch({
  match,
  describedBy,
  onSame,
}: {
  match: Reason;
  describedBy: string;
  onSame: (() => void) | null;
}) {
  return (
    <div className="possible-match">
      <p>
        Possibly the same as “<bdi>{match.title}</bdi>”
      </p>
      {onSame && (
        <button type="button" aria-describedby={describedBy} onClick={onSame}>
          Treat as the same reason
        </button>
      )}
    </div>
  );
}

interface DuplicateWarningProps {
  duplicate: Reason;
  describedBy: string;
  onAddAnyway: () => void;
  onSame: () => void;
  onCancel: () => void;
}

/** PRODUCT §9.4: "Your draft has a similar reason", read out first, with the three ways on. */
export function DuplicateWarning({
  duplicate,
  describedBy,
  onAddAnyway,
  onSame,
  onCancel,
}: DuplicateWarningProps) {
  const textId = useId();
  const textRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => textRef.current?.focus(), []);
  return (
    <div
      className="duplicate-warning"
      role="group"
      aria-labelledby={textId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p id={textId} ref={textRef} tabIndex={-1}>
        Your draft has a similar reason: “<bdi>{duplicate.title}</bdi>”
      </p>
      <div className="diff-actions">
        <button type="button" className="primary" aria-describedby={describedBy} onClick={onAddAnyway}>
          Add anyway
        </button>
        <button type="button" aria-describedby={describedBy} onClick={onSame}>
          Treat as the same reason
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

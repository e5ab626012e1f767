import { useEffect, useId, useRef } from 'react';
import type { ImportedMap } from '../../../domain/formats/import-map';
import { describePreview } from './describe-preview';

// PRODUCT §15.3: what a file becomes, shown before anything is stored, with the question which
// statement is the belief when the file has several that could be.

interface ImportPreviewProps {
  imported: ImportedMap;
  /** The index in `imported.mainStatements` of the statement used as the belief. */
  main: number;
  /** Whether the statements not linked to the belief are imported as unrated reasons (rule F6). */
  unlinkedAsReasons: boolean;
  busy: boolean;
  onMainChange: (main: number) => void;
  onUnlinkedAsReasonsChange: (unlinkedAsReasons: boolean) => void;
  onImport: () => void;
  onCancel: () => void;
}

export function ImportPreview({
  imported,
  main,
  unlinkedAsReasons,
  busy,
  onMainChange,
  onUnlinkedAsReasonsChange,
  onImport,
  onCancel,
}: ImportPreviewProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the preview when it appears, so a keyboard or screen reader user meets it first.
  useEffect(() => heading.current?.focus(), []);
  const statements = imported.mainStatements;

  return (
    <div className="maps-import-preview" role="region" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Preview
      </h3>
      <p className="prose" aria-live="polite">
        {describePreview(imported)}
      </p>
      {statements.length > 1 && (
        <div className="field">
          <label htmlFor={`${id}-main`}>Main statement</label>
          <select
            id={`${id}-main`}
            value={main}
            onChange={(event) => onMainChange(Number(event.target.value))}
          >
            {statements.map((statement, index) => (
              <option key={index} value={index}>
                {statement}
              </option>
            ))}
          </select>
        </div>
      )}
      {(imported.unlinked > 0 || unlinkedAsReasons) && (
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={unlinkedAsReasons}
              onChange={(event) => onUnlinkedAsReasonsChange(event.target.checked)}
            />{' '}
            Import unlinked statements as unrated reasons
          </label>
        </div>
      )}
      <div className="maps-buttons">
        <button type="button" className="primary" onClick={onImport} aria-disabled={busy || undefined}>
          Import map
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

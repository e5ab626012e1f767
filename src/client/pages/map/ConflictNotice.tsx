import { useEffect, useRef } from 'react';
import type { FormConflict } from '../../draft/form/save';

// PRODUCT §7.5: what the draft page asks about an open form's changes. With the forms' chunk:
// a form is open, so it is loaded, whenever one of these is asked.

export const publishQuestion =
  'Save the changes in the open form before publishing? OK saves them and publishes the draft; Cancel goes back to the form.';
export const discardQuestion = 'Discard the draft, with the changes in the open form that are not saved?';

interface ConflictNoticeProps {
  kind: FormConflict;
  what: 'belief' | 'item';
  onKeepMine(): void;
  onTakeTheirs(): void;
}

/**
 * PRODUCT §7.5: saving a form whose belief or item was changed (or deleted) in another tab since
 * it opened asks which version to keep. Takes the focus when it appears, so the question is heard.
 */
export function ConflictNotice({ kind, what, onKeepMine, onTakeTheirs }: ConflictNoticeProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  const subject = what === 'belief' ? 'The belief' : 'This item';
  const happened = kind === 'changed' ? 'was changed' : 'was deleted';
  return (
    <div className="form-conflict" role="alert">
      <p>
        {subject} {happened} in another tab since you opened this form. Keep your version, or take the other
        tab's and drop your changes?
      </p>
      <div className="form-buttons">
        <button type="button" className="primary" ref={first} onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" onClick={onTakeTheirs}>
          Take theirs
        </button>
      </div>
    </div>
  );
}

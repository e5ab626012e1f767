import { useId } from 'react';
import { formShortcuts, pageShortcuts } from '../lib/shortcut-list';
import { ShortcutsList } from './ShortcutsList';
import { useModalDialog } from './use-modal-dialog';

/**
 * PRODUCT §13.1: the list of shortcuts, in a modal dialog, open while it is rendered. The browser's
 * modal <dialog> keeps the focus inside it and closes on Escape; when it closes, the focus goes
 * back where it was.
 */
export default function ShortcutsDialog({ onClose }: { onClose(): void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  return (
    <dialog ref={dialog} className="shortcuts-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Keyboard shortcuts</h2>
      <ShortcutsList caption="On a draft" shortcuts={pageShortcuts} />
      <ShortcutsList caption="In a reason's form" shortcuts={formShortcuts} />
      <form method="dialog" className="form-buttons">
        <button type="submit" className="primary">
          Close
        </button>
      </form>
    </dialog>
  );
}

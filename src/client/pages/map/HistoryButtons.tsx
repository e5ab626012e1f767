import { useLayoutEffect } from 'react';
import { useDraftHistory } from '../../draft';

interface HistoryButtonsProps {
  draftId: string;
  /** Undo or Redo is under way, or another draft action: presses do nothing meanwhile. */
  busy: boolean;
  onUndo(): void;
  onRedo(): void;
}

/**
 * PRODUCT §7.6: "Undo" and "Redo" for the draft's history, and their keys: Ctrl+Z (Cmd+Z) undoes,
 * Shift+Ctrl+Z (Shift+Cmd+Z) or Ctrl+Y redoes. The keys are left to the browser in a text field,
 * where they undo typing. A button with nothing to do stays focusable (aria-disabled), so the focus
 * never drops to the page's start after the last step, and pressing it says "Nothing to undo".
 */
export function HistoryButtons({ draftId, busy, onUndo, onRedo }: HistoryButtonsProps) {
  const history = useDraftHistory(draftId);
  const canUndo = history.past.length > 0;
  const canRedo = history.future.length > 0;

  // Listening from the commit that shows the buttons, so Ctrl+Z pressed just after a form closed is heard.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || !(event.ctrlKey || event.metaKey)) return;
      if (isTextEntry(event.target) || document.querySelector('dialog[open]')) return;
      const key = event.key.toLowerCase();
      const undo = key === 'z' && !event.shiftKey;
      const redo = (key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey);
      if (!undo && !redo) return;
      event.preventDefault();
      if (!busy) (undo ? onUndo : onRedo)();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [busy, onUndo, onRedo]);

  return (
    <div className="map-history">
      {[
        { name: 'Undo', can: canUndo, keys: 'Control+Z Meta+Z', run: onUndo },
        { name: 'Redo', can: canRedo, keys: 'Control+Shift+Z Meta+Shift+Z Control+Y', run: onRedo },
      ].map(({ name, can, keys, run }) => (
        <button
          key={name}
          type="button"
          aria-disabled={!can || busy || undefined}
          aria-keyshortcuts={keys}
          onClick={() => !busy && run()}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

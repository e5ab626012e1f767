import { newReasonId } from '../../../domain/draft';
import type { FormTarget } from '../../draft/form/open-form';
import { useShortcuts } from '../../lib/use-shortcuts';

interface DraftKeyboardOptions {
  /** A form is open: the keys that open forms or move between reasons are left alone. */
  formOpen: boolean;
  /** An action runs: the keys that open forms are left alone. */
  busy: boolean;
  open(target: FormTarget): void;
  /** The reasons' "Edit item" buttons, in the list's order. */
  reasonEditButtons(): readonly HTMLElement[];
  showShortcuts(): void;
}

/** PRODUCT §13.1: the draft's keyboard shortcuts, and moving between its reasons. */
export function useDraftKeyboard({
  formOpen,
  busy,
  open,
  reasonEditButtons,
  showShortcuts,
}: DraftKeyboardOptions) {
  /** Opens a form by its shortcut, unless one is open or an action runs (the key is then left alone). */
  const openByKey = (next: FormTarget) => {
    if (formOpen || busy) return false;
    open(next);
  };
  /** Moves the focus to the next (or previous) reason's "Edit item", from the focused one. */
  const moveBetweenReasons = (step: 1 | -1) => {
    if (formOpen) return false;
    const buttons = reasonEditButtons();
    if (buttons.length === 0) return;
    const at = buttons.findIndex((button) => button === document.activeElement);
    const next =
      at === -1
        ? step === 1
          ? 0
          : buttons.length - 1
        : Math.min(Math.max(at + step, 0), buttons.length - 1);
    buttons[next]!.focus();
    buttons[next]!.scrollIntoView({ block: 'nearest' });
  };
  useShortcuts({
    'add-reason': () => openByKey({ kind: 'add', id: newReasonId() }),
    'edit-belief': () => openByKey({ kind: 'belief' }),
    'next-reason': () => moveBetweenReasons(1),
    'previous-reason': () => moveBetweenReasons(-1),
    'show-shortcuts': showShortcuts,
  });
}

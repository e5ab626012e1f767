import type { ShortcutCommand } from './shortcuts';

// PRODUCT §13.1: the shortcuts as the dialog and the Help page list them. Loaded only with those,
// so the draft page's first load carries the keys (shortcuts.ts) and not their descriptions.

export interface Shortcut {
  /** The keys as a reader presses them, each shown as a <kbd>. */
  keys: readonly string[];
  description: string;
}

/** The draft page's shortcuts; they never fire while typing in a field. */
export const pageShortcuts: readonly (Shortcut & { command: ShortcutCommand | null })[] = [
  { keys: ['a'], command: 'add-reason', description: 'Add a reason' },
  { keys: ['e'], command: 'edit-belief', description: 'Edit the belief' },
  { keys: ['j'], command: 'next-reason', description: 'Move to the next reason' },
  { keys: ['k'], command: 'previous-reason', description: 'Move to the previous reason' },
  { keys: ['Enter'], command: null, description: 'Open the reason you moved to' },
  { keys: ['?'], command: 'show-shortcuts', description: 'Show these shortcuts' },
  { keys: ['Ctrl', 'Z'], command: null, description: 'Undo the last edit or merge (Cmd+Z on a Mac)' },
  { keys: ['Shift', 'Ctrl', 'Z'], command: null, description: 'Redo it (Shift+Cmd+Z on a Mac; also Ctrl+Y)' },
];

/** The reason form's shortcuts. */
export const formShortcuts: readonly Shortcut[] = [
  { keys: ['Alt', 'B'], description: 'Go to the Belief rating' },
  { keys: ['Alt', 'S'], description: 'Go to the Support rating' },
  { keys: ['1', '–', '5'], description: 'On a rating: from the least to the most (belief or support)' },
  { keys: ['0'], description: 'On a rating: not rated' },
  { keys: ['Enter'], description: 'In the title: save' },
  { keys: ['Escape'], description: 'Cancel' },
];

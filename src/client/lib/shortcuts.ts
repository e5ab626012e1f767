// PRODUCT §13.1: the keyboard shortcuts of a draft: the pure decision of which key press runs which
// command. `shortcut-list.ts` describes them for the dialog and the Help page.

export type ShortcutCommand =
  'add-reason' | 'edit-belief' | 'next-reason' | 'previous-reason' | 'show-shortcuts';

/** The draft page's keys and what they run (`shortcut-list.ts` describes them). */
export const pageKeys: Readonly<Record<string, ShortcutCommand>> = {
  a: 'add-reason',
  e: 'edit-belief',
  j: 'next-reason',
  k: 'previous-reason',
  '?': 'show-shortcuts',
};

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

const nonTextInputs = new Set([
  'button',
  'checkbox',
  'radio',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** True when a key pressed in `target` types into it (a text field, a select, editable content). */
export function isTypingTarget(target: TargetLike | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !nonTextInputs.has((target.type ?? 'text').toLowerCase());
}

/**
 * The page command `press` runs, or null: never with Ctrl, Cmd or Alt held (the browser's and the
 * system's own shortcuts), never while typing in `target`.
 */
export function pageCommandFor(press: KeyPress, target: TargetLike | null): ShortcutCommand | null {
  if (press.ctrlKey || press.metaKey || press.altKey || isTypingTarget(target)) return null;
  return Object.hasOwn(pageKeys, press.key) ? pageKeys[press.key]! : null;
}

import { useLayoutEffect, useRef } from 'react';
import { pageCommandFor, type ShortcutCommand } from './shortcuts';

/**
 * Runs `handlers[command]` when its key is pressed anywhere in the document (PRODUCT §13.1), never
 * while typing in a field or while a modal dialog is open. A handler that answers false did not
 * apply, and leaves the key to the browser.
 *
 * The handlers in use are the last committed ones, and listen from the commit that shows the page:
 * a key pressed between a commit and its passive effects (a long gap on a busy phone) would
 * otherwise meet the handlers of the screen before, such as "a form is open" just after it closed.
 */
export function useShortcuts(handlers: Partial<Record<ShortcutCommand, () => boolean | void>>): void {
  const current = useRef(handlers);
  useLayoutEffect(() => {
    current.current = handlers;
  });
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const command = pageCommandFor(event, event.target instanceof HTMLElement ? event.target : null);
      const handler = command && current.current[command];
      if (!handler || handler() === false) return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

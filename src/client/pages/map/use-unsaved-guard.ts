import { useEffect } from 'react';

/**
 * Asks before the page unloads while `active`: a draft that storage refused (PRODUCT §7.5). Typing
 * in the open form has its own guard (use-open-form.ts), which asks on moves inside the app too.
 */
export function useUnsavedGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const handler = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [active]);
}

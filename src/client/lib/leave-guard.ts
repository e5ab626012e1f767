import { useEffect } from 'react';
import type { BaseLocationHook } from 'wouter';

// PRODUCT §7.5: leaving a page with unsaved typing asks first, whether the tab closes or reloads
// (beforeunload) or the app moves elsewhere: a link, the header, Back or Forward. Pages register
// what is unsaved; every in-app navigation passes through the location hook made here, and Back
// and Forward through one popstate listener, so no link needs to know.

const unsaved = new Set<() => boolean>();

// Leaving loses nothing: the open form is kept for the tab's session (draft/form/session-copy.ts),
// so the question says so instead of asking to leave "anyway".
const leaveQuestion =
  'Leave this page? What you typed in the open form is not saved yet; it stays in this tab, and the form reopens with it when you come back to the draft.';

/** True when nothing is unsaved, or the person chose to leave anyway. */
function confirmLeave(): boolean {
  for (const isUnsaved of unsaved) if (isUnsaved()) return window.confirm(leaveQuestion);
  return true;
}

/** While mounted, leaving asks first whenever `isUnsaved()` says so. */
export function useLeaveGuard(isUnsaved: () => boolean): void {
  useEffect(() => {
    unsaved.add(isUnsaved);
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!isUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      unsaved.delete(isUnsaved);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [isUnsaved]);
}

/** Wraps the location hook `useBase` so that its navigations ask first when something is unsaved. */
export function guardLocation(useBase: BaseLocationHook): BaseLocationHook {
  const useGuarded: BaseLocationHook = (router) => {
    const [path, navigate] = useBase(router);
    const go: typeof navigate = (to, options) => {
      if (confirmLeave()) navigate(to, options);
    };
    return [path, go];
  };
  if (useBase.searchHook) useGuarded.searchHook = useBase.searchHook;
  return useGuarded;
}

/**
 * Asks before Back or Forward leaves unsaved typing: the browser has already moved when popstate
 * fires, so a "stay" puts the address that was shown back, and stops the event before the router
 * sees it. The router listens to popstate too, and listeners run in the order they were added, so
 * this must be added first: call it before the router renders (once per page; later calls do
 * nothing).
 */
export function guardHistory(): void {
  if (historyGuarded) return;
  historyGuarded = true;
  let shown = window.location.href;
  const remember = () => (shown = window.location.href);
  window.addEventListener('popstate', (event) => {
    if (confirmLeave()) return remember();
    event.stopImmediatePropagation();
    window.history.pushState(window.history.state, '', shown);
  });
  // The address changes through pushState and replaceState as well; wouter announces both.
  for (const name of ['pushState', 'replaceState', 'hashchange']) window.addEventListener(name, remember);
}

let historyGuarded = false;

import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React draws the page on the server and while the browser takes over such a page
 * (PRODUCT §13.6), true from then on and in a page drawn in the browser. Controls that load their
 * code later (Download, the balance grid) show their stand-in until then: a button in the server's
 * HTML would look ready before anything answers it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

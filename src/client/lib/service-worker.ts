import { useSyncExternalStore } from 'react';

// PRODUCT §13.7: the service worker that lets the app open and edit drafts offline. Workbox
// generates it at build time (vite.config.ts, vite-plugin-pwa); this registers it and tells the
// page when a new deployment's worker has taken over, so the page can offer to reload: the page
// itself keeps running the code it started with, and nothing typed is lost unless the reader
// chooses to reload (a draft's open form still asks first).

let updated = false;
const listeners = new Set<() => void>();

function markUpdated(): void {
  if (updated) return;
  updated = true;
  for (const listener of listeners) listener();
}

/**
 * Registers `/sw.js` for the standalone app. An embedded app never does (its host page decides
 * what runs on its origin), nor does a browser without service workers.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): void {
  if (!container) return;
  // A page that was already controlled and sees a new controller: a new deployment took over.
  // The first visit's worker claiming the page is not an update.
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (controlled) markUpdated();
    controlled = true;
  });
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** True once a new deployment's service worker controls this page. */
export function useAppUpdated(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updated,
    () => false,
  );
}

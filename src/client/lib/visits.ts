import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { BaseLocationHook, NavigateOptions, RouterObject } from 'wouter';

// A visit is one navigation: a link followed, a redirect, Back or Forward, even to the address
// already shown. The map page re-reads its draft on every visit (it may have been discarded and
// restored meanwhile) and moves focus to its heading after one. wouter's location is only a path,
// which does not change when a link leads where the reader already is, so visits are counted
// beside it, by wrapping the location hook that wouter's <Router hook> takes.

export interface Visits {
  /** The current visit's number: a new one after every navigation. */
  current(): number;
  subscribe(listener: () => void): () => void;
}

/** A location that never changes (a page rendered once, on the server) has only visit 0. */
export const noVisits: Visits = { current: () => 0, subscribe: () => () => {} };

const VisitsContext = createContext<Visits>(noVisits);

/** Provides the visits counted by `countVisits` to `useVisit`; without it, there is only visit 0. */
export const VisitsProvider = VisitsContext.Provider;

/** The number of the current visit, for effects that run again on every navigation. */
export function useVisit(): number {
  const visits = useContext(VisitsContext);
  return useSyncExternalStore(visits.subscribe, visits.current, visits.current);
}

/**
 * Wraps the location hook `useBase` (wouter's browser or memory location) so that every navigation
 * through it counts as a visit, and so that a navigation to the address already shown replaces
 * the history entry instead of adding a second one. With `history`, Back and Forward (popstate)
 * count too. The result is one hook per app: pass `hook` to wouter's <Router> and `visits` to
 * <VisitsProvider>.
 */
export function countVisits(
  useBase: BaseLocationHook,
  { history = false }: { history?: boolean } = {},
): { hook: BaseLocationHook; visits: Visits } {
  let count = 0;
  const listeners = new Set<() => void>();
  const visit = () => {
    count += 1;
    for (const listener of listeners) listener();
  };
  const visits: Visits = {
    current: () => count,
    subscribe(listener) {
      if (listeners.size === 0 && history) window.addEventListener('popstate', visit);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && history) window.removeEventListener('popstate', visit);
      };
    },
  };

  const useCountedLocation: BaseLocationHook = (router: RouterObject) => {
    const [path, navigate] = useBase(router);
    const useSearch = useBase.searchHook ?? router.searchHook;
    const search = useSearch(router).replace(/^\?/, '');
    const here = search ? `${path}?${search}` : path;
    const go = useCallback(
      (to: string, options: NavigateOptions = {}) => {
        navigate(to, { ...options, replace: options.replace ?? to === here });
        visit();
      },
      [navigate, here],
    );
    return [path, go];
  };
  if (useBase.searchHook) useCountedLocation.searchHook = useBase.searchHook;
  return { hook: useCountedLocation, visits };
}

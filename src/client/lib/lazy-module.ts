import { useEffect, useState } from 'react';

// A module a page loads after it shows (PRODUCT §13.5), as a hook: the first page that asks starts
// the load, every later one gets the module at once. A failed load is tried again by the next page
// that asks; until then the page goes on without it.

/**
 * A hook answering the module `load` gives, or null until it has loaded (or while it cannot be).
 * `what` names the module in the warning of a failed load.
 */
export function lazyModule<T>(load: () => Promise<T>, what: string): () => T | null {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  return function useLazyModule(): T | null {
    const [module, setModule] = useState(loaded);
    useEffect(() => {
      if (module) return;
      let live = true;
      loading ??= load();
      loading.then(
        (value) => {
          loaded = value;
          if (live) setModule(value);
        },
        (error: unknown) => {
          loading = null;
          console.warn(`${what} could not be loaded:`, error);
        },
      );
      return () => {
        live = false;
      };
    }, [module]);
    return module;
  };
}

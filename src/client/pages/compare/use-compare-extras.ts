import { useEffect, useState } from 'react';

// Loads compare-extras.ts once, lazily (PRODUCT §13.5): its chunk is shared by every compare page
// opened afterwards. A failed load leaves the page as it was, without highlights or suggestions.

export type CompareExtras = typeof import('./compare-extras');

let loaded: CompareExtras | null = null;
let loading: Promise<CompareExtras> | null = null;

/** The extras once loaded, null until then (or for good, if their chunk cannot be fetched). */
export function useCompareExtras(): CompareExtras | null {
  const [extras, setExtras] = useState(loaded);
  useEffect(() => {
    if (extras) return;
    let live = true;
    loading ??= import('./compare-extras');
    loading.then(
      (module) => {
        loaded = module;
        if (live) setExtras(module);
      },
      (error: unknown) => {
        loading = null;
        console.warn('Word highlights and similar reasons could not be loaded:', error);
      },
    );
    return () => {
      live = false;
    };
  }, [extras]);
  return extras;
}

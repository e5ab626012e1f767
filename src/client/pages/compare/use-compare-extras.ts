import { lazyModule } from '../../lib/lazy-module';

// Loads compare-extras.ts once, lazily (PRODUCT §13.5): its chunk is shared by every compare page
// opened afterwards. A failed load leaves the page as it was, without highlights or suggestions.

export type CompareExtras = typeof import('./compare-extras');

/** The extras once loaded, null until then (or for good, if their chunk cannot be fetched). */
export const useCompareExtras = lazyModule(
  () => import('./compare-extras'),
  'Word highlights and similar reasons',
);

import { useSyncExternalStore } from 'react';
import { currentScheme, subscribeToScheme, toggleScheme, type ColorScheme } from './color-scheme';

/**
 * The colour mode and a toggle that keeps the choice under `colorscheme` (PRODUCT §6.1). Rendered
 * where there is no document (on the server), the mode is light until the browser takes over.
 */
export function useColorScheme(): [ColorScheme, () => void] {
  const scheme = useSyncExternalStore(subscribeToScheme, currentScheme, () => 'light' as const);
  return [scheme, toggleScheme];
}

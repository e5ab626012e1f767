import { useCallback, useSyncExternalStore } from 'react';
import { currentScheme, toggleScheme, type ColorScheme } from './color-scheme';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The colour mode and a toggle that keeps the choice under `colorscheme` (PRODUCT §6.1). Rendered
 * where there is no document (on the server), the mode is light until the browser takes over.
 */
export function useColorScheme(): [ColorScheme, () => void] {
  const scheme = useSyncExternalStore(subscribe, currentScheme, () => 'light' as const);
  const toggle = useCallback(() => {
    toggleScheme();
    for (const listener of listeners) listener();
  }, []);
  return [scheme, toggle];
}

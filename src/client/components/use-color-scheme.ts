import { useCallback, useSyncExternalStore } from 'react';

export type ColorScheme = 'light' | 'dark';
const storageKey = 'colorscheme';
const listeners = new Set<() => void>();

/** The page's colour mode: set before paint by public/theme.js (system preference or stored choice). */
function currentScheme(): ColorScheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

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
    const next: ColorScheme = currentScheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Private mode or full storage: the choice holds for this visit only.
    }
    for (const listener of listeners) listener();
  }, []);
  return [scheme, toggle];
}

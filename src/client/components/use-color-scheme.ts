import { useCallback, useState } from 'react';

export type ColorScheme = 'light' | 'dark';
const storageKey = 'colorscheme';

/** The page's colour mode: set before paint by public/theme.js (system preference or stored choice). */
function currentScheme(): ColorScheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The colour mode and a toggle that keeps the choice under `colorscheme` (SPEC §6). */
export function useColorScheme(): [ColorScheme, () => void] {
  const [scheme, setScheme] = useState<ColorScheme>(currentScheme);
  const toggle = useCallback(() => {
    const next: ColorScheme = currentScheme() === 'dark' ? 'light' : 'dark';
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // Private mode or full storage: the choice holds for this visit only.
    }
    setScheme(next);
  }, []);
  return [scheme, toggle];
}

// PRODUCT §6.1: the page's colour mode, set before paint by theme.js (system preference or stored
// choice) on <html>. Plain DOM and storage, so the reader's script (reader.ts) and the app's header
// switch it the same way, and whichever runs later starts from what the other left.

export type ColorScheme = 'light' | 'dark';
const storageKey = 'colorscheme';
const listeners = new Set<() => void>();

/** The colour mode <html> shows now. */
export function currentScheme(): ColorScheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** Calls `listener` after every switch; returns a function that stops it. */
export function subscribeToScheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches the page to the other colour mode, keeps the choice under `colorscheme`, and says so. */
export function toggleScheme(): ColorScheme {
  const next: ColorScheme = currentScheme() === 'dark' ? 'light' : 'dark';
  document.documentElement.dataset.theme = next;
  try {
    localStorage.setItem(storageKey, next);
  } catch {
    // Private mode or full storage: the choice holds for this visit only.
  }
  for (const listener of listeners) listener();
  return next;
}

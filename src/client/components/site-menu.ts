// PRODUCT §6.1: whether the narrow screen's menu is open. The page itself keeps it (the Menu
// button's aria-expanded, the nav's class "open"), so the reader's script (reader.ts) and the app's
// header (Header.tsx) open and close the same menu, whichever runs, and the app, taking over a page
// whose menu the reader opened, renders it as it is.

const listeners = new Set<() => void>();

const menuButton = () => document.querySelector<HTMLElement>('.site-header .menu-button');

/** True when the page shows the menu open; false where there is no page (on the server). */
export function menuOpen(): boolean {
  return typeof document !== 'undefined' && menuButton()?.getAttribute('aria-expanded') === 'true';
}

/** Opens or closes the menu on the page, and tells the header. */
export function setMenuOpen(open: boolean): void {
  menuButton()?.setAttribute('aria-expanded', String(open));
  document.getElementById('site-nav')?.classList.toggle('open', open);
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change of the menu; returns a function that stops it. */
export function subscribeToMenu(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

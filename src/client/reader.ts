import { isRenderedPagePath } from '../domain/page-paths';
import { toggleScheme } from './components/color-scheme';
import { menuOpen, setMenuOpen } from './components/site-menu';

// PRODUCT §13.6: the one script of a published map's page and of Help, in place of the app's. The
// page came rendered from the server, so reading it needs no code; this answers what a reader does
// besides (the colour mode, the narrow screen's menu, an icon's name) on the page as it is, and
// loads the app, which takes the page over (main.tsx), once the browser is idle after the first
// paint, or sooner when the reader shows they want what needs it: a pointer or the focus on such a
// control, a key that is not for moving around, a click. What only the app draws (Responses, the
// draft's link, Download) is then there with no gesture, on a phone too, which has neither pointer
// nor focus to show intent. A click made before the app has the page is not lost: it is held, and
// made again once the app has the page.
// The inline theme.js imports it once the page has painted, from the address the server wrote on
// theme.js's tag, with the app's address and what to preload beside it.

const html = document.documentElement;
/** Says that the page's script is the reader's (browser tests and benchmarks read it). */
html.dataset.reader = '';

/** The control that `target` is in, if any. */
function controlOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element
    ? target.closest<HTMLElement>('a[href], button, input, select, textarea, summary, [role="button"]')
    : null;
}

/** True for a link that the browser follows as well without the app: another rendered page, a fragment. */
function followsAlone(link: HTMLAnchorElement): boolean {
  return (
    link.origin !== location.origin ||
    link.target !== '' ||
    link.hasAttribute('download') ||
    isRenderedPagePath(link.pathname) ||
    (link.pathname === location.pathname && link.hash !== '')
  );
}

/** True when `control` does something only the app does. The reader answers the header's two buttons. */
function needsApp(control: HTMLElement): boolean {
  if (control instanceof HTMLAnchorElement) return !followsAlone(control);
  return !control.matches('.scheme-button, .menu-button');
}

// The app is loaded once; from then until it has the page, every click on a control but the
// header's two buttons is held.
let takingOver: Promise<void> | null = null;
const held: HTMLElement[] = [];
let stopTooltips: (() => void) | null = null;
/** True once the app has the page: its own handlers answer from then on. */
let appHasPage = false;

/** Resolves once the app has taken the page over (it marks <html> data-page-ready then). */
function pageReady(): Promise<void> {
  return new Promise((resolve) => {
    if ('pageReady' in html.dataset) return resolve();
    const observer = new MutationObserver(() => {
      if (!('pageReady' in html.dataset)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributes: true, attributeFilter: ['data-page-ready'] });
  });
}

/** Loads the app, which takes the page over, then makes again the clicks held meanwhile. Once. */
function takeOver(): Promise<void> {
  takingOver ??= (async () => {
    // The server names the app's entry, and the scripts it and the page's own chunks need, which
    // the app would ask for only one after another (server/pages/rendered-pages.ts).
    const { app = '', preload = '' } = document.querySelector<HTMLElement>('script[data-app]')?.dataset ?? {};
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    try {
      await import(/* @vite-ignore */ app);
    } catch {
      // The app did not load (the network went away): a held link is followed as the browser
      // would without the app, to a page that loads it anew; the next sign of intent tries again.
      takingOver = null;
      const link = held
        .splice(0)
        .find((control): control is HTMLAnchorElement => control instanceof HTMLAnchorElement);
      if (link) location.assign(link.href);
      return;
    }
    await pageReady();
    appHasPage = true;
    // The app shows the tooltips itself, from the icon pointed at or focused then.
    stopTooltips?.();
    stopTooltips = null;
    listening.abort();
    // A control the app has drawn anew (Download, once its code is there) keeps its id.
    for (const control of held.splice(0)) {
      const now = control.isConnected ? control : control.id ? document.getElementById(control.id) : null;
      now?.click();
    }
  })();
  return takingOver;
}

const listening = new AbortController();
const options = { capture: true, signal: listening.signal };

addEventListener(
  'click',
  (event) => {
    const control = controlOf(event.target);
    if (!control || event.defaultPrevented) return;
    // A click that opens a link elsewhere (a new tab, a download) is the browser's.
    const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
    if (control instanceof HTMLAnchorElement && (!plain || followsAlone(control))) return;
    // The header's two buttons are answered here until the app has the page, through the same
    // state as the app's header (components/color-scheme.ts, site-menu.ts), and only here.
    if (control.matches('.scheme-button, .menu-button')) {
      event.stopImmediatePropagation();
      if (control.matches('.scheme-button')) toggleScheme();
      else setMenuOpen(!menuOpen());
      return;
    }
    if (!takingOver && !needsApp(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A link followed from the open menu closes it at once, as the app's header does: a key
    // pressed while the app loads must not move the focus onto links about to vanish.
    if (control.closest('#site-nav')) setMenuOpen(false);
    held.push(control);
    void takeOver();
  },
  options,
);

// PRODUCT §6.1: the narrow screen's menu closes, as the app's header closes it, on a click outside
// the header's row, and on Escape with the focus back on its button.
const menuButton = () => document.querySelector<HTMLElement>('.site-header .menu-button');
addEventListener(
  'click',
  (event) => {
    const button = menuButton();
    if (button && menuOpen() && !button.parentElement!.contains(event.target as Node)) setMenuOpen(false);
  },
  options,
);

addEventListener(
  'keydown',
  (event) => {
    if (event.key === 'Escape' && menuOpen()) {
      event.stopImmediatePropagation();
      setMenuOpen(false);
      menuButton()?.focus();
      return;
    }
    // A character is a shortcut (PRODUCT §13.1), the app's: pressed again once the app has the
    // page. Keys that move around, and chords (copying, the browser's own), are the browser's.
    const { key, ctrlKey, metaKey, altKey } = event;
    if (key.length !== 1 || key === ' ' || ctrlKey || metaKey || altKey || event.isComposing) return;
    const target = event.target instanceof Element ? event.target : document.body;
    const init: KeyboardEventInit = { ...eventKeys(event), bubbles: true, cancelable: true };
    void takeOver().then(() =>
      (target.isConnected ? target : document.body).dispatchEvent(new KeyboardEvent('keydown', init)),
    );
  },
  options,
);

/** What a keydown says about its key, to say it again. */
function eventKeys(event: KeyboardEvent): KeyboardEventInit {
  const { key, code, ctrlKey, shiftKey, altKey, metaKey, repeat } = event;
  return { key, code, ctrlKey, shiftKey, altKey, metaKey, repeat };
}

// A pointer (not a finger, which may only be scrolling) or the focus on a control that needs the
// app starts loading it, so it is there, or nearly, when the click comes.
addEventListener(
  'pointerover',
  (event) => {
    const control = controlOf(event.target);
    if (event.pointerType !== 'touch' && control && needsApp(control)) void takeOver();
  },
  options,
);
addEventListener(
  'focusin',
  (event) => {
    const control = controlOf(event.target);
    if (control && needsApp(control)) void takeOver();
  },
  options,
);

// PRODUCT §3.2: an icon's name, on hover or focus, with the tooltip's code loaded the first time.
const onIcon = (event: Event) => {
  // Until the app has the page, which may take a while on a slow network once it is asked for.
  if (stopTooltips || appHasPage || !(event.target instanceof Element)) return;
  if (!event.target.closest('.rating-icon')) return;
  stopTooltips = () => {};
  void import('./components/rating-tooltip').then(({ showRatingTooltips }) => {
    if (!appHasPage) stopTooltips = showRatingTooltips();
  });
};
addEventListener('pointerover', onIcon, options);
addEventListener('focusin', onIcon, options);

// PRODUCT §13.6: the app takes the page over once the browser is idle (this script itself arrives
// after the first paint), and within a second at most on a busy one, with no gesture at all.
if ('requestIdleCallback' in window) requestIdleCallback(() => void takeOver(), { timeout: 1000 });
else setTimeout(() => void takeOver(), 200);

import { isRenderedPagePath } from '../domain/page-paths';
import { toggleScheme } from './components/color-scheme';

// PRODUCT §13.6: the one script of a published map's page and of Help, in place of the app's. The
// page came rendered from the server, so reading it needs no code; this answers what a reader does
// besides (the colour mode, the narrow screen's menu, an icon's name) on the page as it is, and
// loads the app, which takes the page over (main.tsx), only when the reader shows they want what
// needs it: a pointer or the focus on such a control, a key that is not for moving around, a click.
// A click that asked for the app is not lost: it is held, and made again once the app has the page.

const html = document.documentElement;
/** Browser tests and the app's own code read this: the page's script is the reader's. */
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

// The app is loaded once; from then until it has the page, every click on a control is held.
let takingOver: Promise<void> | null = null;
const held: HTMLElement[] = [];
let stopTooltips: (() => void) | null = null;

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
    // The app shows the tooltips itself, from the icon pointed at or focused then.
    stopTooltips?.();
    stopTooltips = null;
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
    await import(/* @vite-ignore */ app);
    await pageReady();
    listening.abort();
    for (const control of held.splice(0)) if (control.isConnected) control.click();
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
    if (takingOver || needsApp(control)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(control);
      void takeOver();
    } else if (control.matches('.scheme-button')) toggleScheme();
    else if (control.matches('.menu-button'))
      setMenu(control, control.getAttribute('aria-expanded') !== 'true');
  },
  options,
);

// PRODUCT §6.1: the narrow screen's menu, as the app's header opens and closes it: Escape closes
// it with the focus back on its button, and so does a click outside the header's row. The app's
// header starts from the state this leaves (components/Header.tsx).
const menuButton = () => document.querySelector<HTMLElement>('.menu-button');
function setMenu(button: HTMLElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  document.getElementById('site-nav')?.classList.toggle('open', open);
}
addEventListener(
  'click',
  (event) => {
    const button = menuButton();
    if (!button || takingOver || button.getAttribute('aria-expanded') !== 'true') return;
    if (!button.parentElement!.contains(event.target as Node)) setMenu(button, false);
  },
  options,
);

addEventListener(
  'keydown',
  (event) => {
    const button = menuButton();
    if (event.key === 'Escape' && button?.getAttribute('aria-expanded') === 'true' && !takingOver) {
      setMenu(button, false);
      button.focus();
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
  if (stopTooltips || takingOver || !(event.target instanceof Element)) return;
  if (!event.target.closest('.rating-icon')) return;
  stopTooltips = () => {};
  void import('./components/rating-tooltip').then(({ showRatingTooltips }) => {
    if (!takingOver) stopTooltips = showRatingTooltips();
  });
};
addEventListener('pointerover', onIcon, options);
addEventListener('focusin', onIcon, options);

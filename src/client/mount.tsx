import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { PublishedMap } from '../domain/belief-map';
import { App, type Routing } from './app/App';
import type { BeliefMapHost } from './draft/storage/host';
import { startDiscussionEarly } from './pages/discussion/discussion-early';
import { discussionPath } from './pages/discussion/discussion-path';
import './styles.css';

export interface MountOptions {
  /**
   * Embedded in a host page: keep the app's location in memory, starting here (e.g.
   * `/map/draft.default`), so the app never changes the host page's URL.
   */
  initialPath?: string;
  /**
   * The page was rendered on the server with these published maps (PRODUCT §13.6): the app takes
   * over its HTML (hydrates it) instead of drawing it again, with the maps already loaded.
   */
  hydrateWith?: Readonly<Record<string, PublishedMap>>;
  /** The titles of the maps those answer, by id, as the server's page names them (PRODUCT §6.2). */
  titles?: Readonly<Record<string, string>>;
}

/**
 * PRODUCT §11: renders Belief Map into `element`. `host` may supply functions that keep drafts and
 * maps somewhere other than local storage and the API. Returns a function that unmounts it.
 */
export function mount(element: HTMLElement, host?: BeliefMapHost, options: MountOptions = {}): () => void {
  const { initialPath, hydrateWith, titles } = options;
  if (hydrateWith && !initialPath) {
    // As a transition, taking over a long page yields to the browser every few milliseconds
    // instead of holding the main thread for the whole page: the page is readable meanwhile, and
    // a press on a part not yet taken over is replayed when it is.
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(
        element,
        <StrictMode>
          <App host={host} routing={{ kind: 'browser' }} maps={hydrateWith} titles={titles} />
        </StrictMode>,
      );
    });
    return () => root?.unmount();
  }
  // PRODUCT §13.6: a discussion's worker reads its maps while the page's code arrives (the page
  // reads the address as the routes do, and ends the worker if it shows no discussion).
  if (!initialPath && !host && discussionPath.test(location.pathname))
    startDiscussionEarly(location.pathname, location.search);
  const root: Root = createRoot(element);
  let mounted = true;
  const render = (routing: Routing) => {
    if (!mounted) return;
    root.render(
      <StrictMode>
        <App host={host} routing={routing} />
      </StrictMode>,
    );
  };
  if (!initialPath) render({ kind: 'browser' });
  // Only a host page keeps the app's location in memory, so only it loads the code for that
  // (PRODUCT §13: the standalone pages' first load stays within its budget).
  else
    void import('wouter/memory-location').then(({ memoryLocation }) =>
      render({ kind: 'memory', hook: memoryLocation({ path: initialPath }).hook }),
    );
  return () => {
    mounted = false;
    root.unmount();
  };
}

export type { BeliefMapHost };

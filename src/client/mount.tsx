import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import type { BeliefMapHost } from './persistence/host';
import './styles.css';

export interface MountOptions {
  /**
   * Embedded in a host page: keep the app's location in memory, starting here (e.g.
   * `/map/draft.default`), so the app never changes the host page's URL.
   */
  initialPath?: string;
}

/**
 * PRODUCT §8: renders Belief Map into `element`. `host` may supply functions that keep drafts and
 * maps somewhere other than local storage and the API. Returns a function that unmounts it.
 */
export function mount(element: HTMLElement, host?: BeliefMapHost, options: MountOptions = {}): () => void {
  const root = createRoot(element);
  const routing = options.initialPath
    ? ({ kind: 'memory', initialPath: options.initialPath } as const)
    : ({ kind: 'browser' } as const);
  root.render(
    <StrictMode>
      <App host={host} routing={routing} />
    </StrictMode>,
  );
  return () => root.unmount();
}

export type { BeliefMapHost };

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import type { BeliefMapHost } from './persistence/host';
import './styles.css';

/**
 * PRODUCT §8: renders Belief Map into `element`. `host` may supply functions that keep drafts and
 * maps somewhere other than local storage and the API. Returns a function that unmounts it.
 */
export function mount(element: HTMLElement, host?: BeliefMapHost): () => void {
  const root = createRoot(element);
  root.render(
    <StrictMode>
      <App host={host} />
    </StrictMode>,
  );
  return () => root.unmount();
}

export type { BeliefMapHost };

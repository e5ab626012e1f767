import { mount } from './mount';
import type { BeliefMapHost } from './persistence/host';

declare global {
  interface Window {
    /** PRODUCT §8: a standalone page may supply host functions before the bundle loads. */
    BeliefMapHost?: BeliefMapHost;
  }
}

mount(document.getElementById('root')!, window.BeliefMapHost);

import { embeddedElsewhere } from './lib/site';
import { registerServiceWorker } from './lib/service-worker';
import { mount } from './mount';
import { pageDataId, readPageData } from './page-data';
import type { BeliefMapHost } from './draft/storage/host';

declare global {
  interface Window {
    /** PRODUCT §11.1: a standalone page may supply host functions before the bundle loads. */
    BeliefMapHost?: BeliefMapHost;
    /** PRODUCT §11.1: the bundle's mount function, for a host page that places the app itself. */
    BeliefMap?: { mount: typeof mount };
  }
}

window.BeliefMap = { mount };
// PRODUCT §11.5: a page that loads the app by /embed.js learns here that it may mount it.
window.dispatchEvent(new Event('beliefmap:ready'));

// On a page of another site (loaded by /embed.js) the app mounts only where that page says.
const root = embeddedElsewhere ? null : document.getElementById('root');
if (root) {
  // PRODUCT §13.6: a published map or Help, rendered on the server, is taken over as it is.
  const rendered = root.hasChildNodes() && !window.BeliefMapHost;
  mount(
    root,
    window.BeliefMapHost,
    rendered ? readPageData(document.getElementById(pageDataId)?.textContent) : {},
  );
  // PRODUCT §13.7: the standalone app works offline; a page that supplies its own host does not
  // get a service worker it did not ask for.
  if (!window.BeliefMapHost && import.meta.env.PROD) registerServiceWorker();
}

// PRODUCT §11.5: where Belief Map itself is. The app's code is always served by Belief Map's own
// server, but a page on another site may load it (embedding by /embed.js): the app then still
// reads maps from its own server, not from the page's. The origin is that of this module's own
// address; on the server (rendering pages) and in tests it is the page's, and paths stay relative.

const own = new URL(import.meta.url);

/** Belief Map's origin when the app runs on a page of another origin; '' on its own pages. */
const siteOrigin =
  typeof location !== 'undefined' && /^https?:$/.test(own.protocol) && own.origin !== location.origin
    ? own.origin
    : '';

/** The address of `path` (from the site's root, e.g. `/api/limits`) on Belief Map's own server. */
export const siteUrl = (path: string): string => siteOrigin + path;

/** True when the app runs on a page of another site, which loaded it by /embed.js. */
export const embeddedElsewhere = siteOrigin !== '';

/** The absolute address of `path` on Belief Map's site, for links a person copies or follows. */
export const siteLink = (path: string): string => (siteOrigin || window.location.origin) + path;

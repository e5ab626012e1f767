// PRODUCT §13.6: the addresses the server answers with their page rendered: Help, and the page of
// every map id that is not a draft's (a published or built-in map, or an id it answers 404 for; a
// draft's page is drawn in the browser from what the browser keeps). The server's routes
// (src/server/routes/pages.ts) render exactly these, and the service worker (vite.config.ts) never
// answers them from its copy of the app: both read this one pattern.

/** The paths of the pages the server renders. */
export const renderedPagePattern = /^\/(map\/(?!draft\.)[^/]+|help)$/;

/** True when the server answers `path` (a URL's path, without its query) with its page rendered. */
export function isRenderedPagePath(path: string): boolean {
  return renderedPagePattern.test(path);
}

/**
 * PRODUCT §11.5: the compact page of a published map that other sites frame (never a draft's).
 * The service worker never answers it from its copy of the app (vite.config.ts): the server's
 * answer says who may frame it.
 */
export const embeddedPagePattern = /^\/embed\/(?!draft\.)[^/]+$/;

/** True for the address of a map's compact page (PRODUCT §11.5). */
export function isEmbeddedPagePath(path: string): boolean {
  return embeddedPagePattern.test(path);
}

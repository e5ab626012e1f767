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

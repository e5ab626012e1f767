/**
 * The addresses of the app's discussion routes, `/discussion` and `/discussion/:mapId` (the id
 * captured), in any case, a trailing slash allowed. The app's start, which starts the discussion's
 * worker early, and the page, which reads which maps it shows, test an address with this one pattern.
 */
export const discussionPath = /^\/discussion(?:\/([^/]+))?\/?$/i;

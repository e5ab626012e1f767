import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { PublishedMap } from '../domain/belief-map';
import { App } from './app/App';

// PRODUCT §13.6: the server's entry into the client (built by `vite build --ssr` into
// dist/server). It renders a page with the same components the browser hydrates, waiting for
// every lazily loaded page chunk, so the HTML holds the whole page.

export { pageDataId, pageDataText } from './page-data';

/**
 * The HTML inside #root for the app at `path`, with `maps` as already loaded and `titles` as the
 * titles of the maps they answer.
 */
export async function renderPage(
  path: string,
  maps: Readonly<Record<string, PublishedMap>> = {},
  titles: Readonly<Record<string, string>> = {},
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App routing={{ kind: 'static', path }} maps={maps} titles={titles} />
    </StrictMode>,
    // Every boundary is written in place, complete: React would otherwise move large ones to the
    // end of the page with an inline script to put them back, which the CSP (no inline script)
    // refuses, and the page would show its "Loading..." fallback without JavaScript.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

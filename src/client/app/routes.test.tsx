import { prerender } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import type { SsrContext } from 'wouter';
import { App } from './App';
import { appRoutes, startPath } from './routes';

// The route table of routes.tsx, through the real app rendered at a fixed address with no
// browser (as a server would render it): which page each address shows, and where the
// redirects lead. Clicks, Back and Forward and the address bar are tests/e2e/navigation.spec.ts.

/** The HTML the app renders at `path` once its lazy page has loaded, and any redirect it asked for. */
async function renderAt(path: string): Promise<{ html: string; redirectTo: string | undefined }> {
  const ssrContext: SsrContext = {};
  const { prelude } = await prerender(<App routing={{ kind: 'static', path, ssrContext }} />);
  const html = await new Response(prelude).text();
  return { html, redirectTo: ssrContext.redirectTo };
}

const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1] ?? null;

describe('routes (PRODUCT §6)', () => {
  it.each([
    ['/map/draft.default', null, 'Loading map...'],
    ['/map/help-example-bob-1/', null, 'Loading map...'],
    ['/compare', 'Compare maps', 'Base map'],
    ['/COMPARE', 'Compare maps', 'Base map'],
    ['/compare/help-example-alice-1/draft.help-example-bob-1', 'Compare maps', 'Loading maps...'],
    ['/discussion/help-example-alice-1', 'Discussion', 'Loading maps...'],
    ['/discussion', 'Discussion', 'Loading maps...'],
    ['/discussion/a/b', 'Page not found', 'There is no page at this address.'],
    ['/help', 'Help', 'The story of Alice and Bob'],
    ['/help/', 'Help', 'The story of Alice and Bob'],
    ['/map/a/b', 'Page not found', 'There is no page at this address.'],
    ['/compare/only-one', 'Page not found', 'There is no page at this address.'],
    ['/no/such/page', 'Page not found', 'There is no page at this address.'],
  ])('%s shows the heading %s and %s', async (path, title, text) => {
    const { html, redirectTo } = await renderAt(path);
    expect(heading(html)).toBe(title);
    expect(html).toContain(text);
    expect(redirectTo).toBeUndefined();
    expect(html).toContain('Belief Map v0.1'); // inside the layout, with the header
  });

  it.each(['/', '/map', '/map/'])('%s redirects to the default draft', async (path) => {
    const { html, redirectTo } = await renderAt(path);
    expect(redirectTo).toBe(startPath);
    expect(startPath).toBe('/map/draft.default');
    expect(heading(html)).toBeNull();
  });

  it('marks the header link of the current page, and of the pages below it unless exact', async () => {
    const current = (html: string) =>
      [...html.matchAll(/<a aria-current="page" href="([^"]*)" class="active">/g)].map((m) => m[1]);
    expect(current((await renderAt('/help')).html)).toEqual(['/help']);
    expect(current((await renderAt('/compare')).html)).toEqual(['/compare']);
    expect(current((await renderAt('/compare/a/b')).html)).toEqual([]); // "Compare maps" is exact
    expect(current((await renderAt('/map/draft.default')).html)).toEqual(['/map/draft.default']);
    expect(current((await renderAt('/map/other')).html)).toEqual([]);
  });

  it('gives every page its own chunk: no route renders a page imported eagerly', () => {
    const pages = appRoutes.flatMap((route) => ('page' in route ? [route.page] : []));
    expect(pages).toHaveLength(10);
    for (const page of pages) expect((page as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
  });
});
